// Graphs on the fast CPU path: the lattice coordinates of each block's samples, exactly as the
// mirror computes them (graph_ir::slot_coordinate: x once per field and y, z, t once per row for
// fields, every coordinate of every point for points), then the SIMD graph kernels
// (graph_kernels.cpp) block by block, the blocks shared out between threads. A field's row nodes
// (graph_plan.hpp, graph_rows) are computed a row at a time by the built-in fields' row kernels
// first, and the blocks read them.
#include "cpu/graph_fast.hpp"

#include <algorithm>
#include <new>
#include <vector>

#include "core/cancelled.hpp"
#include "cpu/fill_rows.hpp"
#include "cpu/graph_plan.hpp"
#include "cpu/worker_threads.hpp"
#include "graph/graph_fields.hpp"
#include "vknoise/graph.hpp"

namespace vknoise {
namespace cpu {
namespace {

status out_of_memory(const char* call) {
  return make_error(errc::out_of_memory, std::string(call) + ": out of host memory");
}

// Per thread: the block kernels' node values and the y, z and t coordinates of the row, repeated
// (when blocks are evaluated), and the row nodes' working memory and one row of each, padded to
// whole blocks.
struct row_memory {
  std::vector<float> scratch;
  owned_slots slots;
  std::vector<row_scratch> rows;  // per row node
  std::vector<std::vector<float>> values;

  row_memory(const graph_plan& plan, const graph_rows& r, int dims, std::size_t padded)
      : slots(r.direct < 0 ? plan.slots : 0, 1, dims) {
    if (r.direct < 0) {
      scratch = graph_scratch(plan);
      values.assign(r.nodes.size(), std::vector<float>(padded));
      if (!r.nodes.empty()) slots.in.rows.assign(plan.nodes.size(), nullptr);
    }
    for (const graph_row_node& node : r.nodes) rows.emplace_back(node.plan);
  }
};

}  // namespace

// Rows of the field (one y, z, t each) in chunks, each row in blocks along x; or, when the
// field's values are one row node's, its rows straight into the output.
void fill_graph_rows(const field_spec& field, const graph_plan& plan, std::span<float> out,
                     const cpu_options& options, stop_flag& stop) {
  const graph_ir::layout& l = plan.layout;
  const graph_rows r = make_graph_rows(plan, field);
  const std::uint32_t nx = field.size[0];
  const std::size_t padded = (nx + graph_block - 1) / graph_block * graph_block;
  // x once per field for the slots the blocks read; padding entries read cell 0 with fraction 0.
  std::vector<slot_axis> x(plan.slots);
  for (int s = 0; s < plan.slots && r.direct < 0; ++s) {
    if (!r.block_slots[s]) continue;
    x[s].resize(padded);
    for (std::uint32_t i = 0; i < nx; ++i) {
      x[s].set(i, graph_ir::slot_coordinate(l, s, 0, sample_position(field, 0, i)));
    }
  }
  const std::uint64_t rows = std::uint64_t{field.size[1]} * field.size[2] * field.size[3];
  const unsigned threads = thread_count(options, rows);
  const std::uint64_t chunk = rows_per_chunk(rows, threads, r.row_cost);
  const auto channels = static_cast<std::size_t>(plan.channels);
  const bool enough_memory = run_chunks(
      threads, rows, chunk,
      [&] {
        return [&, m = row_memory(plan, r, field.dims, padded)](std::uint64_t begin,
                                                                std::uint64_t end) mutable {
          if (r.direct >= 0) {
            fill_rows(r.nodes[r.direct].plan, begin, end, out.data() + begin * nx,
                      m.rows[r.direct]);
            return;
          }
          slot_block& in = m.slots.in;
          // The axes' sample indices the slots' arrays hold (a row's y changes, z and t rarely).
          std::uint32_t held[4] = {0, ~0u, ~0u, ~0u};
          // The row's sample index per axis, divided out once and then counted (a division per
          // row costs more than the rest of this loop).
          std::uint32_t index[4] = {
              0, static_cast<std::uint32_t>(begin % field.size[1]),
              static_cast<std::uint32_t>(begin / field.size[1] % field.size[2]),
              static_cast<std::uint32_t>(begin / field.size[1] / field.size[2])};
          for (std::uint64_t row = begin; row < end; ++row) {
            if (row != begin) {
              for (int axis = 1; axis < 3 && ++index[axis] == field.size[axis]; ++axis) {
                index[axis] = 0;
                if (axis == 2) ++index[3];
              }
            }
            for (std::size_t k = 0; k < r.nodes.size(); ++k) {
              fill_rows(r.nodes[k].plan, row, row + 1, m.values[k].data(), m.rows[k]);
            }
            for (int axis = 1; axis < field.dims; ++axis) {
              if (held[axis] == index[axis]) continue;
              held[axis] = index[axis];
              const double position = sample_position(field, axis, index[axis]);
              for (int s = 0; s < plan.slots; ++s) {
                if (!r.block_slots[s]) continue;
                slot_axis& a = m.slots.at(s, axis);
                const lattice_coord c = graph_ir::slot_coordinate(l, s, axis, position);
                std::fill(a.cell.begin(), a.cell.end(), c.cell);
                std::fill(a.next.begin(), a.next.end(), c.next);
                std::fill(a.frac.begin(), a.frac.end(), c.frac);
              }
            }
            float* row_out = out.data() + row * nx * channels;
            for (std::uint32_t first = 0; first < nx; first += graph_block) {
              for (int s = 0; s < plan.slots; ++s) {
                if (!r.block_slots[s]) continue;
                in.cell[s * 4] = x[s].cell.data() + first;
                in.next[s * 4] = x[s].next.data() + first;
                in.frac[s * 4] = x[s].frac.data() + first;
              }
              for (std::size_t k = 0; k < r.nodes.size(); ++k) {
                in.rows[r.nodes[k].node] = m.values[k].data() + first;
              }
              const std::size_t count = std::min<std::size_t>(graph_block, nx - first);
              eval_graph_block(plan, in, count, m.scratch.data(), row_out + first * channels);
            }
          }
        };
      },
      &stop);
  if (!enough_memory) throw std::bad_alloc();
}

}  // namespace cpu

status eval_fast(const graph& g, std::span<const double> points, const permutation_table& table,
                 std::span<float> out, const cpu_options& options) {
  try {
    if (status s = detail::validate_graph_points(g, points, out.size()); !s) return s;
    const int dims = g.dims();
    const std::uint64_t count = points.size() / dims;
    if (count == 0) return {};
    if (!cpu::graph_kernels_cover(g.ir())) {
      if (!options.should_stop) return eval_mirror(g, points, table, out);
      // The mirror, on the calling thread, a stretch of points at a time between stop checks
      // (the points are checked above, so a stretch cannot fail on them).
      constexpr std::uint64_t stretch = 4096;
      const auto channels = static_cast<std::size_t>(g.channels());
      for (std::uint64_t first = 0; first < count; first += stretch) {
        if (options.should_stop()) return detail::cancelled("eval_fast");
        const std::uint64_t here = std::min(stretch, count - first);
        const status done = eval_mirror(g, points.subspan(first * dims, here * dims), table,
                                        out.subspan(first * channels, here * channels));
        if (!done) return done;
      }
      return {};
    }
    const cpu::graph_plan plan = cpu::make_graph_plan(g.ir(), table);
    const graph_ir::layout& l = plan.layout;
    const std::uint64_t blocks = (count + cpu::graph_block - 1) / cpu::graph_block;
    // Fewer than 64 blocks (4096 points) per thread cost more to start the thread than they take.
    const unsigned threads = cpu::thread_count(options, (blocks + 63) / 64);
    const std::uint64_t chunk = std::clamp<std::uint64_t>(blocks / (threads * 64ull), 1, 64);
    const auto channels = static_cast<std::size_t>(plan.channels);
    cpu::stop_flag stop(options.should_stop);
    const bool enough_memory = cpu::run_chunks(
        threads, blocks, chunk,
        [&] {
          return [&, scratch = cpu::graph_scratch(plan),
                  slots = cpu::owned_slots(plan.slots, 0, dims)](std::uint64_t begin,
                                                                 std::uint64_t end) mutable {
            for (std::uint64_t block = begin; block < end; ++block) {
              const std::uint64_t first = block * cpu::graph_block;
              const std::size_t here = std::min<std::uint64_t>(cpu::graph_block, count - first);
              for (std::size_t i = 0; i < here; ++i) {
                const double* position = points.data() + (first + i) * dims;
                for (int s = 0; s < plan.slots; ++s) {
                  for (int a = 0; a < dims; ++a) {
                    slots.at(s, a).set(i, graph_ir::slot_coordinate(l, s, a, position[a]));
                  }
                }
              }
              cpu::eval_graph_block(plan, slots.in, here, scratch.data(),
                                    out.data() + first * channels);
            }
          };
        },
        &stop);
    if (!enough_memory) return cpu::out_of_memory("eval_fast");
    if (stop.stopped()) return detail::cancelled("eval_fast");
    return {};
  } catch (const std::bad_alloc&) {
    return cpu::out_of_memory("eval_fast");
  }
}

}  // namespace vknoise
