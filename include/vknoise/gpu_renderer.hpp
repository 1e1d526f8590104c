// Renders fields and evaluates points with Vulkan compute on a context's device.
//
// Memory: a fill works in chunks of whole rows (or row segments) of at most chunk_bytes, each
// dispatched, copied to host-visible memory and copied into `out` while the next chunk runs, so
// device and host memory beyond `out` stay bounded by 2 * chunk_bytes whatever the field size.
// Chunks also keep every dispatch within maxComputeWorkGroupCount and maxStorageBufferRange.
//
// Threading: one renderer belongs to one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "vknoise/context.hpp"
#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise {

struct gpu_stats {
  double kernel_ns = 0;  // sum of the dispatches' timestamp-query durations (0 if unsupported)
  std::uint32_t dispatches = 0;
};

struct renderer_options {
  std::uint64_t chunk_bytes = 64ull << 20;  // clamped to the device's limits
  table_placement table = table_placement::automatic;
};

class gpu_renderer {
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

  // Fills `out` (exactly value_count(field) floats, layout in field.hpp) with the field.
  // Errors: those of validate(), errc::invalid_argument for a wrong span size, errc::vulkan_error,
  // errc::timeout.
  status fill(const field_spec& field, const permutation_table& table, std::span<float> out,
              gpu_stats* stats = nullptr);

  // Evaluates a noise_spec at arbitrary points: `points` holds dims doubles per point (x [y [z
  // [w]]]), `out` channel_count(noise, dims) floats per point (value, then the derivatives with
  // noise.gradient). Each point is reduced on the host with reduce_point, so
  // the result equals sample_mirror of the reduced point where the device honours
  // NoContraction. errc::invalid_argument for a bad spec or span sizes; errc::out_of_range for a
  // non-finite coordinate or one whose octaves leave +-max_abs_coordinate.
  status eval(const noise_spec& noise, int dims, std::span<const double> points,
              const permutation_table& table, std::span<float> out, gpu_stats* stats = nullptr);
  // The default noise_spec: noise3 (dims 3) or noise4 (dims 4) at each point.
  status eval(int dims, std::span<const double> points, const permutation_table& table,
              std::span<float> out, gpu_stats* stats = nullptr);

  struct impl;

 private:
  explicit gpu_renderer(std::unique_ptr<impl> impl);
  std::unique_ptr<impl> impl_;
};

}  // namespace vknoise
