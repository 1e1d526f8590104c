#include "view/cloud_textures.hpp"

namespace vknoise::view {

result<std::unique_ptr<cloud_textures>> cloud_textures::upload(VkPhysicalDevice physical,
                                                               VkDevice device, VkQueue queue,
                                                               std::uint32_t family,
                                                               const cloud_texture_set& set,
                                                               std::uint64_t timeout_ns) {
  std::unique_ptr<cloud_textures> t(new cloud_textures(device));
  for (std::size_t i = 0; i < cloud_texture_count; ++i) {
    auto uploaded = upload_texture(physical, device, queue, family, set.textures[i], timeout_ns);
    if (!uploaded) {
      return make_error(uploaded.error_value().code,
                        "--textures " + set.paths[i] + ": " + uploaded.message());
    }
    t->textures_[i] = *uploaded;
  }
  VkSamplerCreateInfo sampler{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  sampler.magFilter = VK_FILTER_LINEAR;
  sampler.minFilter = VK_FILTER_LINEAR;
  sampler.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
  sampler.addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT;
  sampler.addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT;
  sampler.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
  sampler.minLod = 0.0f;
  sampler.maxLod = VK_LOD_CLAMP_NONE;  // each view's own levels bound the mip
  if (auto s = vk_ok(vkCreateSampler(device, &sampler, nullptr, &t->sampler_), "vkCreateSampler");
      !s) {
    return s.error_value();
  }
  return t;
}

cloud_textures::~cloud_textures() {
  if (sampler_) vkDestroySampler(device_, sampler_, nullptr);
  for (gpu_texture& texture : textures_) destroy_texture(device_, texture);
}

std::array<VkDescriptorImageInfo, cloud_texture_count> cloud_textures::descriptors() const {
  std::array<VkDescriptorImageInfo, cloud_texture_count> infos{};
  for (std::size_t i = 0; i < cloud_texture_count; ++i) {
    infos[i] = {sampler_, textures_[i].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  }
  return infos;
}

}  // namespace vknoise::view
