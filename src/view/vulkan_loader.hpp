// The window calls Vulkan through the loader's own entry points (it links libvulkan, as Dear
// ImGui's Vulkan backend does), unlike the library, which goes through volk tables of its own.
#pragma once

#include <vulkan/vulkan.h>

#include <string>

#include "vknoise/result.hpp"

namespace vknoise::view {

// errc::vulkan_error "<call> failed: VK_ERROR_..." unless `result` is VK_SUCCESS.
status vk_ok(VkResult result, const char* call);

// A buffer with its own memory, optionally mapped (host-visible ones are mapped for their life).
struct gpu_buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;
  void* mapped = nullptr;
};

// `host_visible`: HOST_VISIBLE | HOST_COHERENT memory, mapped; else DEVICE_LOCAL where there is
// such a type (any type the buffer accepts otherwise, as on lavapipe, which has one heap).
result<gpu_buffer> create_buffer(VkPhysicalDevice physical, VkDevice device, VkDeviceSize size,
                                 VkBufferUsageFlags usage, bool host_visible);
void destroy_buffer(VkDevice device, gpu_buffer& b);

// Memory for `needs`: DEVICE_LOCAL where a type `needs` allows has it, else the first type it
// allows (lavapipe's one heap), for the images that are made elsewhere (view/texture_upload.hpp).
status allocate_device_memory(VkPhysicalDevice physical, VkDevice device,
                              const VkMemoryRequirements& needs, VkDeviceMemory& memory);

// A 2D RGBA8 image of its own memory (the canvas the passes' pictures are blitted from).
struct gpu_image {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkExtent2D extent{0, 0};
};
result<gpu_image> create_image(VkPhysicalDevice physical, VkDevice device, VkExtent2D extent,
                               VkFormat format, VkImageUsageFlags usage);
void destroy_image(VkDevice device, gpu_image& image);

}  // namespace vknoise::view
