#include "screenshot.hpp"

#include <vector>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace {

VkDeviceMemory allocate(const vulkan_window& vk, const VkMemoryRequirements& needs,
                        VkMemoryPropertyFlags wanted) {
  VkPhysicalDeviceMemoryProperties memory;
  vkGetPhysicalDeviceMemoryProperties(vk.physical_device, &memory);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = needs.size;
  alloc.memoryTypeIndex = UINT32_MAX;
  for (std::uint32_t i = 0; i < memory.memoryTypeCount && alloc.memoryTypeIndex == UINT32_MAX;
       ++i) {
    if ((needs.memoryTypeBits & (1u << i)) &&
        (memory.memoryTypes[i].propertyFlags & wanted) == wanted) {
      alloc.memoryTypeIndex = i;
    }
  }
  VkDeviceMemory out = VK_NULL_HANDLE;
  check_vk(alloc.memoryTypeIndex == UINT32_MAX ? VK_ERROR_FEATURE_NOT_PRESENT
                                               : vkAllocateMemory(vk.device, &alloc, nullptr, &out),
           "vkAllocateMemory");
  return out;
}

}  // namespace

screenshot::screenshot(const vulkan_window& vk, std::uint32_t width, std::uint32_t height)
    : vk_(vk), width_(width), height_(height) {
  const VkFormat format = vk.window.SurfaceFormat.format;
  VkImageCreateInfo image{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  image.imageType = VK_IMAGE_TYPE_2D;
  image.format = format;
  image.extent = {width, height, 1};
  image.mipLevels = 1;
  image.arrayLayers = 1;
  image.samples = VK_SAMPLE_COUNT_1_BIT;
  image.tiling = VK_IMAGE_TILING_OPTIMAL;
  image.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  check_vk(vkCreateImage(vk.device, &image, nullptr, &image_), "vkCreateImage");
  VkMemoryRequirements needs;
  vkGetImageMemoryRequirements(vk.device, image_, &needs);
  image_memory_ = allocate(vk, needs, 0);
  check_vk(vkBindImageMemory(vk.device, image_, image_memory_, 0), "vkBindImageMemory");
  VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view.image = image_;
  view.viewType = VK_IMAGE_VIEW_TYPE_2D;
  view.format = format;
  view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  check_vk(vkCreateImageView(vk.device, &view, nullptr, &view_), "vkCreateImageView");

  VkAttachmentDescription color{};
  color.format = format;
  color.samples = VK_SAMPLE_COUNT_1_BIT;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  color.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  color.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  color.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  color.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  VkAttachmentReference reference{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &reference;
  // The same dependency as the window's render pass (render passes are compatible only with
  // identical dependencies): the previous use of the image -> this pass's attachment writes.
  VkSubpassDependency before{};
  before.srcSubpass = VK_SUBPASS_EXTERNAL;
  before.dstSubpass = 0;
  before.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  before.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  before.srcAccessMask = 0;
  before.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  VkRenderPassCreateInfo pass{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  pass.attachmentCount = 1;
  pass.pAttachments = &color;
  pass.subpassCount = 1;
  pass.pSubpasses = &subpass;
  pass.dependencyCount = 1;
  pass.pDependencies = &before;
  check_vk(vkCreateRenderPass(vk.device, &pass, nullptr, &render_pass_), "vkCreateRenderPass");
  VkFramebufferCreateInfo fb{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
  fb.renderPass = render_pass_;
  fb.attachmentCount = 1;
  fb.pAttachments = &view_;
  fb.width = width;
  fb.height = height;
  fb.layers = 1;
  check_vk(vkCreateFramebuffer(vk.device, &fb, nullptr, &framebuffer_), "vkCreateFramebuffer");

  VkBufferCreateInfo buffer{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  buffer.size = VkDeviceSize{width} * height * 4;
  buffer.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  check_vk(vkCreateBuffer(vk.device, &buffer, nullptr, &pixels_), "vkCreateBuffer");
  vkGetBufferMemoryRequirements(vk.device, pixels_, &needs);
  pixels_memory_ = allocate(
      vk, needs, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  check_vk(vkBindBufferMemory(vk.device, pixels_, pixels_memory_, 0), "vkBindBufferMemory");
  check_vk(vkMapMemory(vk.device, pixels_memory_, 0, VK_WHOLE_SIZE, 0, &mapped_), "vkMapMemory");
}

screenshot::~screenshot() {
  vkDestroyBuffer(vk_.device, pixels_, nullptr);
  vkFreeMemory(vk_.device, pixels_memory_, nullptr);
  vkDestroyFramebuffer(vk_.device, framebuffer_, nullptr);
  vkDestroyRenderPass(vk_.device, render_pass_, nullptr);
  vkDestroyImageView(vk_.device, view_, nullptr);
  vkDestroyImage(vk_.device, image_, nullptr);
  vkFreeMemory(vk_.device, image_memory_, nullptr);
}

void screenshot::record_copy(VkCommandBuffer cmd) const {
  // The render pass's attachment writes and its transition to TRANSFER_SRC_OPTIMAL (which the
  // implicit dependency to VK_SUBPASS_EXTERNAL orders before ALL_COMMANDS) -> the copy's reads.
  VkImageMemoryBarrier to_copy{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  to_copy.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  to_copy.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  to_copy.oldLayout = to_copy.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  to_copy.srcQueueFamilyIndex = to_copy.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_copy.image = image_;
  to_copy.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                       0, nullptr, 0, nullptr, 1, &to_copy);
  VkBufferImageCopy copy{};
  copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  copy.imageExtent = {width_, height_, 1};
  vkCmdCopyImageToBuffer(cmd, image_, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, pixels_, 1, &copy);
  // The copy's writes -> the host's reads once the frame's fence is signalled.
  VkBufferMemoryBarrier to_host{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
  to_host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  to_host.srcQueueFamilyIndex = to_host.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_host.buffer = pixels_;
  to_host.size = VK_WHOLE_SIZE;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0,
                       nullptr, 1, &to_host, 0, nullptr);
}

bool screenshot::write_png(const std::string& path) const {
  const bool bgra = vk_.window.SurfaceFormat.format == VK_FORMAT_B8G8R8A8_UNORM;
  const auto* texels = static_cast<const std::uint8_t*>(mapped_);
  std::vector<std::uint8_t> rgb(std::size_t{width_} * height_ * 3);
  for (std::size_t i = 0; i < std::size_t{width_} * height_; ++i) {
    rgb[i * 3 + 0] = texels[i * 4 + (bgra ? 2 : 0)];
    rgb[i * 3 + 1] = texels[i * 4 + 1];
    rgb[i * 3 + 2] = texels[i * 4 + (bgra ? 0 : 2)];
  }
  return stbi_write_png(path.c_str(), int(width_), int(height_), 3, rgb.data(), int(width_) * 3) !=
         0;
}
