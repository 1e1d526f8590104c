// The baked cloud textures on the window's device: the four files of a cloud_texture_set
// uploaded once (view::upload_texture, each waited for with a bound), one sampler for all
// (linear filtering, linear between mips, every level, REPEAT on every axis: the textures tile),
// and their descriptors for the clouds pass's image bindings (view_shared.h
// VIEW_BINDING_CLOUD_*).
//
// Owns the images and the sampler; destroys them in its destructor, which must run only once the
// device no longer uses them (the window's teardown, after its last frame is waited for).
// Errors: those of upload_texture (a format the device cannot sample, sizes beyond its limits, a
// failed call) with the file's path before the message, errc::vulkan_error for the sampler.
// Threading: the window's thread; the uploads submit to `queue` while nothing else does.
#pragma once

#include "view/vulkan_loader.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "view/cloud_texture_set.hpp"
#include "view/texture_upload.hpp"

namespace vknoise::view {

class cloud_textures {
 public:
  static result<std::unique_ptr<cloud_textures>> upload(VkPhysicalDevice physical, VkDevice device,
                                                        VkQueue queue, std::uint32_t family,
                                                        const cloud_texture_set& set,
                                                        std::uint64_t timeout_ns);
  ~cloud_textures();
  cloud_textures(const cloud_textures&) = delete;
  cloud_textures& operator=(const cloud_textures&) = delete;

  // Sampler and view of each texture, in SHADER_READ_ONLY_OPTIMAL, in binding order.
  std::array<VkDescriptorImageInfo, cloud_texture_count> descriptors() const;

 private:
  explicit cloud_textures(VkDevice device) : device_(device) {}
  VkDevice device_;
  std::array<gpu_texture, cloud_texture_count> textures_{};
  VkSampler sampler_ = VK_NULL_HANDLE;
};

}  // namespace vknoise::view
