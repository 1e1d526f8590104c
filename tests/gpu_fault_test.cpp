// Faults on the GPU path, with fault injection (src/vulkan/fault_injection.hpp; this file is built
// only with -DVKNOISE_FAULT_INJECTION=ON): vkAllocateMemory, vkQueueSubmit, vkWaitForFences and
// vkWaitSemaphores fail as a real device does, and each must give an error that names the call,
// promptly, never a hang or an abort. What abandoned work may still use is destroyed with the
// context once its bounded wait for the queue succeeds; when that wait fails too, the destructor
// returns promptly, reports the error through on_teardown_error and leaves those objects alive.
// Like every GPU test, these run with the validation layer and synchronization validation, and any
// message fails them, those at teardown included.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "borrowed_device_fixture.hpp"
#include "validation_log.hpp"
#include "vknoise/vknoise.h"
#include "vknoise/vknoise.hpp"

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

// The context reports teardown errors to teardown_errors_; a test that provokes one takes it,
// and any other fails the test.
class gpu_fault_test : public borrowed_device_test {
 protected:
  void SetUp() override { borrow_reporting(30'000'000'000ull); }

  void borrow_reporting(std::uint64_t fence_timeout_ns) {
    context_options options;
    options.fence_timeout_ns = fence_timeout_ns;
    options.on_teardown_error = [this](const error& e) { teardown_errors_.push_back(e); };
    borrow(options);
  }

  void TearDown() override {
    borrowed_device_test::TearDown();
    for (const error& e : std::exchange(teardown_errors_, {})) {
      ADD_FAILURE() << "teardown error: " << e.message;
    }
  }

  // Destroys the host's device (once its queue is idle), where the validation layer reports every
  // object vknoise left alive on it: those reports, which must be all there is.
  std::vector<std::string> objects_left_alive() {
    EXPECT_TRUE(host_->destroy_device());
    const std::vector<std::string> messages = host_->take_messages();
    for (const std::string& m : messages) {
      EXPECT_NE(m.find("has not been destroyed"), std::string::npos) << m;
    }
    return messages;
  }

  std::vector<error> teardown_errors_;
};

// Destroys `ctx` whose waits are injected: well within its fence timeout (30 s or more here).
void destroy_promptly(std::unique_ptr<context>& ctx) {
  const auto start = std::chrono::steady_clock::now();
  ctx.reset();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

// `errors` holds one error, a timeout whose message contains `text`; it is then emptied.
void take_one_timeout(std::vector<error>& errors, const char* text) {
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].code, errc::timeout);
  EXPECT_NE(errors[0].message.find(text), std::string::npos) << errors[0].message;
  errors.clear();
}

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
  // A renderer allocates its buffers on its first fill (its kernel's tables in their placement),
  // a recorder its memory block when it is created.
  auto renderer = gpu_renderer::create(*ctx_);
  ASSERT_TRUE(renderer.ok()) << renderer.message();
  const field_spec field = small_field();
  std::vector<float> out(value_count(field));
  const status filled = renderer.value()->fill(field, permutation_table::perlin(), out);
  ASSERT_FALSE(filled.ok());
  EXPECT_EQ(filled.error_value().code, errc::out_of_memory);
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
  borrow_reporting(1);  // no real dispatch finishes within a nanosecond of submitting
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
  // The context's own wait at destruction has 1 ns too: either the abandoned dispatch is done by
  // then and everything is destroyed, or the wait times out and the renderer's objects stay alive.
  renderer.value().reset();
  ctx_.reset();
  if (teardown_errors_.empty()) return;  // TearDown checks that nothing was left alive
  take_one_timeout(teardown_errors_, "vkWaitForFences timed out after 1 ns");
  EXPECT_TRUE(any_contains(objects_left_alive(), "VkBuffer"));
}

// ~context never waits longer than the fence timeout: when the queue does not drain, it reports
// the timeout and leaves alive what the GPU may still use, exactly the objects ~context lists.
TEST_F(gpu_fault_test, AContextWhoseQueueNeverDrainsReportsTheTimeoutAndLeavesTheObjectsAlive) {
  auto renderer = gpu_renderer::create(*ctx_);
  ASSERT_TRUE(renderer.ok());
  std::vector<float> out(value_count(small_field()));
  injected fault("vkWaitForFences=VK_TIMEOUT");  // the renderer's wait, then the context's
  expect_error(renderer.value()->fill(small_field(), permutation_table::perlin(), out),
               errc::timeout, "vkWaitForFences timed out");
  renderer.value().reset();  // abandoned: its objects go to the context, with no wait
  EXPECT_TRUE(teardown_errors_.empty());
  destroy_promptly(ctx_);
  take_one_timeout(teardown_errors_, "vkWaitForFences timed out after 30 s");
  const std::vector<std::string> left = objects_left_alive();
  for (const char* kind : {"VkBuffer ", "VkDeviceMemory ", "VkFence ", "VkCommandPool ",
                           "VkDescriptorPool ", "VkPipeline ", "VkPipelineLayout "}) {
    EXPECT_TRUE(any_contains(left, kind)) << "no " << kind << "among " << left.size();
  }
}

// The same through the C API: vknoise_context_options.on_teardown_error gets the status and the
// message.
TEST_F(gpu_fault_test, TheCApiReportsTeardownErrorsToItsHook) {
  struct reported {
    std::vector<std::pair<vknoise_status, std::string>> errors;
  } seen;
  vknoise_context_options options;
  vknoise_context_options_init_default(&options);
  options.fence_timeout_ns = 30'000'000'000ull;
  options.on_teardown_error = [](void* user, vknoise_status status, const char* message) {
    static_cast<reported*>(user)->errors.emplace_back(status, message);
  };
  options.teardown_error_user_data = &seen;
  const vknoise_device_handles handles = c_handles_of(host_->lend());
  vknoise_context* context = nullptr;
  ASSERT_EQ(vknoise_context_borrow(&handles, &options, &context), VKNOISE_OK);
  vknoise_recorder* recorder = nullptr;
  ASSERT_EQ(vknoise_recorder_create(context, nullptr, &recorder), VKNOISE_OK);
  auto buffer =
      host_->create_buffer(value_count(small_field()) * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  vknoise_field field;
  vknoise_field_init_default(&field);
  field.size[0] = 24;
  field.size[1] = 8;
  vknoise_render_target target;
  vknoise_render_target_init_default(&target);
  target.kind = VKNOISE_TARGET_BUFFER;
  target.buffer.buffer = buffer.handle;
  target.buffer.size = buffer.size;
  vknoise_timeline_point point;
  ASSERT_EQ(
      vknoise_recorder_submit(recorder, &field, nullptr, &target, VK_NULL_HANDLE, nullptr, &point),
      VKNOISE_OK);
  {
    injected fault("vkWaitSemaphores=VK_ERROR_DEVICE_LOST");
    vknoise_recorder_destroy(recorder);  // its wait for the submitted point fails
  }
  ASSERT_EQ(seen.errors.size(), 1u);
  EXPECT_EQ(seen.errors[0].first, VKNOISE_ERROR_VULKAN);
  EXPECT_EQ(seen.errors[0].second, "vkWaitSemaphores failed: VK_ERROR_DEVICE_LOST");
  // The recorder's objects went to the context, whose real wait now succeeds: all destroyed.
  vknoise_context_destroy(context);
  EXPECT_EQ(seen.errors.size(), 1u);
  host_->destroy(buffer);
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
  rec.value().reset();  // its own wait for the failed point is real, and succeeds
  ctx_.reset();
  host_->destroy(buffer);
}

// A context that owns its device keeps the device and instance alive when its queue does not
// drain, and still returns promptly with the error reported.
TEST(gpu_fault_owned, AnOwnedContextWhoseQueueNeverDrainsReturnsPromptly) {
  validation_log log;
  std::vector<error> errors;
  context_options options = log.validated();
  options.on_teardown_error = [&errors](const error& e) { errors.push_back(e); };
  auto ctx = context::create(options);
  ASSERT_TRUE(ctx.ok()) << ctx.message();
  {
    injected fault("vkWaitForFences=VK_TIMEOUT");
    destroy_promptly(ctx.value());
  }
  take_one_timeout(errors, "vkWaitForFences timed out after 120 s");
  log.expect_none();
}

}  // namespace
}  // namespace vknoise
