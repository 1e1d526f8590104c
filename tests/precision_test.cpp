// The edge of the position arithmetic: position = origin + double(region + index) * step, with
// |origin| up to 1e9 and global indices up to 2^32 (docs/precision.md derives the bound tested
// here), and CPU fills and point evaluation at +-1e9 on every axis against the double reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "vknoise/field.hpp"
#include "vknoise/noise.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise {
namespace {

constexpr double unit_roundoff = 0x1p-53;  // half an ulp of 1.0 in double

// The error bound of fl(origin + fl(i * step)) against the exact value: u * (|i * step| + |p|),
// with a sliver for the second-order term.
double position_error_bound(double origin, std::uint64_t index, double step) {
  const long double product = static_cast<long double>(index) * step;
  const long double exact = origin + product;
  return static_cast<double>(unit_roundoff * (std::fabs(product) + std::fabs(exact)) * 1.0001L);
}

TEST(Precision, LongDoubleIsWiderThanDouble) {
  // The exact positions below come from x87 long double (64-bit significand).
  ASSERT_GE(std::numeric_limits<long double>::digits, 64);
}

TEST(Precision, SamplePositionWithinTheDocumentedBound) {
  const double origins[] = {1e9, -1e9, 999999999.875, -123456789.123, 0.0};
  const double steps[] = {1.0 / 32, 0.1, -0.37, 1e-3, 0.2328306437080797};
  // Global indices up to 2^32: through the region, as a tile far into a huge grid would be.
  const std::uint64_t regions[] = {0, 1, (std::uint64_t{1} << 31) + 12345,
                                   (std::uint64_t{1} << 32) - 3};
  const std::uint32_t indices[] = {0, 1, 2, 1000003};
  double worst_in_domain = 0.0;
  for (const double origin : origins) {
    for (const double step : steps) {
      for (const std::uint64_t region : regions) {
        for (const std::uint32_t index : indices) {
          field_spec field;
          field.dims = 1;
          field.size = {index + 1, 1, 1, 1};
          field.origin[0] = origin;
          field.step[0] = step;
          field.region[0] = region;
          const std::uint64_t global = region + index;
          const double position = sample_position(field, 0, index);
          const long double exact =
              origin + static_cast<long double>(global) * static_cast<long double>(step);
          const double error = static_cast<double>(std::fabs(position - exact));
          EXPECT_LE(error, position_error_bound(origin, global, step))
              << "origin " << origin << " step " << step << " index " << global;
          if (std::fabs(exact) < max_abs_coordinate) {
            worst_in_domain = std::max(worst_in_domain, error);
          }
        }
      }
    }
  }
  // Inside the noise domain (|p| < 2^31, |origin| <= 1e9, so |i * step| < 2^31 + 1e9) the bound
  // is u * (3.2e9 + 2.2e9) < 6e-7.
  EXPECT_LT(worst_in_domain, 6e-7);
}

// A double reference computed here from sample_position, independently of the fills.
std::vector<double> reference_of(const field_spec& field, const permutation_table& table) {
  std::vector<double> values;
  const int channels = channel_count(field);
  std::vector<double> sample(channels);
  for (std::uint32_t t = 0; t < field.size[3]; ++t)
    for (std::uint32_t z = 0; z < field.size[2]; ++z)
      for (std::uint32_t y = 0; y < field.size[1]; ++y)
        for (std::uint32_t x = 0; x < field.size[0]; ++x) {
          const double position[4] = {sample_position(field, 0, x), sample_position(field, 1, y),
                                      sample_position(field, 2, z), sample_position(field, 3, t)};
          sample_reference(field.noise, field.dims, position, table, sample.data());
          values.insert(values.end(), sample.begin(), sample.end());
        }
  return values;
}

void expect_fills_match_reference(const field_spec& field, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_TRUE(validate(field)) << validate(field).message();
  const permutation_table table = permutation_table::from_seed(20261122);
  const std::vector<double> expected = reference_of(field, table);
  std::vector<float> reference(value_count(field)), mirror(value_count(field));
  ASSERT_TRUE(fill_reference(field, table, reference));
  ASSERT_TRUE(fill_mirror(field, table, mirror));
  double worst_reference = 0.0, worst_mirror = 0.0;
  bool varies = false;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    worst_reference = std::max(worst_reference, std::fabs(reference[i] - expected[i]));
    worst_mirror = std::max(worst_mirror, std::fabs(mirror[i] - expected[i]));
    varies = varies || expected[i] != expected[0];
  }
  EXPECT_TRUE(varies) << "a constant field proves nothing";
  EXPECT_LE(worst_reference, 1e-7);  // rounding to float only
  EXPECT_LE(worst_mirror, 1e-5);
}

TEST(Precision, CpuFillsAtOriginsPlusMinus1e9OnEveryAxis) {
  for (const int dims : {3, 4}) {
    for (int axis = 0; axis < dims; ++axis) {
      for (const double sign : {1.0, -1.0}) {
        for (const double step : {1.0 / 32, 0.1}) {
          field_spec field;
          field.dims = dims;
          field.size = {7, 5, 4, dims == 4 ? 3u : 1u};
          field.origin = {0.3, -0.7, 1.1, 2.5};
          field.origin[axis] = sign * 1e9;
          field.step = {0.19, 0.23, 0.29, 0.31};
          field.step[axis] = step;
          expect_fills_match_reference(
              field, "dims " + std::to_string(dims) + " axis " + std::to_string(axis) + " origin " +
                         std::to_string(sign * 1e9) + " step " + std::to_string(step));
        }
      }
    }
  }
}

TEST(Precision, CpuFillsAtAllOriginsPlusMinus1e9AndGlobalIndex2To32) {
  // Every axis far away at once; on x a tile whose global index passes 2^32 - 1, bringing the
  // position from -1e9 back across zero.
  for (const double sign : {1.0, -1.0}) {
    field_spec field;
    field.dims = 4;
    field.size = {9, 4, 3, 2};
    field.origin = {-1e9, sign * 1e9, -sign * 1e9, sign * 1e9};
    field.step = {0.25, 0.1, 1.0 / 3, 0.7};
    field.region = {(std::uint64_t{1} << 32) - 4, 1000, 77, 5};
    expect_fills_match_reference(field, "4D tile near index 2^32");
  }
  field_spec fbm;  // two octaves stay inside +-2^31 at 1e9
  fbm.dims = 3;
  fbm.size = {6, 5, 4, 1};
  fbm.origin = {1e9, -1e9, 1e9 + 0.5, 0};
  fbm.step = {0.1, 0.1, 0.1, 0};
  fbm.noise.fractal = fractal_kind::fbm;
  fbm.noise.octaves = 2;
  expect_fills_match_reference(fbm, "fbm, 2 octaves, at 1e9");
}

TEST(Precision, EvalPointsAtPlusMinus1e9) {
  const permutation_table table = permutation_table::perlin();
  const double fractions[] = {0.0, 0.125, 0.3, 0.5, 0.71, 0.999};
  for (const int dims : {1, 2, 3, 4}) {
    noise_spec noise;
    double worst = 0.0;
    int count = 0;
    for (const double sign : {1.0, -1.0}) {
      for (const double a : fractions) {
        for (const double b : fractions) {
          double position[4] = {sign * 1e9 + a, -sign * 1e9 + b, sign * (1e9 + a + b),
                                -(1e9 - a * b)};
          lattice_coord coords[4];
          reduce_point(noise, dims, position, coords);
          const double reference = sample_reference(noise, dims, position, table);
          const float mirror = sample_mirror(noise, dims, coords, table);
          worst = std::max(worst, std::fabs(mirror - reference));
          ++count;
        }
      }
    }
    EXPECT_LE(worst, 1e-5) << "dims " << dims << ", " << count << " points";
  }
  // The classic 3D and 4D references themselves are exact functions of the reduced coordinate:
  // at 1e9 + f they equal the value at (1e9 mod 256) + f.
  const double far = 1e9, near = std::fmod(1e9, 256.0);
  EXPECT_EQ(noise3(far + 0.25, -far + 0.5, far + 0.75),
            noise3(near + 0.25, 256.0 - near + 0.5, near + 0.75));
}

}  // namespace
}  // namespace vknoise
