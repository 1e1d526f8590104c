#include "vulkan/kernel_dispatch.hpp"

#include <volk.h>

#include <algorithm>
#include <vector>

#include "vulkan/context_impl.hpp"
#include "vulkan/kernel_inputs.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {

bool table_in_uniform_buffer(const VkPhysicalDeviceProperties& device, table_placement placement) {
  return placement == table_placement::automatic ? device.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU
                                                 : placement == table_placement::uniform_buffer;
}

result<kernel_tables> kernel_tables::create(const context& ctx, bool in_uniform_buffer) {
  kernel_tables tables;
  tables.stride_ = in_uniform_buffer ? VKNOISE_UNIFORM_TABLE_STRIDE : 1;
  const VkBufferUsageFlags usage =
      in_uniform_buffer ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  auto permutation =
      device_buffer::create(ctx, permutation_bytes(tables.stride_), usage, memory_use::upload);
  if (!permutation) return permutation.error_value();
  tables.permutation_ = std::move(permutation.value());
  auto gradients = device_buffer::create(ctx, gradient_bytes, usage, memory_use::upload);
  if (!gradients) return gradients.error_value();
  tables.gradients_ = std::move(gradients.value());
  return tables;
}

status kernel_tables::upload(const permutation_table& table, const noise_spec& noise, int dims) {
  write_permutation(table, stride_, permutation_.mapped());
  VKNOISE_TRY(permutation_.flush());
  if (noise.kind != noise_kind::classic) return {};  // the gradients are not read
  if (gradients_hold_ && gradients_hold_->seed == noise.classic_seed &&
      gradients_hold_->dims == dims) {
    return {};
  }
  gradients_hold_.reset();  // until the new ones are flushed
  write_classic_gradients(noise, dims, gradients_.mapped());
  VKNOISE_TRY(gradients_.flush());
  gradients_hold_ = seeded{noise.classic_seed, dims};
  return {};
}

void kernel_tables::bind(VkDescriptorBufferInfo (&buffers)[VKNOISE_BINDING_COUNT]) const {
  buffers[VKNOISE_BINDING_PERMUTATION] = {permutation_.buffer(), 0, VK_WHOLE_SIZE};
  buffers[VKNOISE_BINDING_GRADIENTS] = {gradients_.buffer(), 0, VK_WHOLE_SIZE};
}

void kernel_tables::abandon() {
  permutation_.abandon();
  gradients_.abandon();
}

std::uint32_t group_count(std::uint64_t items, std::uint32_t local_size) {
  return static_cast<std::uint32_t>((items + local_size - 1) / local_size);
}

field_chunk_dispatch field_dispatch_of(const shader::fractal_constants& fractal,
                                       const field_chunk& chunk, std::uint32_t octaves,
                                       std::uint32_t output_offset) {
  return {{fractal, chunk.count_x, octaves * chunk.count_x, output_offset},
          group_count(chunk.count_x, VKNOISE_FIELD_LOCAL_SIZE),
          chunk.row_count};
}

result<std::unique_ptr<kernel_engine>> kernel_engine::create(const context& ctx,
                                                             const engine_options& options) {
  std::unique_ptr<kernel_engine> engine(new kernel_engine(ctx));
  engine->table_in_uniform_ = table_in_uniform_buffer(ctx.properties(), options.table);
  const VkPhysicalDeviceLimits& device = ctx.properties().limits;
  engine->device_limits_.max_groups_x = device.maxComputeWorkGroupCount[0];
  engine->device_limits_.max_groups_y = device.maxComputeWorkGroupCount[1];
  engine->device_limits_.chunk_bytes = std::max<std::uint64_t>(
      options.minimum_chunk_bytes,
      std::min<std::uint64_t>(options.chunk_bytes, device.maxStorageBufferRange / 2));
  auto buffers = pipeline_set::create(ctx, engine->table_in_uniform_, false);
  if (!buffers) return buffers.error_value();
  engine->buffer_kernels_ = std::move(buffers.value());
  if (options.image_output) {
    auto images = pipeline_set::create(ctx, engine->table_in_uniform_, true);
    if (!images) return images.error_value();
    engine->image_kernels_ = std::move(images.value());
  }
  return engine;
}

dispatch_limits kernel_engine::limits(const noise_spec& noise, int dims) const {
  dispatch_limits limits = device_limits_;
  limits.octaves = static_cast<std::uint32_t>(noise.octaves);
  limits.channels = static_cast<std::uint32_t>(channel_count(noise, dims));
  return limits;
}

result<kernel_tables> kernel_engine::create_tables() const {
  return kernel_tables::create(ctx_, table_in_uniform_);
}

result<VkPipeline> kernel_engine::pipeline(const kernel_variant& variant) {
  const bool image_output = variant.image != image_format::none;
  if (image_output && !image_kernels_) {
    return make_error(errc::invalid_argument, "this engine has no image-output kernels");
  }
  return (image_output ? *image_kernels_ : *buffer_kernels_).get(variant);
}

result<VkDescriptorPool> kernel_engine::create_descriptor_pool(std::uint32_t sets) const {
  // Each set: the coordinates and the output (storage buffers or a storage image) and the two
  // tables (storage or uniform buffers, as placed).
  const VkDescriptorPoolSize sizes[3] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, sets * VKNOISE_BINDING_COUNT},
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, sets * 2},
      {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, sets}};
  VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.maxSets = sets;
  info.poolSizeCount = image_kernels_ ? 3 : 2;
  info.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VKNOISE_TRY(check(device_table(ctx_).vkCreateDescriptorPool(ctx_.device(), &info, nullptr, &pool),
                    "vkCreateDescriptorPool"));
  return pool;
}

status kernel_engine::allocate_sets(VkDescriptorPool pool, bool image_output,
                                    std::span<VkDescriptorSet> sets) const {
  if (sets.empty()) return {};
  const std::vector<VkDescriptorSetLayout> layouts(sets.size(), kernels(image_output).set_layout());
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = pool;
  alloc.descriptorSetCount = static_cast<std::uint32_t>(sets.size());
  alloc.pSetLayouts = layouts.data();
  return check(device_table(ctx_).vkAllocateDescriptorSets(ctx_.device(), &alloc, sets.data()),
               "vkAllocateDescriptorSets");
}

void kernel_engine::write_set(VkDescriptorSet set, bool image_output,
                              const VkDescriptorBufferInfo (&buffers)[VKNOISE_BINDING_COUNT],
                              const VkDescriptorImageInfo* output_image) const {
  kernels(image_output).write_set(set, buffers, output_image);
}

void kernel_engine::record(VkCommandBuffer cmd, const dispatch& d) const {
  const VolkDeviceTable& vk = device_table(ctx_);
  const VkPipelineLayout layout = kernels(d.image_output).layout();
  vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, d.pipeline);
  vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &d.set, 0, nullptr);
  vk.vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, d.push_bytes, d.push);
  vk.vkCmdDispatch(cmd, d.groups_x, d.groups_y, 1);
}

std::uint32_t kernel_engine::pipelines_built() const {
  return buffer_kernels_->pipelines_built() +
         (image_kernels_ ? image_kernels_->pipelines_built() : 0);
}

void kernel_engine::abandon() {
  for (pipeline_set* kernels : {buffer_kernels_.get(), image_kernels_.get()}) {
    if (kernels) kernels->abandon();
  }
}

}  // namespace vknoise::vk
