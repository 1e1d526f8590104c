// libFuzzer target: the noise-graph reader (graph::parse) and the compiler's front end (layout,
// kernel source, the CPU twins at two points). It must never crash; every rejection
// must be errc::invalid_argument with one non-empty line starting "graph: "; every accepted graph
// must satisfy the IR's invariants (graph_ir.hpp): 1 to 4 outputs naming nodes (a component for
// a vector, none for a scalar), inputs naming earlier nodes, widths consistent with each op, and
// a contract that agrees with the ops.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <vector>

#include "graph/graph_glsl.hpp"
#include "graph/graph_ir.hpp"
#include "graph/graph_layout.hpp"
#include "graph/op_table.hpp"
#include "vknoise/graph.hpp"

namespace {

namespace ir = vknoise::graph_ir;

void check(bool condition) {
  if (!condition) __builtin_trap();
}

std::size_t input_count(const ir::node& n) {
  switch (n.kind) {
    case ir::op::position:
    case ir::op::constant:
      return 0;
    case ir::op::warp:
      return 1 + static_cast<std::size_t>(n.width);
    case ir::op::combine:
      return static_cast<std::size_t>(n.width);
    case ir::op::add:
    case ir::op::sub:
    case ir::op::mul:
    case ir::op::div:
    case ir::op::min:
    case ir::op::max:
    case ir::op::pow:
      return 2;
    case ir::op::clamp:
    case ir::op::mix:
    case ir::op::select:
    case ir::op::blend:
      return 3;
    case ir::op::noise:  // its domain, and a flow noise's angle
      return n.noise.basis == vknoise::noise_kind::flow ? 2 : 1;
    default:
      return 1;
  }
}

void check_graph(const vknoise::graph& g) {
  const ir::graph& r = g.ir();
  check(r.dims >= 1 && r.dims <= 4 && g.dims() == r.dims);
  check(!r.nodes.empty() && r.nodes.size() <= static_cast<std::size_t>(ir::max_nodes));
  check(g.node_count() == r.nodes.size());
  check(!r.outputs.empty() && r.outputs.size() <= static_cast<std::size_t>(ir::max_outputs));
  check(g.channels() == static_cast<int>(r.outputs.size()));  // values mode
  check(g.output_names().size() == r.outputs.size());
  bool bounded = false;
  for (std::size_t i = 0; i < r.nodes.size(); ++i) {
    const ir::node& n = r.nodes[i];
    check(n.width >= 1 && n.width <= 4);
    check(ir::vector_op(n.kind) || n.width == 1);
    check(n.inputs.size() == input_count(n));
    for (std::size_t k = 0; k < n.inputs.size(); ++k) {
      const ir::input& in = n.inputs[k];
      check(in.node >= -1 && in.node < static_cast<int>(i));
      if (in.node < 0) {
        check(std::isfinite(in.constant));
        continue;
      }
      const ir::node& from = r.nodes[in.node];
      // The first input of a domain op, a component and a noise is a vector; a fractal reads a
      // noise; every other input is a scalar.
      const bool first = k == 0;
      switch (n.kind) {
        case ir::op::scale:
        case ir::op::offset:
        case ir::op::rotate:
        case ir::op::warp:
        case ir::op::noise:
          check(first ? vector_op(from.kind) && from.kind != ir::op::ramp : !vector_op(from.kind));
          if (first && n.kind != ir::op::noise) check(from.width == n.width);
          break;
        case ir::op::component:
          check(vector_op(from.kind));
          break;
        case ir::op::fractal:
          check(from.kind == ir::op::noise);
          break;
        default:
          check(!vector_op(from.kind));
          break;
      }
    }
    for (const double p : n.params) check(std::isfinite(p));
    switch (n.kind) {
      case ir::op::position:
        check(n.width == r.dims);
        break;
      case ir::op::scale:
      case ir::op::offset:
        check(n.params.size() == static_cast<std::size_t>(n.width));
        break;
      case ir::op::rotate:
        check(n.width >= 2 && n.params.size() == static_cast<std::size_t>(n.width * n.width));
        break;
      case ir::op::ramp:
        check(n.width == 3 && n.params.size() % 4 == 0);
        break;
      case ir::op::curve:
        check(n.params.size() % 2 == 0 && n.params.size() >= 4);
        break;
      case ir::op::component:
        check(n.params.size() == 1 && n.params[0] >= 0 &&
              n.params[0] < r.nodes[n.inputs[0].node].width);
        break;
      case ir::op::fractal:
        check(n.fractal.octaves >= 1 && n.fractal.octaves <= vknoise::max_octaves);
        break;
      default:
        break;
    }
    bounded = bounded || !ir::exact_op(n);
  }
  for (const ir::output& out : r.outputs) {
    check(out.node >= 0 && out.node < static_cast<int>(r.nodes.size()));
    const ir::node& n = r.nodes[out.node];
    if (vector_op(n.kind)) {
      check(out.component >= 0 && out.component < n.width);
    } else {
      check(out.component == -1);
    }
  }
  check(g.contract() ==
        (bounded ? vknoise::graph_contract::bounded : vknoise::graph_contract::exact));
  check(bounded ? g.bound() > 0 && std::isfinite(g.bound()) : g.bound() == 0);
}

}  // namespace

// The compiler's front end on an accepted graph: its layout, its kernel source (with and without
// derivatives, where it has them), and the float mirror and double reference at two points.
// shaderc itself is not run: it is not ours, and a compile takes tens of milliseconds.
void front_end(const vknoise::graph& g) {
  for (const auto what : {vknoise::graph_outputs::values, vknoise::graph_outputs::gradient}) {
    const auto derived = g.with_outputs(what);
    if (!derived) {
      check(what != vknoise::graph_outputs::values);
      check(derived.message().rfind("graph: ", 0) == 0);
      continue;
    }
    const ir::layout l = ir::make_layout(derived->ir());
    const std::string source = ir::kernel_source(derived->ir(), l);
    check(source.find("void graph_eval(") != std::string::npos);
    const std::vector<double> points(static_cast<std::size_t>(2 * g.dims()), 0.3125);
    std::vector<float> mirror(2 * static_cast<std::size_t>(derived->channels()));
    std::vector<double> reference(mirror.size());
    const auto table = vknoise::permutation_table::perlin();
    const auto m = vknoise::eval_mirror(derived.value(), points, table, mirror);
    const auto r = vknoise::eval_reference(derived.value(), points, table, reference);
    check(m.ok() == r.ok());
  }
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto g = vknoise::graph::parse(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!g) {
    const std::string& message = g.message();
    check(g.error_value().code == vknoise::errc::invalid_argument);
    check(message.size() > 7 && message.rfind("graph: ", 0) == 0);
    check(message.find('\n') == std::string::npos && message.find('\r') == std::string::npos);
    return 0;
  }
  check_graph(g.value());
  front_end(g.value());
  return 0;
}
