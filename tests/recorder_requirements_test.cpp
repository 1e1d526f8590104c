// What a borrowed device must have for vknoise and its recorder (context.hpp), each missing
// requirement refused with a message that names it: real host devices on the driver present
// (lavapipe here), made with the host's wrong choice, under the validation layer.
#include <gtest/gtest.h>

#include <string>

#include "borrowed_device_fixture.hpp"

namespace vknoise {
namespace {

using host::host_device;
using host::host_options;

// A host made with `options`; borrowed with `lend` (the host's handles, possibly misstated).
struct misconfigured_host {
  std::unique_ptr<host_device> host;
  std::unique_ptr<context> ctx;

  explicit misconfigured_host(const host_options& options) {
    std::string why;
    host = host_device::create(options, &why);
    EXPECT_TRUE(host) << why;
  }
  // borrow() with the host's handles after `change`; the error message, or "" when it succeeded.
  template <typename Change>
  std::string borrow(Change change) {
    borrowed_device lent = host->lend();
    change(lent);
    auto borrowed = context::borrow(lent);
    if (!borrowed) return borrowed.message();
    ctx = std::move(borrowed.value());
    return "";
  }
  std::string borrow() {
    return borrow([](borrowed_device&) {});
  }
  // recorder::create's error message, or "" when it succeeded.
  std::string create_recorder() {
    auto made = recorder::create(*ctx);
    if (made) return "";
    EXPECT_EQ(made.error_value().code, errc::no_device);
    return made.message();
  }
  ~misconfigured_host() {
    if (host) release_borrowed(ctx, *host);
  }
};

host_options with_api_version(std::uint32_t version) {
  host_options o;
  o.api_version = version;
  return o;
}

TEST(recorder_requirements, BorrowWithoutTheInstanceApiVersionIsRefused) {
  misconfigured_host h(host_options{});
  ASSERT_TRUE(h.host);
  const std::string message = h.borrow([](borrowed_device& b) { b.instance_api_version = 0; });
  EXPECT_EQ(message,
            "borrowed_device::instance_api_version is not set: give the "
            "VkApplicationInfo.apiVersion the instance was created with (VK_API_VERSION_1_0 "
            "without VkApplicationInfo)");
}

TEST(recorder_requirements, AnInstanceOfVulkan10IsRefusedByBorrow) {
  misconfigured_host h(with_api_version(VK_API_VERSION_1_0));
  ASSERT_TRUE(h.host);
  EXPECT_EQ(h.borrow(),
            "the instance was created with apiVersion 1.0; vknoise needs 1.1 for its kernels "
            "(SPIR-V 1.3) (VkApplicationInfo.apiVersion)");
}

TEST(recorder_requirements, AnInstanceOfVulkan11IsRefusedByTheRecorder) {
  misconfigured_host h(with_api_version(VK_API_VERSION_1_1));
  ASSERT_TRUE(h.host);
  ASSERT_EQ(h.borrow(), "");  // enough for renderers
  EXPECT_EQ(h.create_recorder(),
            "the instance was created with apiVersion 1.1; the recorder needs 1.2 for timeline "
            "semaphores (VkApplicationInfo.apiVersion)");
}

// The host says 1.2 and timeline semaphores, but its instance is 1.1: the loader then gives no
// 1.2 functions, which vknoise checks (the case the feature used to be turned off quietly).
TEST(recorder_requirements, AMisstatedInstanceVersionIsFoundThroughTheLoader) {
  misconfigured_host h(with_api_version(VK_API_VERSION_1_1));
  ASSERT_TRUE(h.host);
  ASSERT_EQ(h.borrow([](borrowed_device& b) {
    b.instance_api_version = VK_API_VERSION_1_2;
    b.enabled.timeline_semaphore = true;
  }),
            "");
  EXPECT_EQ(h.create_recorder(),
            "the loader gives no vkWaitSemaphores for the device, although the instance's "
            "apiVersion is stated as 1.2: the instance was created with apiVersion 1.1 or lower; "
            "the recorder needs 1.2 for timeline semaphores (VkApplicationInfo.apiVersion)");
  EXPECT_TRUE(h.ctx->features().timeline_semaphore);  // the claim is kept, not hidden
}

TEST(recorder_requirements, ADeviceWithoutTimelineSemaphoresIsRefusedByTheRecorder) {
  host_options o;
  o.timeline_semaphore = false;
  misconfigured_host h(o);
  ASSERT_TRUE(h.host);
  ASSERT_EQ(h.borrow(), "");
  EXPECT_EQ(h.create_recorder(),
            "the device was created without the timelineSemaphore feature "
            "(VkPhysicalDeviceVulkan12Features::timelineSemaphore, stated in "
            "borrowed_device::enabled.timeline_semaphore), which the recorder needs");
}

TEST(recorder_requirements, AHostThatMeetsThemGetsARecorder) {
  misconfigured_host h(host_options{});
  ASSERT_TRUE(h.host);
  ASSERT_EQ(h.borrow(), "");
  EXPECT_EQ(h.ctx->instance_api_version(), VK_API_VERSION_1_2);
  EXPECT_EQ(h.create_recorder(), "");
}

}  // namespace
}  // namespace vknoise
