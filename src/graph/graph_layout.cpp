// The layout of a graph's constants, tables and slots (graph_layout.hpp). The float words are
// what the mirror and the GPU kernel both read, so every derived constant (reciprocals, 1/norm)
// is computed here once, in float, as the built-in fields compute theirs.
#include "graph/graph_layout.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "core/fractal.hpp"
#include "core/lattice.hpp"
#include "core/octave_scale.hpp"
#include "graph/op_table.hpp"

namespace vknoise::graph_ir {
namespace {

class layout_builder {
 public:
  explicit layout_builder(const graph& g) : g_(g) {
    const std::size_t n = g.nodes.size();
    l_.node_base.assign(n, 0);
    l_.node_params.assign(n, 0);
    l_.form.assign(n, domain_form::none);
    l_.node_chain.assign(n, -1);
    l_.node_table.assign(n, -1);
    l_.node_gradient.assign(n, -1);
    l_.direct_use.assign(n, false);
  }

  layout build() {
    find_direct_uses();
    for (std::size_t i = 0; i < g_.nodes.size(); ++i) place_node(static_cast<int>(i));
    l_.fixed_words = static_cast<std::uint32_t>(l_.words.size());
    for (const auto& [word, values] : variable_parts_) {
      l_.words[word] = static_cast<std::uint32_t>(l_.words.size());
      l_.words.insert(l_.words.end(), values.begin(), values.end());
    }
    for (const auto& [word, first_slot] : slot_words_) {
      l_.words[word] = static_cast<std::uint32_t>(first_slot);
    }
    return std::move(l_);
  }

 private:
  static std::uint32_t bits(float value) { return std::bit_cast<std::uint32_t>(value); }
  void push_float(float value) { l_.words.push_back(bits(value)); }
  void push_uint(std::uint32_t value) { l_.words.push_back(value); }
  // A words struct, packed; returns its first word.
  template <class words>
  std::uint32_t push_words(const words& w) {
    const auto first = static_cast<std::uint32_t>(l_.words.size());
    const std::vector<std::uint32_t> packed = pack_words(w);
    l_.words.insert(l_.words.end(), packed.begin(), packed.end());
    return first;
  }
  // Word `word` filled in at the end with the first of `slots`, appended now.
  void attach_slots(std::uint32_t word, std::vector<slot> slots, bool octaves = false) {
    if (!octave_slots_before_) l_.structural_words.push_back(word);
    octave_slots_before_ = octave_slots_before_ || octaves;
    slot_words_.emplace_back(word, l_.slots.size());
    l_.slots.insert(l_.slots.end(), slots.begin(), slots.end());
  }

  void find_direct_uses() {
    for (const node& n : g_.nodes) {
      if (n.kind == op::fractal) continue;
      for (const input& in : n.inputs) {
        if (in.node >= 0 && g_.nodes[in.node].kind == op::noise) l_.direct_use[in.node] = true;
      }
    }
    for (const output& out : g_.outputs) {
      if (g_.nodes[out.node].kind == op::noise) l_.direct_use[out.node] = true;
    }
  }

  int table_of(const noise_params& p) {
    if (p.basis == noise_kind::value) return -1;
    const table_ref ref{p.table, p.table == table_source::seed ? p.seed : 0};
    for (std::size_t i = 0; i < l_.tables.size(); ++i) {
      if (l_.tables[i].source == ref.source && l_.tables[i].seed == ref.seed) {
        return static_cast<int>(i);
      }
    }
    l_.tables.push_back(ref);
    return static_cast<int>(l_.tables.size()) - 1;
  }

  int gradient_of(const noise_params& p, int dims) {
    if (p.basis != noise_kind::classic) return -1;
    for (std::size_t i = 0; i < l_.gradients.size(); ++i) {
      if (l_.gradients[i].classic_seed == p.classic_seed && l_.gradients[i].dims == dims) {
        return static_cast<int>(i);
      }
    }
    l_.gradients.push_back({p.classic_seed, dims});
    return static_cast<int>(l_.gradients.size()) - 1;
  }

  // A lattice domain derived from `from` by one more chain step (or none).
  void derive_chain(int i, int from, const chain_step* step, bool displaced) {
    lattice_chain chain = l_.chains[l_.node_chain[from]];
    if (step != nullptr) chain.steps.push_back(*step);
    chain.displaced = chain.displaced || displaced;
    l_.form[i] = domain_form::lattice;
    l_.node_chain[i] = static_cast<int>(l_.chains.size());
    l_.chains.push_back(std::move(chain));
  }

  slot raw_slot(int node, int domain) const {
    slot s;
    s.kind = slot_kind::raw;
    s.chain = l_.node_chain[domain];
    s.node = node;
    return s;
  }

  slot lattice_slot(int node, int domain, const noise_params& p, const fractal_params* f,
                    int octave) {
    slot s;
    s.kind = slot_kind::lattice;
    s.chain = l_.node_chain[domain];
    s.octave_spec.kind = p.basis;  // simplex reads its position whole (octave_coordinate)
    s.octave_spec.period = p.period;
    if (f != nullptr) {
      s.octave_spec.lacunarity = f->lacunarity;
      s.octave_spec.octave_offsets = f->octave_offsets;
      s.octave_spec.octaves = f->octaves;
    }
    s.octave = octave;
    s.node = node;
    return s;
  }

  void place_node(int i) {
    const node& n = g_.nodes[i];
    l_.node_base[i] = static_cast<std::uint32_t>(l_.words.size());
    const auto in_form = [&](int k) { return l_.form[n.inputs[k].node]; };
    // Constant inputs take one float word each, in input order; a division by a constant takes
    // its float reciprocal instead.
    for (std::size_t k = 0; k < n.inputs.size(); ++k) {
      if (n.inputs[k].node >= 0) continue;
      const float c = static_cast<float>(n.inputs[k].constant);
      push_float(n.kind == op::div && k == 1 ? 1.0f / c : c);
    }
    // Then the op's words struct (op_table.hpp), whole: as its row packs it, but a fractal's,
    // which place_fractal computes.
    const std::uint32_t base = static_cast<std::uint32_t>(l_.words.size());
    l_.node_params[i] = base;
    if (n.kind != op::fractal) {
      const std::vector<std::uint32_t> words = row_of(n.kind).pack(n);
      l_.words.insert(l_.words.end(), words.begin(), words.end());
    }
    switch (n.kind) {
      case op::position:
        l_.form[i] = domain_form::lattice;
        l_.node_chain[i] = static_cast<int>(l_.chains.size());
        l_.chains.push_back({});
        break;
      case op::scale:
      case op::offset:
        if (in_form(0) == domain_form::lattice) {
          chain_step step{n.kind == op::scale, {0, 0, 0, 0}, i};
          for (int c = 0; c < n.width; ++c) step.value[c] = n.params[c];
          derive_chain(i, n.inputs[0].node, &step, false);
        } else {
          l_.form[i] = domain_form::vector;
        }
        break;
      case op::rotate:
        // A lattice domain's components are read from a raw slot to be rotated in float.
        if (in_form(0) == domain_form::lattice) {
          attach_slots(base + word_index(&rotate_words<float>::raw_slot),
                       {raw_slot(i, n.inputs[0].node)});
        }
        l_.form[i] = domain_form::vector;
        break;
      case op::warp:
        if (in_form(0) == domain_form::lattice) {
          derive_chain(i, n.inputs[0].node, nullptr, true);
        } else {
          l_.form[i] = domain_form::vector;
        }
        break;
      case op::combine:
        l_.form[i] = domain_form::vector;
        break;
      case op::component:
        if (in_form(0) == domain_form::lattice) {
          attach_slots(base + word_index(&component_words<float>::raw_slot),
                       {raw_slot(i, n.inputs[0].node)});
        }
        break;
      case op::noise: {
        const int at = n.inputs[0].node;
        const int dims = g_.nodes[at].width;
        l_.node_table[i] = table_of(n.noise);
        l_.node_gradient[i] = gradient_of(n.noise, dims);
        if (l_.form[at] == domain_form::lattice && l_.direct_use[i]) {
          attach_slots(base + word_index(&noise_words<float>::slot),
                       {lattice_slot(i, at, n.noise, nullptr, 0)});
        }
        break;
      }
      case op::fractal:
        place_fractal(i);
        break;
      case op::curve:
      case op::ramp:
        variable_parts_.emplace_back(base + word_index(&piecewise_words<float>::first),
                                     piecewise_words_of(n));
        break;
      default:  // the words alone
        break;
    }
    if (l_.words.size() - base != row_of(n.kind).words) {
      throw std::logic_error("graph layout: node words differ from op_table's");
    }
  }

  // The sum's float parameters as a built-in field's (make_fractal_params<float>), then where
  // its octaves' coordinates are: slots for a lattice domain, else the octave offsets.
  void place_fractal(int i) {
    const node& n = g_.nodes[i];
    const node& noise = g_.nodes[n.inputs[0].node];
    const int at = noise.inputs[0].node;
    const fractal_params& f = n.fractal;
    noise_spec spec;
    spec.fractal = f.type;
    spec.octaves = f.octaves;
    spec.persistence = f.persistence;
    spec.lacunarity = f.lacunarity;
    const auto params = detail::make_fractal_params<float>(spec);
    fractal_words<float> w{};
    w.octaves = static_cast<std::uint32_t>(f.octaves);
    w.persistence = params.persistence;
    w.lacunarity = params.lacunarity;
    w.inv_norm = params.inv_norm;
    w.advection = static_cast<float>(f.advection);
    if (l_.form[at] != domain_form::lattice && f.octave_offsets) {
      for (int c = 0; c < g_.nodes[at].width; ++c) {
        w.octave_offset[c] = static_cast<float>(octave_offset[c]);
      }
    }
    const std::uint32_t base = push_words(w);
    if (l_.form[at] == domain_form::lattice) {
      std::vector<slot> slots;
      for (int o = 0; o < f.octaves; ++o) slots.push_back(lattice_slot(i, at, noise.noise, &f, o));
      attach_slots(base + word_index(&fractal_words<float>::first_slot), std::move(slots), true);
    }
  }

  static_assert(max_curve_points <= 64, "graph_segment (graph_ops) searches at most 64 stops");
  // A curve or ramp: the point count, then per point its position and its value(s) (1 for a
  // curve, 3 for a ramp), then per segment the float reciprocal of its width.
  static std::vector<std::uint32_t> piecewise_words_of(const node& n) {
    const int stride = n.kind == op::ramp ? 4 : 2;
    const int count = static_cast<int>(n.params.size()) / stride;
    std::vector<std::uint32_t> words{static_cast<std::uint32_t>(count)};
    for (const double p : n.params) words.push_back(bits(static_cast<float>(p)));
    for (int i = 0; i + 1 < count; ++i) {
      const float x0 = static_cast<float>(n.params[i * stride]);
      const float x1 = static_cast<float>(n.params[(i + 1) * stride]);
      words.push_back(bits(1.0f / (x1 - x0)));
    }
    return words;
  }

  const graph& g_;
  layout l_;
  std::vector<std::pair<std::size_t, std::vector<std::uint32_t>>> variable_parts_;
  std::vector<std::pair<std::size_t, std::size_t>> slot_words_;
  bool octave_slots_before_ = false;  // a fractal's slots are attached
};

}  // namespace

std::vector<jacobian_form> jacobian_forms(const graph& g) {
  std::vector<jacobian_form> forms(g.nodes.size(), jacobian_form::full);
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    const node& n = g.nodes[i];
    if (n.kind == op::position) forms[i] = jacobian_form::identity;
    if (n.kind == op::offset) forms[i] = forms[n.inputs[0].node];
    if (n.kind == op::scale && forms[n.inputs[0].node] != jacobian_form::full) {
      forms[i] = jacobian_form::diagonal;
    }
  }
  return forms;
}

layout make_layout(const graph& g) {
  return layout_builder(g).build();
}

std::vector<permutation_table> resolve_tables(const layout& l, const permutation_table& field) {
  std::vector<permutation_table> tables;
  tables.reserve(l.tables.size());
  for (const table_ref& ref : l.tables) {
    switch (ref.source) {
      case table_source::seed:
        tables.push_back(permutation_table::from_seed(ref.seed));
        break;
      case table_source::perlin:
        tables.push_back(permutation_table::perlin());
        break;
      default:
        tables.push_back(field);
        break;
    }
  }
  return tables;
}

double apply_chain(const lattice_chain& chain, int axis, double x) {
  for (const chain_step& step : chain.steps) {
    x = step.multiply ? x * step.value[axis] : x + step.value[axis];
  }
  return x;
}

lattice_coord slot_coordinate(const layout& l, int slot_index, int axis, double x) {
  const slot& s = l.slots[slot_index];
  const double chained = apply_chain(l.chains[s.chain], axis, x);
  if (s.kind == slot_kind::raw) return {0, 0, 0, 0, static_cast<float>(chained)};
  return octave_coordinate(s.octave_spec, axis, s.octave, chained);
}

void slot_coordinates(const layout& l, int slot_index, int axis, std::span<const double> positions,
                      std::span<lattice_coord> out) {
  for (std::size_t i = 0; i < positions.size(); ++i) {
    out[i] = slot_coordinate(l, slot_index, axis, positions[i]);
  }
}

double max_slot_position(const layout& l, int axis, double bound) {
  double largest = 0;
  for (const slot& s : l.slots) {
    // A chain is affine on each axis, so its extremes over [-bound, bound] are at the ends.
    for (const double end : {-bound, bound}) {
      const double chained = apply_chain(l.chains[s.chain], axis, end);
      const double reached = s.kind == slot_kind::raw
                                 ? chained
                                 : octave_position(s.octave_spec, axis, s.octave, chained);
      largest = std::max(largest, std::fabs(reached));
    }
  }
  return largest;
}

domain_excess find_domain_excess(const layout& l, int axis, double bound, double limit) {
  if (!(bound < limit)) return {-1, bound};
  for (const slot& s : l.slots) {
    const lattice_chain& chain = l.chains[s.chain];
    double ends[2] = {-bound, bound};
    double final_reach = 0;
    for (const double end : ends) {
      const double chained = apply_chain(chain, axis, end);
      final_reach = std::max(
          final_reach, std::fabs(s.kind == slot_kind::raw
                                     ? chained
                                     : octave_position(s.octave_spec, axis, s.octave, chained)));
    }
    if (final_reach < limit) continue;
    // The first step of the chain whose result reaches the limit is the culprit; a chain that
    // stays within it blames the octave scaling of the node that reads the slot (a fractal).
    for (const chain_step& step : chain.steps) {
      for (double& end : ends)
        end = step.multiply ? end * step.value[axis] : end + step.value[axis];
      const double reached = std::max(std::fabs(ends[0]), std::fabs(ends[1]));
      if (!(reached < limit)) return {step.node, reached};
    }
    return {s.node, final_reach};
  }
  return {-1, bound};
}

}  // namespace vknoise::graph_ir
