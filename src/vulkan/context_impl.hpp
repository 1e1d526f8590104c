// What every context is inside the library: the public context (vknoise/context.hpp) plus the
// device's function table through which all of vknoise's device-level calls go, the validation
// messenger and its message sink, the queue mutex, and the destruction deferred by abandoned work
// (deferred_destruction.hpp). context::create and context::borrow make one; nothing else does, so
// internals() may cast any context to it.
#pragma once

#include <volk.h>

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "vknoise/context.hpp"
#include "vulkan/spirv_float_controls.hpp"

namespace vknoise {

// Collects validation messages and hands them to the caller's hook; the library never prints them.
struct message_sink {
  std::mutex mutex;  // serialises the messages and the hook's calls
  std::vector<std::string> messages;
  std::function<void(std::string_view)> on_message;
};

class context_impl final : public context {
 public:
  static result<std::unique_ptr<context>> create(const context_options& options);
  static result<std::unique_ptr<context>> borrow(const borrowed_device& handles,
                                                 const context_options& options);
  ~context_impl() override;  // the teardown ~context documents

  const VolkDeviceTable& table() const { return *table_; }
  std::mutex& queue_mutex() const { return queue_mutex_; }
  std::vector<std::string> validation_messages() const;
  void defer_destruction(std::function<void()> destroy) const;
  void report_teardown_error(const error& e) const;
  // errc::no_device naming the first missing requirement of timeline semaphores (the recorder's):
  // instance and device apiVersion 1.2, the timelineSemaphore feature, the loader's functions.
  status check_timeline_semaphores() const;
  // The float controls the kernels declare on this device (spirv_float_controls.hpp): those of
  // its VkPhysicalDeviceFloatControlsProperties, where device and instance are Vulkan 1.2 (core
  // there, so nothing needs enabling; none on 1.1).
  vk::float_controls kernel_float_controls() const { return float_controls_; }

 private:
  context_impl() = default;
  status load_device(VkPhysicalDevice physical_device, VkDevice device, std::uint32_t family,
                     VkQueue queue);
  status create_pipeline_cache();  // pipeline_cache.cpp

  std::unique_ptr<VolkDeviceTable> table_;
  vk::float_controls float_controls_;
  mutable message_sink sink_;  // the debug callback's user data
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger_ = nullptr;  // this instance's
  mutable std::mutex queue_mutex_;                                   // context::queue_mutex()
  mutable std::mutex deferred_mutex_;
  mutable std::vector<std::function<void()>> deferred_;
};

inline const context_impl& internals(const context& ctx) {
  return static_cast<const context_impl&>(ctx);
}

// The device functions of the context's device (volk), found by argument-dependent lookup.
inline const VolkDeviceTable& device_table(const context& ctx) {
  return internals(ctx).table();
}

}  // namespace vknoise
