// fill_fast: validation, the choice between the SIMD kernels and the mirror, and the threads.
#include "vknoise/cpu_fill.hpp"

#include <algorithm>
#include <atomic>
#include <new>

#include "cpu/field_plan.hpp"
#include "cpu/fill_rows.hpp"
#include "cpu/graph_fast.hpp"
#include "cpu/graph_plan.hpp"
#include "cpu/worker_threads.hpp"
#include "vknoise/graph.hpp"

namespace vknoise {
namespace {

// Fields no kernel covers: fill_mirror on slabs of the outermost axis, each a region of
// the field (so bit-identical to the whole), one per thread.
status fill_mirror_threaded(const field_spec& field, const permutation_table& table,
                            std::span<float> out, const cpu_options& options) {
  int axis = 3;
  while (axis > 0 && field.size[axis] == 1) --axis;
  std::uint64_t below = channel_count(field);
  for (int a = 0; a < axis; ++a) below *= field.size[a];
  const std::uint64_t slabs = field.size[axis];
  const unsigned threads = cpu::thread_count(options, slabs);
  std::atomic<bool> failed{false};
  const bool enough_memory = cpu::run_threads(threads, [&](unsigned i) {
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

// The SIMD kernels, row by row, in small chunks of rows; each row's values do not depend on
// which thread computes it.
status fill_rows_threaded(const cpu::field_plan& plan, std::span<float> out,
                          const cpu_options& options) {
  const unsigned threads = cpu::thread_count(options, plan.rows);
  const std::uint64_t chunk = std::max<std::uint64_t>(1, plan.rows / (std::uint64_t{threads} * 64));
  const bool enough_memory = cpu::run_chunks(threads, plan.rows, chunk, [&] {
    return [&plan, out, scratch = cpu::row_scratch(plan)](std::uint64_t begin,
                                                          std::uint64_t end) mutable {
      cpu::fill_rows(plan, begin, end, out.data() + begin * plan.nx, scratch);
    };
  });
  if (!enough_memory) return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  return {};
}

}  // namespace

status fill_fast(const field_spec& field, const permutation_table& table, std::span<float> out,
                 const cpu_options& options) {
  if (status s = validate(field, out.size()); !s) return s;
  try {
    if (field.noise_graph && cpu::graph_kernels_cover(field.noise_graph->ir())) {
      cpu::fill_graph_rows(field, cpu::make_graph_plan(field.noise_graph->ir(), table), out,
                           options);
      return {};
    }
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
