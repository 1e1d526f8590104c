#include "vulkan/compute_pipeline.hpp"

#include <volk.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "vknoise_shared.h"
#include "vulkan/context_impl.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/spirv_float_controls.hpp"
#include "vulkan/spirv_image_format.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {
namespace {

constexpr std::uint32_t kPushConstantBytes =
    std::max({sizeof(shader::field_push_constants), sizeof(shader::points_push_constants),
              sizeof(shader::image_push_constants)});

}  // namespace

result<std::unique_ptr<pipeline_set>> pipeline_set::create(const context& ctx,
                                                           bool table_in_uniform,
                                                           bool image_output) {
  const VolkDeviceTable& vk = device_table(ctx);
  std::unique_ptr<pipeline_set> set(new pipeline_set(ctx, table_in_uniform, image_output));

  // Every binding a storage buffer (the graph constants included) but the tables and an image.
  VkDescriptorSetLayoutBinding bindings[kMaxBindings];
  for (std::uint32_t b = 0; b < kMaxBindings; ++b) {
    bindings[b] = {b, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  }
  bindings[VKNOISE_BINDING_PERMUTATION].descriptorType = set->table_descriptor_type();
  bindings[VKNOISE_BINDING_GRADIENTS].descriptorType = set->table_descriptor_type();
  if (image_output)
    bindings[VKNOISE_BINDING_OUTPUT].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.bindingCount = set->binding_count();
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
  return set;
}

result<VkPipeline> pipeline_set::get(const spirv_module& module, image_format format) {
  if ((format != image_format::none) != image_output_) {
    return make_error(errc::invalid_argument, "kernel output does not match the pipeline layout");
  }
  const bool needs_format = image_output_ && !ctx_.features().storage_image_write_without_format;
  const image_format written_format = needs_format ? format : image_format::none;
  const auto key = std::pair(module.key, written_format);
  if (auto found = pipelines_.find(key); found != pipelines_.end()) {
    return found->second;
  }
  // The module as this device runs it: with its float controls, and the format written in.
  std::vector<std::uint32_t> code(module.code.begin(), module.code.end());
  if (const float_controls controls = internals(ctx_).kernel_float_controls(); controls.any()) {
    auto controlled = with_float_controls(code, controls);
    if (!controlled) return controlled.error_value();
    code = std::move(controlled.value());
  }
  if (needs_format) {
    auto fitted = with_image_format(code, written_format);
    if (!fitted) return fitted.error_value();
    code = std::move(fitted.value());
  }
  auto built = build(code);
  if (!built) return built.error_value();
  pipelines_[key] = *built;
  return *built;
}

result<VkPipeline> pipeline_set::build(std::span<const std::uint32_t> code) const {
  const VolkDeviceTable& vk = device_table(ctx_);
  VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  module_info.codeSize = code.size_bytes();
  module_info.pCode = code.data();
  VkShaderModule module = VK_NULL_HANDLE;
  VKNOISE_TRY(check(vk.vkCreateShaderModule(ctx_.device(), &module_info, nullptr, &module),
                    "vkCreateShaderModule"));
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = "main";
  info.layout = layout_;
  VkPipeline pipeline = VK_NULL_HANDLE;
  const VkResult r = vk.vkCreateComputePipelines(ctx_.device(), ctx_.pipeline_cache(), 1, &info,
                                                 nullptr, &pipeline);
  vk.vkDestroyShaderModule(ctx_.device(), module, nullptr);
  VKNOISE_TRY(check(r, "vkCreateComputePipelines"));
  return pipeline;
}

void pipeline_set::write_set(VkDescriptorSet set, const binding_buffers& buffers,
                             const VkDescriptorImageInfo* output_image) const {
  VkWriteDescriptorSet writes[kMaxBindings];
  for (std::uint32_t b = 0; b < binding_count(); ++b) {
    writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[b].dstSet = set;
    writes[b].dstBinding = b;
    writes[b].descriptorCount = 1;
    const bool is_table = b == VKNOISE_BINDING_PERMUTATION || b == VKNOISE_BINDING_GRADIENTS;
    writes[b].descriptorType =
        is_table ? table_descriptor_type() : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[b].pBufferInfo = &buffers[b];
    if (b == VKNOISE_BINDING_OUTPUT && image_output_) {
      writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
      writes[b].pBufferInfo = nullptr;
      writes[b].pImageInfo = output_image;
    }
  }
  device_table(ctx_).vkUpdateDescriptorSets(ctx_.device(), binding_count(), writes, 0, nullptr);
}

// Destroys the set's objects now (the destructor) or when the context may (abandon()).
std::function<void()> pipeline_set::destroyer() {
  std::vector<VkPipeline> pipelines;
  for (auto& [key, pipeline] : pipelines_) pipelines.push_back(pipeline);
  pipelines_.clear();
  return [ctx = &ctx_, pipelines = std::move(pipelines),
          layout = std::exchange(layout_, VK_NULL_HANDLE),
          set_layout = std::exchange(set_layout_, VK_NULL_HANDLE)] {
    const VolkDeviceTable& vk = device_table(*ctx);
    for (VkPipeline pipeline : pipelines) vk.vkDestroyPipeline(ctx->device(), pipeline, nullptr);
    if (layout) vk.vkDestroyPipelineLayout(ctx->device(), layout, nullptr);
    if (set_layout) vk.vkDestroyDescriptorSetLayout(ctx->device(), set_layout, nullptr);
  };
}

void pipeline_set::abandon() {
  context_internals::defer_destruction(ctx_, destroyer());
}

pipeline_set::~pipeline_set() {
  destroyer()();  // nothing left after abandon()
}

}  // namespace vknoise::vk
