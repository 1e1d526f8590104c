// src/cpu/flow_noise-inl.h against its scalar twin, src/core/flow_noise.hpp's float mirror, bit
// for bit (memcmp, so -0 and +0 differ, and NaN payloads would), on every SIMD target Highway
// compiled that this CPU runs: flow_noise2 and flow_noise3 over random points, angles and periods
// and over edge cases (lattice points, ties between the fractions, signed zeros, coordinates
// beyond the int range, NaN and infinities), with two permutation tables; flow_octave_angle over
// octaves and lacunarities.
//
// Compiled once per Highway target (foreach_target.h re-includes this file): the lanes' wrappers
// below are per target, the tests (HWY_ONCE) dispatch to each in turn.
#include <cstddef>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "flow_simd_test.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/flow_noise-inl.h"

HWY_BEFORE_NAMESPACE();
namespace flow_simd_test::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace cpu = vknoise::cpu::HWY_NAMESPACE;

// n is a multiple of every target's lane count (the callers pad).
void FlowNoise2Lanes(const std::int32_t* perm, const float* x, const float* y,
                     const std::int32_t* period, const float* angle, std::size_t n, float* out) {
  const cpu::D d;
  for (std::size_t i = 0; i < n; i += hn::Lanes(d)) {
    const cpu::V v = cpu::flow_noise2(perm, hn::LoadU(d, x + i), hn::LoadU(d, y + i), period,
                                      hn::LoadU(d, angle + i));
    hn::StoreU(v, d, out + i);
  }
}

void FlowNoise3Lanes(const std::int32_t* perm, const float* x, const float* y, const float* z,
                     const std::int32_t* period, const float* angle, std::size_t n, float* out) {
  const cpu::D d;
  for (std::size_t i = 0; i < n; i += hn::Lanes(d)) {
    const cpu::V v = cpu::flow_noise3(perm, hn::LoadU(d, x + i), hn::LoadU(d, y + i),
                                      hn::LoadU(d, z + i), period, hn::LoadU(d, angle + i));
    hn::StoreU(v, d, out + i);
  }
}

void FlowOctaveAngleLanes(const float* angle, float lacunarity, int octave, std::size_t n,
                          float* out) {
  const cpu::D d;
  for (std::size_t i = 0; i < n; i += hn::Lanes(d)) {
    hn::StoreU(cpu::flow_octave_angle(hn::LoadU(d, angle + i), lacunarity, octave), d, out + i);
  }
}

// The integer helpers on their own: their NaN, infinity and out-of-range lanes reach the noise
// only where its value is 0 whatever they give, so the noise tests alone would not see them.
void SaturatingFloorLanes(const float* x, std::size_t n, std::int32_t* out) {
  const cpu::D d;
  const cpu::DI di;
  for (std::size_t i = 0; i < n; i += hn::Lanes(d)) {
    hn::StoreU(cpu::saturating_floor(hn::LoadU(d, x + i)), di, out + i);
  }
}

void FlowWrapLanes(const std::int32_t* a, std::int32_t m, std::size_t n, std::int32_t* out) {
  const cpu::DI di;
  for (std::size_t i = 0; i < n; i += hn::Lanes(di)) {
    hn::StoreU(cpu::flow_wrap(hn::LoadU(di, a + i), m), di, out + i);
  }
}

const char* FlowTargetName() {
  return hwy::TargetName(HWY_TARGET);
}

}  // namespace flow_simd_test::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/flow_noise.hpp"
#include "simd_targets.hpp"
#include "test_random.hpp"
#include "vknoise/permutation.hpp"

namespace flow_simd_test {

HWY_EXPORT(FlowNoise2Lanes);
HWY_EXPORT(FlowNoise3Lanes);
HWY_EXPORT(FlowOctaveAngleLanes);
HWY_EXPORT(SaturatingFloorLanes);
HWY_EXPORT(FlowWrapLanes);
HWY_EXPORT(FlowTargetName);

namespace {

using vknoise::permutation_table;
using vknoise_test::splitmix;

constexpr std::size_t padding = 64;  // a multiple of every target's float lane count
constexpr float inf = std::numeric_limits<float>::infinity();
constexpr float nan = std::numeric_limits<float>::quiet_NaN();

// Points with their angles, padded to a multiple of `padding` by repeating the first point (the
// padded lanes are compared too: they are samples like the others).
struct samples {
  std::vector<float> x, y, z, angle;
  void add(float px, float py, float pz, float a) {
    x.push_back(px);
    y.push_back(py);
    z.push_back(pz);
    angle.push_back(a);
  }
  std::size_t pad() {
    while (x.size() % padding != 0) add(x[0], y[0], z[0], angle[0]);
    return x.size();
  }
};

std::string describe(float v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.9g (0x%08x)", static_cast<double>(v),
                std::bit_cast<std::uint32_t>(v));
  return text;
}

// How many outputs differ from the expected ones in their bits; the first is described.
std::size_t bit_differences(const std::vector<float>& got, const std::vector<float>& expected,
                            const samples* s, int dims, const std::string& what) {
  std::size_t differ = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (std::memcmp(&got[i], &expected[i], sizeof(float)) == 0) continue;
    if (differ++ == 0) {
      std::string where = "sample " + std::to_string(i);
      if (s != nullptr) {
        if (dims >= 2) where += " at x " + describe(s->x[i]) + ", y " + describe(s->y[i]) + ",";
        if (dims == 3) where += " z " + describe(s->z[i]) + ",";
        where += " angle " + describe(s->angle[i]);
      }
      ADD_FAILURE() << what << ": " << where << ": SIMD " << describe(got[i]) << ", mirror "
                    << describe(expected[i]);
    }
  }
  return differ;
}

std::string period_name(const std::array<std::int32_t, 4>& period) {
  return "period (" + std::to_string(period[0]) + ", " + std::to_string(period[1]) + ", " +
         std::to_string(period[2]) + ")";
}

// The SIMD values on every target against the mirror's; returns the mirror's values.
std::vector<float> expect_identical(const permutation_table& table, int dims, samples& s,
                                    const std::array<std::int32_t, 4>& period,
                                    const std::string& what) {
  const std::size_t n = s.pad();
  const std::int32_t* perm = table.doubled().data();
  std::vector<float> expected(n);
  for (std::size_t i = 0; i < n; ++i) {
    expected[i] = dims == 2 ? vknoise::detail::flow_noise2<float>(perm, s.x[i], s.y[i],
                                                                  period.data(), s.angle[i])
                            : vknoise::detail::flow_noise3<float>(perm, s.x[i], s.y[i], s.z[i],
                                                                  period.data(), s.angle[i]);
  }
  for (std::int64_t target : simd_targets::targets()) {
    simd_targets::target_override only(target);
    EXPECT_STREQ(HWY_DYNAMIC_DISPATCH(FlowTargetName)(), hwy::TargetName(target));
    std::vector<float> got(n, 12345.0f);
    if (dims == 2) {
      HWY_DYNAMIC_DISPATCH(FlowNoise2Lanes)
      (perm, s.x.data(), s.y.data(), period.data(), s.angle.data(), n, got.data());
    } else {
      HWY_DYNAMIC_DISPATCH(FlowNoise3Lanes)
      (perm, s.x.data(), s.y.data(), s.z.data(), period.data(), s.angle.data(), n, got.data());
    }
    EXPECT_EQ(bit_differences(got, expected, &s, dims,
                              what + ", " + std::to_string(dims) + "D, " + period_name(period) +
                                  " on " + hwy::TargetName(target)),
              0u);
  }
  return expected;
}

std::vector<permutation_table> tables() {
  return {permutation_table::perlin(), permutation_table::from_seed(42)};
}

// An angle as the tests draw them: zero of either sign, small, a few turns, large (to 1e6 and
// beyond the reduction's limit 2pi * 2^24 ~ 1.05e8), whole multiples of 2pi_f, either sign.
float random_angle(splitmix& r) {
  const float two_pi = vknoise::detail::flow_two_pi<float>();
  switch (r.integer(0, 7)) {
    case 0:
      return r.integer(0, 1) ? 0.0f : -0.0f;
    case 1:
      return static_cast<float>(r.uniform(-0.01, 0.01));
    case 2:
      return static_cast<float>(r.uniform(-7.0, 7.0));
    case 3:
      return static_cast<float>(r.uniform(-100.0, 100.0));
    case 4:
      return static_cast<float>(r.uniform(-1e6, 1e6));
    case 5:
      return static_cast<float>(r.uniform(-2e8, 2e8));
    case 6:
      return two_pi * static_cast<float>(r.integer(-1000, 1000));
    default:
      return r.integer(0, 1) ? 1e6f : -1e6f;
  }
}

// A coordinate as the tests draw them: mostly moderate, some dyadic (exact offsets), some far.
float random_coordinate(splitmix& r) {
  switch (r.integer(0, 9)) {
    case 0:
    case 1:
      return static_cast<float>(r.dyadic(300, 8));
    case 2:
      return static_cast<float>(r.uniform(-1e5, 1e5));
    case 3:
      return static_cast<float>(r.uniform(-3e9, 3e9));
    default:
      return static_cast<float>(r.uniform(-40.0, 40.0));
  }
}

// Coordinates at the edges: zeros, lattice and half-lattice values, the int range's ends and
// beyond, the largest floats, infinities and NaN.
std::vector<float> edge_coordinates() {
  return {0.0f,
          -0.0f,
          0.5f,
          -0.5f,
          1.0f,
          -1.0f,
          0.25f,
          -0.75f,
          1.0f / 3.0f,
          255.5f,
          256.0f,
          -256.0f,
          1e-45f,
          -1e-45f,
          8388607.5f,
          16777216.0f,
          1e9f,
          -1e9f,
          3e9f,
          -3e9f,
          2147483520.0f,
          -2147483520.0f,
          2147483648.0f,
          -2147483648.0f,
          1e30f,
          -1e30f,
          std::numeric_limits<float>::max(),
          -std::numeric_limits<float>::max(),
          inf,
          -inf,
          nan,
          -nan};
}

std::vector<float> edge_angles() {
  const float two_pi = vknoise::detail::flow_two_pi<float>();
  return {0.0f,
          -0.0f,
          1e-30f,
          -1e-30f,
          0.3f,
          -2.5f,
          two_pi,
          -two_pi,
          4.0f * two_pi,
          1e6f,
          -1e6f,
          two_pi * 16777216.0f,
          -two_pi * 16777216.0f,
          1e20f,
          inf,
          -inf,
          nan};
}

// Periods: none; x periods 1..256 (each in turn) with a y (and z) period drawn for it (2D y even
// only, flow_period_supported); and periods beyond 256 (the fractal's finer octaves), whose
// moduli are not powers of two.
std::vector<std::array<std::int32_t, 4>> periods(int dims, splitmix& r) {
  std::vector<std::array<std::int32_t, 4>> p;
  for (std::int32_t px = 1; px <= 256; ++px) {
    std::int32_t py = r.integer(0, 256), pz = dims == 3 ? r.integer(0, 256) : 0;
    if (dims == 2) py &= ~1;
    p.push_back({px, py, pz, 0});
    EXPECT_TRUE(vknoise::detail::flow_period_supported(dims, 1, py));
  }
  for (std::int32_t py = 2; py <= 256; py += 2) p.push_back({0, py, dims == 3 ? py - 1 : 0, 0});
  p.push_back({300, 1000, dims == 3 ? 7777 : 0, 0});
  p.push_back({1000003, 65538, dims == 3 ? 999999999 : 0, 0});
  p.push_back({1073741823, dims == 3 ? 1073741823 : 1073741822, dims == 3 ? 12345 : 0, 0});
  return p;
}

TEST(FlowSimd, RandomPointsMatchTheMirror) {
  for (const permutation_table& table : tables()) {
    for (int dims : {2, 3}) {
      splitmix r{static_cast<std::uint64_t>(1000 + dims)};
      samples s;
      for (int i = 0; i < 100000; ++i) {
        s.add(random_coordinate(r), random_coordinate(r), random_coordinate(r), random_angle(r));
      }
      const std::vector<float> expected =
          expect_identical(table, dims, s, {0, 0, 0, 0}, "random points");
      // A test of values that are mostly zero proves little.
      std::size_t nonzero = 0;
      for (float v : expected) nonzero += v != 0.0f;
      EXPECT_GT(nonzero, expected.size() / 2);
    }
  }
}

TEST(FlowSimd, PeriodicPointsMatchTheMirror) {
  for (const permutation_table& table : tables()) {
    for (int dims : {2, 3}) {
      splitmix r{static_cast<std::uint64_t>(2000 + dims)};
      for (const auto& period : periods(dims, r)) {
        samples s;
        for (int i = 0; i < 256; ++i) {
          s.add(static_cast<float>(r.uniform(-600.0, 600.0)),
                static_cast<float>(r.uniform(-600.0, 600.0)), random_coordinate(r),
                random_angle(r));
        }
        for (int i = 0; i < 64; ++i) {
          s.add(random_coordinate(r), random_coordinate(r), random_coordinate(r), random_angle(r));
        }
        expect_identical(table, dims, s, period, "periodic points");
      }
    }
  }
}

// Every combination of edge coordinates with a few angles, with and without periods.
TEST(FlowSimd, EdgeCoordinatesMatchTheMirror) {
  const std::vector<float> e = edge_coordinates(), angles = edge_angles();
  const std::array<std::int32_t, 4> no_period = {0, 0, 0, 0};
  const std::array<std::int32_t, 4> with_periods[] = {
      {3, 4, 5, 0}, {256, 256, 256, 0}, {1000003, 1073741822, 77, 0}};
  for (const permutation_table& table : tables()) {
    samples s2, s3;
    std::size_t a = 0;
    for (float x : e) {
      for (float y : e) {
        for (float angle : angles) s2.add(x, y, 0.0f, angle);
        for (float z : e) s3.add(x, y, z, angles[a++ % angles.size()]);
      }
    }
    expect_identical(table, 2, s2, no_period, "edge coordinates");
    expect_identical(table, 3, s3, no_period, "edge coordinates");
    for (const auto& period : with_periods) {
      expect_identical(table, 2, s2, {period[0], period[1], 0, 0}, "edge coordinates");
      expect_identical(table, 3, s3, period, "edge coordinates");
    }
  }
}

// Lattice points, and points where the fractions tie (the cell's choice of triangle or
// tetrahedron on its boundary): 2D frac(x + y/2) == frac(y) where x - y/2 is an integer; 3D
// frac(y + z), frac(x + z), frac(x + y) tie in pairs where x - y, x - z or y - z is an integer, all
// three where x, y and z differ by integers.
TEST(FlowSimd, LatticePointsAndTiesMatchTheMirror) {
  for (const permutation_table& table : tables()) {
    splitmix r{3000};
    samples s2, s3;
    for (int i = 0; i < 20000; ++i) {
      const float angle = random_angle(r);
      const int a = r.integer(-300, 300), b = r.integer(-300, 300), c = r.integer(-300, 300);
      // 2D vertices (i - j/2, j), and ties.
      s2.add(static_cast<float>(a) - 0.5f * static_cast<float>(b), static_cast<float>(b), 0.0f,
             angle);
      const float y = static_cast<float>(r.dyadic(300, 10));
      s2.add(0.5f * y + static_cast<float>(a), y, 0.0f, angle);
      s2.add(-(0.5f * y + static_cast<float>(a)), -y, 0.0f, angle);
      // 3D vertices ((-a + b + c)/2, (a - b + c)/2, (a + b - c)/2), and ties.
      s3.add(0.5f * static_cast<float>(-a + b + c), 0.5f * static_cast<float>(a - b + c),
             0.5f * static_cast<float>(a + b - c), angle);
      const float t = static_cast<float>(r.dyadic(300, 10));
      const float other = static_cast<float>(r.dyadic(300, 10));
      s3.add(t, t + static_cast<float>(a), other, angle);
      s3.add(other, t, t + static_cast<float>(b), angle);
      s3.add(t + static_cast<float>(c), other, t, angle);
      s3.add(t, t + static_cast<float>(a), t + static_cast<float>(b), angle);
      s3.add(-t, -t, -t, angle);
    }
    expect_identical(table, 2, s2, {0, 0, 0, 0}, "lattice points and ties");
    expect_identical(table, 3, s3, {0, 0, 0, 0}, "lattice points and ties");
    expect_identical(table, 2, s2, {7, 10, 0, 0}, "lattice points and ties");
    expect_identical(table, 3, s3, {7, 10, 13, 0}, "lattice points and ties");
  }
}

TEST(FlowSimd, OctaveAnglesMatchTheMirror) {
  splitmix r{4000};
  std::vector<float> angles = edge_angles();
  for (int i = 0; i < 10000; ++i) angles.push_back(random_angle(r));
  while (angles.size() % padding != 0) angles.push_back(angles[0]);
  for (float lacunarity : {2.0f, 1.5f, 3.0f, 0.5f, -1.5f, 1e10f}) {
    for (int octave = 0; octave <= 8; ++octave) {
      std::vector<float> expected(angles.size());
      for (std::size_t i = 0; i < angles.size(); ++i) {
        expected[i] = vknoise::detail::flow_octave_angle<float>(angles[i], lacunarity, octave);
      }
      for (std::int64_t target : simd_targets::targets()) {
        simd_targets::target_override only(target);
        std::vector<float> got(angles.size(), 12345.0f);
        HWY_DYNAMIC_DISPATCH(FlowOctaveAngleLanes)
        (angles.data(), lacunarity, octave, angles.size(), got.data());
        samples s;
        s.angle = angles;
        EXPECT_EQ(bit_differences(got, expected, &s, 1,
                                  "flow_octave_angle, lacunarity " + std::to_string(lacunarity) +
                                      ", octave " + std::to_string(octave) + " on " +
                                      hwy::TargetName(target)),
                  0u);
      }
    }
  }
}

TEST(FlowSimd, IntegerHelpersMatchTheMirror) {
  splitmix r{6000};
  std::vector<float> x = edge_coordinates();
  for (float v : edge_angles()) x.push_back(v);
  for (float v : {-0.5f, -1e-45f, -2147483520.0f, -2147483904.0f, 2147483904.0f, -1.5f, 1.5f}) {
    x.push_back(v);
  }
  for (int i = 0; i < 100000; ++i) {  // every kind of float: NaNs, infinities, subnormals, huge
    x.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(r.next())));
    x.push_back(static_cast<float>(r.uniform(-1e3, 1e3)));
  }
  while (x.size() % padding != 0) x.push_back(0.0f);
  std::vector<std::int32_t> floors(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) floors[i] = vknoise::detail::saturating_floor(x[i]);

  std::vector<std::int32_t> a = {0,
                                 1,
                                 -1,
                                 2,
                                 -2,
                                 255,
                                 256,
                                 -256,
                                 511,
                                 512,
                                 -512,
                                 std::numeric_limits<std::int32_t>::max(),
                                 std::numeric_limits<std::int32_t>::min(),
                                 std::numeric_limits<std::int32_t>::min() + 1};
  for (int i = 0; i < 100000; ++i) {
    a.push_back(static_cast<std::int32_t>(static_cast<std::uint32_t>(r.next())));
    a.push_back(r.integer(-5000, 5000));
  }
  while (a.size() % padding != 0) a.push_back(0);
  const std::int32_t moduli[] = {1,   2,    3,       7,          256,        257,
                                 512, 1000, 2000006, 1073741823, 2147483646, 2147483647};

  for (std::int64_t target : simd_targets::targets()) {
    simd_targets::target_override only(target);
    const std::string on = std::string(" on ") + hwy::TargetName(target);
    std::vector<std::int32_t> got(x.size());
    HWY_DYNAMIC_DISPATCH(SaturatingFloorLanes)(x.data(), x.size(), got.data());
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (got[i] == floors[i]) continue;
      ADD_FAILURE() << "saturating_floor(" << describe(x[i]) << ")" << on << ": SIMD " << got[i]
                    << ", mirror " << floors[i];
      break;
    }
    for (std::int32_t m : moduli) {
      std::vector<std::int32_t> wrapped(a.size());
      HWY_DYNAMIC_DISPATCH(FlowWrapLanes)(a.data(), m, a.size(), wrapped.data());
      for (std::size_t i = 0; i < a.size(); ++i) {
        const std::int32_t expected = vknoise::detail::flow_wrap(a[i], m);
        if (wrapped[i] == expected) continue;
        ADD_FAILURE() << "flow_wrap(" << a[i] << ", " << m << ")" << on << ": SIMD " << wrapped[i]
                      << ", mirror " << expected;
        break;
      }
    }
  }
}

// The comparison can fail: values for other angles differ from these in their bits, and the
// lanes' tables matter (the two tables give different noise).
TEST(FlowSimd, TheComparisonSeesDifferences) {
  splitmix r{5000};
  samples s;
  for (int i = 0; i < 1024; ++i) {
    s.add(static_cast<float>(r.uniform(-40.0, 40.0)), static_cast<float>(r.uniform(-40.0, 40.0)),
          static_cast<float>(r.uniform(-40.0, 40.0)), 0.5f);
  }
  const std::size_t n = s.pad();
  const permutation_table perlin = permutation_table::perlin();
  const permutation_table seeded = permutation_table::from_seed(42);
  const std::array<std::int32_t, 4> none = {0, 0, 0, 0};
  std::vector<float> got(n), other_angle(n), other_table(n);
  HWY_DYNAMIC_DISPATCH(FlowNoise3Lanes)
  (perlin.doubled().data(), s.x.data(), s.y.data(), s.z.data(), none.data(), s.angle.data(), n,
   got.data());
  for (std::size_t i = 0; i < n; ++i) {
    other_angle[i] = vknoise::detail::flow_noise3<float>(perlin.doubled().data(), s.x[i], s.y[i],
                                                         s.z[i], none.data(), 0.6f);
    other_table[i] = vknoise::detail::flow_noise3<float>(seeded.doubled().data(), s.x[i], s.y[i],
                                                         s.z[i], none.data(), 0.5f);
  }
  std::size_t angle_differences = 0, table_differences = 0;
  for (std::size_t i = 0; i < n; ++i) {
    angle_differences += std::memcmp(&got[i], &other_angle[i], sizeof(float)) != 0;
    table_differences += std::memcmp(&got[i], &other_table[i], sizeof(float)) != 0;
  }
  EXPECT_GT(angle_differences, n / 2);
  EXPECT_GT(table_differences, n / 2);
}

}  // namespace
}  // namespace flow_simd_test

#endif  // HWY_ONCE
