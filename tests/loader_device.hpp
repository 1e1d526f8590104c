// A headless Vulkan device for the tests of the window's code (src/view), which calls Vulkan
// through the loader's own entry points (libvulkan), not through volk as the library does.
//
// The instance has VK_LAYER_KHRONOS_validation with synchronization validation, and a debug-utils
// messenger that keeps every warning and error the layer or the loader reports: the messenger is
// chained into VkInstanceCreateInfo too, so that instance creation and destruction report there,
// and a second one lives with the instance for everything between. loader_device_test fails a test
// on any message, those of vkDestroyDevice (objects left alive) and vkDestroyInstance included. A
// missing loader, layer or device fails the test: GPU tests never skip.
#pragma once

#include <gtest/gtest.h>
#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace vknoise::test {

class loader_device {
 public:
  // The first device with a compute queue, or nullptr and the reason in `why`.
  static std::unique_ptr<loader_device> create(std::string* why);
  // destroy() unless done.
  ~loader_device();
  loader_device(const loader_device&) = delete;
  loader_device& operator=(const loader_device&) = delete;

  // Waits for the queue (at most 10 s), destroys the device, the messenger and the instance; the
  // messages they raise join the list. False when the queue did not go idle: the device and
  // instance are then left to the process's exit.
  bool destroy();
  // The messages so far, oldest first; the list is empty afterwards. Thread-safe.
  std::vector<std::string> take_messages();

  VkInstance instance() const { return instance_; }
  VkPhysicalDevice physical() const { return physical_; }
  VkDevice device() const { return device_; }
  VkQueue queue() const { return queue_; }
  std::uint32_t family() const { return family_; }

  struct message_list;

 private:
  loader_device();
  std::unique_ptr<message_list> messages_;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  std::uint32_t family_ = 0;
};

// A device per test, made in SetUp (a failure if there is none) and destroyed in TearDown, which
// then fails the test on every message collected.
class loader_device_test : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  std::unique_ptr<loader_device> gpu_;
};

}  // namespace vknoise::test
