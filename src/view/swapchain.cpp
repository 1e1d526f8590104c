#include "view/swapchain.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>

#include "view/window_device.hpp"

namespace vknoise::view {

status swapchain::create(bool immediate) {
  VkPhysicalDevice physical = device_.physical_device();
  VkSurfaceKHR surface = device_.surface();
  VkDevice device = device_.device();
  VkSurfaceCapabilitiesKHR caps;
  if (auto s = vk_ok(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(physical, surface, &caps),
                     "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
      !s) {
    return s;
  }
  const VkImageUsageFlags usage =
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if ((caps.supportedUsageFlags & usage) != usage) {
    return make_error(errc::no_device, "the window's surface cannot be blitted into");
  }
  std::uint32_t count = 0;
  vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, nullptr);
  std::vector<VkSurfaceFormatKHR> formats(count);
  if (auto s =
          vk_ok(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, formats.data()),
                "vkGetPhysicalDeviceSurfaceFormatsKHR");
      !s) {
    return s;
  }
  if (formats.empty()) return make_error(errc::no_device, "the window's surface has no format");
  VkSurfaceFormatKHR chosen = formats[0];
  for (const auto& f : formats) {
    if (f.format == VK_FORMAT_B8G8R8A8_UNORM || f.format == VK_FORMAT_R8G8B8A8_UNORM) {
      chosen = f;
      break;
    }
  }
  VkPresentModeKHR mode = VK_PRESENT_MODE_FIFO_KHR;  // always there
  if (immediate) {
    vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, &count, nullptr);
    std::vector<VkPresentModeKHR> modes(count);
    vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, &count, modes.data());
    for (VkPresentModeKHR m : modes) {
      if (m == VK_PRESENT_MODE_IMMEDIATE_KHR || m == VK_PRESENT_MODE_MAILBOX_KHR) mode = m;
    }
  }
  int width = 0, height = 0;
  glfwGetFramebufferSize(device_.window(), &width, &height);
  VkExtent2D extent = caps.currentExtent;
  if (extent.width == 0xFFFFFFFFu) {
    extent = {static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height)};
  }
  extent.width = std::clamp(extent.width, caps.minImageExtent.width, caps.maxImageExtent.width);
  extent.height = std::clamp(extent.height, caps.minImageExtent.height, caps.maxImageExtent.height);
  if (extent.width == 0 || extent.height == 0) {
    return make_error(errc::out_of_range, "the window has no area (minimised)");
  }
  std::uint32_t images = caps.minImageCount + 1;
  if (caps.maxImageCount > 0) images = std::min(images, caps.maxImageCount);

  VkSwapchainCreateInfoKHR info{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
  info.surface = surface;
  info.minImageCount = images;
  info.imageFormat = chosen.format;
  info.imageColorSpace = chosen.colorSpace;
  info.imageExtent = extent;
  info.imageArrayLayers = 1;
  info.imageUsage = usage;
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = caps.currentTransform;
  info.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
  if (!(caps.supportedCompositeAlpha & info.compositeAlpha)) {
    info.compositeAlpha = VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR;
  }
  info.presentMode = mode;
  info.clipped = VK_TRUE;
  info.oldSwapchain = swapchain_;
  VkSwapchainKHR made = VK_NULL_HANDLE;
  status created =
      vk_ok(vkCreateSwapchainKHR(device, &info, nullptr, &made), "vkCreateSwapchainKHR");
  destroy_images();
  if (swapchain_) vkDestroySwapchainKHR(device, swapchain_, nullptr);
  swapchain_ = made;
  if (!created) return created;
  extent_ = extent;
  min_images_ = images;
  if (format_ != chosen.format && render_pass_) {
    vkDestroyRenderPass(device, render_pass_, nullptr);
    render_pass_ = VK_NULL_HANDLE;
  }
  format_ = chosen.format;
  if (!render_pass_) {
    if (auto s = create_render_pass(); !s) return s;
  }

  vkGetSwapchainImagesKHR(device, swapchain_, &count, nullptr);
  images_.resize(count);
  if (auto s = vk_ok(vkGetSwapchainImagesKHR(device, swapchain_, &count, images_.data()),
                     "vkGetSwapchainImagesKHR");
      !s) {
    return s;
  }
  for (VkImage image : images_) {
    VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view.image = image;
    view.viewType = VK_IMAGE_VIEW_TYPE_2D;
    view.format = format_;
    view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageView v = VK_NULL_HANDLE;
    if (auto s = vk_ok(vkCreateImageView(device, &view, nullptr, &v), "vkCreateImageView"); !s) {
      return s;
    }
    views_.push_back(v);
    VkFramebufferCreateInfo fb{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    fb.renderPass = render_pass_;
    fb.attachmentCount = 1;
    fb.pAttachments = &v;
    fb.width = extent_.width;
    fb.height = extent_.height;
    fb.layers = 1;
    VkFramebuffer f = VK_NULL_HANDLE;
    if (auto s = vk_ok(vkCreateFramebuffer(device, &fb, nullptr, &f), "vkCreateFramebuffer"); !s) {
      return s;
    }
    framebuffers_.push_back(f);
  }
  // Kept across rebuilds: a present of the old swapchain may still wait on one.
  while (rendered_.size() < images_.size()) {
    VkSemaphoreCreateInfo sem{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VkSemaphore r = VK_NULL_HANDLE;
    if (auto s = vk_ok(vkCreateSemaphore(device, &sem, nullptr, &r), "vkCreateSemaphore"); !s) {
      return s;
    }
    rendered_.push_back(r);
  }
  return {};
}

// The panel's pass: it draws over the picture already blitted into the image (load, not clear),
// then leaves the image ready to present.
status swapchain::create_render_pass() {
  VkAttachmentDescription colour{};
  colour.format = format_;
  colour.samples = VK_SAMPLE_COUNT_1_BIT;
  colour.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  colour.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  colour.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  colour.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  colour.initialLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  colour.finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
  VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &ref;
  // The blit's writes into the image must be done before the panel loads and draws over them.
  VkSubpassDependency after_blit{};
  after_blit.srcSubpass = VK_SUBPASS_EXTERNAL;
  after_blit.dstSubpass = 0;
  after_blit.srcStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
  after_blit.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  after_blit.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  after_blit.dstAccessMask =
      VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  VkRenderPassCreateInfo info{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  info.attachmentCount = 1;
  info.pAttachments = &colour;
  info.subpassCount = 1;
  info.pSubpasses = &subpass;
  info.dependencyCount = 1;
  info.pDependencies = &after_blit;
  return vk_ok(vkCreateRenderPass(device_.device(), &info, nullptr, &render_pass_),
               "vkCreateRenderPass");
}

void swapchain::destroy_images() {
  VkDevice device = device_.device();
  for (VkFramebuffer f : framebuffers_) vkDestroyFramebuffer(device, f, nullptr);
  for (VkImageView v : views_) vkDestroyImageView(device, v, nullptr);
  framebuffers_.clear();
  views_.clear();
  images_.clear();
}

void swapchain::destroy() {
  destroy_images();
  VkDevice device = device_.device();
  for (VkSemaphore s : rendered_) vkDestroySemaphore(device, s, nullptr);
  rendered_.clear();
  if (render_pass_) vkDestroyRenderPass(device, render_pass_, nullptr);
  if (swapchain_) vkDestroySwapchainKHR(device, swapchain_, nullptr);
  render_pass_ = VK_NULL_HANDLE;
  swapchain_ = VK_NULL_HANDLE;
}

}  // namespace vknoise::view
