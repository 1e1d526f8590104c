// The workloads of `vknoise bench` and what each backend runs for them.
//
//   grid    the benchmark field (bench_field), a regular grid: compute_backend::fill on each of
//           vknoise's backends (gpu_renderer::fill, fill_reference, fill_fast), and the peers at
//           the grid's sample positions.
//   points  as many points as the field has samples, scattered over the field's box
//           (bench_points) and evaluated point by point: compute_backend::eval (gpu_renderer::eval,
//           sample_reference at each point, eval_fast), and the peers at the points.
//
// stb and GLM are point functions in both: only vknoise's fill_fast and GPU fill, and FastNoise2's
// GenUniformGrid, are grid fills.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vknoise/compute_backend.hpp"
#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise::bench {

enum class workload { grid, points };
inline constexpr std::array<workload, 2> all_workloads{workload::grid, workload::points};

const char* workload_name(workload w);
std::optional<workload> parse_workload_name(std::string_view name);

// The seed of bench_points' generator.
inline constexpr std::uint64_t points_seed = 2002;

// sample_count(field) points of field.dims doubles each (x [y [z [w]]], point after point), drawn
// uniformly over the field's box [origin, origin + size * step) per axis: coordinate =
// origin + u * (size * step), u = (r >> 11) * 2^-53 with r the next draw of SplitMix64 seeded with
// points_seed (src/core/splitmix64.hpp), axis after axis. The same on every machine.
std::vector<double> bench_points(const field_spec& field);

// What each backend runs for one workload of one field; each writes sample_count(field) floats.
struct workload_calls {
  // vknoise's backends, all alike: the field's fill or the points' eval on the backend given;
  // `stats` as compute_backend reports them (the gpu kind's kernel time).
  std::function<status(compute_backend&, std::span<float>, gpu_stats* stats)> vknoise;
  std::function<status(std::span<float>)> stb;
  std::function<status(std::span<float>)> glm;
  // FastNoise2 (empty when not built in or when it does not compute the field); for the points
  // workload, prepare_fastnoise2 converts the points to its float arrays, to be called once the
  // points exist and before any timed run.
  std::function<status(std::span<float>)> fastnoise2;
  std::function<void()> prepare_fastnoise2;
};

// The calls read `points` (bench_points(field), for the points workload) when they run; it, the
// field and the table must outlive them. With `float_points` (the same points rounded to float,
// non-null), vknoise's backends evaluate those instead (compute_backend's float eval).
workload_calls calls_for(workload w, const field_spec& field, const std::vector<double>& points,
                         const permutation_table& table,
                         const std::vector<float>* float_points = nullptr);

}  // namespace vknoise::bench
