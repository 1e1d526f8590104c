// The window's Vulkan instance and device, which the window owns and lends to vknoise (a
// vknoise::context borrowed from it, as any host renderer would lend its device): a GLFW window
// and its surface (none when headless), the validation layer with synchronization validation when
// asked for, and one queue family that computes, draws, transfers and (with a window) presents.
//
// Threading: one thread (GLFW's rule: the main thread).
#pragma once

#include "view/vulkan_loader.hpp"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "vknoise/context.hpp"

struct GLFWwindow;

namespace vknoise::view {

struct device_options {
  std::uint32_t width = 960, height = 540;
  bool headless = false;  // no window, no surface, no present: frames go to an offscreen image
  bool validate = false;  // VK_LAYER_KHRONOS_validation with synchronization validation
  // The device (cli::requested_device: --device, else VKNOISE_DEVICE); none: the best there is.
  std::optional<std::uint32_t> device_index;
};

class window_device {
 public:
  // errc::no_device without a display (DISPLAY and WAYLAND_DISPLAY unset, or GLFW cannot open
  // one), without the loader, or without a Vulkan 1.2 device that has timeline semaphores and a
  // queue that computes, draws and presents to the window; errc::vulkan_error.
  // The validation layer's messages go to `sink`, which outlives a failed creation.
  struct message_sink;
  static result<std::unique_ptr<window_device>> create(const device_options& options,
                                                       std::shared_ptr<message_sink> sink);
  // Destroys the device, the surface, the messenger, the instance and the window, in that order.
  // Everything created on the device must be gone by then, unless abandon() was called.
  ~window_device();
  // After a wait that timed out, work may still run on the device: the destructor then leaves
  // everything to the process's exit instead of destroying the device under it (which crashed
  // lavapipe's worker threads).
  void abandon() { abandoned_ = true; }
  window_device(const window_device&) = delete;
  window_device& operator=(const window_device&) = delete;

  GLFWwindow* window() const { return window_; }  // nullptr when headless
  VkInstance instance() const { return instance_; }
  VkSurfaceKHR surface() const { return surface_; }
  VkPhysicalDevice physical_device() const { return physical_; }
  VkDevice device() const { return device_; }
  VkQueue queue() const { return queue_; }
  std::uint32_t queue_family() const { return family_; }
  const VkPhysicalDeviceProperties& properties() const { return properties_; }
  bool has_timestamps() const { return timestamp_bits_ > 0; }
  std::uint32_t timestamp_bits() const { return timestamp_bits_; }

  // The handles for vknoise::context::borrow.
  borrowed_device lend() const;

  // Where the validation layer's messages (warnings and errors) go, from vkCreateInstance to
  // vkDestroyInstance: shared, so that a caller holding it reads what the destructor reported.
  struct message_sink {
    std::mutex mutex;
    std::vector<std::string> messages;
  };
  std::shared_ptr<message_sink> messages_sink() const { return sink_; }

 private:
  window_device() = default;
  status create_window(const device_options& options);
  status create_instance(const device_options& options);
  status choose_device(const device_options& options);
  status create_device();

  GLFWwindow* window_ = nullptr;
  bool glfw_ = false;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  std::uint32_t family_ = 0;
  bool abandoned_ = false;
  std::uint32_t timestamp_bits_ = 0;
  VkPhysicalDeviceProperties properties_{};
  device_features features_;
  std::shared_ptr<message_sink> sink_;
};

}  // namespace vknoise::view
