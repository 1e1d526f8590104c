// The GLSL compute kernel of a graph: the GPU twin of graph_eval.hpp's mirror, node for node in
// the same order with the same operations (every float `precise`). The source includes
// "vknoise_shared.h", "graph_bindings.glsl" (and through it the noise functions), the fractals'
// "octave_term.glsl" and "graph_main.glsl"; it depends on the graph's structure only (node kinds,
// inputs, widths, which inputs are constants, tables and domain forms), never on a parameter's
// value, which it reads from the constant words by index.
#pragma once

#include <string>
#include <vector>

#include "graph/graph_ir.hpp"
#include "graph/graph_layout.hpp"

namespace vknoise::graph_ir {

std::string kernel_source(const graph& g, const layout& l);

// The same graph as a function `vecN name(vecM p)` (float for one channel or one dimension) to
// paste into any shader, before preprocessing (graph.hpp's emit_glsl_function finishes it): the
// kernel's includes and graph_eval with VKNOISE_GRAPH_FUNCTION defined, the tables (`tables`,
// resolve_tables's) and the constant words as constant arrays, and graph_slot generated from p
// in double (slot_coordinate's operations). The caller checks that channels (channel_count) is
// 1 to 4 and that no slot has a period.
std::string function_source(const graph& g, const layout& l,
                            const std::vector<permutation_table>& tables, const std::string& name);

}  // namespace vknoise::graph_ir
