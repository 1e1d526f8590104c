#include "vulkan/compute_pipeline.hpp"

#include <volk.h>

#include <span>

#include "field_spv.hpp"
#include "points_spv.hpp"
#include "vknoise_shared.h"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {
namespace {

constexpr std::uint32_t kPushConstantBytes =
    std::max(sizeof(shader::field_push_constants), sizeof(shader::points_push_constants));

std::span<const std::uint32_t> spirv_of(kernel which, bool table_in_uniform) {
  if (which == kernel::field) {
    return table_in_uniform ? std::span<const std::uint32_t>(spirv::field_uniform_table)
                            : std::span<const std::uint32_t>(spirv::field);
  }
  return table_in_uniform ? std::span<const std::uint32_t>(spirv::points_uniform_table)
                          : std::span<const std::uint32_t>(spirv::points);
}

}  // namespace

result<std::unique_ptr<pipeline_set>> pipeline_set::create(const context& ctx,
                                                           bool table_in_uniform) {
  const VolkDeviceTable& vk = ctx.vk();
  std::unique_ptr<pipeline_set> set(new pipeline_set(ctx, table_in_uniform));

  VkDescriptorSetLayoutBinding bindings[VKNOISE_BINDING_COUNT];
  for (std::uint32_t b = 0; b < VKNOISE_BINDING_COUNT; ++b) {
    bindings[b] = {b, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  }
  bindings[VKNOISE_BINDING_PERMUTATION].descriptorType = set->table_descriptor_type();
  bindings[VKNOISE_BINDING_GRADIENTS].descriptorType = set->table_descriptor_type();
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.bindingCount = VKNOISE_BINDING_COUNT;
  set_info.pBindings = bindings;
  VKNOISE_TRY(
      check(vk.vkCreateDescriptorSetLayout(ctx.device(), &set_info, nullptr, &set->set_layout_),
            "vkCreateDescriptorSetLayout"));

  VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, kPushConstantBytes};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &set->set_layout_;
  layout_info.pushConstantRangeCount = 1;
  layout_info.pPushConstantRanges = &push;
  VKNOISE_TRY(check(vk.vkCreatePipelineLayout(ctx.device(), &layout_info, nullptr, &set->layout_),
                    "vkCreatePipelineLayout"));

  VkPipelineCacheCreateInfo cache_info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  VKNOISE_TRY(check(vk.vkCreatePipelineCache(ctx.device(), &cache_info, nullptr, &set->cache_),
                    "vkCreatePipelineCache"));
  return set;
}

result<VkPipeline> pipeline_set::get(const kernel_variant& variant) {
  if (auto found = pipelines_.find(variant.key()); found != pipelines_.end()) return found->second;
  const VolkDeviceTable& vk = ctx_.vk();
  const std::span<const std::uint32_t> code = spirv_of(variant.which, table_in_uniform_);
  VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  module_info.codeSize = code.size_bytes();
  module_info.pCode = code.data();
  VkShaderModule module = VK_NULL_HANDLE;
  VKNOISE_TRY(check(vk.vkCreateShaderModule(ctx_.device(), &module_info, nullptr, &module),
                    "vkCreateShaderModule"));

  // Structure is specialization constants: the driver folds the branches on them.
  constexpr std::uint32_t kCount = 7;
  const std::int32_t values[kCount] = {variant.dims,
                                       variant.kind,
                                       variant.fractal,
                                       variant.gradient,
                                       variant.value_interpolation,
                                       variant.value_smooth,
                                       variant.warp};
  const std::uint32_t ids[kCount] = {VKNOISE_SPEC_DIMS,
                                     VKNOISE_SPEC_KIND,
                                     VKNOISE_SPEC_FRACTAL,
                                     VKNOISE_SPEC_GRADIENT,
                                     VKNOISE_SPEC_VALUE_INTERPOLATION,
                                     VKNOISE_SPEC_VALUE_SMOOTH,
                                     VKNOISE_SPEC_WARP};
  VkSpecializationMapEntry entries[kCount];
  for (std::uint32_t i = 0; i < kCount; ++i) {
    entries[i] = {ids[i], i * std::uint32_t{sizeof(std::int32_t)}, sizeof(std::int32_t)};
  }
  VkSpecializationInfo spec{kCount, entries, sizeof(values), values};
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = "main";
  info.stage.pSpecializationInfo = &spec;
  info.layout = layout_;
  VkPipeline pipeline = VK_NULL_HANDLE;
  const VkResult r =
      vk.vkCreateComputePipelines(ctx_.device(), cache_, 1, &info, nullptr, &pipeline);
  vk.vkDestroyShaderModule(ctx_.device(), module, nullptr);
  VKNOISE_TRY(check(r, "vkCreateComputePipelines"));
  pipelines_[variant.key()] = pipeline;
  return pipeline;
}

pipeline_set::~pipeline_set() {
  const VolkDeviceTable& vk = ctx_.vk();
  for (auto& [key, pipeline] : pipelines_) vk.vkDestroyPipeline(ctx_.device(), pipeline, nullptr);
  if (cache_) vk.vkDestroyPipelineCache(ctx_.device(), cache_, nullptr);
  if (layout_) vk.vkDestroyPipelineLayout(ctx_.device(), layout_, nullptr);
  if (set_layout_) vk.vkDestroyDescriptorSetLayout(ctx_.device(), set_layout_, nullptr);
}

}  // namespace vknoise::vk
