// The compute pipelines of vknoise: one descriptor-set layout and pipeline layout shared by the
// kernels of one output kind (bindings and push constants from shaders/vknoise_shared.h), and one
// pipeline per embedded module (kernel_modules.hpp) and specialization, or per module compiled at
// run time (a noise graph's, graph_compiler.hpp), built on first use through the context's
// pipeline cache.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <span>
#include <tuple>
#include <utility>

#include "vknoise/context.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/result.hpp"
#include "vknoise_shared.h"
#include "vulkan/kernel_modules.hpp"

namespace vknoise::vk {

// Bindings of set 0: the built-in kernels' VKNOISE_BINDING_COUNT, and a graph kernel's constant
// words after them (VKNOISE_BINDING_GRAPH_CONSTANTS). Arrays of buffers are indexed by binding.
constexpr std::uint32_t kMaxBindings = VKNOISE_BINDING_GRAPH_CONSTANTS + 1;
static_assert(VKNOISE_BINDING_GRAPH_CONSTANTS == VKNOISE_BINDING_COUNT);
using binding_buffers = VkDescriptorBufferInfo[kMaxBindings];

// What a dispatch runs: the kernel and its output, and the structure its pipeline is specialised
// for (specialization constants in vknoise_shared.h).
struct kernel_variant {
  kernel which;
  int dims;
  int kind;                 // VKNOISE_NOISE_*
  int fractal;              // VKNOISE_FRACTAL_*
  int gradient;             // 0 or 1
  int value_interpolation;  // VKNOISE_VALUE_*
  int value_smooth;         // 0 or 1
  int warp;                 // 0 or 1
  image_format image = image_format::none;
  bool image_3d = false;  // image3D, else image2DArray
  auto specialization() const {
    return std::tuple(dims, kind, fractal, gradient, value_interpolation, value_smooth, warp);
  }
};

class pipeline_set {
 public:
  // table_in_uniform selects the kernels built with VKNOISE_TABLE_IN_UNIFORM and a uniform-buffer
  // binding for the permutation table; image_output a storage-image binding for the output (only
  // variants with an image format can then be built, and only those). Image variants run the
  // module without a format qualifier, so that one pipeline serves every format of a shape, where
  // the context has storage_image_write_without_format; elsewhere the module with the variant's
  // format written in (spirv_image_format.hpp), one pipeline per format. `graph` adds the graph
  // constants binding: the set of graph kernels, which run modules compiled at run time only.
  static result<std::unique_ptr<pipeline_set>> create(const context& ctx, bool table_in_uniform,
                                                      bool image_output = false,
                                                      bool graph = false);
  ~pipeline_set();

  VkDescriptorSetLayout set_layout() const { return set_layout_; }
  VkPipelineLayout layout() const { return layout_; }
  bool table_in_uniform() const { return table_in_uniform_; }
  VkDescriptorType table_descriptor_type() const {
    return table_in_uniform_ ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                             : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  }
  bool graph() const { return graph_; }
  std::uint32_t binding_count() const { return graph_ ? kMaxBindings : VKNOISE_BINDING_COUNT; }
  // An embedded kernel's pipeline (not in a graph set).
  result<VkPipeline> get(const kernel_variant& variant);
  // A graph kernel's pipeline (in a graph set only), one per module key: a module with the same
  // key (the same source and macros, compiled again or read from a cache) reuses the pipeline. An
  // image-output set needs the target's `format`: as for the embedded kernels, the module runs
  // without a format qualifier where the context has storage_image_write_without_format (one
  // pipeline for every format), else with `format` written in (one pipeline per format).
  result<VkPipeline> get(const spirv_module& module, image_format format = image_format::none);
  // Points every binding of `set` (allocated from set_layout()) at `buffers`, indexed by binding;
  // in an image-output set the output binding at `output_image` instead.
  void write_set(VkDescriptorSet set, const binding_buffers& buffers,
                 const VkDescriptorImageInfo* output_image = nullptr) const;
  std::uint32_t pipelines_built() const {
    return static_cast<std::uint32_t>(pipelines_.size() + graph_pipelines_.size());
  }
  // Abandoned GPU work may still use the pipelines: hands them and the layouts to the context
  // (deferred_destruction.hpp); the set is empty afterwards.
  void abandon();

 private:
  std::function<void()> destroyer();
  // A pipeline of `code` in this layout, with `spec` (or none).
  result<VkPipeline> build(std::span<const std::uint32_t> code,
                           const VkSpecializationInfo* spec) const;

  pipeline_set(const context& ctx, bool table_in_uniform, bool image_output, bool graph)
      : ctx_(ctx),
        table_in_uniform_(table_in_uniform),
        image_output_(image_output),
        graph_(graph) {}
  const context& ctx_;
  bool table_in_uniform_;
  bool image_output_;
  bool graph_;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  // The module, the format written into it (none where it runs as embedded), the specialization.
  using pipeline_key =
      std::tuple<const kernel_module*, image_format, decltype(kernel_variant{}.specialization())>;
  std::map<pipeline_key, VkPipeline> pipelines_;
  // By module key and the format written into it (none where it runs as compiled).
  std::map<std::pair<std::array<std::uint8_t, 16>, image_format>, VkPipeline> graph_pipelines_;
};

}  // namespace vknoise::vk
