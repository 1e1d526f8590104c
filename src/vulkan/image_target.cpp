#include "vulkan/image_target.hpp"

#include <volk.h>

#include <string>

namespace vknoise::vk {
namespace {

struct format_info {
  image_format kernel;
  int components;
  bool extended;  // needs shaderStorageImageExtendedFormats
  const char* name;
};

bool known_format(VkFormat format, format_info& info) {
  switch (format) {
    case VK_FORMAT_R32_SFLOAT:
      info = {image_format::r32f, 1, false, "R32_SFLOAT"};
      return true;
    case VK_FORMAT_R16_SFLOAT:
      info = {image_format::r16f, 1, true, "R16_SFLOAT"};
      return true;
    case VK_FORMAT_R8_UNORM:
      info = {image_format::r8, 1, true, "R8_UNORM"};
      return true;
    case VK_FORMAT_R8G8B8A8_UNORM:
      info = {image_format::rgba8, 4, false, "R8G8B8A8_UNORM"};
      return true;
    default:
      return false;
  }
}

error bad(const std::string& message) {
  return make_error(errc::invalid_argument, "image target: " + message);
}

}  // namespace

status check_buffer_target(const field_spec& field, const buffer_target& target) {
  if (target.buffer == VK_NULL_HANDLE) {
    return make_error(errc::invalid_argument, "buffer target: the buffer is VK_NULL_HANDLE");
  }
  if (target.offset % 4 != 0) {
    return make_error(
        errc::invalid_argument,
        "buffer target: the offset " + std::to_string(target.offset) + " is not a multiple of 4");
  }
  const std::uint64_t needed = value_count(field) * sizeof(float);
  if (target.size < needed) {
    return make_error(errc::invalid_argument,
                      "buffer target: the field needs " + std::to_string(needed) +
                          " bytes; the range has " + std::to_string(target.size));
  }
  return {};
}

result<image_binding> plan_image_target(const context& ctx, const field_spec& field,
                                        const image_target& target) {
  if (target.image == VK_NULL_HANDLE) return bad("the image is VK_NULL_HANDLE");
  // Vulkan cannot be asked for an image's usage: the caller states it.
  if (target.usage == 0) {
    return bad(
        "its usage is not given: state the VkImageCreateInfo::usage the image was created "
        "with (vknoise needs VK_IMAGE_USAGE_STORAGE_BIT)");
  }
  if (!(target.usage & VK_IMAGE_USAGE_STORAGE_BIT)) {
    return bad(
        "the image was created without VK_IMAGE_USAGE_STORAGE_BIT, which vknoise's "
        "kernels need to write it");
  }
  if (target.type != VK_IMAGE_TYPE_2D && target.type != VK_IMAGE_TYPE_3D) {
    return bad("the image type must be VK_IMAGE_TYPE_2D or VK_IMAGE_TYPE_3D");
  }
  format_info format{};
  if (!known_format(target.format, format)) {
    return bad("the format must be R32_SFLOAT, R16_SFLOAT, R8_UNORM or R8G8B8A8_UNORM");
  }
  VkFormatProperties properties{};
  vkGetPhysicalDeviceFormatProperties(ctx.physical_device(), target.format, &properties);
  if (!(properties.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT)) {
    return bad(std::string(format.name) + " is not a storage image format on this device");
  }
  if (format.extended && !ctx.features().storage_image_extended_formats) {
    return bad(std::string(format.name) +
               " needs the shaderStorageImageExtendedFormats feature enabled");
  }
  const int channels = channel_count(field);
  if (channels > 1 && channels > format.components) {
    return bad("the field has " + std::to_string(channels) + " channels; " + format.name + " has " +
               std::to_string(format.components));
  }
  if (target.new_layout == VK_IMAGE_LAYOUT_UNDEFINED ||
      target.new_layout == VK_IMAGE_LAYOUT_PREINITIALIZED) {
    return bad("new_layout cannot be UNDEFINED or PREINITIALIZED");
  }
  if (target.offset.x < 0 || target.offset.y < 0 || target.offset.z < 0) {
    return bad("the offset must not be negative");
  }
  const std::uint64_t slices = std::uint64_t{field.size[2]} * field.size[3];
  const std::uint64_t box[3] = {field.size[0], field.size[1], slices};
  const std::uint64_t extent[3] = {target.extent.width, target.extent.height, target.extent.depth};
  const std::int32_t offset[3] = {target.offset.x, target.offset.y, target.offset.z};
  const char* axes[3] = {"x", "y", target.type == VK_IMAGE_TYPE_3D ? "z" : "layer"};
  for (int a = 0; a < 3; ++a) {
    if (std::uint64_t(offset[a]) + box[a] > extent[a]) {
      return bad("the field's " + std::to_string(box[a]) + " samples on " + axes[a] +
                 " from offset " + std::to_string(offset[a]) + " exceed the extent " +
                 std::to_string(extent[a]));
    }
  }

  image_binding binding;
  binding.format = format.kernel;
  binding.is_3d = target.type == VK_IMAGE_TYPE_3D;
  binding.range.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
  binding.range.baseMipLevel = target.mip_level;
  binding.range.levelCount = 1;
  binding.kernel_offset = target.offset;
  if (binding.is_3d) {
    binding.view_type = VK_IMAGE_VIEW_TYPE_3D;
    binding.range.baseArrayLayer = 0;
    binding.range.layerCount = 1;
  } else {
    // A view of just the written layers; the kernel writes layer 0 of it onwards.
    binding.view_type = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    binding.range.baseArrayLayer = static_cast<std::uint32_t>(target.offset.z);
    binding.range.layerCount = static_cast<std::uint32_t>(slices);
    binding.kernel_offset.z = 0;
  }
  return binding;
}

}  // namespace vknoise::vk
