// fill_fast against fill_mirror, bit for bit (memcmp, so -0 and +0 differ), on every SIMD target
// Highway compiled that this CPU runs, with several thread counts.

#include <gtest/gtest.h>
#include <hwy/targets.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "vknoise/catalogue.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/field.hpp"

namespace {

using vknoise::cpu_options;
using vknoise::field_spec;
using vknoise::fractal_kind;
using vknoise::noise_kind;
using vknoise::permutation_table;

// The targets to verify: every one compiled and supported here. Restores the CPU's own choice
// when it goes out of scope.
struct target_override {
  explicit target_override(std::int64_t target) { hwy::SetSupportedTargetsForTest(target); }
  ~target_override() { hwy::SetSupportedTargetsForTest(0); }
};

std::vector<std::int64_t> targets() {
  return hwy::SupportedAndGeneratedTargets();
}

std::vector<float> mirror(const field_spec& field, const permutation_table& table) {
  std::vector<float> out(vknoise::value_count(field));
  EXPECT_TRUE(vknoise::fill_mirror(field, table, out).ok());
  return out;
}

// Counts the samples whose bits differ; prints the first.
std::size_t bit_differences(const std::vector<float>& a, const std::vector<float>& b,
                            const std::string& what) {
  std::size_t differ = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) {
      if (differ++ == 0) {
        ADD_FAILURE() << what << ": value " << i << " is " << a[i] << ", the mirror's " << b[i];
      }
    }
  }
  return differ;
}

void expect_identical(const field_spec& field, const permutation_table& table,
                      const std::string& what, std::vector<unsigned> thread_counts = {1, 2, 3, 7}) {
  const std::vector<float> expected = mirror(field, table);
  for (std::int64_t target : targets()) {
    target_override only(target);
    ASSERT_STREQ(vknoise::cpu_simd_target(), hwy::TargetName(target));
    for (unsigned threads : thread_counts) {
      std::vector<float> out(expected.size(), 12345.0f);
      ASSERT_TRUE(vknoise::fill_fast(field, table, out, cpu_options{threads}).ok());
      EXPECT_EQ(bit_differences(out, expected,
                                what + " on " + hwy::TargetName(target) + " with " +
                                    std::to_string(threads) + " threads"),
                0u);
    }
  }
}

field_spec make(int dims, std::array<std::uint32_t, 4> size, std::array<double, 4> origin,
                double step, fractal_kind fractal = fractal_kind::none, int octaves = 1) {
  field_spec f;
  f.dims = dims;
  f.size = size;
  f.origin = origin;
  f.step = {step, step * 1.25, step * 0.75, step * 1.5};
  f.noise.fractal = fractal;
  f.noise.octaves = octaves;
  return f;
}

TEST(CpuFill, ReportsATarget) {
  const std::string name = vknoise::cpu_simd_target();
  EXPECT_FALSE(name.empty());
  std::string verified;
  for (std::int64_t target : targets()) verified += std::string(" ") + hwy::TargetName(target);
  EXPECT_FALSE(verified.empty());
  std::printf("fill_fast uses %s; verified on:%s\n", name.c_str(), verified.c_str());
}

TEST(CpuFill, EveryCatalogueEntryMatchesTheMirror) {
  const permutation_table table = permutation_table::perlin();
  for (const vknoise::catalogue_entry& entry : vknoise::catalogue()) {
    expect_identical(entry.field, table, entry.name, {1, 3});
  }
}

TEST(CpuFill, OddSizesAndOriginsMatchTheMirror) {
  const permutation_table tables[] = {permutation_table::perlin(),
                                      permutation_table::from_seed(42)};
  const std::array<double, 4> origins[] = {{0.0, 0.0, 0.0, 0.0},
                                           {-3.7, -11.25, -0.5, -7.125},
                                           {1e9, -1e9, 1e9, -1e9},
                                           {-1e9 + 0.3, 1e9 - 0.6, 0.25, 1e9}};
  for (const permutation_table& table : tables) {
    for (const auto& origin : origins) {
      for (int octaves : {1, 4, 8}) {
        const fractal_kind fractal = octaves == 1 ? fractal_kind::none : fractal_kind::fbm;
        const std::string where =
            " at " + std::to_string(origin[0]) + ", " + std::to_string(octaves) + " octaves";
        // 8 octaves at lacunarity 2 multiply 1e9 by 128: still below 2^31 is not guaranteed,
        // so the far origins use fewer.
        if (std::fabs(origin[0]) > 1e6 && octaves > 1) continue;
        expect_identical(make(3, {37, 5, 3, 1}, origin, 0.07, fractal, octaves), table,
                         "3D" + where);
        expect_identical(make(4, {19, 3, 2, 3}, origin, 0.11, fractal, octaves), table,
                         "4D" + where);
      }
    }
  }
}

TEST(CpuFill, FarOriginsWithOctavesMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  // lacunarity 2, 4 octaves: 8 * 2.5e8 stays below 2^31.
  const std::array<double, 4> origin = {2.5e8, -2.5e8 + 0.5, 2.5e8 - 0.25, -2.5e8};
  expect_identical(make(3, {33, 4, 3, 1}, origin, 0.013, fractal_kind::fbm, 4), table, "3D far");
  expect_identical(make(4, {21, 2, 3, 2}, origin, 0.013, fractal_kind::fbm, 4), table, "4D far");
}

TEST(CpuFill, RowsTouchingFewOrManyCellsMatchTheMirror) {
  // A row's x cells sit in one register (<= 16), two (<= 32) or a gathered table (more).
  const permutation_table table = permutation_table::from_seed(3);
  for (double step : {0.05, 0.9, 1.7, 2.9}) {
    expect_identical(make(3, {150, 3, 2, 1}, {-20.0, 1.5, 2.5, 0.0}, step), table,
                     "3D step " + std::to_string(step), {1, 2});
    expect_identical(make(4, {150, 2, 2, 2}, {-20.0, 1.5, 2.5, 3.5}, step), table,
                     "4D step " + std::to_string(step), {1, 2});
  }
}

TEST(CpuFill, EveryFractalKindMatchesTheMirror) {
  const permutation_table table = permutation_table::from_seed(7);
  for (fractal_kind kind :
       {fractal_kind::fbm, fractal_kind::turbulence, fractal_kind::ridged, fractal_kind::billow}) {
    const std::string name = vknoise::fractal_kind_name(kind);
    for (int dims = 1; dims <= 4; ++dims) {
      std::array<std::uint32_t, 4> size = {23, 1, 1, 1};
      for (int a = 1; a < dims; ++a) size[a] = 3;
      field_spec f = make(dims, size, {-1.3, 2.9, -0.7, 5.1}, 0.21, kind, 5);
      f.noise.persistence = 0.6;
      f.noise.lacunarity = 1.93;
      f.noise.octave_offsets = dims % 2 == 0;
      expect_identical(f, table, name + " " + std::to_string(dims) + "D", {1, 2});
    }
  }
}

TEST(CpuFill, PeriodsAndBalancedMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  field_spec periodic = make(3, {41, 6, 2, 1}, {-5.0, 3.0, 1.0, 0.0}, 0.19, fractal_kind::fbm, 3);
  periodic.noise.period = {3, 5, 2, 0};
  expect_identical(periodic, table, "3D periodic");
  field_spec balanced = make(4, {29, 3, 2, 2}, {0.5, -2.0, 7.0, -1.0}, 0.17);
  balanced.noise.kind = noise_kind::improved4_balanced;
  expect_identical(balanced, table, "4D balanced");
  balanced.noise.period = {4, 1, 7, 256};
  expect_identical(balanced, table, "4D balanced periodic");
}

TEST(CpuFill, RegionsMatchTheMirror) {
  // A region of a larger grid (render --region, streamed slabs): positions start at region.
  const permutation_table table = permutation_table::perlin();
  field_spec f = make(3, {29, 4, 3, 1}, {-2.5, 0.5, 1e6, 0.0}, 0.09, fractal_kind::ridged, 3);
  f.region = {1000, 7, 3, 0};
  expect_identical(f, table, "3D region");
  field_spec g = make(4, {17, 3, 2, 2}, {0.25, -9.0, 4.0, 2.0}, 0.31, fractal_kind::billow, 2);
  g.region = {33, 0, 5, 11};
  expect_identical(g, table, "4D region");
}

TEST(CpuFill, IntegerLatticeKeepsTheMirrorsSignedZeros) {
  // Integer positions have fraction 0: the gradients of x0 = +0 yield -0 and +0, which == would
  // not tell apart.
  const permutation_table table = permutation_table::perlin();
  std::size_t negative_zeros = 0;
  for (int dims = 1; dims <= 4; ++dims) {
    std::array<std::uint32_t, 4> size = {70, 1, 1, 1};
    for (int a = 1; a < dims; ++a) size[a] = 4;
    field_spec f = make(dims, size, {-7.0, -2.0, 0.0, 3.0}, 1.0);
    f.step = {1.0, 0.5, 1.0, 0.25};
    for (float v : mirror(f, table)) negative_zeros += v == 0.0f && std::signbit(v);
    expect_identical(f, table, std::to_string(dims) + "D lattice", {1, 2});
  }
  EXPECT_GT(negative_zeros, 0u);
}

TEST(CpuFill, FallbackKindsAreThreadedAndIdentical) {
  const permutation_table table = permutation_table::perlin();
  field_spec gradient = make(3, {17, 4, 3, 1}, {0.3, 0.6, 0.9, 0.0}, 0.1);
  gradient.noise.gradient = true;
  expect_identical(gradient, table, "3D gradient");
  field_spec value = make(2, {31, 9, 1, 1}, {0.3, 0.6, 0.0, 0.0}, 0.3);
  value.noise.kind = noise_kind::value;
  expect_identical(value, table, "2D value");
}

TEST(CpuFill, KnownValueAndErrors) {
  // Perlin's reference point (3.14, 42, 7): the mirror's float value, within float rounding of
  // noise3's 0.13691995878400012.
  field_spec f = make(3, {1, 1, 1, 1}, {3.14, 42.0, 7.0, 0.0}, 1.0);
  std::vector<float> out(1);
  ASSERT_TRUE(vknoise::fill_fast(f, permutation_table::perlin(), out).ok());
  EXPECT_NEAR(out[0], 0.13691995878400012, 1e-6);

  std::vector<float> wrong(2);
  const auto status = vknoise::fill_fast(f, permutation_table::perlin(), wrong);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error_value().code, vknoise::errc::invalid_argument);
  f.size = {0, 1, 1, 1};
  EXPECT_EQ(vknoise::fill_fast(f, permutation_table::perlin(), out).error_value().code,
            vknoise::errc::invalid_argument);
}

}  // namespace
