#include "bench_workload.hpp"

#include <memory>

#include "peers.hpp"
#if VKNOISE_HAVE_FASTNOISE2
#include "fastnoise2_peer.hpp"
#endif
#include "src/core/splitmix64.hpp"

namespace vknoise::bench {

const char* workload_name(workload w) {
  return w == workload::grid ? "grid" : "points";
}

std::optional<workload> parse_workload_name(std::string_view name) {
  for (workload w : all_workloads) {
    if (name == workload_name(w)) return w;
  }
  return std::nullopt;
}

std::vector<double> bench_points(const field_spec& field) {
  const int dims = field.dims;
  std::vector<double> points(sample_count(field) * dims);
  detail::splitmix64 random(points_seed);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const int axis = static_cast<int>(i % dims);
    const double u = static_cast<double>(random.next() >> 11) * 0x1p-53;
    points[i] = field.origin[axis] + u * (field.size[axis] * field.step[axis]);
  }
  return points;
}

namespace {

// FastNoise2's calls for the workload, when it is built in and computes the field.
void add_fastnoise2(workload_calls& calls, workload w, const field_spec& field,
                    const std::vector<double>& points) {
#if VKNOISE_HAVE_FASTNOISE2
  if (!fastnoise2_unsupported(field).empty()) return;
  auto generator = make_fastnoise2_generator(field.noise);
  if (w == workload::grid) {
    calls.fastnoise2 = [generator, &field](std::span<float> out) {
      return fastnoise2_fill(*generator, field, out);
    };
    calls.prepare_fastnoise2 = [] {};
    return;
  }
  auto converted = std::make_shared<fastnoise2_points>();
  const int dims = field.dims;
  calls.prepare_fastnoise2 = [converted, dims, &points] {
    *converted = to_fastnoise2_points(dims, points);
  };
  calls.fastnoise2 = [generator, converted](std::span<float> out) {
    return fastnoise2_eval(*generator, *converted, out);
  };
#else
  (void)calls, (void)w, (void)field, (void)points;
#endif
}

}  // namespace

workload_calls calls_for(workload w, const field_spec& field, const std::vector<double>& points,
                         const permutation_table& table, const std::vector<float>* float_points) {
  workload_calls calls;
  add_fastnoise2(calls, w, field, points);
  const int dims = field.dims, octaves = field.noise.octaves;
  const noise_spec& noise = field.noise;
  if (w == workload::grid) {
    calls.vknoise = [&field, &table](compute_backend& backend, std::span<float> out,
                                     gpu_stats* stats) {
      return backend.fill(field, table, out, stats);
    };
    calls.stb = [&field](std::span<float> out) { return stb_fill(field, out); };
    calls.glm = [&field](std::span<float> out) { return glm_fill(field, out); };
    return calls;
  }
  if (float_points) {
    calls.vknoise = [&noise, dims, float_points, &table](compute_backend& backend,
                                                         std::span<float> out, gpu_stats* stats) {
      return backend.eval(noise, dims, std::span<const float>(*float_points), table, out, stats);
    };
  } else {
    calls.vknoise = [&noise, dims, &points, &table](compute_backend& backend, std::span<float> out,
                                                    gpu_stats* stats) {
      return backend.eval(noise, dims, points, table, out, stats);
    };
  }
  calls.stb = [octaves, &points](std::span<float> out) { return stb_eval(octaves, points, out); };
  calls.glm = [dims, octaves, &points](std::span<float> out) {
    return glm_eval(dims, octaves, points, out);
  };
  return calls;
}

}  // namespace vknoise::bench
