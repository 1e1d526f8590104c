// A graph's channels and its nodes' differentiability (graph_ir.hpp).
#include "graph/graph_ir.hpp"

#include "core/noise_validation.hpp"

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
  if (n.kind == op::noise && n.noise.basis == noise_kind::cellular) {
    noise_spec spec;
    spec.kind = n.noise.basis;
    spec.returns = n.noise.returns;
    return detail::cellular_problem(spec, true);
  }
  if (n.kind == op::noise && n.noise.basis == noise_kind::flow && n.inputs.size() > 1 &&
      n.inputs[1].node >= 0) {
    return "a flow noise whose angle is a node has no gradient here (its derivative by the "
           "angle is not computed)";
  }
  if (n.kind == op::fractal && n.fractal.advection != 0) {
    return "an advected flow fbm has no gradient here (its octaves' positions depend on the "
           "coarser octaves' gradients, whose derivatives would need second derivatives)";
  }
  return {};
}

}  // namespace vknoise::graph_ir
