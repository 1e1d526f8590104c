// A graph's channels and its nodes' differentiability (graph_ir.hpp).
#include "graph/graph_ir.hpp"

namespace vknoise::graph_ir {

int channel_count(const graph& g) {
  const int outputs = static_cast<int>(g.outputs.size());
  switch (g.mode) {
    case output_mode::gradient:
      return outputs * (1 + g.dims);
    case output_mode::curl:
      return 3;
    default:
      return outputs;
  }
}

std::string not_differentiable(const graph& g, int i) {
  const node& n = g.nodes[i];
  if (n.kind == op::noise && n.noise.basis == noise_kind::value) {
    return "a value noise has no gradient (improved and classic noise have)";
  }
  return {};
}

}  // namespace vknoise::graph_ir
