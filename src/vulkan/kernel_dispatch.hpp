// The one way vknoise runs its kernels, shared by gpu_renderer (staging and readback into host
// memory) and recorder (the caller's command buffers, buffers and images): where the tables live
// and the buffers that hold them, the device's dispatch limits, the pipelines, descriptor pools
// and sets, the push constants and group counts of a chunk, and the commands of one dispatch.
// What a caller records around its dispatches (copies, barriers) and how it submits them
// (submission.hpp) stay with the caller.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "vknoise/context.hpp"
#include "vknoise/field.hpp"
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

// The permutation table and classic noise's gradients, in the buffers the kernels read them from
// (uniform or storage, as placed). Move-only.
class kernel_tables {
 public:
  static result<kernel_tables> create(const context& ctx, bool in_uniform_buffer);
  kernel_tables() = default;

  // Host writes, made visible to the device by the vkQueueSubmit of the work that reads them; only
  // while no submitted work reads these buffers. Classic noise's gradients (seeded by the noise,
  // for `dims`) are written only when they differ from what the buffer holds.
  status upload(const permutation_table& table, const noise_spec& noise, int dims);
  // Points the two table bindings of `buffers` (indexed by binding) at these buffers.
  void bind(VkDescriptorBufferInfo (&buffers)[VKNOISE_BINDING_COUNT]) const;
  // Abandoned work may still read them: the context destroys them (device_buffer::abandon).
  void abandon();

 private:
  device_buffer permutation_;  // 512 entries, stride_ int32 words apart
  device_buffer gradients_;    // 256 vec4
  int stride_ = 1;
  struct seeded {
    std::uint64_t seed;
    int dims;
  };
  std::optional<seeded> gradients_hold_;
};

// One dispatch, as kernel_engine::record issues it.
struct dispatch {
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  bool image_output = false;  // the set and pipeline are of the image-output layout
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
  bool image_output = false;  // also build the kernels that write storage images
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
  // bound as one storage range) and to at least minimum_chunk_bytes; for this noise at dims
  // (octaves and channels set).
  dispatch_limits limits(const noise_spec& noise, int dims) const;

  // Table buffers in this engine's placement.
  result<kernel_tables> create_tables() const;
  // The pipeline of a variant, built on first use: the image-output kernels when variant.image
  // names a format.
  result<VkPipeline> pipeline(const kernel_variant& variant);

  // A descriptor pool for `sets` sets of this engine's layouts (storage images included when the
  // engine has image kernels). The caller destroys it.
  result<VkDescriptorPool> create_descriptor_pool(std::uint32_t sets) const;
  // `sets.size()` sets of the buffer-output or the image-output layout from `pool`.
  status allocate_sets(VkDescriptorPool pool, bool image_output,
                       std::span<VkDescriptorSet> sets) const;
  // Points every binding of `set` at `buffers` (indexed by binding); an image-output set's output
  // binding at `output_image` instead.
  void write_set(VkDescriptorSet set, bool image_output,
                 const VkDescriptorBufferInfo (&buffers)[VKNOISE_BINDING_COUNT],
                 const VkDescriptorImageInfo* output_image = nullptr) const;

  // Binds the pipeline and the set, pushes the constants and dispatches.
  void record(VkCommandBuffer cmd, const dispatch& d) const;

  std::uint32_t pipelines_built() const;
  // Abandoned work may still use the pipelines: the context destroys them (pipeline_set::abandon).
  void abandon();

 private:
  explicit kernel_engine(const context& ctx) : ctx_(ctx) {}
  const pipeline_set& kernels(bool image_output) const {
    return image_output ? *image_kernels_ : *buffer_kernels_;
  }

  const context& ctx_;
  bool table_in_uniform_ = false;
  dispatch_limits device_limits_{};
  std::unique_ptr<pipeline_set> buffer_kernels_;
  std::unique_ptr<pipeline_set> image_kernels_;  // only with engine_options::image_output
};

}  // namespace vknoise::vk
