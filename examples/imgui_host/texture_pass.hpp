// The program's own graphics: the noise texture over the whole window, drawn in the swapchain's
// render pass before Dear ImGui's panel.
#pragma once

#include "vulkan_window.hpp"

class texture_pass {
 public:
  // A pipeline for `render_pass` (and any render pass compatible with it) that samples `view`.
  texture_pass(const vulkan_window& vk, VkRenderPass render_pass, VkImageView view,
               VkSampler sampler);
  ~texture_pass();

  // Binds its pipeline and set (after vknoise's record(), which changed only the compute bind
  // point and push constants, none of which this pass uses) and draws, inside a render pass.
  void draw(VkCommandBuffer cmd, std::uint32_t width, std::uint32_t height) const;

 private:
  const vulkan_window& vk_;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkDescriptorSet set_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
};
