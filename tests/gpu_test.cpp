// GPU against CPU: the double reference within 1e-5, and the float mirror bit for bit.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include <volk.h>

#include "gpu_fixture.hpp"
#include "table_placements.hpp"
#include "vulkan/context_impl.hpp"

namespace {

using vknoise::field_spec;
using vknoise::permutation_table;

constexpr double kTolerance = 1e-5;  // documented bound: GPU vs double reference

struct comparison {
  double max_error_vs_reference = 0;
  std::size_t bit_identical = 0;
  std::size_t samples = 0;
};

comparison compare_field(vknoise::gpu_renderer& renderer, const field_spec& field,
                         const permutation_table& table) {
  const std::size_t n = vknoise::sample_count(field);
  std::vector<float> gpu(n), mirror(n);
  std::vector<double> reference(n);
  comparison c;
  auto s = renderer.fill(field, table, gpu);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(vknoise::fill_reference(field, table, std::span<double>(reference)).ok());
  EXPECT_TRUE(vknoise::fill_mirror(field, table, mirror).ok());
  c.samples = n;
  for (std::size_t i = 0; i < n; ++i) {
    c.max_error_vs_reference =
        std::max(c.max_error_vs_reference, std::fabs(double(gpu[i]) - reference[i]));
    c.bit_identical +=
        std::bit_cast<std::uint32_t>(gpu[i]) == std::bit_cast<std::uint32_t>(mirror[i]);
  }
  return c;
}

field_spec make_field(int dims, std::array<std::uint32_t, 4> size, std::array<double, 4> origin,
                      double step) {
  field_spec f;
  f.dims = dims;
  f.size = size;
  f.origin = origin;
  f.step = {step, step, step, step};
  return f;
}

void expect_exact(vknoise::gpu_renderer& renderer, const field_spec& field,
                  const permutation_table& table = permutation_table::perlin()) {
  const comparison c = compare_field(renderer, field, table);
  EXPECT_LE(c.max_error_vs_reference, kTolerance);
  EXPECT_EQ(c.bit_identical, c.samples) << "GPU differs from the float mirror";
  // A field that is all zeros would pass trivially; these fields are not.
  EXPECT_GT(c.samples, 0u);
}

TEST_P(gpu_test, field3_near_origin_matches_cpu) {
  expect_exact(*renderer_, make_field(3, {64, 48, 5, 1}, {-1.3, -0.7, 0.25, 0}, 0.0371));
}

TEST_P(gpu_test, field3_far_from_origin_matches_cpu) {
  expect_exact(*renderer_, make_field(3, {40, 40, 4, 1}, {1e6 + 0.3, -1e6 - 0.6, 1e6, 0}, 0.043));
  expect_exact(*renderer_, make_field(3, {40, 40, 4, 1}, {-1e6, 1e6 - 0.5, -1e6 + 0.1, 0}, 0.1));
}

TEST_P(gpu_test, field4_near_origin_matches_cpu) {
  expect_exact(*renderer_, make_field(4, {24, 20, 6, 5}, {-2.2, 0.1, 3.3, -0.4}, 0.077));
}

TEST_P(gpu_test, field4_far_from_origin_matches_cpu) {
  expect_exact(*renderer_, make_field(4, {20, 16, 5, 4}, {1e6, -1e6 + 0.2, 1e6 + 0.9, -1e6}, 0.09));
}

TEST_P(gpu_test, seeded_table_matches_cpu) {
  expect_exact(*renderer_, make_field(3, {33, 17, 9, 1}, {0.5, 0.5, 0.5, 0}, 0.11),
               permutation_table::from_seed(42));
  expect_exact(*renderer_, make_field(4, {17, 9, 3, 3}, {0.5, 0.5, 0.5, 7.25}, 0.13),
               permutation_table::from_seed(7));
}

TEST_P(gpu_test, values_are_those_of_the_reference_at_known_points) {
  // noise3(3.14, 42, 7) from Perlin's Java reference, on a 1-sample field.
  field_spec f = make_field(3, {1, 1, 1, 1}, {3.14, 42, 7, 0}, 1.0);
  float value = 0;
  ASSERT_TRUE(renderer_->fill(f, permutation_table::perlin(), std::span<float>(&value, 1)).ok());
  EXPECT_NEAR(value, 0.13691995878400012, 1e-7);
}

TEST_P(gpu_test, chunked_fill_equals_whole_fill) {
  // 4 KiB chunks force many dispatches, whole rows (nx = 100) and row segments (nx = 1500).
  vknoise::renderer_options options;
  options.chunk_bytes = 4096;
  options.table = GetParam();
  auto small = vknoise::gpu_renderer::create(*ctx_, options);
  ASSERT_TRUE(small.ok()) << small.message();
  for (const field_spec& f : {make_field(3, {100, 37, 5, 1}, {-3.5, 2.25, 9.0, 0}, 0.05),
                              make_field(4, {1500, 3, 2, 2}, {0.1, 0.2, 0.3, 0.4}, 0.021)}) {
    const std::size_t n = vknoise::sample_count(f);
    std::vector<float> chunked(n), mirror(n);
    vknoise::gpu_stats stats;
    ASSERT_TRUE((*small)->fill(f, permutation_table::perlin(), chunked, &stats).ok());
    ASSERT_TRUE(vknoise::fill_mirror(f, permutation_table::perlin(), mirror).ok());
    EXPECT_GT(stats.dispatches, 4u);
    EXPECT_EQ(0, std::memcmp(chunked.data(), mirror.data(), n * sizeof(float)));
  }
}

TEST_P(gpu_test, timestamps_measure_the_kernel) {
  ASSERT_TRUE(ctx_->has_timestamps());
  vknoise::gpu_stats stats;
  field_spec f = make_field(3, {64, 64, 16, 1}, {0, 0, 0, 0}, 0.05);
  std::vector<float> out(vknoise::sample_count(f));
  ASSERT_TRUE(renderer_->fill(f, permutation_table::perlin(), out, &stats).ok());
  EXPECT_EQ(stats.dispatches, 1u);
  EXPECT_GT(stats.kernel_ns, 0.0);
}

std::vector<double> random_points(int dims, std::size_t count, double scale, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-scale, scale);
  std::vector<double> points(dims * count);
  for (double& c : points) c = u(rng);
  return points;
}

void expect_points_exact(vknoise::gpu_renderer& renderer, int dims,
                         const std::vector<double>& points) {
  const std::size_t n = points.size() / dims;
  std::vector<float> gpu(n);
  auto s = renderer.eval(dims, points, permutation_table::perlin(), gpu);
  ASSERT_TRUE(s.ok()) << s.message();
  const permutation_table table = permutation_table::perlin();
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = &points[i * dims];
    double reference;
    float mirror;
    if (dims == 3) {
      reference = vknoise::noise3(p[0], p[1], p[2]);
      mirror = vknoise::noise3f(vknoise::reduce_coordinate(p[0]), vknoise::reduce_coordinate(p[1]),
                                vknoise::reduce_coordinate(p[2]), table);
    } else {
      reference = vknoise::noise4(p[0], p[1], p[2], p[3]);
      mirror = vknoise::noise4f(vknoise::reduce_coordinate(p[0]), vknoise::reduce_coordinate(p[1]),
                                vknoise::reduce_coordinate(p[2]), vknoise::reduce_coordinate(p[3]),
                                table);
    }
    ASSERT_LE(std::fabs(gpu[i] - reference), kTolerance) << "point " << i;
    ASSERT_EQ(std::bit_cast<std::uint32_t>(gpu[i]), std::bit_cast<std::uint32_t>(mirror))
        << "point " << i;
  }
}

TEST_P(gpu_test, eval_points_match_cpu) {
  expect_points_exact(*renderer_, 3, random_points(3, 5000, 300.0, 1));
  expect_points_exact(*renderer_, 4, random_points(4, 5000, 300.0, 2));
}

TEST_P(gpu_test, eval_points_far_from_origin_match_cpu) {
  std::vector<double> p3 = random_points(3, 3000, 1.0, 3), p4 = random_points(4, 3000, 1.0, 4);
  for (std::size_t i = 0; i < p3.size(); ++i) p3[i] += (i % 2 ? 1e6 : -1e6);
  for (std::size_t i = 0; i < p4.size(); ++i) p4[i] += (i % 3 ? -1e6 : 1e6);
  p3.insert(p3.end(), {2147483647.5, -2147483647.75, 1e9 + 0.125});
  expect_points_exact(*renderer_, 3, p3);
  expect_points_exact(*renderer_, 4, p4);
}

TEST_P(gpu_test, rejects_bad_input_with_errors) {
  field_spec f = make_field(3, {4, 4, 1, 1}, {0, 0, 0, 0}, 0.1);
  std::vector<float> wrong(15);
  auto s = renderer_->fill(f, permutation_table::perlin(), wrong);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, vknoise::errc::invalid_argument);

  f.origin[0] = std::nan("");
  std::vector<float> out(16);
  s = renderer_->fill(f, permutation_table::perlin(), out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, vknoise::errc::invalid_argument);

  const std::vector<double> points = {0.5, 0.5, std::nan("")};
  std::vector<float> one(1);
  s = renderer_->eval(3, points, permutation_table::perlin(), one);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, vknoise::errc::out_of_range);

  s = renderer_->eval(5, points, permutation_table::perlin(), one);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, vknoise::errc::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(table, gpu_test, vknoise::both_table_placements(),
                         vknoise::placement_test_name);

TEST(borrowed_context, missing_handles_are_an_error) {
  vknoise::borrowed_device handles;
  handles.get_instance_proc_addr = nullptr;
  auto borrowed = vknoise::context::borrow(handles);
  ASSERT_FALSE(borrowed.ok());  // missing handles are an error, not a crash
}

// The device tests create (or fail to create) validated contexts; list_devices() makes an instance
// of its own, without the layer.
using devices = vknoise::validated_test<>;

TEST_F(devices, listing_marks_exactly_one_preferred_device) {
  auto devices = vknoise::list_devices();
  ASSERT_TRUE(devices.ok()) << devices.message();
  ASSERT_FALSE(devices->empty());
  int preferred = 0;
  for (const vknoise::device_info& d : *devices) {
    preferred += d.preferred;
    EXPECT_FALSE(d.name.empty());
    EXPECT_FALSE(d.reason.empty());
  }
  EXPECT_EQ(preferred, 1);
}

TEST_F(devices, bad_device_index_is_an_error) {
  vknoise::context_options options = log_.validated();
  options.device_index = 999;
  auto ctx = vknoise::context::create(options);
  ASSERT_FALSE(ctx.ok());
  EXPECT_NE(ctx.message().find("device 999 does not exist"), std::string::npos) << ctx.message();
}

TEST_F(devices, bad_device_environment_variable_is_an_error) {
  ::setenv("VKNOISE_DEVICE", "abc", 1);
  auto ctx = vknoise::context::create(log_.validated());
  ::unsetenv("VKNOISE_DEVICE");
  ASSERT_FALSE(ctx.ok());
  EXPECT_NE(ctx.message().find("VKNOISE_DEVICE=abc"), std::string::npos) << ctx.message();
}

// Proof that the layer is live, for misuse, for synchronization, and at teardown: without these,
// "no validation messages" could mean "no layer" or "messages lost".
using validation = vknoise::validated_test<>;

TEST_F(validation, layer_reports_misuse) {
  auto ctx = vknoise::context::create(log_.validated());
  ASSERT_TRUE(ctx.ok()) << ctx.message();
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = 0;  // invalid: VUID-VkBufferCreateInfo-size-00912
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  const VkResult r = device_table(**ctx).vkCreateBuffer((*ctx)->device(), &info, nullptr, &buffer);
  if (r == VK_SUCCESS && buffer)
    device_table(**ctx).vkDestroyBuffer((*ctx)->device(), buffer, nullptr);
  const auto messages = (*ctx)->validation_messages();
  ASSERT_FALSE(messages.empty());
  EXPECT_NE(messages.front().find("00912"), std::string::npos) << messages.front();
  EXPECT_EQ(log_.take(), messages) << "the hook gets every message validation_messages() has";
}

// A buffer left alive is reported only when the device is destroyed, inside ~context: the message
// must reach the test through the hook after the context is gone.
TEST_F(validation, objects_left_alive_at_teardown_are_reported) {
  auto ctx = vknoise::context::create(log_.validated());
  ASSERT_TRUE(ctx.ok()) << ctx.message();
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = 256;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer leaked = VK_NULL_HANDLE;
  ASSERT_EQ(device_table(**ctx).vkCreateBuffer((*ctx)->device(), &info, nullptr, &leaked),
            VK_SUCCESS);
  EXPECT_TRUE((*ctx)->validation_messages().empty()) << "nothing to report before teardown";
  char handle[32];
  std::snprintf(handle, sizeof handle, "0x%llx",
                static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(leaked)));
  ctx.value().reset();
  const auto messages = log_.take();
  ASSERT_FALSE(messages.empty()) << "the leak was not reported through the hook";
  for (const std::string& m : messages) {
    EXPECT_NE(m.find("VkBuffer"), std::string::npos) << m;
    EXPECT_NE(m.find(handle), std::string::npos) << "not the leaked " << handle << ": " << m;
    EXPECT_NE(m.find("has not been destroyed"), std::string::npos) << m;
  }
}

// A buffer with memory bound, of `usage` (plus transfer source and destination).
struct bound_buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
};

bound_buffer create_bound_buffer(const vknoise::context& ctx, VkDeviceSize size) {
  const VolkDeviceTable& vk = device_table(ctx);
  bound_buffer b;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  EXPECT_EQ(vk.vkCreateBuffer(ctx.device(), &info, nullptr, &b.buffer), VK_SUCCESS);
  VkMemoryRequirements needs;
  vk.vkGetBufferMemoryRequirements(ctx.device(), b.buffer, &needs);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = needs.size;
  alloc.memoryTypeIndex = static_cast<std::uint32_t>(std::countr_zero(needs.memoryTypeBits));
  EXPECT_EQ(vk.vkAllocateMemory(ctx.device(), &alloc, nullptr, &b.memory), VK_SUCCESS);
  EXPECT_EQ(vk.vkBindBufferMemory(ctx.device(), b.buffer, b.memory, 0), VK_SUCCESS);
  return b;
}

// A copy that reads a buffer right after a fill wrote it, with no barrier between them, is a
// read-after-write hazard that only synchronization validation sees (at record time).
TEST_F(validation, synchronization_validation_reports_a_missing_barrier) {
  auto created = vknoise::context::create(log_.validated());
  ASSERT_TRUE(created.ok()) << created.message();
  const vknoise::context& ctx = *created.value();
  const VolkDeviceTable& vk = device_table(ctx);
  const bound_buffer written = create_bound_buffer(ctx, 256), copy = create_bound_buffer(ctx, 256);
  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.queueFamilyIndex = ctx.queue_family_index();
  VkCommandPool pool = VK_NULL_HANDLE;
  ASSERT_EQ(vk.vkCreateCommandPool(ctx.device(), &pool_info, nullptr, &pool), VK_SUCCESS);
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = pool;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  ASSERT_EQ(vk.vkAllocateCommandBuffers(ctx.device(), &alloc, &cmd), VK_SUCCESS);
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  ASSERT_EQ(vk.vkBeginCommandBuffer(cmd, &begin), VK_SUCCESS);
  vk.vkCmdFillBuffer(cmd, written.buffer, 0, 256, 0);
  const VkBufferCopy region{0, 0, 256};
  vk.vkCmdCopyBuffer(cmd, written.buffer, copy.buffer, 1, &region);
  EXPECT_EQ(vk.vkEndCommandBuffer(cmd), VK_SUCCESS);
  const auto messages = log_.take();
  EXPECT_TRUE(vknoise::any_contains(messages, "SYNC-HAZARD-READ-AFTER-WRITE"))
      << messages.size() << " messages, none a read-after-write hazard";
  vk.vkDestroyCommandPool(ctx.device(), pool, nullptr);
  for (const bound_buffer& b : {written, copy}) {
    vk.vkDestroyBuffer(ctx.device(), b.buffer, nullptr);
    vk.vkFreeMemory(ctx.device(), b.memory, nullptr);
  }
}

}  // namespace
