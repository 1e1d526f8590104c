// --screenshot: the last frame drawn a second time into an image of the swapchain's format (the
// swapchain's own images are colour attachments only), read back and written as a PNG.
#pragma once

#include <string>

#include "vulkan_window.hpp"

class screenshot {
 public:
  screenshot(const vulkan_window& vk, std::uint32_t width, std::uint32_t height);
  ~screenshot();

  // A render pass compatible with the window's (same format, one sample), which leaves the
  // image ready for the copy.
  VkRenderPass render_pass() const { return render_pass_; }
  VkFramebuffer framebuffer() const { return framebuffer_; }
  // Records, after the render pass, the copy of the image into host-visible memory.
  void record_copy(VkCommandBuffer cmd) const;
  // After the frame's fence: writes the pixels as an RGB PNG; false when it cannot.
  bool write_png(const std::string& path) const;

 private:
  const vulkan_window& vk_;
  std::uint32_t width_, height_;
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory image_memory_ = VK_NULL_HANDLE;
  VkImageView view_ = VK_NULL_HANDLE;
  VkRenderPass render_pass_ = VK_NULL_HANDLE;
  VkFramebuffer framebuffer_ = VK_NULL_HANDLE;
  VkBuffer pixels_ = VK_NULL_HANDLE;
  VkDeviceMemory pixels_memory_ = VK_NULL_HANDLE;
  void* mapped_ = nullptr;
};
