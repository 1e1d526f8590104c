#include "vknoise/compute_backend.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/allocation_guard.hpp"
#include "core/cancelled.hpp"
#include "core/point_validation.hpp"
#include "cpu/field_pieces.hpp"
#include "graph/graph_fields.hpp"
#include "vknoise/cpu_fill.hpp"

namespace vknoise {
namespace {

// How much cpu_reference computes between two stop checks: a few milliseconds of work.
constexpr std::uint64_t reference_piece_samples = 4096;
constexpr std::size_t reference_stretch_points = 4096;

// fill_reference, in pieces of the field (regions of it: the same values) between stop checks.
status fill_reference_stoppable(const field_spec& field, const permutation_table& table,
                                std::span<float> out, const stop_check& should_stop) {
  if (!should_stop) return fill_reference(field, table, out);
  if (status valid = validate(field, out.size()); !valid) return valid;
  return cpu::fill_in_pieces(field, out, reference_piece_samples, should_stop, "fill_reference",
                             [&](const field_spec& piece, std::span<float> values) {
                               return fill_reference(piece, table, values);
                             });
}

// The reference's point evaluation: sample_reference at each point, after the checks the float
// paths make, so that every kind refuses the same points with the same messages.
template <class T>
status eval_reference(const noise_spec& noise, int dims, std::span<const double> points,
                      const permutation_table& table, std::span<T> out,
                      const stop_check& should_stop) {
  if (auto valid = detail::validate_points(noise, dims, points, out.size()); !valid) return valid;
  const int channels = channel_count(noise, dims);
  double values[5];  // the value and up to four derivatives
  for (std::size_t p = 0; p < points.size() / dims; ++p) {
    if (should_stop && p % reference_stretch_points == 0 && should_stop()) {
      return detail::cancelled("eval_reference");
    }
    sample_reference(noise, dims, &points[p * dims], table, values);
    for (int c = 0; c < channels; ++c) out[p * channels + c] = static_cast<T>(values[c]);
  }
  return {};
}

// The graph reference (graph.hpp's eval_reference), a stretch of points at a time between stop
// checks once the points are checked (so that no stretch fails on them).
status eval_graph_reference(const graph& g, std::span<const double> points,
                            const permutation_table& table, std::span<double> out,
                            const stop_check& should_stop) {
  if (!should_stop) return eval_reference(g, points, table, out);
  if (status valid = detail::validate_graph_points(g, points, out.size()); !valid) return valid;
  const std::size_t dims = g.dims(), channels = g.channels();
  const std::size_t count = points.size() / dims;
  for (std::size_t first = 0; first < count; first += reference_stretch_points) {
    if (should_stop()) return detail::cancelled("eval_reference");
    const std::size_t here = std::min(reference_stretch_points, count - first);
    const status done = eval_reference(g, points.subspan(first * dims, here * dims), table,
                                       out.subspan(first * channels, here * channels));
    if (!done) return done;
  }
  return {};
}

}  // namespace

result<compute_backend> compute_backend::create(const backend_options& options) {
  switch (options.kind) {
    case backend_kind::cpu_reference:
    case backend_kind::cpu_fast:
      return compute_backend(options.kind, options.threads);
    case backend_kind::gpu:
      break;
    default:
      return make_error(errc::invalid_argument, "compute_backend::create: unknown backend kind");
  }
  auto vulkan = context::create(options.vulkan);
  if (!vulkan) return vulkan.error_value();
  auto compiler = graph_compiler::create();
  if (!compiler) return compiler.error_value();
  renderer_options renderer_settings;
  renderer_settings.compiler = *compiler;
  auto renderer = gpu_renderer::create(**vulkan, renderer_settings);
  if (!renderer) return renderer.error_value();
  compute_backend backend(options.kind, options.threads);
  backend.context_ = std::move(vulkan).value();
  backend.compiler_ = std::move(compiler).value();
  backend.renderer_ = std::move(renderer).value();
  return backend;
}

compute_backend::compute_backend(compute_backend&& other) noexcept = default;

compute_backend& compute_backend::operator=(compute_backend&& other) noexcept {
  if (this == &other) return *this;
  renderer_.reset();  // before the context it runs on
  kind_ = other.kind_;
  threads_ = other.threads_;
  context_ = std::move(other.context_);
  compiler_ = std::move(other.compiler_);
  renderer_ = std::move(other.renderer_);
  return *this;
}

compute_backend::~compute_backend() = default;

status compute_backend::moved_from() const {
  if (kind_ == backend_kind::gpu && !renderer_) {
    return make_error(errc::invalid_argument, "compute_backend: used after it was moved from");
  }
  return {};
}

status compute_backend::fill(const field_spec& field, const permutation_table& table,
                             std::span<float> out, gpu_stats* stats,
                             const stop_check& should_stop) {
  if (auto usable = moved_from(); !usable) return usable;
  switch (kind_) {
    case backend_kind::cpu_reference:
      return fill_reference_stoppable(field, table, out, should_stop);
    case backend_kind::cpu_fast:
      return fill_fast(field, table, out, cpu_options{threads_, should_stop});
    case backend_kind::gpu:
      break;
  }
  return renderer_->fill(field, table, out, stats, should_stop);
}

status compute_backend::eval(const noise_spec& noise, int dims, std::span<const double> points,
                             const permutation_table& table, std::span<float> out, gpu_stats* stats,
                             const stop_check& should_stop) {
  if (auto usable = moved_from(); !usable) return usable;
  switch (kind_) {
    case backend_kind::cpu_reference:
      return eval_reference(noise, dims, points, table, out, should_stop);
    case backend_kind::cpu_fast:
      return eval_fast(noise, dims, points, table, out, cpu_options{threads_, should_stop});
    case backend_kind::gpu:
      break;
  }
  return renderer_->eval(noise, dims, points, table, out, stats, should_stop);
}

status compute_backend::eval(const noise_spec& noise, int dims, std::span<const double> points,
                             const permutation_table& table, std::span<double> out,
                             const stop_check& should_stop) {
  if (kind_ == backend_kind::cpu_reference) {
    return eval_reference(noise, dims, points, table, out, should_stop);
  }
  return detail::guard_allocations([&]() -> status {
    std::vector<float> values(out.size());
    if (auto done = eval(noise, dims, points, table, values, nullptr, should_stop); !done) {
      return done;
    }
    std::copy(values.begin(), values.end(), out.begin());
    return {};
  });
}

status compute_backend::eval(const noise_spec& noise, int dims, std::span<const float> points,
                             const permutation_table& table, std::span<float> out, gpu_stats* stats,
                             const stop_check& should_stop) {
  if (auto usable = moved_from(); !usable) return usable;
  if (kind_ == backend_kind::cpu_fast) {
    return eval_fast(noise, dims, points, table, out, cpu_options{threads_, should_stop});
  }
  return detail::guard_allocations([&]() -> status {
    const std::vector<double> widened(points.begin(), points.end());
    return eval(noise, dims, widened, table, out, stats, should_stop);
  });
}

status compute_backend::eval(const graph& g, std::span<const double> points,
                             const permutation_table& table, std::span<float> out, gpu_stats* stats,
                             const stop_check& should_stop) {
  if (auto usable = moved_from(); !usable) return usable;
  switch (kind_) {
    case backend_kind::cpu_reference:
      return detail::guard_allocations([&]() -> status {
        std::vector<double> values(out.size());
        if (auto done = eval_graph_reference(g, points, table, values, should_stop); !done) {
          return done;
        }
        std::copy(values.begin(), values.end(), out.begin());
        return {};
      });
    case backend_kind::cpu_fast:
      return eval_fast(g, points, table, out, cpu_options{threads_, should_stop});
    case backend_kind::gpu:
      break;
  }
  auto compiled = compiled_graph::create(g, compiler_);
  if (!compiled) return compiled.error_value();
  return renderer_->eval(*compiled, points, table, out, stats, should_stop);
}

status compute_backend::eval(const graph& g, std::span<const double> points,
                             const permutation_table& table, std::span<double> out,
                             const stop_check& should_stop) {
  if (kind_ == backend_kind::cpu_reference) {
    return eval_graph_reference(g, points, table, out, should_stop);
  }
  return detail::guard_allocations([&]() -> status {
    std::vector<float> values(out.size());
    if (auto done = eval(g, points, table, values, nullptr, should_stop); !done) return done;
    std::copy(values.begin(), values.end(), out.begin());
    return {};
  });
}

}  // namespace vknoise
