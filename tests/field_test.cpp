// field_spec validation, sample positions, axis coordinates and the CPU fills.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "vknoise/field.hpp"
#include "vknoise/noise.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace {

using vknoise::errc;
using vknoise::field_spec;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

field_spec make3(std::uint32_t nx, std::uint32_t ny, std::uint32_t nz, std::array<double, 3> origin,
                 std::array<double, 3> step) {
  field_spec f;
  f.dims = 3;
  f.size = {nx, ny, nz, 1};
  f.origin = {origin[0], origin[1], origin[2], 0.0};
  f.step = {step[0], step[1], step[2], 1.0};
  return f;
}

field_spec make4(std::array<std::uint32_t, 4> size, std::array<double, 4> origin,
                 std::array<double, 4> step) {
  field_spec f;
  f.dims = 4;
  f.size = size;
  f.origin = origin;
  f.step = step;
  return f;
}

// The small fields the fill tests run on.
field_spec small3() {
  return make3(7, 5, 3, {-3.3, 1e6 + 0.25, 17.0}, {0.37, 0.21, 0.5});
}
field_spec far3() {
  return make3(9, 6, 4, {-1e6, 1e6, 12345.678}, {0.1, 0.33, 1.0 / 32});
}
field_spec small4() {
  return make4({5, 4, 3, 2}, {0.1, -20.7, 1e6 + 0.5, -1e9 - 0.3}, {0.3, 0.25, 0.17, 0.6});
}
field_spec far4() {
  return make4({4, 3, 3, 3}, {-1e6, 1e6, 12345.678, 2147483000.5}, {0.125, 0.3, 0.7, 0.45});
}

void expect_error(const field_spec& f, errc code, const char* what) {
  const vknoise::status s = vknoise::validate(f);
  ASSERT_FALSE(s.ok()) << what;
  EXPECT_EQ(s.error_value().code, code) << what << ": " << s.message();
  EXPECT_FALSE(s.message().empty()) << what;
}

std::uint32_t bits(float v) {
  return std::bit_cast<std::uint32_t>(v);
}
std::uint64_t bits(double v) {
  return std::bit_cast<std::uint64_t>(v);
}

// ------------------------------------------------------------------------------------------------
// validate

TEST(FieldValidate, AcceptsValidFields) {
  EXPECT_TRUE(vknoise::validate(field_spec{}).ok());
  EXPECT_TRUE(vknoise::validate(small3()).ok());
  EXPECT_TRUE(vknoise::validate(far3()).ok());
  EXPECT_TRUE(vknoise::validate(small4()).ok());
  EXPECT_TRUE(vknoise::validate(far4()).ok());
  // Negative steps are fine.
  EXPECT_TRUE(vknoise::validate(make3(4, 4, 4, {1.0, 2.0, 3.0}, {-0.5, -0.25, -1.0})).ok());
}

TEST(FieldValidate, RejectsBadDims) {
  for (int dims : {-1, 0, 1, 2, 5, 6}) {
    field_spec f = small3();
    f.dims = dims;
    expect_error(f, errc::invalid_argument, "bad dims");
  }
}

TEST(FieldValidate, RejectsZeroSize) {
  for (int axis = 0; axis < 3; ++axis) {
    field_spec f = small3();
    f.size[axis] = 0;
    expect_error(f, errc::invalid_argument, "zero size, dims 3");
  }
  for (int axis = 0; axis < 4; ++axis) {
    field_spec f = small4();
    f.size[axis] = 0;
    expect_error(f, errc::invalid_argument, "zero size, dims 4");
  }
}

TEST(FieldValidate, Dims3NeedsSize3EqualToOne) {
  field_spec f = small3();
  f.size[3] = 2;
  expect_error(f, errc::invalid_argument, "dims 3 with size[3] == 2");
  f.size[3] = 0;
  expect_error(f, errc::invalid_argument, "dims 3 with size[3] == 0");
  // The same sizes are fine in 4D.
  f.dims = 4;
  f.size[3] = 2;
  EXPECT_TRUE(vknoise::validate(f).ok());
}

TEST(FieldValidate, RejectsNonFiniteOriginOrStep) {
  for (double bad : {kNaN, kInf, -kInf}) {
    for (int axis = 0; axis < 3; ++axis) {
      field_spec f = small3();
      f.origin[axis] = bad;
      expect_error(f, errc::invalid_argument, "non-finite origin, dims 3");
      f = small3();
      f.step[axis] = bad;
      expect_error(f, errc::invalid_argument, "non-finite step, dims 3");
    }
    for (int axis = 0; axis < 4; ++axis) {
      field_spec f = small4();
      f.origin[axis] = bad;
      expect_error(f, errc::invalid_argument, "non-finite origin, dims 4");
      f = small4();
      f.step[axis] = bad;
      expect_error(f, errc::invalid_argument, "non-finite step, dims 4");
    }
  }
}

TEST(FieldValidate, PositionsMustStayBelow2To31) {
  const double two31 = 2147483648.0;
  for (int axis = 0; axis < 3; ++axis) {
    // Last position 2^31 - 1: accepted.
    field_spec f = small3();
    f.size[axis] = 10;
    f.origin[axis] = two31 - 10.0;
    f.step[axis] = 1.0;
    EXPECT_TRUE(vknoise::validate(f).ok()) << "axis " << axis;
    // One more sample: last position 2^31.
    f.size[axis] = 11;
    expect_error(f, errc::out_of_range, "last position 2^31");
    // Going down to -2^31.
    f.origin[axis] = -two31 + 10.0;
    f.step[axis] = -1.0;
    expect_error(f, errc::out_of_range, "last position -2^31");
    f.size[axis] = 10;
    EXPECT_TRUE(vknoise::validate(f).ok()) << "axis " << axis;
    // The origin itself out of range.
    f = small3();
    f.origin[axis] = two31;
    expect_error(f, errc::out_of_range, "origin 2^31");
    f.origin[axis] = -3e9;
    expect_error(f, errc::out_of_range, "origin -3e9");
  }
  field_spec f = small4();
  f.origin[3] = two31 - 0.5;
  f.step[3] = 0.25;
  f.size[3] = 2;  // last position 2^31 - 0.25
  EXPECT_TRUE(vknoise::validate(f).ok());
  f.size[3] = 3;  // last position 2^31
  expect_error(f, errc::out_of_range, "4D last position 2^31");
}

TEST(FieldValidate, RejectsSampleCountOverflow) {
  const std::uint32_t max32 = 0xFFFFFFFFu;
  field_spec f = make4({max32, max32, max32, max32}, {0, 0, 0, 0}, {1e-3, 1e-3, 1e-3, 1e-3});
  expect_error(f, errc::out_of_range, "(2^32-1)^4 samples");
  f = make3(max32, max32, max32, {0, 0, 0}, {1e-3, 1e-3, 1e-3});
  expect_error(f, errc::out_of_range, "(2^32-1)^3 samples");
  // 2^61 samples: no 64-bit overflow, but more than max_field_samples.
  f = make4({1u << 30, 1u << 30, 2, 1}, {0, 0, 0, 0}, {1e-3, 1e-3, 1.0, 1.0});
  expect_error(f, errc::out_of_range, "2^61 samples");
  // Exactly max_field_samples (2^60) is allowed.
  f = make4({1u << 30, 1u << 30, 1, 1}, {0, 0, 0, 0}, {1e-3, 1e-3, 1.0, 1.0});
  EXPECT_TRUE(vknoise::validate(f).ok());
  EXPECT_EQ(vknoise::sample_count(f), vknoise::max_field_samples);
}

// ------------------------------------------------------------------------------------------------
// sample_count, sample_position, axis_coordinates

TEST(FieldGeometry, SampleCount) {
  EXPECT_EQ(vknoise::sample_count(field_spec{}), 1u);
  EXPECT_EQ(vknoise::sample_count(small3()), 7u * 5u * 3u);
  EXPECT_EQ(vknoise::sample_count(small4()), 5u * 4u * 3u * 2u);
  EXPECT_EQ(vknoise::sample_count(make3(4096, 4096, 64, {0, 0, 0}, {1, 1, 1})),
            std::uint64_t{4096} * 4096 * 64);
  EXPECT_EQ(vknoise::sample_count(make4({65536, 65536, 3, 5}, {0, 0, 0, 0}, {1, 1, 1, 1})),
            std::uint64_t{65536} * 65536 * 15);
}

TEST(FieldGeometry, SamplePosition) {
  const field_spec f = small3();
  EXPECT_EQ(vknoise::sample_position(f, 0, 0), -3.3);
  EXPECT_EQ(vknoise::sample_position(f, 1, 0), 1e6 + 0.25);
  EXPECT_EQ(vknoise::sample_position(f, 2, 0), 17.0);
  for (std::uint32_t i = 0; i < 7; ++i) {
    const double expected = -3.3 + static_cast<double>(i) * 0.37;
    EXPECT_EQ(bits(vknoise::sample_position(f, 0, i)), bits(expected)) << i;
  }
  EXPECT_EQ(vknoise::sample_position(f, 1, 4), 1e6 + 0.25 + 4.0 * 0.21);
  EXPECT_EQ(vknoise::sample_position(f, 2, 2), 18.0);

  const field_spec g = small4();
  EXPECT_EQ(vknoise::sample_position(g, 3, 0), -1e9 - 0.3);
  EXPECT_EQ(vknoise::sample_position(g, 3, 1), -1e9 - 0.3 + 1.0 * 0.6);
  EXPECT_EQ(vknoise::sample_position(g, 2, 2), 1e6 + 0.5 + 2.0 * 0.17);

  // Large indices: origin + double(index) * step, not repeated addition.
  const field_spec h = make3(4000000000u, 1, 1, {0.1, 0, 0}, {0.1, 1, 1});
  EXPECT_EQ(vknoise::sample_position(h, 0, 3999999999u), 0.1 + 3999999999.0 * 0.1);
}

void check_axis_coordinates(const field_spec& f) {
  const std::vector<vknoise::lattice_coord> coords = vknoise::axis_coordinates(f);
  ASSERT_EQ(coords.size(), std::size_t{f.size[0]} + std::size_t{f.size[1]} + f.size[2] + f.size[3]);
  std::size_t offset = 0;
  for (int axis = 0; axis < f.dims; ++axis) {
    for (std::uint32_t i = 0; i < f.size[axis]; ++i) {
      const vknoise::lattice_coord expected =
          vknoise::reduce_coordinate(vknoise::sample_position(f, axis, i));
      const vknoise::lattice_coord actual = coords[offset + i];
      EXPECT_EQ(actual.cell, expected.cell) << "axis " << axis << " index " << i;
      EXPECT_EQ(bits(actual.frac), bits(expected.frac)) << "axis " << axis << " index " << i;
      const vknoise::lattice_coord single = vknoise::axis_coordinate(f, axis, i);
      EXPECT_EQ(single.cell, expected.cell) << "axis " << axis << " index " << i;
      EXPECT_EQ(bits(single.frac), bits(expected.frac)) << "axis " << axis << " index " << i;
      EXPECT_GE(actual.cell, 0);
      EXPECT_LE(actual.cell, 255);
      EXPECT_GE(actual.frac, 0.0f);
      EXPECT_LT(actual.frac, 1.0f);
    }
    offset += f.size[axis];
  }
  if (f.dims == 3) {
    // The t axis of a 3D field: one entry, {0, 0}, whatever origin[3] says.
    const vknoise::lattice_coord t = coords[offset];
    EXPECT_EQ(t.cell, 0);
    EXPECT_EQ(t.frac, 0.0f);
    const vknoise::lattice_coord single = vknoise::axis_coordinate(f, 3, 0);
    EXPECT_EQ(single.cell, 0);
    EXPECT_EQ(single.frac, 0.0f);
  }
}

TEST(FieldGeometry, AxisCoordinates) {
  check_axis_coordinates(small3());
  check_axis_coordinates(far3());
  check_axis_coordinates(small4());
  check_axis_coordinates(far4());
  check_axis_coordinates(make3(300, 2, 1, {-10.0, 0.5, 0.5}, {1.0 / 32, 1, 1}));
  field_spec f = small3();
  f.origin[3] = 77.5;  // ignored by a 3D field
  f.step[3] = 0.3;
  check_axis_coordinates(f);
}

TEST(FieldGeometry, AxisCoordinatesOfASmallField) {
  // x: -0.25, 0.25, 0.75; y: 255.5, 256.5; z: 1e6 + 0.5.
  const field_spec f = make3(3, 2, 1, {-0.25, 255.5, 1e6 + 0.5}, {0.5, 1.0, 1.0});
  const std::vector<vknoise::lattice_coord> c = vknoise::axis_coordinates(f);
  ASSERT_EQ(c.size(), 7u);
  EXPECT_EQ(c[0].cell, 255);
  EXPECT_EQ(c[0].frac, 0.75f);
  EXPECT_EQ(c[1].cell, 0);
  EXPECT_EQ(c[1].frac, 0.25f);
  EXPECT_EQ(c[2].cell, 0);
  EXPECT_EQ(c[2].frac, 0.75f);
  EXPECT_EQ(c[3].cell, 255);
  EXPECT_EQ(c[3].frac, 0.5f);
  EXPECT_EQ(c[4].cell, 0);
  EXPECT_EQ(c[4].frac, 0.5f);
  EXPECT_EQ(c[5].cell, 1000000 % 256);
  EXPECT_EQ(c[5].frac, 0.5f);
}

// ------------------------------------------------------------------------------------------------
// fills

// The expected reference value of sample (x, y, z, t), straight from noise3 / noise4.
double expected_reference(const field_spec& f, const vknoise::permutation_table& table,
                          std::uint32_t x, std::uint32_t y, std::uint32_t z, std::uint32_t t) {
  const double px = vknoise::sample_position(f, 0, x);
  const double py = vknoise::sample_position(f, 1, y);
  const double pz = vknoise::sample_position(f, 2, z);
  if (f.dims == 3) return vknoise::noise3(px, py, pz, table);
  return vknoise::noise4(px, py, pz, vknoise::sample_position(f, 3, t), table);
}

std::size_t index_of(const field_spec& f, std::uint32_t x, std::uint32_t y, std::uint32_t z,
                     std::uint32_t t) {
  return ((std::size_t{t} * f.size[2] + z) * f.size[1] + y) * f.size[0] + x;
}

template <class Fn>
void for_each_sample(const field_spec& f, Fn fn) {
  for (std::uint32_t t = 0; t < f.size[3]; ++t)
    for (std::uint32_t z = 0; z < f.size[2]; ++z)
      for (std::uint32_t y = 0; y < f.size[1]; ++y)
        for (std::uint32_t x = 0; x < f.size[0]; ++x) fn(x, y, z, t);
}

std::vector<field_spec> fill_fields() {
  return {small3(), far3(), small4(), far4()};
}

std::vector<vknoise::permutation_table> tables() {
  return {vknoise::permutation_table::perlin(), vknoise::permutation_table::from_seed(5)};
}

TEST(FieldFill, ReferenceDoubleEqualsNoiseBitForBit) {
  for (const field_spec& f : fill_fields()) {
    for (const vknoise::permutation_table& table : tables()) {
      std::vector<double> out(vknoise::sample_count(f), -7.0);
      const vknoise::status s = vknoise::fill_reference(f, table, std::span<double>(out));
      ASSERT_TRUE(s.ok()) << s.message();
      int nonzero = 0;
      for_each_sample(f, [&](std::uint32_t x, std::uint32_t y, std::uint32_t z, std::uint32_t t) {
        const double expected = expected_reference(f, table, x, y, z, t);
        const double actual = out[index_of(f, x, y, z, t)];
        if (actual != 0.0) ++nonzero;
        EXPECT_EQ(bits(actual), bits(expected))
            << "dims " << f.dims << " sample (" << x << ", " << y << ", " << z << ", " << t
            << "): " << actual << " vs " << expected;
      });
      EXPECT_GT(nonzero, static_cast<int>(out.size() / 2));
    }
  }
}

TEST(FieldFill, ReferenceFloatIsTheRoundedDouble) {
  for (const field_spec& f : fill_fields()) {
    for (const vknoise::permutation_table& table : tables()) {
      const std::uint64_t n = vknoise::sample_count(f);
      std::vector<double> ref(n);
      std::vector<float> out(n, -7.0f);
      ASSERT_TRUE(vknoise::fill_reference(f, table, std::span<double>(ref)).ok());
      ASSERT_TRUE(vknoise::fill_reference(f, table, std::span<float>(out)).ok());
      for (std::size_t i = 0; i < n; ++i) {
        EXPECT_EQ(bits(out[i]), bits(static_cast<float>(ref[i])))
            << "dims " << f.dims << " index " << i;
      }
    }
  }
}

TEST(FieldFill, MirrorEqualsFloatNoiseOnAxisCoordinates) {
  for (const field_spec& f : fill_fields()) {
    for (const vknoise::permutation_table& table : tables()) {
      const std::vector<vknoise::lattice_coord> c = vknoise::axis_coordinates(f);
      const std::size_t oy = f.size[0], oz = oy + f.size[1], ot = oz + f.size[2];
      std::vector<float> out(vknoise::sample_count(f), -7.0f);
      const vknoise::status s = vknoise::fill_mirror(f, table, std::span<float>(out));
      ASSERT_TRUE(s.ok()) << s.message();
      for_each_sample(f, [&](std::uint32_t x, std::uint32_t y, std::uint32_t z, std::uint32_t t) {
        const float expected = f.dims == 3
                                   ? vknoise::noise3f(c[x], c[oy + y], c[oz + z], table)
                                   : vknoise::noise4f(c[x], c[oy + y], c[oz + z], c[ot + t], table);
        const float actual = out[index_of(f, x, y, z, t)];
        EXPECT_EQ(bits(actual), bits(expected))
            << "dims " << f.dims << " sample (" << x << ", " << y << ", " << z << ", " << t
            << "): " << actual << " vs " << expected;
      });
    }
  }
}

TEST(FieldFill, MirrorIsCloseToReference) {
  std::vector<field_spec> fields = fill_fields();
  fields.push_back(make3(64, 48, 4, {-1e6, 1e6, 12345.678}, {1.0 / 32, 0.07, 0.3}));
  fields.push_back(
      make4({16, 16, 4, 4}, {2147483000.5, -2147483000.25, 0.3, -77.7}, {0.09, 0.11, 0.23, 0.31}));
  for (const field_spec& f : fields) {
    for (const vknoise::permutation_table& table : tables()) {
      const std::uint64_t n = vknoise::sample_count(f);
      std::vector<double> ref(n);
      std::vector<float> mirror(n);
      ASSERT_TRUE(vknoise::fill_reference(f, table, std::span<double>(ref)).ok());
      ASSERT_TRUE(vknoise::fill_mirror(f, table, std::span<float>(mirror)).ok());
      for (std::size_t i = 0; i < n; ++i) {
        const double diff = std::abs(static_cast<double>(mirror[i]) - ref[i]);
        EXPECT_LE(diff, 1e-5) << "dims " << f.dims << " index " << i << ": mirror " << mirror[i]
                              << ", reference " << ref[i];
      }
    }
  }
}

TEST(FieldFill, WrongSpanSizeIsRejected) {
  const vknoise::permutation_table table = vknoise::permutation_table::perlin();
  for (const field_spec& f : {small3(), small4()}) {
    const std::size_t n = vknoise::sample_count(f);
    for (std::size_t size : {std::size_t{0}, n - 1, n + 1, 2 * n}) {
      std::vector<double> d(size);
      std::vector<float> s(size);
      const vknoise::status a = vknoise::fill_reference(f, table, std::span<double>(d));
      const vknoise::status b = vknoise::fill_reference(f, table, std::span<float>(s));
      const vknoise::status c = vknoise::fill_mirror(f, table, std::span<float>(s));
      ASSERT_FALSE(a.ok()) << "span of " << size << " for " << n;
      ASSERT_FALSE(b.ok()) << "span of " << size << " for " << n;
      ASSERT_FALSE(c.ok()) << "span of " << size << " for " << n;
      EXPECT_EQ(a.error_value().code, errc::invalid_argument);
      EXPECT_EQ(b.error_value().code, errc::invalid_argument);
      EXPECT_EQ(c.error_value().code, errc::invalid_argument);
    }
  }
}

TEST(FieldFill, InvalidFieldIsRejected) {
  const vknoise::permutation_table table = vknoise::permutation_table::perlin();
  field_spec f = small3();
  f.dims = 2;
  std::vector<double> d(vknoise::sample_count(small3()));
  std::vector<float> s(d.size());
  EXPECT_FALSE(vknoise::fill_reference(f, table, std::span<double>(d)).ok());
  EXPECT_FALSE(vknoise::fill_reference(f, table, std::span<float>(s)).ok());
  EXPECT_FALSE(vknoise::fill_mirror(f, table, std::span<float>(s)).ok());

  f = small3();
  f.origin[0] = 3e9;
  const vknoise::status a = vknoise::fill_reference(f, table, std::span<double>(d));
  const vknoise::status b = vknoise::fill_mirror(f, table, std::span<float>(s));
  ASSERT_FALSE(a.ok());
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(a.error_value().code, errc::out_of_range);
  EXPECT_EQ(b.error_value().code, errc::out_of_range);
}

}  // namespace

// Regions of uneven sizes tile a field bit for bit, on the CPU (the GPU renders regions through
// the same sample positions; catalogue and GPU tests prove the GPU equals the mirror).
TEST(FieldRegion, TilesAreBitIdenticalToTheWhole) {
  vknoise::field_spec whole;
  whole.dims = 3;
  whole.size = {37, 23, 5, 1};
  whole.origin = {1e6 + 0.1, -3.7, 12.3, 0};
  whole.step = {0.0371, 0.0519, 0.1234, 0};
  whole.noise.fractal = vknoise::fractal_kind::fbm;
  whole.noise.octaves = 3;
  const auto table = vknoise::permutation_table::perlin();
  std::vector<float> expected(vknoise::value_count(whole));
  ASSERT_TRUE(vknoise::fill_mirror(whole, table, expected).ok());
  const std::uint32_t cuts_x[] = {0, 10, 11, 37}, cuts_y[] = {0, 7, 23}, cuts_z[] = {0, 2, 5};
  for (int i = 0; i + 1 < 4; ++i)
    for (int j = 0; j + 1 < 3; ++j)
      for (int k = 0; k + 1 < 3; ++k) {
        vknoise::field_spec tile = whole;
        tile.region = {cuts_x[i], cuts_y[j], cuts_z[k], 0};
        tile.size = {cuts_x[i + 1] - cuts_x[i], cuts_y[j + 1] - cuts_y[j],
                     cuts_z[k + 1] - cuts_z[k], 1};
        std::vector<float> part(vknoise::value_count(tile));
        ASSERT_TRUE(vknoise::fill_mirror(tile, table, part).ok());
        for (std::uint32_t z = 0; z < tile.size[2]; ++z)
          for (std::uint32_t y = 0; y < tile.size[1]; ++y)
            for (std::uint32_t x = 0; x < tile.size[0]; ++x) {
              const float a = part[(z * tile.size[1] + y) * tile.size[0] + x];
              const float b = expected[((tile.region[2] + z) * 23 + tile.region[1] + y) * 37 +
                                       tile.region[0] + x];
              ASSERT_EQ(std::bit_cast<std::uint32_t>(a), std::bit_cast<std::uint32_t>(b));
            }
      }
}
