// What the fast CPU path computes once per graph fill or graph evaluation and shares read-only
// between its threads: the graph's layout (graph_layout.hpp: the float words the mirror and the
// GPU kernel read, the slots), its permutation tables, and per node the facts the SIMD kernels
// (graph_kernels.cpp) would otherwise look up per block: where its inputs and parameters are,
// which noise it samples and from which slots.
//
// The kernels evaluate blocks of graph_block samples, node by node, each node over the whole
// block in vectors: the twin of graph_ir::evaluator<float> (graph_eval.hpp) with the samples in
// lanes. Each sample reads its slots' lattice coordinates from a slot_block, which the caller
// fills exactly as the mirror computes them (graph_ir::slot_coordinate).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/basis.hpp"
#include "cpu/cellular_candidates.hpp"
#include "cpu/field_plan.hpp"
#include "graph/graph_ir.hpp"
#include "graph/graph_layout.hpp"
#include "graph/op_table.hpp"
#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::cpu {

// Samples per block: a multiple of every target's lane count (at most 16 floats).
inline constexpr std::size_t graph_block = 64;

// Whether the SIMD kernels compute this graph: sample values only (no derivatives), the bases
// improved (1D to 4D, improved4_balanced), simplex, cellular and flow (without pseudo-advection),
// and exact ops only (graph_ir::exact_op). Other graphs run the mirror on the fast path.
bool graph_kernels_cover(const graph_ir::graph& g);

// One node as the kernels read it.
struct graph_node_plan {
  graph_ir::op kind = graph_ir::op::constant;
  int width = 1;
  int input[5] = {-1, -1, -1, -1, -1};  // an earlier node, or -1 for a constant
  float constant[5] = {0, 0, 0, 0, 0};  // the constant's word where input[k] < 0
  std::uint32_t params = 0;             // the first word of the node's parameters
  bool lattice = false;                 // a lattice domain (graph_layout.hpp): its value is its
  bool displaced = false;               // displacement by warps when displaced, else unused
  bool input_lattice = false;           // input 0 is a lattice domain
  bool input_displaced = false;         // ... displaced
  // noise and fractal nodes: the basis noise and where its samples' coordinates come from.
  int noise_dims = 0;
  noise_kind basis = noise_kind::improved;
  bool balanced = false;               // improved4_balanced
  const std::int32_t* perm = nullptr;  // the doubled table (graph_plan::tables)
  // The basis's parameters as the mirror's basis_of gives them (basis.hpp): cellular's setup,
  // cellular's and flow's periods and the integer lacunarity their octaves wrap at, and flow's
  // lacunarity (the fractal's word; 2 for a noise node, read at octave 0 only). Its flow_angle is
  // unused: the angle is the noise node's input 1, an earlier node or the constant's word.
  detail::basis_setup<float> setup{};
  int angle_node = -1;
  float angle = 0.0f;
  // cellular: per hash h (0..255) its feature point's offsets on each axis and its cell's value,
  // as cellular_point and cellular_cell_value compute them (cellular_noise.hpp).
  std::vector<float> feature;  // axis a's offset of hash h at a * 256 + h; the value at 4 * 256 + h
  int domain = -1;             // the node whose value the noise samples
  std::uint32_t slot = 0;      // first slot (lattice domains)
  bool used = true;            // a noise node read only by fractals is not evaluated
  int axis = 0;                // component: the component read
  // curve and ramp: the stops (position, then 1 or 3 values) and 1 / (p[k+1] - p[k]) per segment.
  int points = 0;
  std::vector<float> stops, inv;
};

// Nodes point into tables: a plan moves but is not copied.
struct graph_plan {
  graph_plan() = default;
  graph_plan(graph_plan&&) = default;
  graph_plan(const graph_plan&) = delete;
  graph_plan& operator=(const graph_plan&) = delete;

  const graph_ir::graph* g = nullptr;
  graph_ir::layout layout;
  std::vector<permutation_table> tables;  // layout.tables resolved against the fill's table
  std::vector<graph_node_plan> nodes;
  int slots = 0;
  int channels = 1;

  float word(std::uint32_t i) const;
  std::uint32_t word_uint(std::uint32_t i) const { return layout.words[i]; }
  // A node's parameter words by name (op_table.hpp), from its first parameter word.
  template <class words>
  words words_at(std::uint32_t first) const {
    return graph_ir::unpack_words<words>(layout.words, first);
  }
};

// g must be covered (graph_kernels_cover) and outlive the plan.
graph_plan make_graph_plan(const graph_ir::graph& g, const permutation_table& field_table);

// The row nodes of a graph field: the noise and fractal nodes whose lattice domain no warp
// displaces (position through constant scales and offsets, graph_layout.hpp). Their slots are
// laid out as a built-in field's octaves, so each is planned as a built-in field's rows
// (field_plan.hpp) from its slots' coordinates and computed a whole row at a time by fill_rows
// (fill_rows.hpp), y, z and t hashed once per row and the octaves looped around the row: bit for
// bit the mirror's values. The block kernels then read those rows (slot_block::rows) instead of
// sampling the nodes. (A rotated domain is a float domain, sampled by the block kernels.)
struct graph_row_node {
  int node = -1;
  field_plan plan;
};

struct graph_rows {
  std::vector<graph_row_node> nodes;
  std::vector<int> row_of;        // per graph node: its index in `nodes`, or -1
  std::vector<bool> block_slots;  // per slot: read by the block kernels (not by a row node)
  // When the field's values are a row node's (a single channel that is its value), that node
  // alone is planned (direct 0): its rows are the output and no block is evaluated. -1 when the
  // blocks are needed.
  int direct = -1;
  std::uint64_t row_cost = 1;  // samples (times octaves) a row evaluates
};

// The row nodes of the plan's graph for a field of that graph (plan made for the fill's table).
// Throws std::bad_alloc when memory runs out.
graph_rows make_graph_rows(const graph_plan& plan, const field_spec& field);

// The lattice coordinates of one block's samples: for slot s and axis a (below the graph's dims),
// the samples' cells, next cells and fractions at cell[s * 4 + a][i] etc., i < graph_block. The
// arrays belong to the caller; a field's x arrays point into per-field tables, its y, z and t
// arrays hold one row's value repeated. A field's row nodes' values come in `rows` instead.
struct slot_block {
  std::vector<const std::int32_t*> cell, next;
  std::vector<const float*> frac;
  // Per node: its values at the block's samples, computed a row at a time (graph_rows), or null
  // (every node when empty): the block kernels evaluate it.
  std::vector<const float*> rows;
  // The thread's caches of the cellular searches over rows (cellular_candidates.hpp), or null.
  cellular_caches* cellular = nullptr;
  explicit slot_block(int slots) : cell(slots * 4), next(slots * 4), frac(slots * 4) {}
};

// Slot coordinates of many samples on one axis, as arrays the slot_block points into.
struct slot_axis {
  std::vector<std::int32_t> cell, next;
  std::vector<float> frac;
  void resize(std::size_t n) {
    cell.resize(n);
    next.resize(n);
    frac.resize(n);
  }
  void set(std::size_t i, const lattice_coord& c) {
    cell[i] = c.cell;
    next[i] = c.next;
    frac[i] = c.frac;
  }
};

// Per thread: a slot_block over arrays of its own for axes [first_axis, dims) of every slot,
// graph_block samples each, which the caller fills (a point's coordinates, or one row's value
// repeated); the other axes' pointers are the caller's to set (a field's x tables).
struct owned_slots {
  std::vector<slot_axis> axes;  // slot s, axis a at s * 4 + a
  std::unique_ptr<cellular_caches> cellular = std::make_unique<cellular_caches>();
  slot_block in;
  owned_slots(int slots, int first_axis, int dims);
  // in points into axes' arrays, which a move keeps and a copy would not.
  owned_slots(owned_slots&&) = default;
  owned_slots(const owned_slots&) = delete;
  slot_axis& at(int slot, int axis) { return axes[std::size_t(slot) * 4 + axis]; }
};

// Per thread: every node's block of values (4 components of graph_block floats each).
std::vector<float> graph_scratch(const graph_plan& plan);

// Evaluates samples [0, count) of a block (count <= graph_block; lanes past count compute
// whatever their coordinates give and are not stored) into out: plan.channels floats per sample,
// interleaved, bit for bit the mirror's (graph_ir::evaluator<float>).
void eval_graph_block(const graph_plan& plan, const slot_block& in, std::size_t count,
                      float* scratch, float* out);

}  // namespace vknoise::cpu
