// eval_fast: validation, the choice between the point kernels and the mirror, and the threads.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <new>
#include <type_traits>
#include <vector>

#include "core/cancelled.hpp"
#include "core/point_validation.hpp"
#include "cpu/eval_points.hpp"
#include "cpu/field_plan.hpp"  // lane_padding
#include "cpu/point_plan.hpp"
#include "cpu/worker_threads.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/graph.hpp"

namespace vknoise {
namespace {

// Fewer points than this per thread cost more to start the thread than they take.
constexpr std::uint64_t min_points_per_thread = 4096;

unsigned point_threads(const cpu_options& options, std::uint64_t count) {
  return cpu::thread_count(options, (count + min_points_per_thread - 1) / min_points_per_thread);
}

// Chunks of 1024 to 4096 points (whole vectors of them), handed out as threads ask for them: small
// enough that a chunk's coordinates, checked just before they are computed, are still in the
// cache, and enough of them for threads that get less CPU time to do less of the work.
std::uint64_t point_chunk(unsigned threads, std::uint64_t count) {
  const std::uint64_t chunk =
      std::clamp<std::uint64_t>(count / (std::uint64_t{threads} * 64), 1024, 4096);
  return (chunk + cpu::lane_padding - 1) / cpu::lane_padding * cpu::lane_padding;
}

// What the kernels do not cover: the mirror, point by point (float coordinates widened, exactly).
template <class real>
void eval_mirror(const noise_spec& noise, int dims, const real* points, std::uint64_t begin,
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

// The domain's bounds for coordinates of type real.
template <class real>
const real* bounds_of(const detail::point_domain& domain) {
  if constexpr (std::is_same_v<real, float>) {
    return domain.float_bounds();
  } else {
    return domain.bounds();
  }
}

// eval_fast for double or float coordinates: the same checks, chunks and threads.
template <class real>
status eval_points_of(const noise_spec& noise, int dims, std::span<const real> points,
                      const permutation_table& table, std::span<float> out,
                      const cpu_options& options) {
  try {
    if (status s = detail::validate_point_arguments(noise, dims, points.size(), out.size()); !s) {
      return s;
    }
    const std::uint64_t count = points.size() / dims;
    if (count == 0) return {};
    const unsigned threads = point_threads(options, count);
    const std::uint64_t chunk = point_chunk(threads, count);
    // Each chunk's coordinates are checked just before they are computed: the whole chunk first
    // (while it is in the cache), or, by the point kernels against a bounded domain's per-axis
    // bounds, group by group as they load it (so the loads of the check overlap the computing).
    // Chunks are handed out in order, so when a chunk holds a point outside the domain, every
    // chunk before it is being or has been checked too: the least point found is the first.
    const detail::point_domain domain(noise, dims, points.size());
    std::atomic<std::uint64_t> first_outside{count};
    const auto found_outside = [&](std::uint64_t point) {
      std::uint64_t known = first_outside.load();
      while (point < known && !first_outside.compare_exchange_weak(known, point)) {
      }
    };
    const auto checked = [&](std::uint64_t begin, std::uint64_t end) {
      if (first_outside.load(std::memory_order_relaxed) < begin) return false;
      const auto coordinates = points.subspan(begin * dims, (end - begin) * dims);
      const std::size_t i = domain.bounded()
                                ? cpu::first_outside(coordinates, dims, bounds_of<real>(domain))
                                : domain.first_outside(coordinates);
      if (i == coordinates.size()) return true;
      found_outside(begin + i / dims);
      return false;
    };
    cpu::stop_flag stop(options.should_stop);
    bool enough_memory = true;
    if (cpu::point_kernels_cover(noise, dims)) {
      const cpu::point_plan plan = cpu::make_point_plan(noise, dims, table);
      enough_memory = cpu::run_chunks(
          threads, count, chunk,
          [&] {
            return [&](std::uint64_t begin, std::uint64_t end) {
              if (!domain.bounded()) {
                if (!checked(begin, end)) return;
                cpu::eval_points(plan, points.data() + begin * dims, end - begin,
                                 out.data() + begin);
                return;
              }
              // The kernels check each group of points as they load it.
              if (first_outside.load(std::memory_order_relaxed) < begin) return;
              const std::size_t done =
                  cpu::eval_points(plan, points.data() + begin * dims, end - begin,
                                   out.data() + begin, bounds_of<real>(domain));
              if (done < end - begin) found_outside(begin + done);
            };
          },
          &stop);
    } else {
      enough_memory = cpu::run_chunks(
          threads, count, chunk,
          [&] {
            return [&](std::uint64_t begin, std::uint64_t end) {
              if (!checked(begin, end)) return;
              eval_mirror(noise, dims, points.data(), begin, end, table, out.data());
            };
          },
          &stop);
    }
    if (first_outside < count) return detail::point_outside_domain(first_outside);
    if (!enough_memory) return make_error(errc::out_of_memory, "eval_fast: out of host memory");
    if (stop.stopped()) return detail::cancelled("eval_fast");
    return {};
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "eval_fast: out of host memory");
  }
}

}  // namespace

status eval_fast(const noise_spec& noise, int dims, std::span<const double> points,
                 const permutation_table& table, std::span<float> out, const cpu_options& options) {
  return eval_points_of(noise, dims, points, table, out, options);
}

status eval_fast(const noise_spec& noise, int dims, std::span<const float> points,
                 const permutation_table& table, std::span<float> out, const cpu_options& options) {
  return eval_points_of(noise, dims, points, table, out, options);
}

status eval_fast(const graph& g, std::span<const float> points, const permutation_table& table,
                 std::span<float> out, const cpu_options& options) {
  try {
    const std::vector<double> widened(points.begin(), points.end());
    return eval_fast(g, std::span<const double>(widened), table, out, options);
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "eval_fast: out of host memory");
  }
}

}  // namespace vknoise
