#include "view/vulkan_loader.hpp"

#include "vknoise/context.hpp"

namespace vknoise::view {
namespace {

// The first memory type `bits` allows with `wanted`, else the first allowed with `fallback`.
result<std::uint32_t> memory_type(VkPhysicalDevice physical, std::uint32_t bits,
                                  VkMemoryPropertyFlags wanted, VkMemoryPropertyFlags fallback) {
  VkPhysicalDeviceMemoryProperties memory;
  vkGetPhysicalDeviceMemoryProperties(physical, &memory);
  for (VkMemoryPropertyFlags flags : {wanted, fallback}) {
    for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
      if ((bits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & flags) == flags) return i;
    }
  }
  return make_error(errc::vulkan_error, "no memory type for a buffer of the window");
}

// Memory for `needs` of the first type with `wanted` (else `fallback`) properties.
status allocate(VkPhysicalDevice physical, VkDevice device, const VkMemoryRequirements& needs,
                VkMemoryPropertyFlags wanted, VkMemoryPropertyFlags fallback,
                VkDeviceMemory& memory) {
  auto type = memory_type(physical, needs.memoryTypeBits, wanted, fallback);
  if (!type) return type.error_value();
  VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  info.allocationSize = needs.size;
  info.memoryTypeIndex = *type;
  return vk_ok(vkAllocateMemory(device, &info, nullptr, &memory), "vkAllocateMemory");
}

}  // namespace

status vk_ok(VkResult result, const char* call) {
  if (result == VK_SUCCESS) return {};
  return make_error(errc::vulkan_error, std::string(call) + " failed: " + vk_result_name(result));
}

status allocate_device_memory(VkPhysicalDevice physical, VkDevice device,
                              const VkMemoryRequirements& needs, VkDeviceMemory& memory) {
  return allocate(physical, device, needs, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0, memory);
}

result<gpu_buffer> create_buffer(VkPhysicalDevice physical, VkDevice device, VkDeviceSize size,
                                 VkBufferUsageFlags usage, bool host_visible) {
  gpu_buffer b;
  b.size = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  if (auto s = vk_ok(vkCreateBuffer(device, &info, nullptr, &b.buffer), "vkCreateBuffer"); !s) {
    return s.error_value();
  }
  VkMemoryRequirements needs;
  vkGetBufferMemoryRequirements(device, b.buffer, &needs);
  const VkMemoryPropertyFlags host =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  status made = host_visible ? allocate(physical, device, needs, host, host, b.memory)
                             : allocate(physical, device, needs,
                                        VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0, b.memory);
  if (made) made = vk_ok(vkBindBufferMemory(device, b.buffer, b.memory, 0), "vkBindBufferMemory");
  if (made && host_visible) {
    made = vk_ok(vkMapMemory(device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
  }
  if (!made) {
    destroy_buffer(device, b);
    return made.error_value();
  }
  return b;
}

void destroy_buffer(VkDevice device, gpu_buffer& b) {
  if (b.buffer) vkDestroyBuffer(device, b.buffer, nullptr);
  if (b.memory) vkFreeMemory(device, b.memory, nullptr);  // unmaps too
  b = {};
}

result<gpu_image> create_image(VkPhysicalDevice physical, VkDevice device, VkExtent2D extent,
                               VkFormat format, VkImageUsageFlags usage) {
  gpu_image image;
  image.extent = extent;
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {extent.width, extent.height, 1};
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  if (auto s = vk_ok(vkCreateImage(device, &info, nullptr, &image.image), "vkCreateImage"); !s) {
    return s.error_value();
  }
  VkMemoryRequirements needs;
  vkGetImageMemoryRequirements(device, image.image, &needs);
  status made = allocate_device_memory(physical, device, needs, image.memory);
  if (made)
    made = vk_ok(vkBindImageMemory(device, image.image, image.memory, 0), "vkBindImageMemory");
  if (!made) {
    destroy_image(device, image);
    return made.error_value();
  }
  return image;
}

void destroy_image(VkDevice device, gpu_image& image) {
  if (image.image) vkDestroyImage(device, image.image, nullptr);
  if (image.memory) vkFreeMemory(device, image.memory, nullptr);
  image = {};
}

}  // namespace vknoise::view
