// The GLSL compute kernel of a graph: the GPU twin of graph_eval.hpp's mirror, node for node in
// the same order with the same operations (every float `precise`). The source includes
// "vknoise_shared.h", "graph_bindings.glsl" (and through it the noise functions), the fractals'
// "octave_term.glsl" and "graph_main.glsl"; it depends on the graph's structure only (node kinds,
// inputs, widths, which inputs are constants, tables and domain forms), never on a parameter's
// value, which it reads from the constant words by index.
#pragma once

#include <string>

#include "graph/graph_ir.hpp"
#include "graph/graph_layout.hpp"

namespace vknoise::graph_ir {

std::string kernel_source(const graph& g, const layout& l);

}  // namespace vknoise::graph_ir
