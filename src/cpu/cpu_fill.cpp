// fill_fast: validation, the choice between the SIMD kernels and the mirror, and the threads.
#include "vknoise/cpu_fill.hpp"

#include <algorithm>
#include <atomic>
#include <new>

#include "core/cancelled.hpp"
#include "cpu/field_pieces.hpp"
#include "cpu/field_plan.hpp"
#include "cpu/fill_rows.hpp"
#include "cpu/graph_fast.hpp"
#include "cpu/graph_plan.hpp"
#include "cpu/worker_threads.hpp"
#include "vknoise/graph.hpp"

namespace vknoise {
namespace {

// Fields no kernel covers: fill_mirror on small pieces of the field, each a region of it (so
// bit-identical to the whole), handed out to the threads as they ask.
constexpr std::uint64_t mirror_piece_samples = 4096;

status fill_mirror_threaded(const field_spec& field, const permutation_table& table,
                            std::span<float> out, const cpu_options& options,
                            cpu::stop_flag& stop) {
  const cpu::field_pieces pieces(field, mirror_piece_samples);
  const std::uint64_t channels = channel_count(field);
  const unsigned threads = cpu::thread_count(options, pieces.count());
  std::atomic<bool> failed{false};
  const bool enough_memory = cpu::run_chunks(
      threads, pieces.count(), 1,
      [&] {
        return [&](std::uint64_t begin, std::uint64_t end) {
          for (std::uint64_t i = begin; i < end; ++i) {
            const field_spec piece = pieces.piece(i);
            const auto values =
                out.subspan(pieces.first_sample(i) * channels, sample_count(piece) * channels);
            if (!fill_mirror(piece, table, values)) failed = true;
          }
        };
      },
      &stop);
  if (!enough_memory || failed) {
    return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  }
  return {};
}

// The SIMD kernels, row by row, in small chunks of rows; each row's values do not depend on
// which thread computes it.
status fill_rows_threaded(const cpu::field_plan& plan, std::span<float> out,
                          const cpu_options& options, cpu::stop_flag& stop) {
  const unsigned threads = cpu::thread_count(options, plan.rows);
  const std::uint64_t chunk =
      cpu::rows_per_chunk(plan.rows, threads, std::uint64_t{plan.nx} * plan.x.size());
  const bool enough_memory = cpu::run_chunks(
      threads, plan.rows, chunk,
      [&] {
        return [&plan, out, scratch = cpu::row_scratch(plan)](std::uint64_t begin,
                                                              std::uint64_t end) mutable {
          cpu::fill_rows(plan, begin, end, out.data() + begin * plan.nx, scratch);
        };
      },
      &stop);
  if (!enough_memory) return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  return {};
}

}  // namespace

status fill_fast(const field_spec& field, const permutation_table& table, std::span<float> out,
                 const cpu_options& options) {
  if (status s = validate(field, out.size()); !s) return s;
  try {
    cpu::stop_flag stop(options.should_stop);
    status done;
    if (field.noise_graph && cpu::graph_kernels_cover(field.noise_graph->ir())) {
      cpu::fill_graph_rows(field, cpu::make_graph_plan(field.noise_graph->ir(), table), out,
                           options, stop);
    } else if (!cpu::fast_path_covers(field)) {
      done = fill_mirror_threaded(field, table, out, options, stop);
    } else {
      done = fill_rows_threaded(cpu::make_plan(field, table), out, options, stop);
    }
    if (done && stop.stopped()) return detail::cancelled("fill_fast");
    return done;
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "fill_fast: out of host memory");
  }
}

const char* cpu_simd_target() {
  return cpu::simd_target_name();
}

}  // namespace vknoise
