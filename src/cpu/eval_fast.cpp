// eval_fast: validation, the choice between the point kernels and the mirror, and the threads.
#include <algorithm>
#include <cstdint>
#include <new>

#include "core/point_validation.hpp"
#include "cpu/eval_points.hpp"
#include "cpu/field_plan.hpp"  // lane_padding
#include "cpu/point_plan.hpp"
#include "cpu/worker_threads.hpp"
#include "vknoise/cpu_fill.hpp"

namespace vknoise {
namespace {

// Fewer points than this per thread cost more to start the thread than they take.
constexpr std::uint64_t min_points_per_thread = 4096;

unsigned point_threads(const cpu_options& options, std::uint64_t count) {
  return cpu::thread_count(options, (count + min_points_per_thread - 1) / min_points_per_thread);
}

// Small chunks, whole vectors of points, handed out as threads ask for them.
std::uint64_t point_chunk(unsigned threads, std::uint64_t count) {
  const std::uint64_t chunk = std::max<std::uint64_t>(1024, count / (std::uint64_t{threads} * 64));
  return (chunk + cpu::lane_padding - 1) / cpu::lane_padding * cpu::lane_padding;
}

// What the kernels do not cover: the mirror, point by point.
void eval_mirror(const noise_spec& noise, int dims, const double* points, std::uint64_t begin,
                 std::uint64_t end, const permutation_table& table, float* out) {
  const std::size_t channels = static_cast<std::size_t>(channel_count(noise, dims));
  lattice_coord coords[max_octaves * 4];
  for (std::uint64_t i = begin; i < end; ++i) {
    double position[4] = {0, 0, 0, 0};
    for (int a = 0; a < dims; ++a) position[a] = points[i * dims + a];
    reduce_point(noise, dims, position, coords);
    sample_mirror(noise, dims, coords, table, out + i * channels);
  }
}

}  // namespace

status eval_fast(const noise_spec& noise, int dims, std::span<const double> points,
                 const permutation_table& table, std::span<float> out, const cpu_options& options) {
  try {
    if (status s = detail::validate_points(noise, dims, points, out.size()); !s) return s;
    const std::uint64_t count = points.size() / dims;
    if (count == 0) return {};
    const unsigned threads = point_threads(options, count);
    const std::uint64_t chunk = point_chunk(threads, count);
    bool enough_memory = true;
    if (cpu::point_kernels_cover(noise, dims)) {
      const cpu::point_plan plan = cpu::make_point_plan(noise, dims, table);
      enough_memory = cpu::run_chunks(threads, count, chunk, [&] {
        return [&](std::uint64_t begin, std::uint64_t end) {
          cpu::eval_points(plan, points.data() + begin * dims, end - begin, out.data() + begin);
        };
      });
    } else {
      enough_memory = cpu::run_chunks(threads, count, chunk, [&] {
        return [&](std::uint64_t begin, std::uint64_t end) {
          eval_mirror(noise, dims, points.data(), begin, end, table, out.data());
        };
      });
    }
    if (!enough_memory) return make_error(errc::out_of_memory, "eval_fast: out of host memory");
    return {};
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "eval_fast: out of host memory");
  }
}

}  // namespace vknoise
