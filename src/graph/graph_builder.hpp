// Builds a graph_ir::graph in code rather than from JSON text: what the library lowers its own
// fields to (lower_noise.hpp) and what the CLI's --curl potential is. Nodes are appended in
// order, so every input names an earlier node; the caller keeps within graph_ir.hpp's limits and
// the ops' rules (docs/graph.md), which the JSON reader would otherwise check.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "graph/graph_ir.hpp"

namespace vknoise::graph_ir {

class graph_builder {
 public:
  explicit graph_builder(int dims) { g_.dims = dims; }

  // An input: a node (its index) or a constant.
  static input node_input(int node) { return {node, 0.0}; }
  static input constant_input(double value) { return {-1, value}; }

  int position() { return add(op::position, g_.dims, {}, {}); }
  // in + by, per component (a lattice domain when `in` is one).
  int offset(int in, std::vector<double> by) {
    return add(op::offset, width(in), {node_input(in)}, std::move(by));
  }
  // in + amplitude * (by_0, ..): one scalar input per component.
  int warp(int in, std::vector<input> by, double amplitude) {
    std::vector<input> inputs{node_input(in)};
    inputs.insert(inputs.end(), by.begin(), by.end());
    return add(op::warp, width(in), std::move(inputs), {amplitude});
  }
  // A flow noise's second input is its angle (constant_input(angle) or a node's).
  int noise(int at, const noise_params& params, std::optional<input> angle = std::nullopt) {
    std::vector<input> inputs{node_input(at)};
    if (angle) inputs.push_back(*angle);
    const int i = add(op::noise, 1, std::move(inputs), {});
    g_.nodes[i].noise = params;
    return i;
  }
  int fractal(int noise_node, const fractal_params& params) {
    const int i = add(op::fractal, 1, {node_input(noise_node)}, {});
    g_.nodes[i].fractal = params;
    return i;
  }
  void output(std::string name, int node) { g_.outputs.push_back({std::move(name), node, -1}); }

  graph take() && { return std::move(g_); }

 private:
  int width(int node) const { return g_.nodes[node].width; }
  int add(op kind, int width, std::vector<input> inputs, std::vector<double> params) {
    node n;
    n.name = "n" + std::to_string(g_.nodes.size());
    n.kind = kind;
    n.width = width;
    n.inputs = std::move(inputs);
    n.params = std::move(params);
    g_.nodes.push_back(std::move(n));
    return static_cast<int>(g_.nodes.size()) - 1;
  }

  graph g_;
};

}  // namespace vknoise::graph_ir
