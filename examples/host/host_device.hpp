// What a host program that uses vknoise as a render backend owns, in its simplest form: its own
// volk (its own global Vulkan function pointers), its own instance, optionally with the validation
// layer and synchronization validation, a device with timeline semaphores (and the storage-image
// features vknoise uses, where the device has them), and a compute queue.
// The backend example and the recorder tests both play this host.
#pragma once

#include <volk.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "vknoise/context.hpp"

namespace vknoise::host {

// How the host makes its instance and device: the choices a real host makes, some of which
// vknoise must refuse (the recorder tests' refusals).
struct host_options {
  bool validation = true;
  // Also the layer's best-practices checks (VK_VALIDATION_FEATURE_ENABLE_BEST_PRACTICES_EXT).
  bool best_practices = false;
  // Without it the device does not get shaderStorageImageWriteWithoutFormat even where it has it
  // (vknoise then writes the image's format into its kernel).
  bool write_without_format = true;
  std::uint32_t api_version = VK_API_VERSION_1_2;  // VkApplicationInfo.apiVersion
  bool timeline_semaphore = true;                  // enabled where the device has it
  // shaderFloat64, which a GLSL function of vknoise's needs (emit_glsl_function, graph.hpp);
  // create() fails on a device without it.
  bool shader_float64 = false;
};

class host_device {
 public:
  // nullptr (and *why) when Vulkan, a compute device or the requested validation layer is
  // missing: tests then fail, never skip.
  static std::unique_ptr<host_device> create(const host_options& options, std::string* why);
  static std::unique_ptr<host_device> create(bool validation, std::string* why,
                                             bool write_without_format = true) {
    host_options options;
    options.validation = validation;
    options.write_without_format = write_without_format;
    return create(options, why);
  }
  ~host_device();

  borrowed_device lend() const;
  VkDevice device() const { return device_; }
  VkPhysicalDevice physical_device() const { return physical_device_; }
  VkQueue queue() const { return queue_; }
  std::uint32_t family() const { return family_; }
  // Waits (10 s at most) for the queue to finish its work, then destroys the device (the
  // validation layer then reports any object still alive on it) and leaves only the instance; the
  // destructor does it otherwise. False, leaving the device alive, when the wait fails.
  bool destroy_device();
  // Validation messages (warnings and errors) so far.
  std::vector<std::string> messages() const;
  // The same, and forgets them: for a test that provokes messages on purpose.
  std::vector<std::string> take_messages();
  const VkPhysicalDeviceProperties& properties() const { return properties_; }
  // Whether the physical device has shaderStorageImageWriteWithoutFormat (enabled or not).
  bool supports_write_without_format() const { return supports_write_without_format_; }

  // A buffer with host-visible, coherent memory (usage plus transfer src/dst).
  struct buffer {
    VkBuffer handle = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void* mapped = nullptr;
    VkDeviceSize size = 0;
  };
  buffer create_buffer(VkDeviceSize size, VkBufferUsageFlags usage);
  void destroy(buffer& b);
  // Records the barrier that makes transfer writes to `b` (a copy or fill) visible to the host's
  // reads once the submission has completed.
  void transfer_writes_to_host(VkCommandBuffer cmd, const buffer& b);

  struct image {
    VkImage handle = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
  };
  static constexpr VkImageUsageFlags kImageUsage =
      VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
  // An optimal-tiling image with `usage` (storage, transfer-src and sampled by default).
  image create_image(VkImageType type, VkFormat format, VkExtent3D extent, std::uint32_t layers,
                     VkImageUsageFlags usage = kImageUsage);
  void destroy(image& i);

  // A primary command buffer in the recording state, from a pool of the compute family.
  VkCommandBuffer begin();
  // Ends `cmd` and submits it, signalling the timeline `semaphore` at `value` (when not null) and
  // `fence`. False on any failure.
  bool submit(VkCommandBuffer cmd, VkFence fence, VkSemaphore semaphore = VK_NULL_HANDLE,
              std::uint64_t value = 0);
  // submit() with a fence of its own, waited for (10 s at most); then frees `cmd`.
  bool submit_and_wait(VkCommandBuffer cmd, VkSemaphore semaphore = VK_NULL_HANDLE,
                       std::uint64_t value = 0);
  void free(VkCommandBuffer cmd);

  struct state;

 private:
  host_device() = default;
  // Memory for `needs`: a type with `preferred` properties, else one with `required`; null when
  // there is none or the allocation fails.
  VkDeviceMemory allocate(const VkMemoryRequirements& needs, VkMemoryPropertyFlags preferred,
                          VkMemoryPropertyFlags required);
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_device_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  std::uint32_t family_ = 0;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memory_{};
  VkPhysicalDeviceProperties properties_{};
  bool extended_formats_ = false;
  bool supports_write_without_format_ = false;
  bool write_without_format_ = false;  // enabled on the device
  bool timeline_semaphore_ = false;    // enabled on the device
  std::uint32_t api_version_ = 0;      // the instance's
  std::unique_ptr<state> state_;
};

}  // namespace vknoise::host
