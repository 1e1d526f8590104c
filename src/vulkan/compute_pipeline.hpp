// The compute pipelines of vknoise: one descriptor-set layout and pipeline layout shared by every
// kernel (bindings and push constants from shaders/vknoise_shared.h), a pipeline cache, and one
// pipeline per (kernel, dims) built on first use from the SPIR-V embedded at build time.
#pragma once

#include <map>
#include <tuple>

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::vk {

enum class kernel { field, points };

// The structure a pipeline is specialised for (specialization constants in vknoise_shared.h).
struct kernel_variant {
  kernel which;
  int dims;
  int kind;                 // VKNOISE_NOISE_*
  int fractal;              // VKNOISE_FRACTAL_*
  int gradient;             // 0 or 1
  int value_interpolation;  // VKNOISE_VALUE_*
  int value_smooth;         // 0 or 1
  int warp;                 // 0 or 1
  auto key() const {
    return std::tuple(which, dims, kind, fractal, gradient, value_interpolation, value_smooth,
                      warp);
  }
};

class pipeline_set {
 public:
  // table_in_uniform selects the kernels built with VKNOISE_TABLE_IN_UNIFORM and a uniform-buffer
  // binding for the permutation table.
  static result<std::unique_ptr<pipeline_set>> create(const context& ctx, bool table_in_uniform);
  ~pipeline_set();

  VkDescriptorSetLayout set_layout() const { return set_layout_; }
  VkPipelineLayout layout() const { return layout_; }
  bool table_in_uniform() const { return table_in_uniform_; }
  VkDescriptorType table_descriptor_type() const {
    return table_in_uniform_ ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                             : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  }
  result<VkPipeline> get(const kernel_variant& variant);

 private:
  pipeline_set(const context& ctx, bool table_in_uniform)
      : ctx_(ctx), table_in_uniform_(table_in_uniform) {}
  const context& ctx_;
  bool table_in_uniform_;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipelineCache cache_ = VK_NULL_HANDLE;
  std::map<std::tuple<kernel, int, int, int, int, int, int, int>, VkPipeline> pipelines_;
};

}  // namespace vknoise::vk
