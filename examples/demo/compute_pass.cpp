#include "compute_pass.hpp"

#include <volk.h>

#include "vulkan/context_impl.hpp"
#include "vulkan/vk_check.hpp"

namespace demo {

using vknoise::errc;
using vknoise::make_error;
using vknoise::status;
using vknoise::vk::check;
using vknoise::vk::device_buffer;
using vknoise::vk::memory_use;

vknoise::result<std::unique_ptr<compute_pass>> compute_pass::create(
    const vknoise::context& ctx, std::span<const std::uint32_t> spirv,
    std::span<const std::size_t> input_bytes, std::uint32_t width, std::uint32_t height,
    std::uint32_t push_bytes) {
  const VolkDeviceTable& vk = device_table(ctx);
  const VkDevice device = ctx.device();
  std::unique_ptr<compute_pass> p(new compute_pass(ctx));
  p->width_ = width;
  p->height_ = height;
  p->push_bytes_ = push_bytes;
  if (push_bytes > ctx.properties().limits.maxPushConstantsSize) {
    return make_error(errc::out_of_range, "push constants exceed maxPushConstantsSize");
  }

  // Inputs are written by the host every frame and read once by the shader: upload memory
  // (host-visible, mapped) saves a staging copy. The image is written by the shader and read by
  // the host: readback memory, host-cached where the device has it.
  for (std::size_t bytes : input_bytes) {
    auto buffer =
        device_buffer::create(ctx, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, memory_use::upload);
    if (!buffer) return buffer.error_value();
    if (!buffer->mapped()) return make_error(errc::vulkan_error, "input buffer is not mapped");
    p->inputs_.push_back(std::move(*buffer));
  }
  const VkDeviceSize image_bytes = VkDeviceSize{width} * height * 4;
  auto image = device_buffer::create(ctx, image_bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                     memory_use::readback);
  if (!image) return image.error_value();
  p->image_ = std::move(*image);

  auto submission = vknoise::vk::submission::create(ctx);
  if (!submission) return submission.error_value();
  p->submission_ = std::move(*submission);

  const auto binding_count = static_cast<std::uint32_t>(input_bytes.size() + 1);
  std::vector<VkDescriptorSetLayoutBinding> bindings(binding_count);
  for (std::uint32_t i = 0; i < binding_count; ++i) {
    bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  }
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.bindingCount = binding_count;
  set_info.pBindings = bindings.data();
  VKNOISE_TRY(check(vk.vkCreateDescriptorSetLayout(device, &set_info, nullptr, &p->set_layout_),
                    "vkCreateDescriptorSetLayout"));

  const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &p->set_layout_;
  layout_info.pushConstantRangeCount = push_bytes ? 1 : 0;
  layout_info.pPushConstantRanges = &push;
  VKNOISE_TRY(check(vk.vkCreatePipelineLayout(device, &layout_info, nullptr, &p->layout_),
                    "vkCreatePipelineLayout"));

  VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  module_info.codeSize = spirv.size_bytes();
  module_info.pCode = spirv.data();
  VKNOISE_TRY(check(vk.vkCreateShaderModule(device, &module_info, nullptr, &p->module_),
                    "vkCreateShaderModule"));
  VkComputePipelineCreateInfo pipeline_info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipeline_info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  pipeline_info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipeline_info.stage.module = p->module_;
  pipeline_info.stage.pName = "main";
  pipeline_info.layout = p->layout_;
  VKNOISE_TRY(check(vk.vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipeline_info, nullptr,
                                                &p->pipeline_),
                    "vkCreateComputePipelines"));

  const VkDescriptorPoolSize pool_size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, binding_count};
  VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool_info.maxSets = 1;
  pool_info.poolSizeCount = 1;
  pool_info.pPoolSizes = &pool_size;
  VKNOISE_TRY(check(vk.vkCreateDescriptorPool(device, &pool_info, nullptr, &p->pool_),
                    "vkCreateDescriptorPool"));
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = p->pool_;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &p->set_layout_;
  VKNOISE_TRY(
      check(vk.vkAllocateDescriptorSets(device, &alloc, &p->set_), "vkAllocateDescriptorSets"));

  std::vector<VkDescriptorBufferInfo> infos;
  for (const auto& input : p->inputs_) infos.push_back({input.buffer(), 0, VK_WHOLE_SIZE});
  infos.push_back({p->image_.buffer(), 0, VK_WHOLE_SIZE});
  std::vector<VkWriteDescriptorSet> writes(binding_count);
  for (std::uint32_t i = 0; i < binding_count; ++i) {
    writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[i].dstSet = p->set_;
    writes[i].dstBinding = i;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &infos[i];
  }
  vk.vkUpdateDescriptorSets(device, binding_count, writes.data(), 0, nullptr);
  return p;
}

compute_pass::~compute_pass() {
  // A timed-out submission may still use everything: leave it alive rather than destroy it
  // under the device (the submission abandoned itself in wait()).
  if (submission_ && submission_->pending()) {
    for (auto& input : inputs_) input.abandon();
    image_.abandon();
    return;
  }
  const VolkDeviceTable& vk = device_table(ctx_);
  const VkDevice device = ctx_.device();
  if (pool_) vk.vkDestroyDescriptorPool(device, pool_, nullptr);  // frees the set
  if (pipeline_) vk.vkDestroyPipeline(device, pipeline_, nullptr);
  if (module_) vk.vkDestroyShaderModule(device, module_, nullptr);
  if (layout_) vk.vkDestroyPipelineLayout(device, layout_, nullptr);
  if (set_layout_) vk.vkDestroyDescriptorSetLayout(device, set_layout_, nullptr);
}

status compute_pass::run(const void* push_constants) {
  const VolkDeviceTable& vk = device_table(ctx_);
  // Host writes to the inputs need no barrier: vkQueueSubmit makes host writes made before it
  // visible to the device. On non-coherent memory they must be flushed first.
  for (const auto& input : inputs_) VKNOISE_TRY(input.flush());

  auto cmd = submission_->begin();
  if (!cmd) return cmd.error_value();
  vk.vkCmdBindPipeline(*cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
  vk.vkCmdBindDescriptorSets(*cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &set_, 0,
                             nullptr);
  if (push_bytes_) {
    vk.vkCmdPushConstants(*cmd, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes_,
                          push_constants);
  }
  submission_->write_kernel_start();
  vk.vkCmdDispatch(*cmd, (width_ + 7) / 8, (height_ + 7) / 8, 1);
  submission_->write_kernel_end();
  // The shader's writes to the image must be made available to the host domain before the
  // fence signals; a fence wait alone does not do that (Vulkan's host-read rule).
  VkBufferMemoryBarrier to_host{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
  to_host.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  to_host.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_host.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_host.buffer = image_.buffer();
  to_host.size = VK_WHOLE_SIZE;
  vk.vkCmdPipelineBarrier(*cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                          0, nullptr, 1, &to_host, 0, nullptr);
  VKNOISE_TRY(submission_->submit());
  VKNOISE_TRY(submission_->wait());  // bounded by context_options::fence_timeout_ns
  VKNOISE_TRY(image_.invalidate());  // non-coherent memory: drop stale host cache lines
  auto ns = submission_->kernel_ns();
  if (!ns) return ns.error_value();
  kernel_ns_ = *ns;
  return {};
}

std::span<const std::uint32_t> compute_pass::pixels() const {
  return {static_cast<const std::uint32_t*>(image_.mapped()), std::size_t{width_} * height_};
}

}  // namespace demo
