// The SIMD simplex noise (src/cpu/simplex_noise-inl.h) against the float mirror
// (core/simplex_noise.hpp's simplex_noise2/3/4<float>), bit for bit, on every SIMD target this CPU
// runs: random points, lattice points, signed zeros, ties between the offsets (the simplex's
// faces), coordinates beyond the int range, NaN and infinities, with two permutation tables.
//
// Compiled once per Highway target (foreach_target.h re-includes this file).
#include <cstddef>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simplex_simd_test.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/simplex_noise-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise_test::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The noise of count points (count a multiple of the vector's lanes), axis a of point p at
// axis[a][p].
template <int dims>
void simplex_points(const std::int32_t* perm, const float* const* axis, std::size_t count,
                    float* out) {
  namespace cpu = vknoise::cpu::HWY_NAMESPACE;
  const cpu::D d;
  for (std::size_t p = 0; p < count; p += hn::Lanes(d)) {
    const cpu::V x = hn::LoadU(d, axis[0] + p), y = hn::LoadU(d, axis[1] + p);
    const cpu::V z = hn::LoadU(d, axis[2] + p), w = hn::LoadU(d, axis[3] + p);
    hn::StoreU(cpu::simplex_noise<dims>(perm, x, y, z, w), d, out + p);
  }
}

void SimplexPoints(int dims, const std::int32_t* perm, const float* const* axis, std::size_t count,
                   float* out) {
  if (dims == 2) simplex_points<2>(perm, axis, count, out);
  if (dims == 3) simplex_points<3>(perm, axis, count, out);
  if (dims == 4) simplex_points<4>(perm, axis, count, out);
}

}  // namespace vknoise_test::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/simplex_noise.hpp"
#include "simd_targets.hpp"
#include "test_random.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise_test {
namespace {

HWY_EXPORT(SimplexPoints);

using vknoise::permutation_table;

// Points by axis, padded with zeros to a multiple of any vector's lanes.
struct point_set {
  std::array<std::vector<float>, 4> axis;
  std::size_t count = 0;
  void add(float x, float y, float z, float w) {
    axis[0].push_back(x);
    axis[1].push_back(y);
    axis[2].push_back(z);
    axis[3].push_back(w);
    ++count;
  }
  std::size_t padded() const { return (count + 63) / 64 * 64; }
};

float mirror(int dims, const std::int32_t* perm, const point_set& s, std::size_t p) {
  const float x = s.axis[0][p], y = s.axis[1][p], z = s.axis[2][p], w = s.axis[3][p];
  if (dims == 2) return vknoise::detail::simplex_noise2<float>(perm, x, y);
  if (dims == 3) return vknoise::detail::simplex_noise3<float>(perm, x, y, z);
  return vknoise::detail::simplex_noise4<float>(perm, x, y, z, w);
}

std::string bits(float v) {
  std::uint32_t u;
  std::memcpy(&u, &v, sizeof u);
  char text[64];
  std::snprintf(text, sizeof text, "%.9g (0x%08x)", double(v), u);
  return text;
}

// Every target's lanes against the mirror, bit for bit; returns the mirror's values. A NaN matches
// any NaN: which NaN an operation on two NaNs returns (x86 keeps the first operand's, and the
// default NaN from inf - inf or 0 * inf is negative) depends on the order the compiler gives a
// commutative add's or multiply's operands, so the mirror's own NaN bits differ between -O0 and
// -O3. Whether the result is NaN, and every other value's bits, are the mirror's.
std::vector<float> expect_mirror(int dims, const permutation_table& table, point_set s,
                                 const std::string& what) {
  const std::int32_t* perm = table.doubled().data();
  std::vector<float> expected(s.count);
  for (std::size_t p = 0; p < s.count; ++p) expected[p] = mirror(dims, perm, s, p);
  for (auto& a : s.axis) a.resize(s.padded(), 0.0f);
  const float* axis[4] = {s.axis[0].data(), s.axis[1].data(), s.axis[2].data(), s.axis[3].data()};
  EXPECT_FALSE(simd_targets::targets().empty());
  for (std::int64_t target : simd_targets::targets()) {
    simd_targets::target_override only(target);
    std::vector<float> out(s.padded(), 12345.0f);
    HWY_DYNAMIC_DISPATCH(SimplexPoints)(dims, perm, axis, s.padded(), out.data());
    std::size_t mismatches = 0, first = 0;
    for (std::size_t p = 0; p < s.count; ++p) {
      if (std::memcmp(&out[p], &expected[p], sizeof(float)) != 0 &&
          !(std::isnan(out[p]) && std::isnan(expected[p])) && mismatches++ == 0)
        first = p;
    }
    if (mismatches != 0) {
      ADD_FAILURE() << what << ", " << dims << "D on " << hwy::TargetName(target) << ": "
                    << mismatches << " of " << s.count << " points differ; the first at ("
                    << bits(s.axis[0][first]) << ", " << bits(s.axis[1][first]) << ", "
                    << bits(s.axis[2][first]) << ", " << bits(s.axis[3][first]) << "): mirror "
                    << bits(expected[first]) << ", lanes " << bits(out[first]);
    }
  }
  return expected;
}

const permutation_table& table_named(int which) {
  static const permutation_table perlin = permutation_table::perlin();
  static const permutation_table seeded = permutation_table::from_seed(42);
  return which == 0 ? perlin : seeded;
}

// Random points: uniform over a few hundred cells, over a wide range, and dyadic (k / 8), whose
// offsets tie often.
point_set random_points(std::uint64_t seed, std::size_t count) {
  splitmix r{seed};
  point_set s;
  for (std::size_t p = 0; p < count; ++p) {
    float v[4];
    const int kind = static_cast<int>(p % 4);
    for (float& c : v) {
      const double value = kind < 2    ? r.uniform(-300.0, 300.0)
                           : kind == 2 ? r.uniform(-1e6, 1e6)
                                       : r.dyadic(64, 3);
      c = static_cast<float>(value);
    }
    s.add(v[0], v[1], v[2], v[3]);
  }
  return s;
}

// Every combination of special values on the first dims axes.
point_set special_points(int dims) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> values = {0.0f,
                                     -0.0f,
                                     1.0f,
                                     -1.0f,
                                     0.5f,
                                     -2.5f,
                                     1e-40f,  // subnormal
                                     vknoise::detail::simplex_g2<float>(),
                                     vknoise::detail::simplex_f3<float>(),
                                     1e9f,
                                     -1e9f,
                                     3e9f,
                                     -3e9f,
                                     2147483520.0f,  // the largest float below 2^31
                                     2147483648.0f,
                                     -2147483648.0f,
                                     -2147483904.0f,  // the next float below -2^31
                                     std::numeric_limits<float>::max(),
                                     inf,
                                     -inf,
                                     nan};
  point_set s;
  const std::size_t n = values.size();
  std::size_t total = 1;
  for (int a = 0; a < dims; ++a) total *= n;
  for (std::size_t c = 0; c < total; ++c) {
    float v[4] = {0.25f, 0.25f, 0.25f, 0.25f};
    std::size_t rest = c;
    for (int a = 0; a < dims; ++a) {
      v[a] = values[rest % n];
      rest /= n;
    }
    s.add(v[0], v[1], v[2], v[3]);
  }
  return s;
}

// Lattice points, and points whose coordinates tie (equal coordinates give equal offsets: the
// simplex's faces, where the strict and non-strict comparisons decide), near and far.
point_set lattice_and_tie_points(int dims) {
  point_set s;
  const int span = dims == 4 ? 3 : dims == 3 ? 5 : 8;
  const int side = 2 * span + 1;
  int total = 1;
  for (int a = 0; a < dims; ++a) total *= side;
  for (int c = 0; c < total; ++c) {
    float v[4] = {0, 0, 0, 0};
    int rest = c;
    for (int a = 0; a < dims; ++a) {
      v[a] = static_cast<float>(rest % side - span);
      rest /= side;
    }
    s.add(v[0], v[1], v[2], v[3]);
    // Half-integer lattice too (-0.5 - 0.5 + ...).
    s.add(v[0] * 0.5f, v[1] * 0.5f, v[2] * 0.5f, v[3] * 0.5f);
  }
  splitmix r{77 + static_cast<std::uint64_t>(dims)};
  for (int p = 0; p < 40000; ++p) {
    const double range = p % 3 == 0 ? 5.0 : p % 3 == 1 ? 500.0 : 5e7;
    const float a = static_cast<float>(r.uniform(-range, range));
    const float b = static_cast<float>(r.uniform(-range, range));
    const float c = static_cast<float>(r.uniform(-range, range));
    // Which axes share a value: each axis takes a, b or c by the draw, so two to four tie.
    float v[4];
    for (float& e : v) {
      const int pick = r.integer(0, 2);
      e = pick == 0 ? a : pick == 1 ? b : c;
    }
    s.add(v[0], v[1], v[2], v[3]);
  }
  return s;
}

void check_dims(int dims) {
  for (int which = 0; which < 2; ++which) {
    const permutation_table& table = table_named(which);
    const std::string name = which == 0 ? "Perlin's table" : "from_seed(42)";
    const std::vector<float> values =
        expect_mirror(dims, table, random_points(1000 + dims, 120000), name + ", random points");
    expect_mirror(dims, table, special_points(dims), name + ", special values");
    expect_mirror(dims, table, lattice_and_tie_points(dims), name + ", lattice points and ties");
    // The comparison proves something only where the noise is not flat.
    float largest = 0;
    for (float v : values) largest = std::fmax(largest, std::fabs(v));
    EXPECT_GT(largest, 0.5f) << name;
  }
  // The table matters: the two tables give different noise (a twin that ignored perm would pass
  // against either alone only by chance).
  const point_set s = random_points(5, 1000);
  std::size_t same = 0;
  for (std::size_t p = 0; p < s.count; ++p) {
    same += mirror(dims, table_named(0).doubled().data(), s, p) ==
            mirror(dims, table_named(1).doubled().data(), s, p);
  }
  EXPECT_LT(same, s.count / 10);
}

TEST(SimplexSimd, Noise2MatchesTheMirror) {
  check_dims(2);
}

TEST(SimplexSimd, Noise3MatchesTheMirror) {
  check_dims(3);
}

TEST(SimplexSimd, Noise4MatchesTheMirror) {
  check_dims(4);
}

}  // namespace
}  // namespace vknoise_test
#endif  // HWY_ONCE
