// What a gpu_renderer is inside: two slots that each stage a chunk's coordinates, run its dispatch
// and read its output back while the other slot's chunk runs, for kernels compiled at run time (a
// noise graph's: runtime_kernel), which fill and eval describe (gpu_renderer.cpp). A built-in
// field or noise runs as the graph that computes it (graph::from_noise).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "vknoise/gpu_renderer.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vulkan/device_buffer.hpp"
#include "vulkan/kernel_dispatch.hpp"
#include "vulkan/submission.hpp"

namespace vknoise {

struct gpu_renderer::impl {
  static constexpr int kSlots = 2;  // one chunk computes while the previous one is copied out
  // The descriptor sets of a slot: a graph kernel's with the tables in storage and in uniform
  // buffers.
  static constexpr int kSetKinds = 2;
  static int set_of(bool table_in_uniform) { return table_in_uniform ? 1 : 0; }

  // One chunk's dispatch and where its output goes, independent of the kernel.
  struct chunk_job {
    VkPipeline pipeline = VK_NULL_HANDLE;
    const vk::pipeline_set* kernels = nullptr;  // the pipeline's layout
    int set_kind = 0;
    union {
      shader::field_push_constants field;
      shader::points_push_constants points;
    } push{};
    std::uint32_t push_bytes = 0;
    std::uint32_t groups_x = 1, groups_y = 1;
    std::size_t coord_count = 0;
    std::function<void(lattice_coord*)> write_coords;
    std::size_t output_count = 0;
    float* destination = nullptr;
  };

  struct slot {
    std::unique_ptr<vk::submission> work;
    vk::device_buffer coords;    // host-written lattice coordinates
    vk::device_buffer output;    // written by the kernel
    vk::device_buffer readback;  // host-cached copy of output; empty when output is host-cached
    VkDescriptorSet sets[kSetKinds] = {};   // allocated on first use
    std::uint64_t written[kSetKinds] = {};  // the buffers_stamp each set was last written at
    float* destination = nullptr;
    std::size_t count = 0;
  };

  context& ctx;
  std::shared_ptr<graph_compiler> compiler;  // renderer_options::compiler, or made on first use
  std::unique_ptr<vk::kernel_engine> engine;
  vk::kernel_tables tables;                // the last kernel's, in its placement; made on first use
  VkDescriptorPool pool = VK_NULL_HANDLE;  // made on first use
  slot slots[kSlots];
  // Bumped whenever a buffer a descriptor set may point at is replaced; a set written at an
  // older stamp is written again before its next use.
  std::uint64_t buffers_stamp = 1;
  bool abandoned = false;

  explicit impl(context& c) : ctx(c) {}
  ~impl();

  status init(const renderer_options& options);
  // errc::vulkan_error once an earlier submission failed or timed out.
  status usable() const;
  status ensure_capacity(slot& s, std::size_t coord_count, std::size_t output_count);
  // Points the set of `job` in `s` at the current buffers unless it already does.
  void ensure_written(slot& s, const chunk_job& job);
  status record_and_submit(slot& s, const chunk_job& job);
  status finish(slot& s, gpu_stats* stats);
  // The loop of run: every job submitted and finished, or the first error, or cancelled.
  status submit_chunks(const std::function<bool(chunk_job&)>& next_job, gpu_stats* stats,
                       const stop_check& should_stop);
  // Submits the jobs next_job makes, two in flight, asking should_stop (if set) before each.
  status run(const std::function<bool(chunk_job&)>& next_job, gpu_stats* stats,
             const stop_check& should_stop);
  // Waits for every pending slot; the first failure, with the renderer then abandoned. Once a
  // wait has timed out (before the drain too: `timed_out`), the slots behind it, submitted later
  // to the same queue, are only polled.
  status drain(bool timed_out);
  // The dispatch limits of a call: the engine's, with chunks cut to stop_check_chunk_samples
  // sample-octaves when the call has a stop check.
  vk::dispatch_limits call_limits(vk::dispatch_limits limits, const stop_check& should_stop) const;

  // The renderer's compiler: renderer_options::compiler, or one made now.
  status ensure_compiler();
  // `g` with its layout and source, compiled by the renderer's compiler (made on first use): a
  // structure compiled before is found in the compiler's caches, and its pipeline in the
  // engine's, so that calls that change only parameters compile and build nothing.
  result<compiled_graph> compile(const graph& g);
  // A runtime kernel's pipeline for `output`, with its tables uploaded and its sets allocated:
  // the job fields that name them.
  status prepare(const vk::runtime_kernel& kernel, graph_kernel_output output, chunk_job& job);
  // A field (validated, `out` of value_count * channels floats) or points (kernel.dims doubles
  // each, validated; `out` channels floats each) through a runtime kernel.
  status fill(const vk::runtime_kernel& kernel, const field_spec& field, std::span<float> out,
              gpu_stats* stats, const stop_check& should_stop = {});
  status eval(const vk::runtime_kernel& kernel, std::span<const double> points,
              std::span<float> out, gpu_stats* stats, const stop_check& should_stop = {});
};

}  // namespace vknoise
