// The compute pipelines of vknoise: one descriptor-set layout and pipeline layout shared by the
// kernels of one output kind and table placement (bindings and push constants from
// shaders/vknoise_shared.h), and one pipeline per module compiled at run time (a noise graph's,
// graph_compiler.hpp; a built-in field's is its graph's), built on first use through the
// context's pipeline cache.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <span>
#include <utility>

#include "vknoise/context.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/result.hpp"
#include "vknoise_shared.h"
#include "vulkan/spirv_image_format.hpp"

namespace vknoise::vk {

// Bindings of set 0: VKNOISE_BINDING_COUNT, and a graph kernel's constant words after them
// (VKNOISE_BINDING_GRAPH_CONSTANTS). Arrays of buffers are indexed by binding.
constexpr std::uint32_t kMaxBindings = VKNOISE_BINDING_GRAPH_CONSTANTS + 1;
static_assert(VKNOISE_BINDING_GRAPH_CONSTANTS == VKNOISE_BINDING_COUNT);
using binding_buffers = VkDescriptorBufferInfo[kMaxBindings];

class pipeline_set {
 public:
  // table_in_uniform selects the kernels built with VKNOISE_TABLE_IN_UNIFORM and uniform-buffer
  // bindings for the tables; image_output a storage-image binding for the output (only modules
  // writing an image can then be built, and only those).
  static result<std::unique_ptr<pipeline_set>> create(const context& ctx, bool table_in_uniform,
                                                      bool image_output = false);
  ~pipeline_set();

  VkDescriptorSetLayout set_layout() const { return set_layout_; }
  VkPipelineLayout layout() const { return layout_; }
  bool table_in_uniform() const { return table_in_uniform_; }
  VkDescriptorType table_descriptor_type() const {
    return table_in_uniform_ ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                             : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  }
  std::uint32_t binding_count() const { return kMaxBindings; }
  // A graph kernel's pipeline, one per module key: a module with the same key (the same source and
  // macros, compiled again or read from a cache) reuses the pipeline. An image-output set needs
  // the target's `format`: the module runs without a format qualifier where the context has
  // storage_image_write_without_format (one pipeline for every format), else with `format`
  // written in (spirv_image_format.hpp; one pipeline per format).
  result<VkPipeline> get(const spirv_module& module, image_format format = image_format::none);
  // Points every binding of `set` (allocated from set_layout()) at `buffers`, indexed by binding;
  // in an image-output set the output binding at `output_image` instead.
  void write_set(VkDescriptorSet set, const binding_buffers& buffers,
                 const VkDescriptorImageInfo* output_image = nullptr) const;
  std::uint32_t pipelines_built() const { return static_cast<std::uint32_t>(pipelines_.size()); }
  // Abandoned GPU work may still use the pipelines: hands them and the layouts to the context
  // (deferred_destruction.hpp); the set is empty afterwards.
  void abandon();

 private:
  std::function<void()> destroyer();
  // A pipeline of `code` in this layout.
  result<VkPipeline> build(std::span<const std::uint32_t> code) const;

  pipeline_set(const context& ctx, bool table_in_uniform, bool image_output)
      : ctx_(ctx), table_in_uniform_(table_in_uniform), image_output_(image_output) {}
  const context& ctx_;
  bool table_in_uniform_;
  bool image_output_;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  // By module key and the format written into it (none where it runs as compiled).
  std::map<std::pair<std::array<std::uint8_t, 16>, image_format>, VkPipeline> pipelines_;
};

}  // namespace vknoise::vk
