#include "view/texture_upload.hpp"

#include <cstring>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "view/one_time_submit.hpp"
#include "view/vulkan_loader.hpp"

namespace vknoise::view {
namespace {

// Where each level starts in the staging buffer: vkCmdCopyBufferToImage wants bufferOffset a
// multiple of 4 and of the texel size.
std::vector<VkDeviceSize> staging_offsets(const io::ktx2_texture& texture, VkDeviceSize texel,
                                          VkDeviceSize& total) {
  const VkDeviceSize alignment = std::lcm(texel, VkDeviceSize{4});
  std::vector<VkDeviceSize> offsets;
  total = 0;
  for (const auto& level : texture.levels) {
    total = (total + alignment - 1) / alignment * alignment;
    offsets.push_back(total);
    total += level.size();
  }
  return offsets;
}

// What upload_texture made, destroyed in reverse unless handed on (the texture) or left to the
// device (after a timeout, when the device may still be using them).
struct upload_objects {
  VkDevice device;
  gpu_texture texture;
  gpu_buffer staging;
  std::unique_ptr<one_time_submit> submission;

  ~upload_objects() {
    if (submission && submission->abandoned()) return;
    submission.reset();
    destroy_buffer(device, staging);
    destroy_texture(device, texture);
  }
};

// The texture's sizes, levels and level lengths as the reader guarantees them, for a texture
// built by hand.
status check_texture(const io::ktx2_texture& texture) {
  if (texture.levels.empty()) return make_error(errc::invalid_argument, "a texture without levels");
  if (texture.image.width == 0 || texture.image.height == 0 || texture.image.depth == 0) {
    return make_error(errc::invalid_argument, "a texture with a side of size 0");
  }
  const std::uint64_t texel = static_cast<std::uint64_t>(io::ktx2_channel_count(texture.format)) *
                              static_cast<std::uint64_t>(io::ktx2_channel_bytes(texture.format));
  for (std::uint32_t level = 0; level < texture.levels.size(); ++level) {
    const io::ktx2_level_size size = io::ktx2_level_extent(texture.image, level);
    const std::uint64_t expected = std::uint64_t{size.width} * size.height * size.depth * texel;
    if (texture.levels[level].size() != expected) {
      return make_error(errc::invalid_argument, "level " + std::to_string(level) + ": " +
                                                    std::to_string(texture.levels[level].size()) +
                                                    " bytes, expected " + std::to_string(expected));
    }
  }
  return {};
}

}  // namespace

result<gpu_texture> upload_texture(VkPhysicalDevice physical, VkDevice device, VkQueue queue,
                                   std::uint32_t family, const io::ktx2_texture& texture,
                                   std::uint64_t timeout_ns) {
  if (auto checked = check_texture(texture); !checked) return checked.error_value();
  const io::ktx2_image& image = texture.image;
  const bool volume = image.shape == io::ktx2_shape::volume_3d;
  const bool array = image.shape == io::ktx2_shape::array_2d;
  const auto levels = static_cast<std::uint32_t>(texture.levels.size());
  const VkFormat format = static_cast<VkFormat>(texture.format);
  const VkImageType type = volume ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D;
  const std::string what = std::string(io::ktx2_vulkan_format_name(texture.format)) + " " +
                           io::ktx2_shape_name(image.shape) + " images";

  // The window filters the textures linearly; the copy writes them.
  VkFormatProperties features;
  vkGetPhysicalDeviceFormatProperties(physical, format, &features);
  const VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
                                      VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
                                      VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  if ((features.optimalTilingFeatures & needed) != needed) {
    const VkFormatFeatureFlags missing = needed & ~features.optimalTilingFeatures;
    const char* why = (missing & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) ? ""
                      : (missing & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
                          ? " with linear filtering"
                          : " copied into";
    return make_error(errc::no_device, std::string("the device cannot sample ") +
                                           io::ktx2_vulkan_format_name(texture.format) + " images" +
                                           why);
  }
  const VkImageUsageFlags usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  VkImageFormatProperties limits;
  const VkResult supported = vkGetPhysicalDeviceImageFormatProperties(
      physical, format, type, VK_IMAGE_TILING_OPTIMAL, usage, 0, &limits);
  if (supported == VK_ERROR_FORMAT_NOT_SUPPORTED) {
    return make_error(errc::no_device, "the device cannot sample " + what);
  }
  if (auto s = vk_ok(supported, "vkGetPhysicalDeviceImageFormatProperties"); !s) {
    return s.error_value();
  }
  const std::uint32_t depth = volume ? image.depth : 1, layers = array ? image.depth : 1;
  if (image.width > limits.maxExtent.width || image.height > limits.maxExtent.height ||
      depth > limits.maxExtent.depth || layers > limits.maxArrayLayers ||
      levels > limits.maxMipLevels) {
    return make_error(errc::out_of_range,
                      "the device's " + what + " are at most " +
                          std::to_string(limits.maxExtent.width) + " x " +
                          std::to_string(limits.maxExtent.height) + " x " +
                          std::to_string(array ? limits.maxArrayLayers : limits.maxExtent.depth) +
                          " with " + std::to_string(limits.maxMipLevels) + " levels; this is " +
                          std::to_string(image.width) + " x " + std::to_string(image.height) +
                          " x " + std::to_string(image.depth) + " with " + std::to_string(levels));
  }

  upload_objects made{device};
  gpu_texture& gpu = made.texture;
  gpu.view_type = volume  ? VK_IMAGE_VIEW_TYPE_3D
                  : array ? VK_IMAGE_VIEW_TYPE_2D_ARRAY
                          : VK_IMAGE_VIEW_TYPE_2D;
  gpu.format = format;
  gpu.extent = {image.width, image.height, depth};
  gpu.layers = layers;
  gpu.levels = levels;

  // The staging buffer: every level, tightly packed, at its aligned offset.
  const VkDeviceSize texel = static_cast<VkDeviceSize>(io::ktx2_channel_count(texture.format)) *
                             static_cast<VkDeviceSize>(io::ktx2_channel_bytes(texture.format));
  VkDeviceSize staging_size = 0;
  const std::vector<VkDeviceSize> offsets = staging_offsets(texture, texel, staging_size);
  auto staging =
      create_buffer(physical, device, staging_size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, true);
  if (!staging) return staging.error_value();
  made.staging = staging.value();
  for (std::uint32_t level = 0; level < levels; ++level) {
    // HOST_COHERENT: no flush; the submission makes host writes visible to the device.
    std::memcpy(static_cast<std::byte*>(made.staging.mapped) + offsets[level],
                texture.levels[level].data(), texture.levels[level].size());
  }

  VkImageCreateInfo image_info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  image_info.imageType = type;
  image_info.format = format;
  image_info.extent = gpu.extent;
  image_info.mipLevels = levels;
  image_info.arrayLayers = layers;
  image_info.samples = VK_SAMPLE_COUNT_1_BIT;
  image_info.tiling = VK_IMAGE_TILING_OPTIMAL;
  image_info.usage = usage;
  image_info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  image_info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  if (auto s = vk_ok(vkCreateImage(device, &image_info, nullptr, &gpu.image), "vkCreateImage");
      !s) {
    return s.error_value();
  }
  VkMemoryRequirements needs;
  vkGetImageMemoryRequirements(device, gpu.image, &needs);
  if (auto s = allocate_device_memory(physical, device, needs, gpu.memory); !s) {
    return s.error_value();
  }
  if (auto s = vk_ok(vkBindImageMemory(device, gpu.image, gpu.memory, 0), "vkBindImageMemory");
      !s) {
    return s.error_value();
  }
  const VkImageSubresourceRange everything{VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, layers};
  VkImageViewCreateInfo view_info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view_info.image = gpu.image;
  view_info.viewType = gpu.view_type;
  view_info.format = format;
  view_info.subresourceRange = everything;
  if (auto s =
          vk_ok(vkCreateImageView(device, &view_info, nullptr, &gpu.view), "vkCreateImageView");
      !s) {
    return s.error_value();
  }

  auto submission = one_time_submit::begin(device, family);
  if (!submission) return submission.error_value();
  made.submission = std::move(submission).value();
  const VkCommandBuffer commands = made.submission->commands();

  VkImageMemoryBarrier to_transfer{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  to_transfer.srcAccessMask = 0;
  to_transfer.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  to_transfer.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  to_transfer.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  to_transfer.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_transfer.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_transfer.image = gpu.image;
  to_transfer.subresourceRange = everything;
  // The new image (nothing to keep) into the layout the copy writes, before the copy writes it.
  vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                       0, 0, nullptr, 0, nullptr, 1, &to_transfer);

  std::vector<VkBufferImageCopy> regions(levels);
  for (std::uint32_t level = 0; level < levels; ++level) {
    const io::ktx2_level_size size = io::ktx2_level_extent(image, level);
    VkBufferImageCopy& region = regions[level];
    region.bufferOffset = offsets[level];
    region.bufferRowLength = 0;  // tightly packed
    region.bufferImageHeight = 0;
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, layers};
    region.imageOffset = {0, 0, 0};
    region.imageExtent = {size.width, size.height, volume ? size.depth : 1};
  }
  vkCmdCopyBufferToImage(commands, made.staging.buffer, gpu.image,
                         VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, levels, regions.data());

  VkImageMemoryBarrier to_shaders = to_transfer;
  to_shaders.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  to_shaders.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
  to_shaders.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  to_shaders.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
  // The copied texels made visible to the compute shaders that sample them, in their layout.
  vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, nullptr, 0, nullptr, 1,
                       &to_shaders);
  // On a timeout the device may still read the staging buffer and write the image: the
  // submission is abandoned and upload_objects leaves them alive. A lost device runs nothing
  // more: what was made can go.
  if (auto s = made.submission->submit_and_wait(queue, timeout_ns, "the texture upload"); !s) {
    return s.error_value();
  }
  gpu_texture done = gpu;
  made.texture = {};  // handed to the caller
  return done;
}

void destroy_texture(VkDevice device, gpu_texture& texture) {
  if (texture.view) vkDestroyImageView(device, texture.view, nullptr);
  if (texture.image) vkDestroyImage(device, texture.image, nullptr);
  if (texture.memory) vkFreeMemory(device, texture.memory, nullptr);
  texture = {};
}

}  // namespace vknoise::view
