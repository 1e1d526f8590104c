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

class host_device {
 public:
  // nullptr (and *why) when Vulkan, a compute device or the requested validation layer is
  // missing: tests then fail, never skip. Without write_without_format the device does not get
  // shaderStorageImageWriteWithoutFormat even where it has it (vknoise then writes the image's
  // format into its kernel).
  static std::unique_ptr<host_device> create(bool validation, std::string* why,
                                             bool write_without_format = true);
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
  // An optimal-tiling image with storage and transfer-src usage.
  image create_image(VkImageType type, VkFormat format, VkExtent3D extent, std::uint32_t layers);
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
  std::unique_ptr<state> state_;
};

}  // namespace vknoise::host
