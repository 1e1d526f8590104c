#include "bench_workload.hpp"

#include "peers.hpp"
#include "src/core/splitmix64.hpp"
#include "vknoise/cpu_fill.hpp"

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

status reference_points(const noise_spec& noise, int dims, std::span<const double> points,
                        const permutation_table& table, std::span<float> out) {
  if (dims < 1 || dims > 4 || points.size() != out.size() * dims) {
    return make_error(errc::invalid_argument, "reference_points: size mismatch");
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    double position[4] = {0, 0, 0, 0};
    for (int a = 0; a < dims; ++a) position[a] = points[i * dims + a];
    out[i] = static_cast<float>(sample_reference(noise, dims, position, table));
  }
  return {};
}

workload_calls calls_for(workload w, const field_spec& field, const std::vector<double>& points,
                         const permutation_table& table, gpu_renderer* renderer) {
  workload_calls calls;
  const int dims = field.dims, octaves = field.noise.octaves;
  const noise_spec& noise = field.noise;
  if (w == workload::grid) {
    if (renderer) {
      calls.gpu = [&field, &table, renderer](std::span<float> out, gpu_stats* stats) {
        return renderer->fill(field, table, out, stats);
      };
    }
    calls.reference = [&field, &table](std::span<float> out) {
      return fill_reference(field, table, out);
    };
    calls.fast = [&field, &table](std::span<float> out, unsigned threads) {
      return fill_fast(field, table, out, cpu_options{threads});
    };
    calls.stb = [&field](std::span<float> out) { return stb_fill(field, out); };
    calls.glm = [&field](std::span<float> out) { return glm_fill(field, out); };
    return calls;
  }
  if (renderer) {
    calls.gpu = [&noise, dims, &points, &table, renderer](std::span<float> out, gpu_stats* stats) {
      return renderer->eval(noise, dims, points, table, out, stats);
    };
  }
  calls.reference = [&noise, dims, &points, &table](std::span<float> out) {
    return reference_points(noise, dims, points, table, out);
  };
  calls.fast = [&noise, dims, &points, &table](std::span<float> out, unsigned threads) {
    return eval_fast(noise, dims, points, table, out, cpu_options{threads});
  };
  calls.stb = [octaves, &points](std::span<float> out) { return stb_eval(octaves, points, out); };
  calls.glm = [dims, octaves, &points](std::span<float> out) {
    return glm_eval(dims, octaves, points, out);
  };
  return calls;
}

}  // namespace vknoise::bench
