// The graph plan of the fast CPU path: coverage, and per node what graph_ir::evaluator<float>
// looks up at every sample (its parameters' first word, its constant inputs' words, its domain's
// form and slots), looked up once; for a field, its row nodes' plans.
#include "cpu/graph_plan.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace vknoise::cpu {

using graph_ir::domain_form;
using graph_ir::op;

bool graph_kernels_cover(const graph_ir::graph& g) {
  if (g.mode != graph_ir::output_mode::values) return false;
  for (const graph_ir::node& n : g.nodes) {
    // The ops the kernels implement (op_table.hpp), when they round as the mirror does.
    if (!graph_ir::row_of(n.kind).simd || !graph_ir::exact_op(n)) return false;
    if (n.kind == op::noise &&
        (n.noise.basis == noise_kind::classic || n.noise.basis == noise_kind::value)) {
      return false;
    }
    if (n.kind == op::fractal && n.fractal.advection != 0.0) return false;
  }
  return true;
}

namespace {

// A basis's parameters as basis_of (graph_eval_basis.hpp) sets them, and cellular's feature
// table.
void set_basis(graph_node_plan& p, const graph_ir::node& noise, double lacunarity) {
  detail::basis_setup<float>& b = p.setup;
  b.kind = p.basis;
  b.dims = p.noise_dims;
  b.perm = p.perm;
  b.cellular = {noise.noise.distance, noise.noise.returns, static_cast<float>(noise.noise.jitter)};
  noise_spec spec;
  spec.period = noise.noise.period;
  spec.lacunarity = lacunarity;
  detail::set_cellular_periods(b, spec);
  if (p.basis != noise_kind::cellular) return;
  p.feature.resize(5 * 256);
  for (int h = 0; h < 256; ++h) {
    for (int a = 0; a < 4; ++a) {
      p.feature[a * 256 + h] = detail::cellular_point<float>(p.perm, h, a, b.cellular.jitter);
    }
    p.feature[4 * 256 + h] = detail::cellular_cell_value<float>(p.perm, h, p.noise_dims);
  }
}

}  // namespace

float graph_plan::word(std::uint32_t i) const {
  return std::bit_cast<float>(layout.words[i]);
}

graph_plan make_graph_plan(const graph_ir::graph& g, const permutation_table& field_table) {
  graph_plan plan;
  plan.g = &g;
  plan.layout = graph_ir::make_layout(g);
  plan.tables = graph_ir::resolve_tables(plan.layout, field_table);
  plan.slots = plan.layout.slot_count();
  plan.channels = graph_ir::channel_count(g);
  const graph_ir::layout& l = plan.layout;
  const auto lattice = [&](int node) { return l.form[node] == domain_form::lattice; };
  const auto displaced = [&](int node) {
    return l.node_chain[node] >= 0 && l.chains[l.node_chain[node]].displaced;
  };
  plan.nodes.resize(g.nodes.size());
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    const graph_ir::node& n = g.nodes[i];
    graph_node_plan& p = plan.nodes[i];
    p.kind = n.kind;
    p.width = n.width;
    p.lattice = lattice(static_cast<int>(i));
    p.displaced = displaced(static_cast<int>(i));
    // The constant inputs' words come first in the node's fixed part, then its parameters.
    std::uint32_t w = l.node_base[i];
    for (std::size_t k = 0; k < n.inputs.size(); ++k) {
      p.input[k] = n.inputs[k].node;
      if (n.inputs[k].node < 0) p.constant[k] = plan.word(w++);
    }
    p.params = l.node_params[i];
    if (!n.inputs.empty() && n.inputs[0].node >= 0) {
      p.input_lattice = lattice(n.inputs[0].node);
      p.input_displaced = displaced(n.inputs[0].node);
    }
    if (n.kind == op::component) p.axis = static_cast<int>(n.params[0]);
    if (n.kind == op::curve || n.kind == op::ramp) {
      // The variable words: first stop's word, then the stops, then the reciprocals.
      const int stride = n.kind == op::curve ? 2 : 4;
      p.points = static_cast<int>(n.params.size()) / stride;
      const std::uint32_t stops =
          plan.words_at<graph_ir::piecewise_words<float>>(p.params).first + 1;
      for (int k = 0; k < p.points * stride; ++k) p.stops.push_back(plan.word(stops + k));
      for (int k = 0; k + 1 < p.points; ++k) {
        p.inv.push_back(plan.word(stops + p.points * stride + k));
      }
    }
    if (n.kind == op::noise || n.kind == op::fractal) {
      const int noise = n.kind == op::noise ? static_cast<int>(i) : n.inputs[0].node;
      const graph_ir::node& basis = g.nodes[noise];
      p.domain = basis.inputs[0].node;
      p.noise_dims = g.nodes[p.domain].width;
      p.basis = basis.noise.basis;
      p.balanced = basis.noise.basis == noise_kind::improved4_balanced;
      p.perm = plan.tables[l.node_table[noise]].doubled().data();
      set_basis(p, basis, n.kind == op::fractal ? n.fractal.lacunarity : 2.0);
      if (p.basis == noise_kind::flow) {
        p.angle_node = basis.inputs[1].node;
        if (p.angle_node < 0) p.angle = plan.nodes[noise].constant[1];
        if (n.kind == op::fractal) {
          p.setup.flow_lacunarity =
              plan.words_at<graph_ir::fractal_words<float>>(p.params).lacunarity;
        }
      }
      p.used = n.kind == op::fractal || l.direct_use[i];
      // The first slot of a lattice domain: the noise's, or the fractal's first octave's.
      if (lattice(p.domain)) {
        p.slot = n.kind == op::noise
                     ? plan.words_at<graph_ir::noise_words<float>>(p.params).slot
                     : plan.words_at<graph_ir::fractal_words<float>>(p.params).first_slot;
      }
    }
  }
  return plan;
}

namespace {

// Whether node i is sampled over a lattice domain that no warp displaces.
bool row_node(const graph_plan& plan, std::size_t i) {
  const graph_node_plan& p = plan.nodes[i];
  const bool sampled = p.kind == op::fractal || (p.kind == op::noise && p.used);
  // The row kernels compute improved noise alone.
  const bool improved =
      p.basis == noise_kind::improved || p.basis == noise_kind::improved4_balanced;
  return sampled && improved && plan.nodes[p.domain].lattice && !plan.nodes[p.domain].displaced;
}

// A row node's sum as the mirror reads it (setup_fractal in graph_eval_basis.hpp): a noise
// node's single octave, or the fractal's words.
detail::fractal_params<float> row_fractal(const graph_plan& plan, std::size_t i) {
  const graph_node_plan& p = plan.nodes[i];
  if (p.kind == op::noise) return {fractal_kind::none, 1, 1.0f, 1.0f, 1.0f, 1.0f};
  const auto w = plan.words_at<graph_ir::fractal_words<float>>(p.params);
  return {plan.g->nodes[i].fractal.type,
          static_cast<int>(w.octaves),
          w.persistence,
          w.lacunarity,
          0.0f,
          w.inv_norm};
}

}  // namespace

graph_rows make_graph_rows(const graph_plan& plan, const field_spec& field) {
  const graph_ir::layout& l = plan.layout;
  const std::vector<graph_ir::output>& outputs = plan.g->outputs;
  // A single channel that is a row node's value needs that node alone.
  const bool direct = outputs.size() == 1 && row_node(plan, outputs[0].node);
  graph_rows rows;
  rows.row_of.assign(plan.nodes.size(), -1);
  // Each axis's sample positions, once for every row node and octave.
  std::array<std::vector<double>, 4> positions;
  for (int axis = 0; axis < field.dims; ++axis) {
    positions[axis].resize(field.size[axis]);
    for (std::uint32_t i = 0; i < field.size[axis]; ++i) {
      positions[axis][i] = sample_position(field, axis, i);
    }
  }
  std::uint64_t evaluations = 0;  // per sample: the row nodes' octaves, one per other node
  for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
    if (direct && static_cast<int>(i) != outputs[0].node) continue;
    if (!row_node(plan, i)) {
      ++evaluations;
      continue;
    }
    const graph_node_plan& p = plan.nodes[i];
    const row_noise noise{p.noise_dims, p.balanced, p.perm, row_fractal(plan, i)};
    // The slot coordinates of octave o are those of slot p.slot + o (graph_ir::slot_coordinate),
    // at the field's sample positions.
    const row_coordinates coordinates = [&](int axis, int octave, std::span<lattice_coord> out) {
      graph_ir::slot_coordinates(l, static_cast<int>(p.slot) + octave, axis, positions[axis], out);
    };
    rows.nodes.push_back({static_cast<int>(i), make_plan(noise, field.size, coordinates)});
    evaluations += static_cast<std::uint64_t>(noise.fractal.octaves);
  }
  if (direct) rows.direct = 0;
  rows.block_slots.resize(l.slots.size());
  for (std::size_t s = 0; s < l.slots.size(); ++s) {
    rows.block_slots[s] = !direct && rows.row_of[l.slots[s].node] < 0;
  }
  rows.row_cost = std::uint64_t{field.size[0]} * std::max<std::uint64_t>(evaluations, 1);
  return rows;
}

owned_slots::owned_slots(int slots, int first_axis, int dims)
    : axes(std::size_t(slots) * 4), in(slots) {
  in.cellular = cellular.get();
  for (int s = 0; s < slots; ++s) {
    for (int a = first_axis; a < dims; ++a) {
      slot_axis& axis = at(s, a);
      axis.resize(graph_block);
      in.cell[s * 4 + a] = axis.cell.data();
      in.next[s * 4 + a] = axis.next.data();
      in.frac[s * 4 + a] = axis.frac.data();
    }
  }
}

std::vector<float> graph_scratch(const graph_plan& plan) {
  return std::vector<float>(plan.nodes.size() * 4 * graph_block);
}

}  // namespace vknoise::cpu
