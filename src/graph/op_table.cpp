// Look-ups over the op table (op_table.hpp).
#include "graph/op_table.hpp"

#include <string>

namespace vknoise::graph_ir {

const op_row* find_op(std::string_view name) {
  for (const op_row& row : op_table) {
    if (row.name == name) return &row;
  }
  return nullptr;
}

std::string op_names() {
  std::string list;
  for (const op_row& row : op_table) {
    if (!list.empty()) list += ", ";
    list += row.name;
  }
  return list;
}

bool exact_op(const node& n) {
  switch (row_of(n.kind).rounding) {
    case precision::exact:
      return true;
    case precision::exact_by_constant:
      // div by a constant: a multiplication by the host's float reciprocal, which rounds exactly.
      return n.inputs.size() == 2 && n.inputs[1].node < 0;
    case precision::bounded:
      return false;
  }
  return false;
}

}  // namespace vknoise::graph_ir
