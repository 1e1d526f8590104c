// fill_fast: validation, the choice between the SIMD kernels and the mirror, and the threads.
#include "vknoise/cpu_fill.hpp"

#include <algorithm>
#include <atomic>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "cpu/field_plan.hpp"
#include "cpu/fill_rows.hpp"

namespace vknoise {
namespace {

// More threads than this gains nothing on any machine this runs on, and bounds what a careless
// `threads` value can ask for.
constexpr unsigned max_threads = 256;

unsigned thread_count(const cpu_options& options, std::uint64_t units) {
  unsigned threads = options.threads;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = std::min(threads, max_threads);
  return static_cast<unsigned>(std::min<std::uint64_t>(threads, std::max<std::uint64_t>(units, 1)));
}

// Runs work(begin, end) over [0, units) split into `threads` contiguous parts, the first on the
// calling thread. A thread that cannot be started runs its part here instead. Returns false
// when some part ran out of memory.
template <class Work>
bool run_split(std::uint64_t units, unsigned threads, Work&& work) {
  std::atomic<bool> out_of_memory{false};
  const auto part = [&](unsigned i) {
    const std::uint64_t begin = units * i / threads, end = units * (i + 1) / threads;
    if (begin == end) return;
    try {
      work(begin, end);
    } catch (const std::bad_alloc&) {
      out_of_memory = true;
    }
  };
  std::vector<std::thread> workers;
  for (unsigned i = 1; i < threads; ++i) {
    try {
      workers.emplace_back(part, i);
    } catch (const std::system_error&) {
      part(i);
    } catch (const std::bad_alloc&) {
      part(i);
    }
  }
  part(0);
  for (std::thread& t : workers) t.join();
  return !out_of_memory;
}

// Fields the kernels do not cover: fill_mirror on slabs of the outermost axis, each a region of
// the field (so bit-identical to the whole), one per thread.
status fill_mirror_threaded(const field_spec& field, const permutation_table& table,
                            std::span<float> out, const cpu_options& options) {
  int axis = 3;
  while (axis > 0 && field.size[axis] == 1) --axis;
  std::uint64_t below = channel_count(field.noise, field.dims);
  for (int a = 0; a < axis; ++a) below *= field.size[a];
  std::atomic<bool> failed{false};
  const bool enough_memory = run_split(
      field.size[axis], thread_count(options, field.size[axis]),
      [&](std::uint64_t begin, std::uint64_t end) {
        field_spec slab = field;
        slab.size[axis] = static_cast<std::uint32_t>(end - begin);
        slab.region[axis] += begin;
        if (!fill_mirror(slab, table, out.subspan(begin * below, (end - begin) * below))) {
          failed = true;
        }
      });
  if (!enough_memory || failed) {
    return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  }
  return {};
}

}  // namespace

status fill_fast(const field_spec& field, const permutation_table& table, std::span<float> out,
                 const cpu_options& options) {
  if (status s = validate(field, out.size()); !s) return s;
  try {
    if (!cpu::fast_path_covers(field)) return fill_mirror_threaded(field, table, out, options);
    const cpu::field_plan plan = cpu::make_plan(field, table);
    const bool enough_memory = run_split(
        plan.rows, thread_count(options, plan.rows), [&](std::uint64_t begin, std::uint64_t end) {
          cpu::row_scratch scratch(plan);
          cpu::fill_rows(plan, begin, end, out.data() + begin * plan.nx, scratch);
        });
    if (!enough_memory) return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  }
  return {};
}

const char* cpu_simd_target() {
  return cpu::simd_target_name();
}

}  // namespace vknoise
