// The one way vknoise runs its kernels, shared by gpu_renderer (staging and readback into host
// memory) and recorder (the caller's command buffers, buffers and images): where the tables live
// and the buffers that hold them, the device's dispatch limits, the pipelines, descriptor pools
// and sets, the push constants and group counts of a chunk, and the commands of one dispatch.
// What a caller records around its dispatches (copies, barriers) and how it submits them
// (submission.hpp) stay with the caller.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "vknoise/context.hpp"
#include "vknoise/field.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"
#include "vknoise_shared.h"
#include "vulkan/chunk_plan.hpp"
#include "vulkan/compute_pipeline.hpp"
#include "vulkan/device_buffer.hpp"

namespace vknoise::vk {

// Where the kernels read the tables on a device with these properties: automatic means a uniform
// buffer on CPU implementations (VK_PHYSICAL_DEVICE_TYPE_CPU) and a storage buffer on any other
// device type.
bool table_in_uniform_buffer(const VkPhysicalDeviceProperties& device, table_placement placement);

// The tables a graph kernel reads, in the buffers it reads them from (uniform or storage, as
// placed): its permutation tables and gradient tables, each set back to back, and its constant
// words (a storage buffer). Move-only.
class kernel_tables {
 public:
  // With a `block`, the buffers take their memory from it where it has room (memory_block.hpp).
  static result<kernel_tables> create(const context& ctx, bool in_uniform_buffer,
                                      memory_block* block = nullptr);
  kernel_tables() = default;

  bool created() const { return ctx_ != nullptr; }
  bool in_uniform_buffer() const { return stride_ != 1; }

  // A graph kernel's tables: at least one permutation table, one gradient table and one constant
  // word. Host writes, made visible to the device by the vkQueueSubmit of the work that reads
  // them; only while no submitted work reads these buffers. A buffer too small for them is
  // replaced by a larger one (the sets bound to the old one must be written again, as must those
  // bound to other ranges).
  status upload_graph(std::span<const permutation_table> tables,
                      std::span<const std::array<float, 1024>> gradients,
                      std::span<const std::uint32_t> words);
  // Points the table bindings and the graph constants' of `buffers` at these buffers, each at the
  // range last uploaded.
  void bind(binding_buffers& buffers) const;
  // Abandoned work may still read them: the context destroys them (device_buffer::abandon).
  void abandon();

 private:
  // `buffer` replaced by one of at least `bytes` when it is smaller.
  status ensure(device_buffer& buffer, VkDeviceSize bytes, VkBufferUsageFlags usage);

  const context* ctx_ = nullptr;
  memory_block* block_ = nullptr;
  device_buffer permutation_;  // 512 entries a table, stride_ int32 words apart
  device_buffer gradients_;    // 256 vec4 a table
  device_buffer constants_;    // graph constant words; empty until upload_graph
  VkDeviceSize permutation_range_ = 0, gradient_range_ = 0, constants_range_ = 0;
  int stride_ = 1;
};

// A kernel compiled at run time, with everything it reads but the lattice coordinates, which
// `coordinate` gives: a graph kernel's bindings (shaders/graph_bindings.glsl) and slots (laid out
// as a fractal's octaves, graph_layout.hpp).
struct runtime_kernel {
  // The module of a variant (the renderer or recorder picks the output and the table placement).
  std::function<result<std::shared_ptr<const spirv_module>>(graph_kernel_variant)> module;
  std::vector<permutation_table> tables;           // at least one, back to back
  std::vector<std::array<float, 1024>> gradients;  // at least one: 256 vec4 each
  std::vector<std::uint32_t> words;                // at least one: the constants binding
  int dims = 3;                                    // of the position
  std::uint32_t slots = 0;     // lattice coordinates per axis and sample (0: none are read)
  std::uint32_t channels = 1;  // floats written per sample
  // Slot s's coordinate on `axis` (below dims) at double position x on that axis.
  std::function<lattice_coord(int slot, int axis, double x)> coordinate;

  // Lattice coordinates per axis and sample as the kernel reads them: a kernel with no slots
  // still gets one (zero) coordinate, so that its layout is that of one octave.
  std::uint32_t octaves() const { return slots > 0 ? slots : 1; }
  // The fractal push constants of a chunk: only the octave count is read.
  shader::fractal_constants fractal() const {
    shader::fractal_constants f{};
    f.octaves = octaves();
    return f;
  }
};

// A renderer's or recorder's compiler: the one its options gave, or one with the default
// compiler_options made now.
status ensure_compiler(std::shared_ptr<graph_compiler>& compiler);

// A compiled graph's kernel as a renderer or recorder runs it, with `table` for the noises whose
// table is the field's. It refers to `graph`, which must outlive it.
runtime_kernel runtime_kernel_of(const compiled_graph& graph, const permutation_table& table);

// The lattice coordinates a chunk of a graph field reads (write_field_chunk_coords' layout, one
// entry per slot and axis): zeros for axes at or beyond the field's dims.
void write_graph_chunk_coords(const runtime_kernel& kernel, const field_spec& field,
                              const field_chunk& chunk, lattice_coord* coords);

// One dispatch, as kernel_engine::record issues it.
struct dispatch {
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;  // of the pipeline_set the pipeline and set are of
  const void* push = nullptr;
  std::uint32_t push_bytes = 0;
  std::uint32_t groups_x = 1;
  std::uint32_t groups_y = 1;
};

// Workgroups for `items` invocations of `local_size`.
std::uint32_t group_count(std::uint64_t items, std::uint32_t local_size);

// The push constants of one field chunk and its workgroups: count_x samples across x, one row of
// groups per row (layout of the coordinates in field_push_constants). `output_offset` is the
// chunk's first float in the bound output range.
struct field_chunk_dispatch {
  shader::field_push_constants push;
  std::uint32_t groups_x;
  std::uint32_t groups_y;
};
field_chunk_dispatch field_dispatch_of(const shader::fractal_constants& fractal,
                                       const field_chunk& chunk, std::uint32_t octaves,
                                       std::uint32_t output_offset = 0);

struct engine_options {
  table_placement table = table_placement::automatic;
  std::uint64_t chunk_bytes = 64ull << 20;  // output bytes per dispatch, clamped (limits())
  std::uint64_t minimum_chunk_bytes = 4096;
  bool image_output = false;  // also run the kernels that write storage images
};

// The pipelines, placement and limits behind every dispatch of one renderer or recorder. One
// engine belongs to one thread at a time, like its owner.
class kernel_engine {
 public:
  static result<std::unique_ptr<kernel_engine>> create(const context& ctx,
                                                       const engine_options& options);

  bool table_in_uniform() const { return table_in_uniform_; }
  // The device's workgroup-count limits, and output bytes per dispatch: the requested chunk_bytes
  // clamped to half of maxStorageBufferRange (coordinates take up to twice the output bytes, both
  // bound as one storage range) and to at least minimum_chunk_bytes; for `octaves` lattice
  // coordinates per axis and sample and `channels` floats out (a graph kernel's slots and
  // outputs).
  dispatch_limits limits(std::uint32_t octaves, std::uint32_t channels) const;
  // The largest range of a uniform buffer binding (maxUniformBufferRange).
  std::uint32_t max_uniform_range() const;

  // Table buffers in the placement given.
  result<kernel_tables> create_tables(bool in_uniform_buffer, memory_block* block = nullptr) const;
  // The graph kernels' pipeline set with the tables in uniform or storage buffers, writing a
  // buffer or (with image_output, in an engine with image kernels) a storage image, made on first
  // use.
  result<pipeline_set*> graph_kernels(bool table_in_uniform, bool image_output = false);
  // Where a graph kernel reads its tables: the engine's placement, unless a uniform range cannot
  // hold them (a graph with many tables then reads them from storage buffers).
  bool graph_table_in_uniform(const runtime_kernel& kernel) const;

  // A descriptor pool for `sets` sets of any of this engine's layouts (storage images included
  // when the engine runs image kernels). The caller destroys it.
  result<VkDescriptorPool> create_descriptor_pool(std::uint32_t sets) const;
  // `sets.size()` sets of the layout of `kernels` (one of this engine's) from `pool`.
  status allocate_sets(VkDescriptorPool pool, const pipeline_set& kernels,
                       std::span<VkDescriptorSet> sets) const;

  // Binds the pipeline and the set, pushes the constants and dispatches.
  void record(VkCommandBuffer cmd, const dispatch& d) const;

  std::uint32_t pipelines_built() const;
  // Abandoned work may still use the pipelines: the context destroys them (pipeline_set::abandon).
  void abandon();

 private:
  explicit kernel_engine(const context& ctx) : ctx_(ctx) {}

  const context& ctx_;
  bool table_in_uniform_ = false;
  bool image_output_ = false;  // engine_options::image_output
  dispatch_limits device_limits_{};
  // [image_output * 2 + table_in_uniform]: buffer or image output, storage or uniform tables;
  // made on first use.
  std::unique_ptr<pipeline_set> graph_kernels_[4];
};

}  // namespace vknoise::vk
