// Faults, scale and precision on the GPU path.
//
// Fault injection (src/vulkan/fault_injection.hpp) makes vkAllocateMemory, vkQueueSubmit,
// vkWaitForFences and vkWaitSemaphores fail as a real device does: each must give an error that
// names the call, promptly, never a hang or an abort; what abandoned work may still use is
// destroyed with the context, once the device is idle. Like every GPU test, these run with the
// validation layer and synchronization validation, and any message fails them.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

#include "borrowed_device_fixture.hpp"
#include "gpu_fixture.hpp"
#include "vknoise/vknoise.hpp"
#include "vulkan/chunk_plan.hpp"

namespace vknoise {
namespace {

// Sets VKNOISE_FAULT for the scope of one check.
struct injected {
  explicit injected(const char* spec) { ::setenv("VKNOISE_FAULT", spec, 1); }
  ~injected() { ::unsetenv("VKNOISE_FAULT"); }
};

field_spec small_field() {
  field_spec f;
  f.dims = 3;
  f.size = {24, 8, 2, 1};
  f.origin = {0.25, -3.5, 1.75, 0};
  f.step = {0.31, 0.27, 0.5, 1};
  return f;
}

// The host destroys its device after vknoise is gone, so objects vknoise failed to destroy after a
// fault are reported too.
class gpu_fault_test : public borrowed_device_test {
 protected:
  void SetUp() override {
    destroy_host_device_ = true;
    borrow(30'000'000'000ull);
  }
};

void expect_error(const status& s, errc code, const char* text) {
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, code) << s.message();
  EXPECT_NE(s.message().find(text), std::string::npos) << s.message();
}

TEST_F(gpu_fault_test, OutOfDeviceMemoryIsAnErrorAndTheRendererRecovers) {
  auto renderer = gpu_renderer::create(*ctx_);
  ASSERT_TRUE(renderer.ok());
  const field_spec field = small_field();
  std::vector<float> out(value_count(field));
  {
    injected fault("vkAllocateMemory=VK_ERROR_OUT_OF_DEVICE_MEMORY");
    expect_error(renderer.value()->fill(field, permutation_table::perlin(), out),
                 errc::vulkan_error, "vkAllocateMemory failed: VK_ERROR_OUT_OF_DEVICE_MEMORY");
  }
  // Nothing was in flight, so the renderer is intact once memory is available again.
  ASSERT_TRUE(renderer.value()->fill(field, permutation_table::perlin(), out).ok());
  EXPECT_EQ(0, std::memcmp(out.data(), mirror_of(field).data(), out.size() * 4));
}

TEST_F(gpu_fault_test, OutOfHostMemoryFromTheDriverIsOutOfMemory) {
  injected fault("vkAllocateMemory=VK_ERROR_OUT_OF_HOST_MEMORY");
  auto renderer = gpu_renderer::create(*ctx_);
  ASSERT_FALSE(renderer.ok());
  EXPECT_EQ(renderer.error_value().code, errc::out_of_memory);
  auto rec = recorder::create(*ctx_);
  ASSERT_FALSE(rec.ok());
  EXPECT_EQ(rec.error_value().code, errc::out_of_memory);
}

TEST_F(gpu_fault_test, DeviceLostAtSubmitIsAnError) {
  auto renderer = gpu_renderer::create(*ctx_);
  ASSERT_TRUE(renderer.ok());
  const field_spec field = small_field();
  std::vector<float> out(value_count(field));
  injected fault("vkQueueSubmit=VK_ERROR_DEVICE_LOST");
  expect_error(renderer.value()->fill(field, permutation_table::perlin(), out), errc::vulkan_error,
               "vkQueueSubmit failed: VK_ERROR_DEVICE_LOST");
  std::vector<double> points = {0.5, 0.25, 0.125};
  std::vector<float> value(1);
  expect_error(renderer.value()->eval(3, points, permutation_table::perlin(), value),
               errc::vulkan_error, "VK_ERROR_DEVICE_LOST");
}

// A device lost while waiting leaves work whose state is unknown: the renderer reports it, then
// refuses further work instead of touching memory the GPU may still write, and never hangs.
TEST_F(gpu_fault_test, DeviceLostWhileWaitingMakesTheRendererRefuseWork) {
  auto renderer = gpu_renderer::create(*ctx_);
  ASSERT_TRUE(renderer.ok());
  const field_spec field = small_field();
  std::vector<float> out(value_count(field));
  {
    injected fault("vkWaitForFences=VK_ERROR_DEVICE_LOST");
    expect_error(renderer.value()->fill(field, permutation_table::perlin(), out),
                 errc::vulkan_error, "vkWaitForFences failed: VK_ERROR_DEVICE_LOST");
  }
  expect_error(renderer.value()->fill(field, permutation_table::perlin(), out), errc::vulkan_error,
               "unusable");
}

TEST_F(gpu_fault_test, AFenceThatNeverSignalsTimesOut) {
  {
    injected fault("vkWaitForFences=VK_TIMEOUT");
    auto renderer = gpu_renderer::create(*ctx_);
    ASSERT_TRUE(renderer.ok());
    std::vector<float> small(value_count(small_field()));
    expect_error(renderer.value()->fill(small_field(), permutation_table::perlin(), small),
                 errc::timeout, "vkWaitForFences timed out");
  }
  TearDown();
  borrow(1);  // no real dispatch finishes within a nanosecond of submitting
  auto renderer = gpu_renderer::create(*ctx_);
  ASSERT_TRUE(renderer.ok());
  field_spec field = small_field();
  field.size = {128, 128, 16, 1};
  field.noise.fractal = fractal_kind::fbm;
  field.noise.octaves = 8;
  std::vector<float> out(value_count(field));
  const auto start = std::chrono::steady_clock::now();
  const status s = renderer.value()->fill(field, permutation_table::perlin(), out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, errc::timeout) << s.message();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
}

TEST_F(gpu_fault_test, RecorderFaultsAreErrors) {
  auto rec = recorder::create(*ctx_);
  ASSERT_TRUE(rec.ok()) << rec.message();
  const field_spec field = small_field();
  auto buffer = host_->create_buffer(value_count(field) * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  ASSERT_TRUE(buffer.handle);
  const render_target target = render_target::of(buffer_target{buffer.handle, 0, buffer.size});
  {
    injected fault("vkQueueSubmit=VK_ERROR_DEVICE_LOST");
    expect_error(rec.value()->run(field, permutation_table::perlin(), target), errc::vulkan_error,
                 "vkQueueSubmit failed: VK_ERROR_DEVICE_LOST");
  }
  ASSERT_TRUE(rec.value()->run(field, permutation_table::perlin(), target).ok());
  {
    injected fault("vkWaitSemaphores=VK_ERROR_DEVICE_LOST");
    expect_error(rec.value()->run(field, permutation_table::perlin(), target), errc::vulkan_error,
                 "vkWaitSemaphores failed: VK_ERROR_DEVICE_LOST");
  }
  rec.value().reset();
  ctx_.reset();  // destroys what the failed wait abandoned, once the queue is idle
  host_->destroy(buffer);
}

// Precision and scale, with the validation layer on (gpu_fixture.hpp), for both table placements.
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
  field_spec field = small_field();
  field.size = {3000, 5, 3, 1};  // 12 KB rows: each row is cut into segments
  field.noise.gradient = true;
  std::vector<float> gpu(value_count(field));
  gpu_stats stats;
  ASSERT_TRUE(renderer.value()->fill(field, permutation_table::perlin(), gpu, &stats).ok());
  EXPECT_GE(stats.dispatches, 15u * 3);
  const std::vector<float> expected = mirror_of(field);
  EXPECT_EQ(0, std::memcmp(gpu.data(), expected.data(), gpu.size() * 4));
}

INSTANTIATE_TEST_SUITE_P(table, gpu_scale_test,
                         ::testing::Values(table_placement::storage_buffer,
                                           table_placement::uniform_buffer),
                         [](const auto& info) {
                           return info.param == table_placement::storage_buffer ? "storage"
                                                                                : "uniform";
                         });

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
