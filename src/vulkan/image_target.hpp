// Checking a render_target against a field and the device, and how an image target is bound.
#pragma once

#include <cstdint>

#include "vknoise/context.hpp"
#include "vknoise/field.hpp"
#include "vknoise/recorder.hpp"
#include "vulkan/compute_pipeline.hpp"

namespace vknoise::vk {

// errc::invalid_argument unless the buffer target holds value_count(field) floats at a 4-byte
// aligned offset.
status check_buffer_target(const field_spec& field, const buffer_target& target);

// How record() binds an image target: the kernel's format and shape, the view it creates, the
// subresources its barriers cover, and the texel offset the kernel adds.
struct image_binding {
  image_format format = image_format::r32f;
  bool is_3d = false;
  VkImageViewType view_type = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
  VkImageSubresourceRange range{};
  VkOffset3D kernel_offset{};  // 2D: z is 0, the view starts at the first written layer
};

// errc::invalid_argument for an unsupported format or type, a format without storage-image
// support on the device (or without shaderStorageImageExtendedFormats enabled), a written box
// outside the extent, more channels than the format has components, or a bad new_layout.
result<image_binding> plan_image_target(const context& ctx, const field_spec& field,
                                        const image_target& target);

}  // namespace vknoise::vk
