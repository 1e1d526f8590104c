#include "vulkan/kernel_dispatch.hpp"

#include <volk.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "graph/graph_layout.hpp"
#include "vknoise/classic_gradients.hpp"
#include "vulkan/context_impl.hpp"
#include "vulkan/kernel_inputs.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {

bool table_in_uniform_buffer(const VkPhysicalDeviceProperties& device, table_placement placement) {
  return placement == table_placement::automatic ? device.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU
                                                 : placement == table_placement::uniform_buffer;
}

namespace {

VkBufferUsageFlags table_usage(bool in_uniform_buffer) {
  return in_uniform_buffer ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                           : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
}

}  // namespace

result<kernel_tables> kernel_tables::create(const context& ctx, bool in_uniform_buffer,
                                            memory_block* block) {
  kernel_tables tables;
  tables.ctx_ = &ctx;
  tables.block_ = block;
  tables.stride_ = in_uniform_buffer ? VKNOISE_UNIFORM_TABLE_STRIDE : 1;
  const VkBufferUsageFlags usage = table_usage(in_uniform_buffer);
  VKNOISE_TRY(tables.ensure(tables.permutation_, permutation_bytes(tables.stride_), usage));
  VKNOISE_TRY(tables.ensure(tables.gradients_, gradient_bytes, usage));
  tables.permutation_range_ = permutation_bytes(tables.stride_);
  tables.gradient_range_ = gradient_bytes;
  return tables;
}

status kernel_tables::ensure(device_buffer& buffer, VkDeviceSize bytes, VkBufferUsageFlags usage) {
  if (buffer.size() >= bytes) return {};
  auto made = device_buffer::create(*ctx_, bytes, usage, memory_use::upload, block_);
  if (!made) return made.error_value();
  buffer = std::move(made.value());
  return {};
}

status kernel_tables::upload_graph(std::span<const permutation_table> tables,
                                   std::span<const std::array<float, 1024>> gradients,
                                   std::span<const std::uint32_t> words) {
  if (tables.empty() || gradients.empty() || words.empty()) {
    return make_error(errc::invalid_argument, "a graph kernel binds at least one of each table");
  }
  const VkBufferUsageFlags usage = table_usage(in_uniform_buffer());
  permutation_range_ = tables.size() * permutation_bytes(stride_);
  gradient_range_ = gradients.size() * gradient_bytes;
  constants_range_ = words.size_bytes();
  VKNOISE_TRY(ensure(permutation_, permutation_range_, usage));
  VKNOISE_TRY(ensure(gradients_, gradient_range_, usage));
  VKNOISE_TRY(ensure(constants_, constants_range_, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT));
  auto* entries = static_cast<std::uint8_t*>(permutation_.mapped());
  for (const permutation_table& table : tables) {
    write_permutation(table, stride_, entries);
    entries += permutation_bytes(stride_);
  }
  static_assert(sizeof(gradients[0]) == gradient_bytes);
  std::memcpy(gradients_.mapped(), gradients.data(), gradients.size_bytes());
  std::memcpy(constants_.mapped(), words.data(), words.size_bytes());
  VKNOISE_TRY(permutation_.flush());
  VKNOISE_TRY(gradients_.flush());
  return constants_.flush();
}

void kernel_tables::bind(binding_buffers& buffers) const {
  buffers[VKNOISE_BINDING_PERMUTATION] = {permutation_.buffer(), 0, permutation_range_};
  buffers[VKNOISE_BINDING_GRADIENTS] = {gradients_.buffer(), 0, gradient_range_};
  if (constants_.buffer()) {
    buffers[VKNOISE_BINDING_GRAPH_CONSTANTS] = {constants_.buffer(), 0, constants_range_};
  }
}

void kernel_tables::abandon() {
  permutation_.abandon();
  gradients_.abandon();
  constants_.abandon();
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
  engine->image_output_ = options.image_output;
  return engine;
}

dispatch_limits kernel_engine::limits(std::uint32_t octaves, std::uint32_t channels) const {
  dispatch_limits limits = device_limits_;
  limits.octaves = octaves;
  limits.channels = channels;
  return limits;
}

std::uint32_t kernel_engine::max_uniform_range() const {
  return ctx_.properties().limits.maxUniformBufferRange;
}

status ensure_compiler(std::shared_ptr<graph_compiler>& compiler) {
  if (compiler) return {};
  auto made = graph_compiler::create();
  if (!made) return made.error_value();
  compiler = std::move(made.value());
  return {};
}

runtime_kernel runtime_kernel_of(const compiled_graph& graph, const permutation_table& table) {
  const graph_ir::layout& layout = graph.layout();
  runtime_kernel kernel;
  kernel.module = [&graph](graph_kernel_variant variant) { return graph.kernel(variant); };
  // The kernel declares at least one of each table and one constant word (graph_bindings.glsl);
  // a graph that reads none is bound one nobody reads.
  kernel.tables = graph_ir::resolve_tables(layout, table);
  if (kernel.tables.empty()) kernel.tables.push_back(table);
  for (const graph_ir::gradient_ref& gradients : layout.gradients) {
    kernel.gradients.push_back(
        classic_gradients::from_seed(gradients.classic_seed).float_table(gradients.dims));
  }
  if (kernel.gradients.empty()) kernel.gradients.emplace_back();
  kernel.words = layout.words;
  if (kernel.words.empty()) kernel.words.push_back(0);
  kernel.dims = graph.source_graph().dims();
  kernel.slots = static_cast<std::uint32_t>(layout.slot_count());
  kernel.channels = static_cast<std::uint32_t>(graph.source_graph().channels());
  kernel.coordinate = [&layout](int slot, int axis, double x) {
    return graph_ir::slot_coordinate(layout, slot, axis, x);
  };
  return kernel;
}

void write_graph_chunk_coords(const runtime_kernel& kernel, const field_spec& field,
                              const field_chunk& chunk, lattice_coord* coords) {
  write_field_chunk_coords(
      field, chunk, kernel.octaves(),
      [&](std::uint32_t s, int axis, std::uint32_t index) {
        if (axis >= field.dims || s >= kernel.slots) return lattice_coord{0, 0, 0, 0, 0.0f};
        return kernel.coordinate(static_cast<int>(s), axis, sample_position(field, axis, index));
      },
      coords);
}

bool kernel_engine::graph_table_in_uniform(const runtime_kernel& kernel) const {
  const std::uint64_t uniform_limit = max_uniform_range();
  return table_in_uniform_ &&
         kernel.tables.size() * permutation_bytes(VKNOISE_UNIFORM_TABLE_STRIDE) <= uniform_limit &&
         kernel.gradients.size() * gradient_bytes <= uniform_limit;
}

result<kernel_tables> kernel_engine::create_tables(bool in_uniform_buffer,
                                                   memory_block* block) const {
  return kernel_tables::create(ctx_, in_uniform_buffer, block);
}

result<pipeline_set*> kernel_engine::graph_kernels(bool table_in_uniform, bool image_output) {
  if (image_output && !image_output_) {
    return make_error(errc::invalid_argument, "this engine has no image-output kernels");
  }
  std::unique_ptr<pipeline_set>& kernels =
      graph_kernels_[(image_output ? 2 : 0) + (table_in_uniform ? 1 : 0)];
  if (!kernels) {
    auto made = pipeline_set::create(ctx_, table_in_uniform, image_output);
    if (!made) return made.error_value();
    kernels = std::move(made.value());
  }
  return kernels.get();
}

result<VkDescriptorPool> kernel_engine::create_descriptor_pool(std::uint32_t sets) const {
  // Each set, of any layout: the coordinates, the output (a storage buffer or a storage image)
  // and a graph kernel's constants in storage buffers, and the two tables (storage or uniform
  // buffers, as placed).
  const VkDescriptorPoolSize sizes[3] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, sets * kMaxBindings},
                                         {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, sets * 2},
                                         {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, sets}};
  VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.maxSets = sets;
  info.poolSizeCount = image_output_ ? 3 : 2;
  info.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VKNOISE_TRY(check(device_table(ctx_).vkCreateDescriptorPool(ctx_.device(), &info, nullptr, &pool),
                    "vkCreateDescriptorPool"));
  return pool;
}

status kernel_engine::allocate_sets(VkDescriptorPool pool, const pipeline_set& kernels,
                                    std::span<VkDescriptorSet> sets) const {
  if (sets.empty()) return {};
  const std::vector<VkDescriptorSetLayout> layouts(sets.size(), kernels.set_layout());
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = pool;
  alloc.descriptorSetCount = static_cast<std::uint32_t>(sets.size());
  alloc.pSetLayouts = layouts.data();
  return check(device_table(ctx_).vkAllocateDescriptorSets(ctx_.device(), &alloc, sets.data()),
               "vkAllocateDescriptorSets");
}

void kernel_engine::record(VkCommandBuffer cmd, const dispatch& d) const {
  const VolkDeviceTable& vk = device_table(ctx_);
  vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, d.pipeline);
  vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, d.layout, 0, 1, &d.set, 0,
                             nullptr);
  vk.vkCmdPushConstants(cmd, d.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, d.push_bytes, d.push);
  vk.vkCmdDispatch(cmd, d.groups_x, d.groups_y, 1);
}

std::uint32_t kernel_engine::pipelines_built() const {
  std::uint32_t built = 0;
  for (const auto& kernels : graph_kernels_) {
    if (kernels) built += kernels->pipelines_built();
  }
  return built;
}

void kernel_engine::abandon() {
  for (const auto& kernels : graph_kernels_) {
    if (kernels) kernels->abandon();
  }
}

}  // namespace vknoise::vk
