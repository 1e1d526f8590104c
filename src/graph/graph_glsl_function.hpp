// The paste-in function's own parts (graph_glsl.hpp's function_source): the tables and words as
// constant arrays, and graph_slot computed from the argument in double.
#pragma once

#include <ostream>
#include <vector>

#include "graph/graph_layout.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::graph_ir {

// The permutation tables (`tables`, resolve_tables's), classic gradient tables and constant words
// as global arrays: permutation_bytes, gradient_bits and graph_words.
void write_constant_arrays(std::ostream& out, const layout& l,
                           const std::vector<permutation_table>& tables);

// graph_reduced and graph_slot(s, axis) from the global dvec4 graph_position.
void write_slot_function(std::ostream& out, const layout& l);

}  // namespace vknoise::graph_ir
