// The window's swapchain and what is drawn into its images: the render pass and framebuffers of
// the panel (Dear ImGui draws over the picture blitted into the image), rebuilt on resize.
// Images are B8G8R8A8_UNORM (or R8G8B8A8_UNORM) where the surface offers it, so the pictures'
// bytes reach the screen unchanged (no sRGB encoding on the way).
#pragma once

#include "view/vulkan_loader.hpp"

#include <cstdint>
#include <vector>

namespace vknoise::view {

class window_device;

class swapchain {
 public:
  swapchain(const window_device& device) : device_(device) {}
  ~swapchain() { destroy(); }
  swapchain(const swapchain&) = delete;
  swapchain& operator=(const swapchain&) = delete;

  // (Re)creates it at the window's framebuffer size (the old one is retired into the new). The
  // device must be idle with respect to the old images (the frame loop waits for its frames).
  // `immediate`: present without waiting for vertical blank where the surface can (scripted
  // runs measure frames, not the display's refresh).
  status create(bool immediate);
  void destroy();

  VkSwapchainKHR handle() const { return swapchain_; }
  VkExtent2D extent() const { return extent_; }
  VkFormat format() const { return format_; }
  VkRenderPass render_pass() const { return render_pass_; }
  std::uint32_t image_count() const { return static_cast<std::uint32_t>(images_.size()); }
  std::uint32_t min_image_count() const { return min_images_; }
  VkImage image(std::uint32_t i) const { return images_[i]; }
  VkFramebuffer framebuffer(std::uint32_t i) const { return framebuffers_[i]; }
  // Signalled by the submission that draws image i, waited for by its present: one per image,
  // since an image's present may still hold it when another frame slot starts.
  VkSemaphore rendered(std::uint32_t i) const { return rendered_[i]; }

 private:
  status create_render_pass();
  void destroy_images();

  const window_device& device_;
  VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
  VkExtent2D extent_{0, 0};
  VkFormat format_ = VK_FORMAT_UNDEFINED;
  std::uint32_t min_images_ = 2;
  VkRenderPass render_pass_ = VK_NULL_HANDLE;
  std::vector<VkImage> images_;
  std::vector<VkImageView> views_;
  std::vector<VkFramebuffer> framebuffers_;
  std::vector<VkSemaphore> rendered_;
};

}  // namespace vknoise::view
