// fill_fast: validation, the choice between the SIMD graph kernels and the mirror, and the
// threads.
#include "vknoise/cpu_fill.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <new>
#include <optional>

#include "core/cancelled.hpp"
#include "cpu/field_pieces.hpp"
#include "cpu/fill_rows.hpp"
#include "cpu/graph_fast.hpp"
#include "cpu/graph_plan.hpp"
#include "cpu/worker_threads.hpp"
#include "graph/graph_fields.hpp"
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

// What a fill runs: the field's graph (a built-in field's as it lowers, graph::from_noise) and,
// when the SIMD kernels cover it, its plan against the table. Lowering and planning cost about a
// microsecond a call, a few percent of a 32^3 field at one octave, so each thread keeps the last
// one it made: a program that fills tile after tile of one noise or graph pays it once. A graph
// field is known by its graph's IR, which the kept graph holds alive (so its address names it);
// a built-in field by its noise and dims. A fill holds its own reference, since a stop check may
// itself call fill_fast on this thread and replace the kept one.
struct planned_graph {
  const graph_ir::graph* graph_ir = nullptr;  // a graph field's; nullptr for a built-in field
  noise_spec noise;                           // a built-in field's
  int dims = 0;
  permutation_table table;
  std::shared_ptr<const graph> noise_graph;
  std::optional<cpu::graph_plan> plan;  // empty when the kernels do not cover the graph

  bool runs(const field_spec& field, const permutation_table& of) const {
    if (field.noise_graph) return graph_ir == &field.noise_graph->ir() && table == of;
    return !graph_ir && dims == field.dims && noise == field.noise && table == of;
  }
};

result<std::shared_ptr<const planned_graph>> planned(const field_spec& field,
                                                     const permutation_table& table) {
  thread_local std::shared_ptr<const planned_graph> last;
  if (last && last->runs(field, table)) return last;
  last.reset();
  auto graph_field = detail::as_graph_field(field);
  if (!graph_field) return graph_field.error_value();
  const graph_ir::graph& ir = graph_field->noise_graph->ir();
  auto made = std::make_shared<planned_graph>(
      planned_graph{field.noise_graph ? &ir : nullptr, field.noise, field.dims, table,
                    graph_field->noise_graph, std::nullopt});
  if (cpu::graph_kernels_cover(ir)) made->plan.emplace(cpu::make_graph_plan(ir, table));
  last = std::move(made);
  return last;
}

}  // namespace

status fill_fast(const field_spec& field, const permutation_table& table, std::span<float> out,
                 const cpu_options& options) {
  if (status s = validate(field, out.size()); !s) return s;
  try {
    // A built-in field runs as the graph it lowers to: its noise or fractal node is a row node,
    // filled by the row kernels directly (graph_fast.cpp).
    auto made = planned(field, table);
    if (!made) return made.error_value();
    const std::shared_ptr<const planned_graph> fill = std::move(made).value();
    field_spec graph_field = field;
    graph_field.noise_graph = fill->noise_graph;
    cpu::stop_flag stop(options.should_stop);
    status done;
    if (fill->plan) {
      cpu::fill_graph_rows(graph_field, *fill->plan, out, options, stop);
    } else {
      done = fill_mirror_threaded(graph_field, table, out, options, stop);
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
