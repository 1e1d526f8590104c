// Renders fields and evaluates points with Vulkan compute on a context's device: noise graphs
// (graph.hpp) with the kernel each graph compiles to at run time (graph_compiler.hpp), and
// built-in noise (field_spec::noise) as the graph that computes it bit for bit
// (graph::from_noise), compiled once per structure like any graph.
//
// Memory: a fill works in chunks of whole rows (or row segments) of at most chunk_bytes, each
// dispatched, copied to host-visible memory and copied into `out` while the next chunk runs, so
// device and host memory beyond `out` stay bounded by 2 * chunk_bytes whatever the field size.
// Chunks also keep every dispatch within maxComputeWorkGroupCount and maxStorageBufferRange.
//
// Cancelling: fill and eval take a stop_check (stop_check.hpp), asked before each chunk is
// submitted. With one, a chunk holds at most stop_check_chunk_samples samples times octaves
// (stop_check_gpu_chunk_factor times as many on a device that is not a CPU implementation), as a
// dispatch cannot be interrupted; when it says stop, the call waits for the (at most two) chunks
// in flight and returns errc::cancelled ("gpu_renderer: cancelled").
//
// Waits: each wait for a chunk is bounded by the context's fence timeout; after one times out, the
// waits for the chunks behind it (which cannot finish first) do not wait again, so a call that
// reports "timed out after T" returns about T after its last chunk was submitted.
//
// Threading: one renderer belongs to one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "vknoise/context.hpp"
#include "vknoise/export.h"
#include "vknoise/field.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"
#include "vknoise/stop_check.hpp"

namespace vknoise {

struct gpu_stats {
  double kernel_ns = 0;  // sum of the dispatches' timestamp-query durations (0 if unsupported)
  std::uint32_t dispatches = 0;
};

struct renderer_options {
  std::uint64_t chunk_bytes = 64ull << 20;  // clamped to the device's limits
  // Where the kernels read their tables. A graph whose tables do not fit a uniform buffer range
  // (8 KiB per permutation table, maxUniformBufferRange) reads them from storage buffers.
  table_placement table = table_placement::automatic;
  // Compiles the kernels (shared with whoever else holds it). Null: the renderer makes one with
  // the default compiler_options (disk cache in default_cache_directory()) on its first fill or
  // eval.
  std::shared_ptr<graph_compiler> compiler;
};

class VKNOISE_API gpu_renderer {
 public:
  // The context must outlive the renderer.
  static result<std::unique_ptr<gpu_renderer>> create(context& ctx,
                                                      const renderer_options& options = {});
  // Waits (at most the fence timeout) for any submission still pending, then destroys what it
  // created. A failed or timed-out wait goes to context_options::on_teardown_error, and what the
  // GPU may still use is then left to the context (see ~context).
  ~gpu_renderer();
  gpu_renderer(const gpu_renderer&) = delete;
  gpu_renderer& operator=(const gpu_renderer&) = delete;

  // Fills `out` (exactly value_count(field) floats, layout in field.hpp) with the field. A field
  // with a noise_graph runs the graph's kernel: compiled_graph::create with the renderer's
  // compiler, then fill() of it below; a built-in field, once validated, the graph that computes
  // it (graph::from_noise) the same way. Errors: those of validate(), errc::invalid_argument for
  // a wrong span size, errc::vulkan_error, errc::timeout, those of graph_compiler::create and
  // graph_compiler::compile.
  status fill(const field_spec& field, const permutation_table& table, std::span<float> out,
              gpu_stats* stats = nullptr, const stop_check& should_stop = {});
  // A graph over the field's grid (field.noise_graph and field.noise are not read; field.dims
  // must be the graph's): out[sample * channels + c], value_count of the field with the graph
  // set. `table` is the table of the graph's noises whose table is "field". The GPU result equals
  // fill_mirror of the graph bit for bit for an exact graph, and is within its bound() of it for
  // a bounded one. The kernel is compiled on the first fill of a graph of its structure (the
  // compiler's caches, compiled_graph::kernel), its pipeline built once per renderer; parameters
  // are uploaded with each fill. Errors: those of validate() of the field with the graph set, a
  // wrong span size, those of graph_compiler::compile, errc::vulkan_error, errc::timeout.
  status fill(const compiled_graph& graph, const field_spec& field, const permutation_table& table,
              std::span<float> out, gpu_stats* stats = nullptr, const stop_check& should_stop = {});

  // Evaluates a noise_spec at arbitrary points: `points` holds dims doubles per point (x [y [z
  // [w]]]), `out` channel_count(noise, dims) floats per point (value, then the derivatives with
  // noise.gradient). Once validated, the noise runs as its graph (graph::from_noise) through
  // eval() of a compiled_graph below, so the result equals sample_mirror of the point where the
  // device honours NoContraction. errc::invalid_argument for a bad spec or span sizes;
  // errc::out_of_range for a non-finite coordinate or one whose octaves leave +-max_abs_coordinate.
  status eval(const noise_spec& noise, int dims, std::span<const double> points,
              const permutation_table& table, std::span<float> out, gpu_stats* stats = nullptr,
              const stop_check& should_stop = {});
  // The default noise_spec: noise3 (dims 3) or noise4 (dims 4) at each point.
  status eval(int dims, std::span<const double> points, const permutation_table& table,
              std::span<float> out, gpu_stats* stats = nullptr);
  // A graph at arbitrary points: graph.dims() doubles per point in, channels() floats per point
  // out, equal to eval_mirror (graph.hpp) as fill() is to fill_mirror. Errors: those of
  // eval_mirror, those of graph_compiler::compile, errc::vulkan_error, errc::timeout.
  status eval(const compiled_graph& graph, std::span<const double> points,
              const permutation_table& table, std::span<float> out, gpu_stats* stats = nullptr,
              const stop_check& should_stop = {});

  // The compiler graph fields are compiled with: renderer_options::compiler, or the one the
  // renderer made (made now if need be; errors of graph_compiler::create).
  result<std::shared_ptr<graph_compiler>> compiler();

  // The implementation: the library's own, hidden (export.h).
  struct VKNOISE_HIDDEN impl;

 private:
  VKNOISE_HIDDEN explicit gpu_renderer(std::unique_ptr<impl> impl);
  std::unique_ptr<impl> impl_;
};

}  // namespace vknoise
