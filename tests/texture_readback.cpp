#include "texture_readback.hpp"

#include <cstring>
#include <memory>
#include <span>

#include "texel_fetch_2d_spv.hpp"
#include "texel_fetch_3d_spv.hpp"
#include "texel_fetch_array_spv.hpp"
#include "view/one_time_submit.hpp"
#include "view/texture_upload.hpp"
#include "view/vulkan_loader.hpp"

namespace vknoise::test {
namespace {

using view::vk_ok;

struct level_push {
  std::int32_t size[4];  // width, height, depth or layers, the level
  std::uint32_t base;    // the level's first texel in the output
};

// Everything one readback makes, destroyed in reverse when it ends (the device is idle by then, or
// lost: a timed-out readback leaves it all to the device's owner).
struct readback_objects {
  VkDevice device;
  view::gpu_texture texture;
  view::gpu_buffer output;
  VkSampler sampler = VK_NULL_HANDLE;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout pipeline_layout = VK_NULL_HANDLE;
  VkShaderModule shader = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorPool descriptor_pool = VK_NULL_HANDLE;
  std::unique_ptr<view::one_time_submit> submission;

  ~readback_objects() {
    if (submission && submission->abandoned()) return;
    submission.reset();
    if (descriptor_pool) vkDestroyDescriptorPool(device, descriptor_pool, nullptr);
    if (pipeline) vkDestroyPipeline(device, pipeline, nullptr);
    if (shader) vkDestroyShaderModule(device, shader, nullptr);
    if (pipeline_layout) vkDestroyPipelineLayout(device, pipeline_layout, nullptr);
    if (set_layout) vkDestroyDescriptorSetLayout(device, set_layout, nullptr);
    if (sampler) vkDestroySampler(device, sampler, nullptr);
    view::destroy_buffer(device, output);
    view::destroy_texture(device, texture);
  }
};

std::span<const std::uint32_t> shader_for(VkImageViewType type) {
  switch (type) {
    case VK_IMAGE_VIEW_TYPE_2D_ARRAY:
      return spirv::texel_fetch_array;
    case VK_IMAGE_VIEW_TYPE_3D:
      return spirv::texel_fetch_3d;
    default:
      return spirv::texel_fetch_2d;
  }
}

status make_pipeline(readback_objects& made) {
  VkDevice device = made.device;
  VkSamplerCreateInfo sampler{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  sampler.magFilter = VK_FILTER_NEAREST;
  sampler.minFilter = VK_FILTER_NEAREST;
  sampler.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  sampler.addressModeU = sampler.addressModeV = sampler.addressModeW =
      VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler.maxLod = VK_LOD_CLAMP_NONE;
  if (auto s = vk_ok(vkCreateSampler(device, &sampler, nullptr, &made.sampler), "vkCreateSampler");
      !s) {
    return s;
  }
  const VkDescriptorSetLayoutBinding bindings[] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}};
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.bindingCount = 2;
  set_info.pBindings = bindings;
  if (auto s = vk_ok(vkCreateDescriptorSetLayout(device, &set_info, nullptr, &made.set_layout),
                     "vkCreateDescriptorSetLayout");
      !s) {
    return s;
  }
  const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(level_push)};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &made.set_layout;
  layout_info.pushConstantRangeCount = 1;
  layout_info.pPushConstantRanges = &push;
  if (auto s = vk_ok(vkCreatePipelineLayout(device, &layout_info, nullptr, &made.pipeline_layout),
                     "vkCreatePipelineLayout");
      !s) {
    return s;
  }
  const auto code = shader_for(made.texture.view_type);
  VkShaderModuleCreateInfo module{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  module.codeSize = code.size_bytes();
  module.pCode = code.data();
  if (auto s = vk_ok(vkCreateShaderModule(device, &module, nullptr, &made.shader),
                     "vkCreateShaderModule");
      !s) {
    return s;
  }
  VkComputePipelineCreateInfo pipeline{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipeline.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  pipeline.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipeline.stage.module = made.shader;
  pipeline.stage.pName = "main";
  pipeline.layout = made.pipeline_layout;
  return vk_ok(
      vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipeline, nullptr, &made.pipeline),
      "vkCreateComputePipelines");
}

result<VkDescriptorSet> make_descriptor_set(readback_objects& made) {
  const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
  VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool_info.maxSets = 1;
  pool_info.poolSizeCount = 2;
  pool_info.pPoolSizes = sizes;
  if (auto s =
          vk_ok(vkCreateDescriptorPool(made.device, &pool_info, nullptr, &made.descriptor_pool),
                "vkCreateDescriptorPool");
      !s) {
    return s.error_value();
  }
  VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocate.descriptorPool = made.descriptor_pool;
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &made.set_layout;
  VkDescriptorSet set = VK_NULL_HANDLE;
  if (auto s =
          vk_ok(vkAllocateDescriptorSets(made.device, &allocate, &set), "vkAllocateDescriptorSets");
      !s) {
    return s.error_value();
  }
  const VkDescriptorImageInfo image{made.sampler, made.texture.view,
                                    VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  const VkDescriptorBufferInfo buffer{made.output.buffer, 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet writes[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                    {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
  writes[0].dstSet = writes[1].dstSet = set;
  writes[0].dstBinding = 0;
  writes[0].descriptorCount = 1;
  writes[0].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  writes[0].pImageInfo = &image;
  writes[1].dstBinding = 1;
  writes[1].descriptorCount = 1;
  writes[1].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  writes[1].pBufferInfo = &buffer;
  vkUpdateDescriptorSets(made.device, 2, writes, 0, nullptr);
  return set;
}

}  // namespace

result<std::vector<std::vector<float>>> sample_every_level(loader_device& gpu,
                                                           const io::ktx2_texture& texture,
                                                           std::uint64_t timeout_ns) {
  readback_objects made{gpu.device()};
  auto uploaded = view::upload_texture(gpu.physical(), gpu.device(), gpu.queue(), gpu.family(),
                                       texture, timeout_ns);
  if (!uploaded) return uploaded.error_value();
  made.texture = uploaded.value();

  // Each level's texels from `bases[level]` on, 16 bytes (a vec4) each.
  std::vector<std::uint32_t> bases;
  std::uint64_t texels = 0;
  for (std::uint32_t level = 0; level < made.texture.levels; ++level) {
    const io::ktx2_level_size size = io::ktx2_level_extent(texture.image, level);
    bases.push_back(static_cast<std::uint32_t>(texels));
    texels += std::uint64_t{size.width} * size.height * size.depth;
  }
  auto output = view::create_buffer(gpu.physical(), gpu.device(), texels * 16,
                                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true);
  if (!output) return output.error_value();
  made.output = output.value();
  if (auto s = make_pipeline(made); !s) return s.error_value();
  auto set = make_descriptor_set(made);
  if (!set) return set.error_value();

  auto submission = view::one_time_submit::begin(made.device, gpu.family());
  if (!submission) return submission.error_value();
  made.submission = std::move(submission).value();
  const VkCommandBuffer commands = made.submission->commands();
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, made.pipeline);
  vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, made.pipeline_layout, 0, 1,
                          &set.value(), 0, nullptr);
  // One dispatch per level; each writes its own range of the output, so they need no barrier.
  for (std::uint32_t level = 0; level < made.texture.levels; ++level) {
    const io::ktx2_level_size size = io::ktx2_level_extent(texture.image, level);
    const level_push push{
        {static_cast<std::int32_t>(size.width), static_cast<std::int32_t>(size.height),
         static_cast<std::int32_t>(size.depth), static_cast<std::int32_t>(level)},
        bases[level]};
    vkCmdPushConstants(commands, made.pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push,
                       &push);
    vkCmdDispatch(commands, (size.width + 3) / 4, (size.height + 3) / 4, (size.depth + 3) / 4);
  }
  VkBufferMemoryBarrier to_host{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
  to_host.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  to_host.srcQueueFamilyIndex = to_host.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_host.buffer = made.output.buffer;
  to_host.size = VK_WHOLE_SIZE;
  // The shaders' writes made visible to the host, which reads the output after the fence.
  vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                       0, 0, nullptr, 1, &to_host, 0, nullptr);
  if (auto s = made.submission->submit_and_wait(gpu.queue(), timeout_ns, "the texel fetches"); !s) {
    return s.error_value();
  }

  std::vector<std::vector<float>> levels;
  const auto* fetched = static_cast<const float*>(made.output.mapped);
  for (std::uint32_t level = 0; level < made.texture.levels; ++level) {
    const std::uint64_t end = level + 1 < bases.size() ? bases[level + 1] : texels;
    levels.emplace_back(fetched + std::size_t{bases[level]} * 4, fetched + end * 4);
  }
  return levels;
}

}  // namespace vknoise::test
