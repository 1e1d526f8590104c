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

// Runs body(0) .. body(threads - 1), body(0) on the calling thread and the others on threads of
// their own; a thread that cannot be started runs its body here instead. Returns false when some
// body ran out of memory.
template <class Body>
bool run_threads(unsigned threads, Body&& body) {
  std::atomic<bool> out_of_memory{false};
  const auto guarded = [&](unsigned i) {
    try {
      body(i);
    } catch (const std::bad_alloc&) {
      out_of_memory = true;
    }
  };
  std::vector<std::thread> workers;
  for (unsigned i = 1; i < threads; ++i) {
    try {
      workers.emplace_back(guarded, i);
    } catch (const std::system_error&) {
      guarded(i);
    } catch (const std::bad_alloc&) {
      guarded(i);
    }
  }
  guarded(0);
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
  const std::uint64_t slabs = field.size[axis];
  const unsigned threads = thread_count(options, slabs);
  std::atomic<bool> failed{false};
  const bool enough_memory = run_threads(threads, [&](unsigned i) {
    const std::uint64_t begin = slabs * i / threads, end = slabs * (i + 1) / threads;
    if (begin == end) return;
    field_spec slab = field;
    slab.size[axis] = static_cast<std::uint32_t>(end - begin);
    slab.region[axis] += begin;
    if (!fill_mirror(slab, table, out.subspan(begin * below, (end - begin) * below))) failed = true;
  });
  if (!enough_memory || failed) {
    return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  }
  return {};
}

// The SIMD kernels, row by row. Rows are handed out in small chunks as threads ask for them, so
// a thread that gets less CPU time (a busy machine) does less of the work instead of holding up
// the others; each row's values do not depend on which thread computes it.
status fill_rows_threaded(const cpu::field_plan& plan, std::span<float> out,
                          const cpu_options& options) {
  const unsigned threads = thread_count(options, plan.rows);
  const std::uint64_t chunk = std::max<std::uint64_t>(1, plan.rows / (std::uint64_t{threads} * 64));
  std::atomic<std::uint64_t> next_row{0};
  const bool enough_memory = run_threads(threads, [&](unsigned) {
    cpu::row_scratch scratch(plan);
    for (;;) {
      const std::uint64_t begin = next_row.fetch_add(chunk);
      if (begin >= plan.rows) return;
      const std::uint64_t end = std::min(plan.rows, begin + chunk);
      cpu::fill_rows(plan, begin, end, out.data() + begin * plan.nx, scratch);
    }
  });
  if (!enough_memory) return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  return {};
}

}  // namespace

status fill_fast(const field_spec& field, const permutation_table& table, std::span<float> out,
                 const cpu_options& options) {
  if (status s = validate(field, out.size()); !s) return s;
  try {
    if (!cpu::fast_path_covers(field)) return fill_mirror_threaded(field, table, out, options);
    return fill_rows_threaded(cpu::make_plan(field, table), out, options);
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  }
}

const char* cpu_simd_target() {
  return cpu::simd_target_name();
}

}  // namespace vknoise
