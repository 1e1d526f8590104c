// The compute pipelines of vknoise: one descriptor-set layout and pipeline layout shared by every
// kernel (bindings and push constants from shaders/vknoise_shared.h), a pipeline cache, and one
// pipeline per (kernel, dims) built on first use from the SPIR-V embedded at build time.
#pragma once

#include <map>
#include <utility>

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::vk {

enum class kernel { field, points };

class pipeline_set {
 public:
  static result<std::unique_ptr<pipeline_set>> create(const context& ctx);
  ~pipeline_set();

  VkDescriptorSetLayout set_layout() const { return set_layout_; }
  VkPipelineLayout layout() const { return layout_; }
  result<VkPipeline> get(kernel which, int dims);

 private:
  explicit pipeline_set(const context& ctx) : ctx_(ctx) {}
  const context& ctx_;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipelineCache cache_ = VK_NULL_HANDLE;
  std::map<std::pair<kernel, int>, VkPipeline> pipelines_;
};

}  // namespace vknoise::vk
