#include "view/shade_pass.hpp"

#include <algorithm>

#include "view_shared.h"

namespace vknoise::view {

constexpr std::uint32_t binding_count = VIEW_BINDING_COUNT;

result<std::unique_ptr<shade_pass>> shade_pass::create(VkDevice device, VkPipelineCache cache,
                                                       std::span<const std::uint32_t> spirv,
                                                       std::uint32_t push_bytes,
                                                       std::uint32_t slots, std::uint32_t images) {
  std::unique_ptr<shade_pass> p(new shade_pass(device));
  p->push_bytes_ = push_bytes;
  p->images_ = images;
  std::vector<VkDescriptorSetLayoutBinding> bindings(binding_count + images);
  for (std::uint32_t i = 0; i < binding_count + images; ++i) {
    const VkDescriptorType type = i < binding_count ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                                                    : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    bindings[i] = {i, type, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  }
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.bindingCount = static_cast<std::uint32_t>(bindings.size());
  set_info.pBindings = bindings.data();
  if (auto s = vk_ok(vkCreateDescriptorSetLayout(device, &set_info, nullptr, &p->set_layout_),
                     "vkCreateDescriptorSetLayout");
      !s) {
    return s.error_value();
  }
  VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &p->set_layout_;
  layout_info.pushConstantRangeCount = 1;
  layout_info.pPushConstantRanges = &push;
  if (auto s = vk_ok(vkCreatePipelineLayout(device, &layout_info, nullptr, &p->layout_),
                     "vkCreatePipelineLayout");
      !s) {
    return s.error_value();
  }
  VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  module_info.codeSize = spirv.size_bytes();
  module_info.pCode = spirv.data();
  VkShaderModule module = VK_NULL_HANDLE;
  if (auto s = vk_ok(vkCreateShaderModule(device, &module_info, nullptr, &module),
                     "vkCreateShaderModule");
      !s) {
    return s.error_value();
  }
  VkComputePipelineCreateInfo pipeline{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipeline.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  pipeline.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipeline.stage.module = module;
  pipeline.stage.pName = "main";
  pipeline.layout = p->layout_;
  const status built =
      vk_ok(vkCreateComputePipelines(device, cache, 1, &pipeline, nullptr, &p->pipeline_),
            "vkCreateComputePipelines");
  vkDestroyShaderModule(device, module, nullptr);
  if (!built) return built.error_value();

  const VkDescriptorPoolSize sizes[2] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, binding_count * slots},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, images * slots}};
  VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool_info.maxSets = slots;
  pool_info.poolSizeCount = images ? 2 : 1;  // a pool size of 0 descriptors is invalid
  pool_info.pPoolSizes = sizes;
  if (auto s = vk_ok(vkCreateDescriptorPool(device, &pool_info, nullptr, &p->pool_),
                     "vkCreateDescriptorPool");
      !s) {
    return s.error_value();
  }
  std::vector<VkDescriptorSetLayout> layouts(slots, p->set_layout_);
  VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocate.descriptorPool = p->pool_;
  allocate.descriptorSetCount = slots;
  allocate.pSetLayouts = layouts.data();
  p->sets_.resize(slots);
  if (auto s = vk_ok(vkAllocateDescriptorSets(device, &allocate, p->sets_.data()),
                     "vkAllocateDescriptorSets");
      !s) {
    return s.error_value();
  }
  return p;
}

shade_pass::~shade_pass() {
  if (pool_) vkDestroyDescriptorPool(device_, pool_, nullptr);
  if (pipeline_) vkDestroyPipeline(device_, pipeline_, nullptr);
  if (layout_) vkDestroyPipelineLayout(device_, layout_, nullptr);
  if (set_layout_) vkDestroyDescriptorSetLayout(device_, set_layout_, nullptr);
}

void shade_pass::bind(std::uint32_t slot, VkBuffer field, VkBuffer pixels, VkBuffer overlay,
                      VkBuffer colormaps) {
  VkDescriptorBufferInfo buffers[binding_count];
  buffers[VIEW_BINDING_FIELD] = {field, 0, VK_WHOLE_SIZE};
  buffers[VIEW_BINDING_PIXELS] = {pixels, 0, VK_WHOLE_SIZE};
  buffers[VIEW_BINDING_OVERLAY] = {overlay, 0, VK_WHOLE_SIZE};
  buffers[VIEW_BINDING_COLORMAPS] = {colormaps, 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet writes[binding_count];
  for (std::uint32_t i = 0; i < binding_count; ++i) {
    writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[i].dstSet = sets_[slot];
    writes[i].dstBinding = i;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &buffers[i];
  }
  vkUpdateDescriptorSets(device_, binding_count, writes, 0, nullptr);
}

void shade_pass::bind_images(std::span<const VkDescriptorImageInfo> images) {
  const std::uint32_t count =
      std::min<std::uint32_t>(images_, static_cast<std::uint32_t>(images.size()));
  std::vector<VkWriteDescriptorSet> writes;
  for (VkDescriptorSet set : sets_) {
    for (std::uint32_t i = 0; i < count; ++i) {
      VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w.dstSet = set;
      w.dstBinding = binding_count + i;
      w.descriptorCount = 1;
      w.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      w.pImageInfo = &images[i];
      writes.push_back(w);
    }
  }
  vkUpdateDescriptorSets(device_, static_cast<std::uint32_t>(writes.size()), writes.data(), 0,
                         nullptr);
}

void shade_pass::record(VkCommandBuffer cmd, std::uint32_t slot, const void* push,
                        std::uint32_t width, std::uint32_t height) const {
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &sets_[slot], 0,
                          nullptr);
  vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes_, push);
  vkCmdDispatch(cmd, (width + VIEW_LOCAL_SIZE - 1) / VIEW_LOCAL_SIZE,
                (height + VIEW_LOCAL_SIZE - 1) / VIEW_LOCAL_SIZE, 1);
}

}  // namespace vknoise::view
