// The compute pipelines of vknoise: one descriptor-set layout and pipeline layout shared by the
// kernels of one output kind (bindings and push constants from shaders/vknoise_shared.h), and one
// pipeline per embedded module (kernel_modules.hpp) and specialization, built on first use through
// the context's pipeline cache.
#pragma once

#include <functional>
#include <map>
#include <tuple>
#include <utility>

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"
#include "vulkan/kernel_modules.hpp"

namespace vknoise::vk {

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
  // format written in (spirv_image_format.hpp), one pipeline per format.
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
  result<VkPipeline> get(const kernel_variant& variant);
  // Points every binding of `set` (allocated from set_layout()) at `buffers`, indexed by binding;
  // in an image-output set the output binding at `output_image` instead.
  void write_set(VkDescriptorSet set, const VkDescriptorBufferInfo (&buffers)[4],
                 const VkDescriptorImageInfo* output_image = nullptr) const;
  std::uint32_t pipelines_built() const { return static_cast<std::uint32_t>(pipelines_.size()); }
  // Abandoned GPU work may still use the pipelines: hands them and the layouts to the context
  // (deferred_destruction.hpp); the set is empty afterwards.
  void abandon();

 private:
  std::function<void()> destroyer();

  pipeline_set(const context& ctx, bool table_in_uniform, bool image_output)
      : ctx_(ctx), table_in_uniform_(table_in_uniform), image_output_(image_output) {}
  const context& ctx_;
  bool table_in_uniform_;
  bool image_output_;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  // The module, the format written into it (none where it runs as embedded), the specialization.
  using pipeline_key =
      std::tuple<const kernel_module*, image_format, decltype(kernel_variant{}.specialization())>;
  std::map<pipeline_key, VkPipeline> pipelines_;
};

}  // namespace vknoise::vk
