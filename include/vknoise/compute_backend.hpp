// One handle over vknoise's three ways of computing noise, for a caller that picks one at run time
// (a command line's --backend, a binding's argument, a viewer on a machine without a GPU) and then
// fills fields and evaluates points the same way whichever it picked:
//   cpu_reference  the double reference: fill_reference (field.hpp), and sample_reference
//                  (noise_spec.hpp) at each point, on the calling thread
//   cpu_fast       the fast CPU path: fill_fast and eval_fast (cpu_fill.hpp) on `threads` threads
//   gpu            Vulkan compute: gpu_renderer::fill and eval on a context the backend creates
// Each call is the named function's, bit for bit, with its errors and their messages: the backend
// adds no arithmetic of its own. The one check it adds is cpu_reference's eval, which refuses what
// eval_fast and gpu_renderer::eval refuse, with their messages, so every kind takes the same
// points.
//
// Ownership: a gpu backend owns its context, its renderer (the renderer is destroyed first) and
// the compiler of graph kernels the renderer uses (disk cache in default_cache_directory());
// moving the backend moves them. A moved-from backend may only be destroyed or assigned to (its
// calls fail with errc::invalid_argument). The CPU kinds hold no resources.
//
// Cancelling: fill and eval take a stop_check (stop_check.hpp), asked between chunks on the calling
// thread; when it says stop they return errc::cancelled ("<call>: cancelled") within about 0.1 s,
// on every kind, with `out` partly written. cpu_reference, which computes in one loop on the
// calling thread, then fills the field in pieces of a few thousand samples (each a region of the
// field, so the values are the same) and evaluates points a few thousand at a time.
//
// Threading: one backend belongs to one thread at a time (the renderer's rule, kept for every kind
// so that a caller need not know which it has). Backends on different threads run independently.
#pragma once

#include <memory>
#include <span>

#include "vknoise/context.hpp"
#include "vknoise/export.h"
#include "vknoise/field.hpp"
#include "vknoise/gpu_renderer.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"
#include "vknoise/stop_check.hpp"

namespace vknoise {

enum class backend_kind { cpu_reference, cpu_fast, gpu };

struct backend_options {
  backend_kind kind = backend_kind::cpu_fast;
  unsigned threads = 0;    // cpu_fast: as cpu_options::threads (0: every hardware thread)
  context_options vulkan;  // gpu: the context it creates (device, validation, fence timeout)
};

class VKNOISE_API compute_backend {
 public:
  // The CPU kinds always succeed. gpu creates a context (options.vulkan) and a gpu_renderer on it:
  // the errors of context::create and gpu_renderer::create (errc::no_device without a loader or
  // the device asked for, errc::vulkan_error, ...). errc::invalid_argument for a kind outside the
  // enumeration.
  static result<compute_backend> create(const backend_options& options);

  compute_backend(compute_backend&& other) noexcept;
  compute_backend& operator=(compute_backend&& other) noexcept;
  ~compute_backend();

  backend_kind kind() const { return kind_; }
  // gpu: the context the backend computes on (its device's name, properties, timestamp support);
  // nullptr for the CPU kinds.
  const context* gpu_context() const { return context_.get(); }

  // Fills `out` (exactly value_count(field) floats, layout in field.hpp) with the field: the
  // reference's doubles rounded to float, or the float mirror's values (cpu_fast, and gpu where
  // the device honours NoContraction). Errors: those of validate(field, out.size()); cpu_fast:
  // errc::out_of_memory; gpu: errc::vulkan_error, errc::timeout.
  // `stats`, if given: the gpu kind adds its dispatches and kernel time (gpu_renderer::fill); the
  // CPU kinds leave it unchanged. `should_stop`: see Cancelling above (errc::cancelled).
  status fill(const field_spec& field, const permutation_table& table, std::span<float> out,
              gpu_stats* stats = nullptr, const stop_check& should_stop = {});

  // Evaluates `noise` in `dims` dimensions at scattered points, as eval_fast specifies: `points`
  // holds dims doubles per point (point i at points[i * dims]), `out` exactly
  // channel_count(noise, dims) values per point (the value, then d/dx, d/dy, ... with
  // noise.gradient). No points (both spans empty) is valid. Errors, the same for every kind:
  // errc::invalid_argument for dims outside 1..4, a spec validate(noise, dims) rejects or span
  // sizes other than the above (before anything is written); errc::out_of_range naming the first
  // point with a coordinate that is not finite or whose octaves leave +-max_abs_coordinate
  // (cpu_reference finds it before computing anything; cpu_fast may have written some points by
  // then); errc::out_of_memory; gpu: errc::vulkan_error, errc::timeout. `stats` and
  // `should_stop` as for fill.
  status eval(const noise_spec& noise, int dims, std::span<const double> points,
              const permutation_table& table, std::span<float> out, gpu_stats* stats = nullptr,
              const stop_check& should_stop = {});
  // The same into doubles: cpu_reference's values as sample_reference computes them, unrounded;
  // the float kinds' values widened (exactly), through a float buffer of out.size() values the
  // call allocates.
  status eval(const noise_spec& noise, int dims, std::span<const double> points,
              const permutation_table& table, std::span<double> out,
              const stop_check& should_stop = {});
  // The same with float coordinates (dims floats per point): the values of the same points
  // widened to double, with the same errors. cpu_fast reads them as they are (eval_fast's float
  // overload); the other kinds compute from a double copy of them the call allocates.
  status eval(const noise_spec& noise, int dims, std::span<const float> points,
              const permutation_table& table, std::span<float> out, gpu_stats* stats = nullptr,
              const stop_check& should_stop = {});

  // A noise graph at scattered points: `points` holds g.dims() doubles per point, `out`
  // g.channels() values per point. cpu_reference: eval_reference (graph.hpp), rounded to float;
  // cpu_fast: eval_mirror; gpu: gpu_renderer::eval of the graph compiled by the backend's
  // compiler (the same one its fills of graph fields use). Errors: those of eval_mirror, and for
  // gpu those of graph_compiler::compile, errc::vulkan_error, errc::timeout; errc::cancelled.
  status eval(const graph& g, std::span<const double> points, const permutation_table& table,
              std::span<float> out, gpu_stats* stats = nullptr, const stop_check& should_stop = {});
  // The same into doubles: cpu_reference's unrounded, the float kinds' widened.
  status eval(const graph& g, std::span<const double> points, const permutation_table& table,
              std::span<double> out, const stop_check& should_stop = {});

 private:
  compute_backend(backend_kind kind, unsigned threads) : kind_(kind), threads_(threads) {}
  VKNOISE_HIDDEN status moved_from() const;

  backend_kind kind_;
  unsigned threads_;
  std::unique_ptr<context> context_;          // gpu only
  std::shared_ptr<graph_compiler> compiler_;  // gpu only: graph kernels, shared with renderer_
  std::unique_ptr<gpu_renderer> renderer_;    // gpu only; declared last: destroyed before context_
};

}  // namespace vknoise
