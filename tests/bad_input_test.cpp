// The library's side of the bad-input battery (tests/cli/bad_input_test.sh is the tool's): every
// bad field, noise spec, permutation table or buffer gets an error value with a one-line message,
// never a crash, a hang or garbage output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "vknoise/cpu_fill.hpp"
#include "vknoise/field.hpp"
#include "vknoise/noise.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise {
namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

// One readable line: not empty, no line break.
void expect_one_line(const std::string& message) {
  EXPECT_FALSE(message.empty());
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_LT(message.size(), 300u) << message;
}

template <class T>
void expect_error(const result<T>& r, errc code, const std::string& part = "") {
  ASSERT_FALSE(r.ok()) << "expected an error containing \"" << part << "\"";
  EXPECT_EQ(r.error_value().code, code) << r.message();
  expect_one_line(r.message());
  if (!part.empty()) {
    EXPECT_NE(r.message().find(part), std::string::npos) << r.message();
  }
}

std::vector<int> identity() {
  std::vector<int> values(256);
  std::iota(values.begin(), values.end(), 0);
  return values;
}

TEST(BadInputTable, AcceptsAPermutation) {
  auto values = identity();
  std::swap(values[3], values[200]);
  auto table = permutation_table::from_values(values);
  ASSERT_TRUE(table.ok()) << table.message();
  EXPECT_EQ(table->values()[3], 200);
  EXPECT_EQ(table->doubled()[256 + 200], 3);
}

TEST(BadInputTable, RejectsWrongLengths) {
  for (const std::size_t length : {0, 1, 255, 257, 512}) {
    std::vector<int> values(length);
    for (std::size_t i = 0; i < length; ++i) values[i] = static_cast<int>(i % 256);
    expect_error(permutation_table::from_values(values), errc::invalid_argument);
  }
}

TEST(BadInputTable, RejectsOutOfRangeValues) {
  for (const int bad :
       {-1, 256, 1000, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()}) {
    auto values = identity();
    values[17] = bad;
    expect_error(permutation_table::from_values(values), errc::invalid_argument, "17");
  }
}

TEST(BadInputTable, RejectsDuplicates) {
  auto values = identity();
  values[200] = 5;  // 5 twice, 200 missing
  expect_error(permutation_table::from_values(values), errc::invalid_argument, "200");
  auto all_zero = std::vector<int>(256, 0);
  expect_error(permutation_table::from_values(all_zero), errc::invalid_argument);
}

field_spec small_field(int dims) {
  field_spec field;
  field.dims = dims;
  field.size = {4, dims >= 2 ? 3u : 1u, dims >= 3 ? 2u : 1u, dims >= 4 ? 2u : 1u};
  return field;
}

// validate() and every CPU fill agree that the field is bad, with the same code.
void expect_bad_field(const field_spec& field, errc code, const std::string& part = "") {
  expect_error(validate(field), code, part);
  std::vector<float> out(16);
  std::vector<double> out_double(16);
  const auto table = permutation_table::perlin();
  expect_error(fill_reference(field, table, std::span<float>(out)), code, part);
  expect_error(fill_reference(field, table, std::span<double>(out_double)), code, part);
  expect_error(fill_mirror(field, table, out), code, part);
  expect_error(fill_fast(field, table, out), code, part);
}

TEST(BadInputField, Dims) {
  for (const int dims : {0, 5, -1, std::numeric_limits<int>::min()}) {
    field_spec field = small_field(3);
    field.dims = dims;
    expect_bad_field(field, errc::invalid_argument, "dims");
  }
}

TEST(BadInputField, ZeroSizes) {
  for (int axis = 0; axis < 4; ++axis) {
    field_spec field = small_field(4);
    field.size[axis] = 0;
    expect_bad_field(field, errc::invalid_argument, "size is 0");
  }
}

TEST(BadInputField, SizesBeyondDims) {
  field_spec field = small_field(2);
  field.size[2] = 2;
  expect_bad_field(field, errc::invalid_argument, "no z axis");
}

TEST(BadInputField, OverflowingSampleCounts) {
  field_spec field = small_field(4);
  field.size = {65536, 65536, 65536, 65536};  // 2^64 samples: wraps to 0 in 64 bits
  field.step = {1e-6, 1e-6, 1e-6, 1e-6};
  expect_bad_field(field, errc::out_of_range, "2^60");
  field.size = {4294967295u, 4294967295u, 4294967295u, 1};
  expect_bad_field(field, errc::out_of_range, "2^60");
}

TEST(BadInputField, NonFiniteOriginAndStepOnEveryAxis) {
  for (int axis = 0; axis < 4; ++axis) {
    for (const double bad : {nan, inf, -inf}) {
      field_spec field = small_field(4);
      field.origin[axis] = bad;
      expect_bad_field(field, errc::invalid_argument, "finite");
      field = small_field(4);
      field.step[axis] = bad;
      expect_bad_field(field, errc::invalid_argument, "finite");
    }
  }
}

TEST(BadInputField, AxesBeyondDimsIgnoreTheirOriginAndStep) {
  field_spec field = small_field(2);
  field.origin[2] = nan;
  field.step[3] = inf;
  EXPECT_TRUE(validate(field).ok()) << validate(field).message();
}

TEST(BadInputField, PositionsOutsideTheDomain) {
  field_spec field = small_field(3);
  field.origin[1] = 2147483648.0;
  expect_bad_field(field, errc::out_of_range, "y axis");
  field = small_field(3);
  field.step[0] = 1e300;  // the last sample at 3e300
  expect_bad_field(field, errc::out_of_range, "x axis");
  field = small_field(3);
  field.origin[2] = 1e308;
  field.step[2] = 1e308;  // origin + step overflows to inf
  expect_bad_field(field, errc::out_of_range, "z axis");
  field = small_field(3);
  field.region[0] = std::uint64_t{1} << 60;
  expect_bad_field(field, errc::out_of_range, "region");
  field = small_field(3);
  field.region[0] = std::numeric_limits<std::uint64_t>::max();  // region + index would wrap
  expect_bad_field(field, errc::out_of_range, "region");
  // A field inside the range whose octaves leave it: the message says so, not only the extent.
  field = small_field(3);
  field.step = {0.125, 0.125, 0.125, 0.125};
  field.noise.fractal = fractal_kind::fbm;
  field.noise.octaves = 16;
  field.noise.lacunarity = 1e6;
  expect_bad_field(field, errc::out_of_range,
                   "the x axis reaches 0.375, which the octaves (lacunarity 1000000, 16 octaves) "
                   "take to 3.75e+89; every octave's coordinates must stay within +-2^31");
}

TEST(BadInputField, WrongOutputSizes) {
  const field_spec field = small_field(3);  // 24 samples
  const auto table = permutation_table::perlin();
  for (const std::size_t size : {0, 23, 25, 1000}) {
    std::vector<float> out(size);
    std::vector<double> out_double(size);
    expect_error(fill_reference(field, table, std::span<float>(out)), errc::invalid_argument, "24");
    expect_error(fill_reference(field, table, std::span<double>(out_double)),
                 errc::invalid_argument, "24");
    expect_error(fill_mirror(field, table, out), errc::invalid_argument, "24");
    expect_error(fill_fast(field, table, out), errc::invalid_argument, "24");
  }
}

noise_spec fbm(int octaves) {
  noise_spec noise;
  noise.fractal = fractal_kind::fbm;
  noise.octaves = octaves;
  return noise;
}

void expect_bad_noise(const noise_spec& noise, int dims, const std::string& part) {
  expect_error(validate(noise, dims), errc::invalid_argument, part);
  field_spec field = small_field(dims);
  field.noise = noise;
  expect_bad_field(field, errc::invalid_argument, part);
}

TEST(BadInputNoise, Octaves) {
  for (const int octaves : {0, -1, 17, 1000, std::numeric_limits<int>::max()}) {
    expect_bad_noise(fbm(octaves), 3, "octaves");
  }
  expect_bad_noise(noise_spec{.octaves = 2}, 3, "octaves");  // no fractal: one octave
}

TEST(BadInputNoise, PersistenceAndLacunarity) {
  for (const double bad : {0.0, -0.5, -inf, nan, inf}) {
    noise_spec noise = fbm(4);
    noise.persistence = bad;
    expect_bad_noise(noise, 3, "persistence");
    noise = fbm(4);
    noise.lacunarity = bad;
    expect_bad_noise(noise, 3, "lacunarity");
  }
}

TEST(BadInputNoise, Periods) {
  for (const std::uint32_t bad : {257u, 1000u, 4294967295u}) {
    for (int axis = 0; axis < 4; ++axis) {
      noise_spec noise;
      noise.period[axis] = bad;
      expect_bad_noise(noise, 4, "period");
    }
  }
}

TEST(BadInputNoise, Warp) {
  for (const double bad : {-1.0, nan, inf, -inf}) {
    noise_spec noise;
    noise.warp = bad;
    expect_bad_noise(noise, 3, "warp");
  }
}

TEST(BadInputNoise, Combinations) {
  noise_spec ridged = fbm(3);
  ridged.fractal = fractal_kind::ridged;
  ridged.gradient = true;
  expect_bad_noise(ridged, 3, "gradient");
  noise_spec balanced;
  balanced.kind = noise_kind::improved4_balanced;
  expect_bad_noise(balanced, 3, "4");
  noise_spec periodic = fbm(3);
  periodic.period = {16, 16, 16, 0};
  periodic.lacunarity = 1.5;
  expect_bad_noise(periodic, 3, "lacunarity");
}

// Extreme but valid settings give finite values: nothing overflows to inf or NaN.
TEST(BadInputNoise, ExtremePersistenceStaysFinite) {
  for (const double persistence : {1e-300, 1e-30, 1e30, 1e300}) {
    field_spec field = small_field(3);
    field.noise = fbm(16);
    field.noise.persistence = persistence;
    field.noise.lacunarity = 1.0;
    if (!validate(field).ok()) {  // rejecting it is as good as computing it
      expect_one_line(validate(field).message());
      continue;
    }
    std::vector<float> reference(24), mirror(24), fast(24);
    const auto table = permutation_table::perlin();
    ASSERT_TRUE(fill_reference(field, table, std::span<float>(reference)));
    ASSERT_TRUE(fill_mirror(field, table, mirror));
    ASSERT_TRUE(fill_fast(field, table, fast));
    for (std::size_t i = 0; i < reference.size(); ++i) {
      EXPECT_TRUE(std::isfinite(reference[i])) << "persistence " << persistence << " sample " << i;
      EXPECT_TRUE(std::isfinite(mirror[i])) << "persistence " << persistence << " sample " << i;
      EXPECT_TRUE(std::isfinite(fast[i])) << "persistence " << persistence << " sample " << i;
    }
  }
}

TEST(BadInputPoints, NonFiniteCoordinatesGiveNaN) {
  for (const double bad : {nan, inf, -inf}) {
    EXPECT_TRUE(std::isnan(noise3(bad, 0.5, 0.5)));
    EXPECT_TRUE(std::isnan(noise3(0.5, 0.5, bad)));
    EXPECT_TRUE(std::isnan(noise4(0.5, bad, 0.5, 0.5)));
    EXPECT_TRUE(std::isnan(noise4(0.5, 0.5, 0.5, bad)));
    const lattice_coord c = reduce_coordinate(bad);
    EXPECT_TRUE(std::isnan(c.frac));
    EXPECT_EQ(c.cell, 0);
    const lattice_coord half = reduce_coordinate(0.5);
    EXPECT_TRUE(std::isnan(noise3f(c, half, half, permutation_table::perlin())));
  }
}

}  // namespace
}  // namespace vknoise
