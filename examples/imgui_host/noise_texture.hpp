// The part of the program that uses vknoise: a context that borrows the program's device, a
// recorder, and the texture it writes each frame (an R8G8B8A8 image the program samples), all
// through the public API (include/vknoise/). This is what a host adds to use vknoise as its render
// backend.
#pragma once

#include <memory>

#include "vknoise/vknoise.hpp"
#include "vulkan_window.hpp"

// What the panel changes.
struct noise_settings {
  int octaves = 5;
  float frequency = 4.0f;  // lattice cells across the texture
  float speed = 0.4f;      // lattice cells per second along z, the animation's axis
};

class noise_texture {
 public:
  noise_texture(const vulkan_window& vk, std::uint32_t width, std::uint32_t height);
  ~noise_texture();

  // Records this frame's field into `cmd` (outside any render pass) and returns the timeline
  // point the frame's submission must signal. The texture is then in SHADER_READ_ONLY_OPTIMAL,
  // visible to fragment shaders.
  vknoise::timeline_point record(VkCommandBuffer cmd, const noise_settings& settings,
                                 double seconds);

  VkImageView view() const { return view_; }
  VkSampler sampler() const { return sampler_; }

 private:
  const vulkan_window& vk_;
  std::uint32_t width_, height_;
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkImageView view_ = VK_NULL_HANDLE;
  VkSampler sampler_ = VK_NULL_HANDLE;
  std::unique_ptr<vknoise::context> context_;
  std::unique_ptr<vknoise::recorder> recorder_;
  vknoise::permutation_table table_ = vknoise::permutation_table::perlin();
};
