// Precision and scale on the GPU path, with the validation layer on (gpu_fixture.hpp), for both
// table placements: origins and points at +-1e9, and fields split into several dispatches by the
// device's workgroup-count limit or by the chunk size.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "borrowed_device_fixture.hpp"
#include "gpu_fixture.hpp"
#include "table_placements.hpp"
#include "vknoise/vknoise.hpp"
#include "vulkan/chunk_plan.hpp"

namespace vknoise {
namespace {

class gpu_scale_test : public gpu_test {};

// Fields at origins of +-1e9 on every axis, and points there, stay within 1e-5 of the double
// reference: positions are reduced modulo the period in double on the host.
TEST_P(gpu_scale_test, FieldsAndPointsAtOneBillionMatchTheReference) {
  for (int dims : {3, 4}) {
    for (int corner = 0; corner < (1 << dims); ++corner) {
      field_spec field;
      field.dims = dims;
      field.size = dims == 3 ? std::array<std::uint32_t, 4>{9, 7, 5, 1}
                             : std::array<std::uint32_t, 4>{6, 5, 4, 3};
      for (int a = 0; a < dims; ++a) {
        field.origin[a] = (corner >> a & 1 ? 1e9 : -1e9) + 0.37 * (a + 1);
        field.step[a] = 0.173;
      }
      std::vector<float> gpu(value_count(field));
      ASSERT_TRUE(renderer_->fill(field, permutation_table::perlin(), gpu).ok());
      std::vector<double> reference(value_count(field));
      ASSERT_TRUE(fill_reference(field, permutation_table::perlin(), reference).ok());
      double worst = 0;
      for (std::size_t i = 0; i < gpu.size(); ++i) {
        worst = std::max(worst, std::fabs(gpu[i] - reference[i]));
      }
      EXPECT_LT(worst, 1e-5) << dims << "D corner " << corner;
    }
  }
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> far(-1e9, 1e9);
  for (int dims : {3, 4}) {
    std::vector<double> points(dims * 500);
    for (double& p : points) p = far(random);
    for (int a = 0; a < dims; ++a) {
      points[a] = 1e9 - 0.25;  // the edges themselves
      points[dims + a] = -1e9 + 0.75;
    }
    std::vector<float> gpu(points.size() / dims);
    ASSERT_TRUE(renderer_->eval(dims, points, permutation_table::perlin(), gpu).ok());
    double worst = 0;
    for (std::size_t i = 0; i < gpu.size(); ++i) {
      const double* p = &points[i * dims];
      const double expected = dims == 3 ? noise3(p[0], p[1], p[2]) : noise4(p[0], p[1], p[2], p[3]);
      worst = std::max(worst, std::fabs(gpu[i] - expected));
    }
    EXPECT_LT(worst, 1e-5) << dims << "D points";
  }
}

// A 1D field longer than maxComputeWorkGroupCount[0] workgroups allow in one dispatch is split,
// never truncated: every sample equals the mirror's.
TEST_P(gpu_scale_test, FieldsBeyondTheWorkgroupCountLimitAreSplit) {
  const std::uint64_t limit =
      std::uint64_t{ctx_->properties().limits.maxComputeWorkGroupCount[0]} * 64;
  field_spec field;
  field.dims = 1;
  // Beyond the limit where the device's limit is reachable (lavapipe: 65535 groups); elsewhere a
  // small chunk size forces the same row-segment split (renderer_options below).
  const bool reachable = limit < (1u << 24);
  field.size = {static_cast<std::uint32_t>(reachable ? limit + 1000 : 100000), 1, 1, 1};
  field.step = {0.013, 1, 1, 1};
  renderer_options options;
  options.table = GetParam();
  if (!reachable) options.chunk_bytes = 4096;
  auto renderer = gpu_renderer::create(*ctx_, options);
  ASSERT_TRUE(renderer.ok());
  std::vector<float> gpu(value_count(field));
  gpu_stats stats;
  ASSERT_TRUE(renderer.value()->fill(field, permutation_table::perlin(), gpu, &stats).ok());
  EXPECT_GE(stats.dispatches, 2u);
  const std::vector<float> expected = mirror_of(field);
  EXPECT_EQ(0, std::memcmp(gpu.data(), expected.data(), gpu.size() * 4));
}

// The same split by output bytes (maxStorageBufferRange is handled through chunk_bytes, which the
// renderer clamps to half of it): rows, row segments, and every sample once.
TEST_P(gpu_scale_test, FieldsBeyondTheChunkSizeAreSplitIntoRowsAndSegments) {
  renderer_options options;
  options.table = GetParam();
  options.chunk_bytes = 1;  // clamped up to the renderer's minimum of 4096 bytes
  auto renderer = gpu_renderer::create(*ctx_, options);
  ASSERT_TRUE(renderer.ok());
  field_spec field;
  field.dims = 3;
  field.size = {3000, 5, 3, 1};  // 12 KB rows: each row is cut into segments
  field.origin = {0.25, -3.5, 1.75, 0};
  field.step = {0.31, 0.27, 0.5, 1};
  field.noise.gradient = true;
  std::vector<float> gpu(value_count(field));
  gpu_stats stats;
  ASSERT_TRUE(renderer.value()->fill(field, permutation_table::perlin(), gpu, &stats).ok());
  EXPECT_GE(stats.dispatches, 15u * 3);
  const std::vector<float> expected = mirror_of(field);
  EXPECT_EQ(0, std::memcmp(gpu.data(), expected.data(), gpu.size() * 4));
}

INSTANTIATE_TEST_SUITE_P(table, gpu_scale_test, both_table_placements(), placement_test_name);

// The chunker under synthetic limits no device has: every sample is covered exactly once, in
// storage order, and no chunk exceeds the group counts or the byte budget.
TEST(field_chunker, CoversEverySampleOnceWithinTheLimits) {
  for (std::uint32_t nx : {1u, 7u, 64u, 65u, 1000u}) {
    for (std::uint32_t groups : {1u, 2u, 3u}) {
      for (std::uint64_t bytes : {64ull, 300ull, 4096ull, 1ull << 20}) {
        field_spec field;
        field.dims = 3;
        field.size = {nx, 5, 3, 1};
        vk::dispatch_limits limits{groups, groups, bytes, 2, 1};
        vk::field_chunker chunker(field, limits);
        std::uint64_t next_sample = 0;
        for (vk::field_chunk c{}; chunker.next(c);) {
          ASSERT_EQ(c.first_row * nx + c.first_x, next_sample);
          ASSERT_LE((c.count_x + 63) / 64, groups);
          ASSERT_LE(c.row_count, groups);
          ASSERT_TRUE(c.count_x == nx || c.row_count == 1);
          next_sample += std::uint64_t{c.count_x} * c.row_count;
        }
        EXPECT_EQ(next_sample, sample_count(field)) << nx << " " << groups << " " << bytes;
      }
    }
  }
}

}  // namespace
}  // namespace vknoise
