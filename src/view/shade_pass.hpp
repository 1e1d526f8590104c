// One shading compute pass of the window: a pipeline from embedded SPIR-V that reads the field
// buffer and writes the picture buffer (view_shared.h's bindings: 0 and 1, and 2 and 3 for the
// slice's overlay and colour maps), with its parameters as push constants, local size 8x8 over the
// picture. One descriptor set per frame slot, so a slot's buffers can be rebound while other slots'
// frames are in flight. A pass may also sample images (the baked clouds' textures): `images`
// combined image samplers at the bindings after the buffers (VIEW_BINDING_COUNT on), the same in
// every slot, set once with bind_images before the pass is first recorded.
#pragma once

#include "view/vulkan_loader.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace vknoise::view {

class shade_pass {
 public:
  static result<std::unique_ptr<shade_pass>> create(VkDevice device, VkPipelineCache cache,
                                                    std::span<const std::uint32_t> spirv,
                                                    std::uint32_t push_bytes, std::uint32_t slots,
                                                    std::uint32_t images = 0);
  ~shade_pass();
  shade_pass(const shade_pass&) = delete;
  shade_pass& operator=(const shade_pass&) = delete;

  // Points slot `slot`'s set at the buffers (whole ranges). Only while no submitted frame of that
  // slot is still running.
  void bind(std::uint32_t slot, VkBuffer field, VkBuffer pixels, VkBuffer overlay,
            VkBuffer colormaps);
  // Points every slot's image bindings at `images` (one per image binding, in order: sampler, view
  // and SHADER_READ_ONLY_OPTIMAL), which must outlive the pass's use. Only before any frame that
  // records the pass is submitted.
  void bind_images(std::span<const VkDescriptorImageInfo> images);
  // Records the dispatch over a width x height picture with `push` (push_bytes long).
  void record(VkCommandBuffer cmd, std::uint32_t slot, const void* push, std::uint32_t width,
              std::uint32_t height) const;

 private:
  explicit shade_pass(VkDevice device) : device_(device) {}
  VkDevice device_;
  std::uint32_t push_bytes_ = 0;
  std::uint32_t images_ = 0;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
  VkDescriptorPool pool_ = VK_NULL_HANDLE;
  std::vector<VkDescriptorSet> sets_;
};

}  // namespace vknoise::view
