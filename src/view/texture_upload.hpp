// A KTX 2 texture (io/ktx2_reader.hpp) as a sampled Vulkan image: the image of the file's
// vkFormat, type and sizes (2D, 2D array or 3D), every level copied in from one staging buffer,
// left in SHADER_READ_ONLY_OPTIMAL for compute shaders, with a view of every level (and layer).
// The window's clouds sample the baked set through it, and tests/ktx2_vulkan_test.cpp proves it
// against the fields the files were written from.
//
// The upload is one command buffer on `queue`, waited for with a fence for at most `timeout_ns`.
// The image is created with SAMPLED | TRANSFER_DST usage, optimal tiling, one region per level
// copied from a host-visible staging buffer (each level at a multiple of 4 and of the texel size);
// the staging buffer, command pool and fence are gone when upload_texture returns.
//
// Errors: errc::timeout past `timeout_ns`: what the upload made (image, staging buffer, command
// pool, fence) is then left alive, as the device may still be using it; a device that times out
// is one the caller gives up. errc::no_device when the device cannot sample the format with
// linear filtering (optimal tiling: SAMPLED_IMAGE, SAMPLED_IMAGE_FILTER_LINEAR and TRANSFER_DST)
// or has no such image ("the device cannot sample R8G8_UNORM 3D images"; R8_SRGB and R8G8_SRGB
// are optional in Vulkan, and lavapipe has neither); errc::out_of_range
// when the sizes, layers or levels exceed its limits for that format; errc::invalid_argument for
// a texture whose levels do not fit its sizes (one not made by the reader); otherwise
// errc::vulkan_error naming the call ("vkCreateImage failed: VK_ERROR_..."), having destroyed
// what it made. Not thread-safe for one queue: the caller serialises its submissions.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>

#include "io/ktx2_reader.hpp"
#include "vknoise/result.hpp"

namespace vknoise::view {

struct gpu_texture {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkImageViewType view_type = VK_IMAGE_VIEW_TYPE_2D;  // 2D, 2D_ARRAY or 3D
  VkFormat format = VK_FORMAT_UNDEFINED;              // the file's vkFormat
  VkExtent3D extent{1, 1, 1};                         // level 0; depth 1 unless 3D
  std::uint32_t layers = 1;                           // an array's layer count, else 1
  std::uint32_t levels = 1;
};

// `family` is `queue`'s family; the command pool is made and destroyed here.
result<gpu_texture> upload_texture(VkPhysicalDevice physical, VkDevice device, VkQueue queue,
                                   std::uint32_t family, const io::ktx2_texture& texture,
                                   std::uint64_t timeout_ns);

// Destroys what upload_texture made (nothing for a default gpu_texture); the device must no
// longer use it.
void destroy_texture(VkDevice device, gpu_texture& texture);

}  // namespace vknoise::view
