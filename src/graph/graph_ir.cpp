// The ops' exactness (graph_ir.hpp) and their names in the JSON format (docs/graph.md).
#include "graph/graph_ir.hpp"

namespace vknoise::graph_ir {

bool exact_op(const node& n) {
  switch (n.kind) {
    case op::div:
      // By a constant: a multiplication by the host's float reciprocal, which rounds exactly.
      return n.inputs.size() == 2 && n.inputs[1].node < 0;
    case op::sqrt:
    case op::pow:
    case op::sin:
    case op::cos:
      return false;
    default:
      return true;
  }
}

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

bool vector_op(op kind) {
  switch (kind) {
    case op::position:
    case op::scale:
    case op::offset:
    case op::rotate:
    case op::warp:
    case op::combine:
    case op::ramp:
      return true;
    default:
      return false;
  }
}

const char* op_name(op kind) {
  switch (kind) {
    case op::position:
      return "position";
    case op::scale:
      return "scale";
    case op::offset:
      return "offset";
    case op::rotate:
      return "rotate";
    case op::warp:
      return "warp";
    case op::combine:
      return "combine";
    case op::ramp:
      return "ramp";
    case op::constant:
      return "constant";
    case op::component:
      return "component";
    case op::noise:
      return "noise";
    case op::fractal:
      return "fractal";
    case op::add:
      return "add";
    case op::sub:
      return "sub";
    case op::mul:
      return "mul";
    case op::div:
      return "div";
    case op::min:
      return "min";
    case op::max:
      return "max";
    case op::neg:
      return "neg";
    case op::abs:
      return "abs";
    case op::floor:
      return "floor";
    case op::clamp:
      return "clamp";
    case op::mix:
      return "mix";
    case op::select:
      return "select";
    case op::blend:
      return "blend";
    case op::remap:
      return "remap";
    case op::terrace:
      return "terrace";
    case op::curve:
      return "curve";
    case op::sqrt:
      return "sqrt";
    case op::pow:
      return "pow";
    case op::sin:
      return "sin";
    case op::cos:
      return "cos";
  }
  return "unknown";
}

}  // namespace vknoise::graph_ir
