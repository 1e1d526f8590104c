// Passes 2 to 5 of the graph reader (graph_parser.hpp): the references between nodes, a stable
// topological order, every node's type and width in that order, and the limits of graph_ir.hpp.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph_parser.hpp"
#include "graph/lower_noise.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::graph_parsing {

// The user's nodes by name, and the position a noise without `at` samples: the first position
// node in the file, or else a hidden one named "position".
bool parser::resolve() {
  const std::size_t user_nodes = nodes_.size();
  int position = -1;
  for (std::size_t i = 0; i < user_nodes && position < 0; ++i) {
    if (nodes_[i].kind->id == ir::op::position) position = static_cast<int>(i);
  }
  for (std::size_t i = 0; i < user_nodes; ++i) {
    for (pending_input& in : nodes_[i].inputs) {
      if (in.constant) continue;
      const auto it = index_.find(in.ref);
      if (it == index_.end()) {
        return fail(at(nodes_[i], in.field) + "no node named " + quote(in.ref));
      }
      in.node = it->second;
    }
    if (!nodes_[i].samples_position) continue;
    if (position < 0) {
      const auto taken = index_.find("position");
      if (taken != index_.end()) {
        return fail(at(nodes_[i]) +
                    "without 'at' a noise samples the position, but the name 'position' is " +
                    article(nodes_[taken->second].kind->name) +
                    " node (give 'at', or add a position node)");
      }
      if (nodes_.size() >= static_cast<std::size_t>(ir::max_nodes)) {
        return fail(at(nodes_[i], "at") + "the position this noise samples would be node " +
                    std::to_string(nodes_.size() + 1) + "; the limit is " +
                    std::to_string(ir::max_nodes) + " nodes");
      }
      pending_node hidden;
      hidden.name = "position";
      hidden.kind = &ir::row_of(ir::op::position);
      hidden.hidden = true;
      position = static_cast<int>(nodes_.size());
      nodes_.push_back(std::move(hidden));
    }
    // nodes_ may have grown: index again.
    pending_input in;
    in.field = "at";
    in.type = expects::domain;
    in.node = position;
    nodes_[i].inputs.insert(nodes_[i].inputs.begin(), std::move(in));
  }
  return true;
}

enum : std::uint8_t { unvisited, visiting, visited };

// Recursive, one frame per node on the path: read_top refused more than ir::max_nodes nodes (and
// resolve adds at most the hidden position), so the path is at most max_nodes + 1 deep.

bool parser::visit(int index, std::vector<int>& path, std::vector<std::uint8_t>& state) {
  state[index] = visiting;
  path.push_back(index);
  const pending_node& n = nodes_[index];
  for (const pending_input& in : n.inputs) {
    if (in.constant || state[in.node] == visited) continue;
    if (state[in.node] == visiting) {
      // The cycle: this node reads in.node, which (down the path) reads this node.
      std::string cycle = n.name;
      const auto from = std::find(path.begin(), path.end(), in.node);
      for (auto it = from; it != path.end(); ++it) cycle += " -> " + nodes_[*it].name;
      return fail(at(n, in.field) + "a cycle through input '" + nodes_[in.node].name + "' (" +
                  cycle + "; each reads the next)");
    }
    if (!visit(in.node, path, state)) return false;
  }
  path.pop_back();
  state[index] = visited;
  order_.push_back(index);
  return true;
}

bool parser::sort() {
  std::vector<std::uint8_t> state(nodes_.size(), unvisited);
  std::vector<int> path;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (state[i] == unvisited && !visit(static_cast<int>(i), path, state)) return false;
  }
  for (const int i : order_) {
    if (!type_node(nodes_[i])) return false;
  }
  return true;
}

namespace {

// Lattice points one evaluation of a noise node reads: 2^dims corners, and for value noise
// (2 + 2 reach)^dims cells, reach 1 for smoothing and 1 more for cubic interpolation; simplex
// noise reads its simplex's dims + 1 corners; cellular noise's pruned search about the 3^dims
// cells around the sample (fewer where it prunes, more near a cell's corner).
int lattice_reads(const pending_node& noise) {
  const ir::noise_params& p = noise.noise;
  if (p.basis == noise_kind::simplex || p.basis == noise_kind::flow) return noise.noise_dims + 1;
  int per_axis = p.basis == noise_kind::cellular ? 3 : 2;
  if (p.basis == noise_kind::value) {
    per_axis +=
        2 * ((p.value_smooth ? 1 : 0) + (p.interpolation == value_interpolation::cubic ? 1 : 0));
  }
  int reads = 1;
  for (int axis = 0; axis < noise.noise_dims; ++axis) reads *= per_axis;
  return reads;
}

}  // namespace

std::string describe(const pending_node& n) {
  if (n.colour) return "a colour (a ramp)";
  if (n.vector) return "a vector of " + std::to_string(n.width);
  return "a scalar";
}

bool parser::check_input(const pending_node& n, const pending_input& in) {
  const pending_node& from = nodes_[in.node];
  const std::string named = "'" + from.name + "' is ";
  switch (in.type) {
    case expects::scalar:
      if (from.vector) return fail(at(n, in.field) + "expects a scalar, " + named + describe(from));
      return true;
    case expects::domain:
      if (!from.vector) return fail(at(n, in.field) + "expects a vector, " + named + "a scalar");
      if (from.colour) {
        return fail(at(n, in.field) + "expects a domain vector, " + named + describe(from));
      }
      return true;
    case expects::vector:
      if (!from.vector) return fail(at(n, in.field) + "expects a vector, " + named + "a scalar");
      return true;
    case expects::noise:
      if (from.kind->id != ir::op::noise) {
        return fail(at(n, in.field) + "expects a noise node, " + named + article(from.kind->name) +
                    " node");
      }
      return true;
  }
  return true;
}

bool parser::type_node(pending_node& n) {
  using ir::op;
  n.depth = 1;
  for (const pending_input& in : n.inputs) {
    if (in.constant) continue;
    if (!check_input(n, in)) return false;
    n.depth = std::max(n.depth, 1 + nodes_[in.node].depth);
  }
  if (n.depth > ir::max_depth) {
    return fail(at(n) + "a chain of " + std::to_string(n.depth) +
                " nodes from here to a leaf; the depth limit is " + std::to_string(ir::max_depth));
  }
  n.vector = ir::vector_op(n.kind->id);
  const pending_node* in =
      n.inputs.empty() || n.inputs[0].constant ? nullptr : &nodes_[n.inputs[0].node];
  switch (n.kind->id) {
    case op::position:
      n.width = dims_;
      n.lattice = true;
      return true;
    case op::scale:
    case op::offset: {
      n.width = in->width;
      n.lattice = in->lattice;
      const std::string_view field = n.kind->id == op::scale ? "factor" : "by";
      if (n.per_component_one) {
        n.params.assign(n.width, n.per_component[0]);
      } else if (n.per_component.size() != static_cast<std::size_t>(n.width)) {
        return fail(at(n, field) + std::to_string(n.per_component.size()) + " numbers for '" +
                    in->name + "', a vector of " + std::to_string(in->width) +
                    " (give one number, or one per component)");
      } else {
        n.params = n.per_component;
      }
      return true;
    }
    case op::rotate: {
      n.width = in->width;
      if (n.width < 2) {
        return fail(at(n, "in") + "rotates a vector of 2 to 4, '" + in->name +
                    "' is a vector of 1");
      }
      if (n.matrix.size() != static_cast<std::size_t>(n.width)) {
        return fail(at(n, "matrix") + "a " + std::to_string(n.matrix.size()) + "x" +
                    std::to_string(n.matrix.size()) + " matrix for '" + in->name +
                    "', a vector of " + std::to_string(n.width));
      }
      for (const auto& row : n.matrix) n.params.insert(n.params.end(), row.begin(), row.end());
      return true;
    }
    case op::warp:
      n.width = in->width;
      n.lattice = in->lattice;
      if (n.inputs.size() != static_cast<std::size_t>(1 + n.width)) {
        return fail(at(n, "by") + std::to_string(n.inputs.size() - 1) + " displacements for '" +
                    in->name + "', a vector of " + std::to_string(n.width) +
                    " (one per component)");
      }
      return true;
    case op::combine:
      n.width = static_cast<int>(n.inputs.size());
      return true;
    case op::ramp:
      n.width = 3;
      n.colour = true;
      return true;
    case op::component:
      if (n.axis >= in->width) {
        static constexpr const char* names[4] = {"x", "y", "z", "w"};
        return fail(at(n, "axis") + "'" + in->name + "' is " + describe(*in) +
                    "; it has no component " + std::to_string(n.axis) + " (" + names[n.axis] + ")");
      }
      n.params = {static_cast<double>(n.axis)};
      return true;
    case op::noise:
      return type_noise(n);
    case op::fractal:
      return type_fractal(n);
    default:
      return true;
  }
}

bool parser::type_noise(pending_node& n) {
  const pending_node& domain = nodes_[n.inputs[0].node];
  ir::noise_params& p = n.noise;
  n.noise_dims = domain.width;
  if (p.basis == noise_kind::improved4_balanced && domain.width != 4) {
    return fail(at(n, "at") + noise_kind_name(p.basis) + " noise samples 4 dims, '" + domain.name +
                "' is a vector of " + std::to_string(domain.width));
  }
  if (!n.period.empty()) {
    if (n.period_one) n.period.assign(n.noise_dims, n.period[0]);
    if (n.period.size() != static_cast<std::size_t>(n.noise_dims)) {
      return fail(at(n, "period") + std::to_string(n.period.size()) + " periods for '" +
                  domain.name + "', a vector of " + std::to_string(n.noise_dims) +
                  " (give one, or one per axis)");
    }
    bool any = false;
    for (int axis = 0; axis < n.noise_dims; ++axis) {
      p.period[axis] = n.period[axis];
      any = any || n.period[axis] != 0;
    }
    if (any && !domain.lattice) {
      return fail(at(n, "period") +
                  "a period needs a lattice domain (position through scale, offset and warp); '" +
                  domain.name + "' is not one");
    }
    if (p.basis == noise_kind::value && p.value_smooth &&
        p.interpolation == value_interpolation::cubic) {
      for (int axis = 0; axis < n.noise_dims; ++axis) {
        if (p.period[axis] != 0 && p.period[axis] != max_period) {
          return fail(at(n, "period") +
                      "smoothed cubic value noise needs periods of 0 or 256 (it reads two cells "
                      "beyond its neighbours)");
        }
      }
    }
  }
  if (const status valid = validate(ir::noise_spec_of(p), n.noise_dims); !valid) {
    return fail(at(n) + valid.message());
  }
  return true;
}

bool parser::type_fractal(pending_node& n) {
  const pending_node& noise = nodes_[n.inputs[0].node];
  const ir::noise_params& p = noise.noise;
  const ir::fractal_params& f = n.fractal;
  bool periodic = false;
  for (const std::uint32_t period : p.period) periodic = periodic || period != 0;
  if (periodic && f.octaves > 1 &&
      (f.lacunarity != std::floor(f.lacunarity) || f.lacunarity > max_period)) {
    return fail(at(n, "lacunarity") + "the noise '" + noise.name +
                "' has a period, so the lacunarity must be an integer up to 256 (each octave's "
                "period an integer), not " +
                number_text(f.lacunarity));
  }
  if (const status valid = validate(ir::noise_spec_of(p, &f), noise.noise_dims); !valid) {
    return fail(at(n) + valid.message());
  }
  return true;
}

bool parser::check_limits() {
  for (const pending_node& n : nodes_) {
    if (n.kind->id == ir::op::fractal) continue;
    for (const pending_input& in : n.inputs) {
      if (!in.constant && nodes_[in.node].kind->id == ir::op::noise) {
        nodes_[in.node].direct_use = true;
      }
    }
  }
  std::vector<std::pair<ir::table_source, std::uint64_t>> tables;
  std::vector<std::pair<std::uint64_t, int>> gradients;
  int samples = 0, sites = 0, reads = 0;
  // A site's evaluations per sample (a fractal's octaves, a noise's 1): counted against the
  // limits on evaluations, sites and lattice reads, the message naming `field`.
  const auto count_site = [&](const pending_node& n, std::string_view field, int evaluations,
                              const pending_node& noise) {
    samples += evaluations;
    if (samples > ir::max_samples_per_point) {
      return fail(at(n, field) + "the graph evaluates " + std::to_string(samples) +
                  " noises per sample (octaves summed); the limit is " +
                  std::to_string(ir::max_samples_per_point));
    }
    if (++sites > ir::max_noise_sites) {
      return fail(at(n) + "the graph has " + std::to_string(sites) +
                  " noise sites (fractal nodes, and noise nodes read other than by a fractal); "
                  "the limit is " +
                  std::to_string(ir::max_noise_sites) +
                  " (each is a copy of the noise's code in "
                  "the GPU kernel)");
    }
    reads += evaluations * lattice_reads(noise);
    if (reads > ir::max_lattice_reads_per_point) {
      return fail(at(n, field) + "the graph reads " + std::to_string(reads) +
                  " lattice points per sample (2^dims per noise evaluation, more for smoothed "
                  "or cubic value noise); the limit is " +
                  std::to_string(ir::max_lattice_reads_per_point));
    }
    return true;
  };
  for (const int i : order_) {
    const pending_node& n = nodes_[i];
    if (n.kind->id == ir::op::fractal &&
        !count_site(n, "octaves", n.fractal.octaves, nodes_[n.inputs[0].node])) {
      return false;
    }
    if (n.kind->id != ir::op::noise) continue;
    if (n.direct_use && !count_site(n, "", 1, n)) return false;
    const std::pair table{n.noise.table,
                          n.noise.table == ir::table_source::seed ? n.noise.seed : 0};
    if (std::find(tables.begin(), tables.end(), table) == tables.end()) {
      tables.push_back(table);
      if (tables.size() > static_cast<std::size_t>(ir::max_tables)) {
        return fail(at(n, n.noise.table == ir::table_source::seed ? "seed" : "table") +
                    "a permutation table beyond the limit of " + std::to_string(ir::max_tables) +
                    " distinct tables (field, perlin and each seed)");
      }
    }
    if (n.noise.basis == noise_kind::classic) {
      const std::pair gradient{n.noise.classic_seed, n.noise_dims};
      if (std::find(gradients.begin(), gradients.end(), gradient) == gradients.end()) {
        gradients.push_back(gradient);
        if (gradients.size() > static_cast<std::size_t>(ir::max_tables)) {
          return fail(at(n, "classic_seed") + "a classic gradient table beyond the limit of " +
                      std::to_string(ir::max_tables) +
                      " distinct tables (one per classic_seed and dims)");
        }
      }
    }
  }
  return true;
}

}  // namespace vknoise::graph_parsing
