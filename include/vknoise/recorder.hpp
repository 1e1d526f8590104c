// Recording vknoise's compute work into command buffers, for programs that use vknoise as a render
// backend: record() writes a field into the caller's VkBuffer or VkImage from the caller's command
// buffer; submit() and run() do the same on the context's queue with vknoise's own command buffers.
//
// Calls in flight: a recorder owns recorder_options::frames_in_flight sets of per-call resources
// (lattice coordinates, tables, descriptor sets, image views), which record() and submit() use in
// turn, one set per call. A "frame" here is one such call, not a frame of the host: a host that
// records k fields per frame with H of its frames in flight needs frames_in_flight >= k * H for
// the recorder never to wait. Every record() or submit() returns a timeline_point; the work it
// recorded is complete when that timeline semaphore (one for record(), another for submit(), both
// owned by the recorder) reaches the point's value. For record(), the caller must signal it in
// the submission of the command buffer (VkTimelineSemaphoreSubmitInfo), in the order the points
// were returned, or from the host with vkSignalSemaphore if the command buffer is never
// submitted. Before a set of resources is reused, frames_in_flight calls later, the recorder
// waits for the point of the call that used it last (at most context_options::fence_timeout_ns,
// then errc::timeout); in a frame loop that already waits for its frame N - H, that wait returns
// at once.
//
// Several record() calls into one command buffer: the points of one recorder's record() calls
// are consecutive values of one timeline semaphore, so signalling the last (highest) point of the
// command buffer signals the earlier ones too: one VkTimelineSemaphoreSubmitInfo entry is enough.
// At most frames_in_flight record() calls may go into command buffers that are not yet submitted:
// the next one waits for a point that only their submission can signal, and fails with
// errc::timeout after the fence timeout.
//
// Memory: the per-call buffers (coordinates, tables, a graph's constants) are ranges of one
// host-visible allocation per recorder (at least 256 KiB, 96 KiB per call in flight); a buffer
// that does not fit there (the coordinates of a very large field) gets an allocation of its own.
//
// Per-frame parameters: origin, step, size, region, octaves, persistence, lacunarity, warp amount,
// the permutation table and the target change from one record() to the next through buffers,
// descriptors and push constants. Pipelines depend only on the structure of the noise (dims, kind,
// fractal kind, gradient, value interpolation and smoothing, warp on or off) and on the target
// kind and format; each is built once, through the context's pipeline cache. pipelines_built()
// tells how many.
//
// Every field is recorded as a graph (graph.hpp): a graph field's own, a built-in one's the graph
// that computes it bit for bit (graph::from_noise). The graph is compiled at run time with the
// recorder's compiler (recorder_options::compiler), whose caches compile each structure once; its
// parameters
// (constants, factors, octaves, seeds, curves) and its tables are per-frame data, uploaded into
// the frame's buffers, so changing them neither compiles nor builds a pipeline. A graph's pipeline
// is built once per structure, target kind and table placement (and, without
// storage_image_write_without_format, image format).
//
// Device requirements: Vulkan 1.2 with the timelineSemaphore feature enabled (create() enables it
// on devices it owns; a borrowed device must have been created with it, see borrowed_device).
// Image targets in R16_SFLOAT or R8_UNORM also need shaderStorageImageExtendedFormats.
//
// Threading: a recorder belongs to one thread at a time. Several recorders (and gpu_renderers) on
// one context may be used from different threads at once; vknoise's own queue submissions lock
// context::queue_mutex(). record() itself never touches a queue.
#pragma once

#include <cstdint>
#include <memory>

#include "vknoise/context.hpp"
#include "vknoise/export.h"
#include "vknoise/field.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise {

// The caller's pipeline stages and accesses on a target just before and just after vknoise's
// work in the same queue. vknoise records one barrier from `before` to its compute-shader writes
// and one from those writes to `after`. The defaults are always correct and possibly slower.
struct access_scope {
  VkPipelineStageFlags stages = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
  VkAccessFlags access = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
};

// A range of a caller's VkBuffer, created with VK_BUFFER_USAGE_STORAGE_BUFFER_BIT. The field is
// written at `offset` in the layout of field.hpp (value_count(field) floats, channels adjacent);
// `size` must be at least value_count(field) * 4 bytes and `offset` a multiple of 4. Bytes beyond
// the field are not touched.
struct buffer_target {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  VkDeviceSize size = 0;
};

// A caller's VkImage of type 2D or 3D, created with VK_IMAGE_USAGE_STORAGE_BIT (stated in `usage`,
// as Vulkan cannot be asked: errc::invalid_argument when it is 0 or lacks the bit), in one of
// R32_SFLOAT, R16_SFLOAT, R8_UNORM or R8G8B8A8_UNORM with VK_IMAGE_TILING_OPTIMAL, whose optimal
// tiling features must include VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT (else errc::invalid_argument).
//
// Texels: sample (x, y, z, t) of the field goes to texel (offset.x + x, offset.y + y, offset.z +
// z + size[2] * t) of mip level `mip_level`, where the third coordinate is the depth of a 3D
// image or the array layer of a 2D (array) image. All of it must lie within `extent` (the image's
// width, height and depth at that mip level, or width, height and array layer count for 2D).
// Each texel gets value * scale + bias per channel: a single-channel field goes to every colour
// component of R8G8B8A8 with alpha 1; a field with several channels (gradient channels value,
// d/dx, ..., or a graph's outputs, up to four) goes to components in order, alpha 1 if it has
// fewer than four channels, and is rejected for a one-component format. UNORM formats clamp to
// [0, 1] on store.
//
// Layouts: the image is in `old_layout` when the recorded work starts (VK_IMAGE_LAYOUT_UNDEFINED
// discards its contents, also outside the written box) and is left in `new_layout`; in between it
// is in VK_IMAGE_LAYOUT_GENERAL. new_layout must not be UNDEFINED or PREINITIALIZED.
struct image_target {
  VkImage image = VK_NULL_HANDLE;
  VkImageType type = VK_IMAGE_TYPE_2D;  // VK_IMAGE_TYPE_2D (layers as slices) or VK_IMAGE_TYPE_3D
  VkFormat format = VK_FORMAT_R32_SFLOAT;
  VkExtent3D extent{0, 0, 0};
  std::uint32_t mip_level = 0;
  VkOffset3D offset{0, 0, 0};
  VkImageLayout old_layout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkImageLayout new_layout = VK_IMAGE_LAYOUT_GENERAL;
  float scale = 1.0f;
  float bias = 0.0f;
  // The VkImageCreateInfo::usage the image was created with; required, and it must include
  // VK_IMAGE_USAGE_STORAGE_BIT.
  VkImageUsageFlags usage = 0;
};

// Where record(), submit() and run() write the field.
//
// Queue families: vknoise records no queue family ownership transfer. The target must be owned
// by the queue family that executes the work (the command buffer's, or the context's queue for
// submit() and run()), or have been created with VK_SHARING_MODE_CONCURRENT; a transfer from or
// to another family is the caller's, around vknoise's barriers.
struct render_target {
  enum class kind { buffer, image } type = kind::buffer;
  buffer_target buffer;
  image_target image;
  access_scope before;
  access_scope after;

  static render_target of(const buffer_target& b) {
    render_target t;
    t.type = kind::buffer;
    t.buffer = b;
    return t;
  }
  static render_target of(const image_target& i) {
    render_target t;
    t.type = kind::image;
    t.image = i;
    return t;
  }
};

// A value of the recorder's timeline semaphore: the recorded work is done when the semaphore's
// counter reaches `value`.
struct timeline_point {
  VkSemaphore semaphore = VK_NULL_HANDLE;
  std::uint64_t value = 0;
};

struct recorder_options {
  // record() and submit() calls in flight, each with its own resources (see the top of this
  // file): 1 to 16. Not the host's frames: k fields per host frame need k per host frame.
  std::uint32_t frames_in_flight = 3;
  table_placement table = table_placement::automatic;
  // Output bytes per dispatch at most (clamped to the device's limits); a field larger than this,
  // or than maxComputeWorkGroupCount or maxStorageBufferRange allow, is recorded as several
  // dispatches of whole rows or row segments.
  std::uint64_t chunk_bytes = 64ull << 20;
  // The compiler of graph fields; null: the recorder makes one with the default compiler_options
  // (disk cache in default_cache_directory()) on the first graph field. Share one with
  // renderers and other recorders to share its caches.
  std::shared_ptr<graph_compiler> compiler;
};

class VKNOISE_API recorder {
 public:
  // The context must outlive the recorder. Errors: errc::invalid_argument for frames_in_flight
  // outside 1..16; errc::no_device when the device lacks Vulkan 1.2 or timeline semaphores;
  // errc::vulkan_error.
  static result<std::unique_ptr<recorder>> create(context& ctx,
                                                  const recorder_options& options = {});
  // Waits (bounded by the fence timeout) for every point it returned, then destroys what it
  // created; never anything of the caller's. A failed or timed-out wait goes to
  // context_options::on_teardown_error, and what the GPU may still use is then left to the
  // context (see ~context).
  ~recorder();
  recorder(const recorder&) = delete;
  recorder& operator=(const recorder&) = delete;

  // Records into `cmd`, which must be in the recording state, allocated from a pool of a queue
  // family that supports compute, and outside any render pass instance and any dynamic-rendering
  // scope (vkCmdBeginRenderPass/vkCmdBeginRendering .. End): barriers and dispatches are invalid
  // there. vknoise cannot detect that scope (Vulkan offers no query of a command buffer's state),
  // so recording inside one is the caller's error, which the validation layer reports
  // (VUID-vkCmdPipelineBarrier-None-06191, VUID-vkCmdDispatch-renderpass).
  //
  // Records: a barrier from target.before to compute-shader writes (with the layout transition to
  // GENERAL for images), one or more dispatches, and a barrier from the compute-shader writes to
  // target.after (with the transition to new_layout).
  //
  // Command buffer state it changes, which the caller must set again before its own work that
  // relies on it:
  // - the compute bind point's pipeline (VK_PIPELINE_BIND_POINT_COMPUTE): vknoise's is left bound;
  // - the compute bind point's descriptor sets: set 0 is vknoise's, which disturbs every set the
  //   caller had bound there (sets are disturbed from the first incompatible one on);
  // - push constants: vknoise pushes its own (compute stage, offset 0, up to 128 bytes). Push
  //   constant values are one state for the whole command buffer, not per bind point: the
  //   caller's values are undefined afterwards for every pipeline layout, graphics ones included
  //   (drivers do overwrite them), so the caller pushes its constants again (vkCmdPushConstants)
  //   before its next draw or dispatch that reads them.
  // Nothing else: the graphics bind point's pipeline and descriptor sets, dynamic state, vertex
  // and index buffers, queries and render pass state are left as they were.
  //
  // The caller must submit `cmd` after record() returns and signal the returned point (see the
  // top of this file). Errors: those of validate(field); errc::invalid_argument for a target that
  // does not fit the field or the device; for a graph field, those of graph_compiler::create and
  // graph_compiler::compile; errc::timeout when a frame's resources are still in use;
  // errc::vulkan_error.
  result<timeline_point> record(VkCommandBuffer cmd, const field_spec& field,
                                const permutation_table& table, const render_target& target);

  // Records into one of vknoise's own command buffers and submits it to the context's queue,
  // signalling the returned point and, when not VK_NULL_HANDLE, `fence` (unsignalled, not in
  // use). Does not wait for the GPU. `wait_for` (when its semaphore is not VK_NULL_HANDLE) is a
  // timeline point of the caller's the GPU waits for before starting.
  result<timeline_point> submit(const field_spec& field, const permutation_table& table,
                                const render_target& target, VkFence fence = VK_NULL_HANDLE,
                                timeline_point wait_for = {});

  // Waits on the host until `point` is reached: errc::timeout after the fence timeout.
  status wait(timeline_point point);

  // submit() and wait(): the field is in the target when it returns.
  status run(const field_spec& field, const permutation_table& table, const render_target& target);

  // The compiler graph fields are compiled with: recorder_options::compiler, or the one the
  // recorder made (made now if need be; errors of graph_compiler::create).
  result<std::shared_ptr<graph_compiler>> compiler();

  // Pipelines built so far (they are built once per structure and target kind, never per frame).
  std::uint32_t pipelines_built() const;

  // The implementation: the library's own, hidden (export.h).
  struct VKNOISE_HIDDEN impl;

 private:
  VKNOISE_HIDDEN explicit recorder(std::unique_ptr<impl> impl);
  std::unique_ptr<impl> impl_;
};

}  // namespace vknoise
