// Look-ups over the op table (op_table.hpp).
#include "graph/op_table.hpp"

#include <cmath>
#include <string>

#include "graph/graph_json.hpp"

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

// ---------------------------------------------------------------------------------------------
// The checks. Their messages follow "node 'x' field 'f': ".

namespace vknoise::graph_ir {

using graph_parsing::number_text;
using graph_parsing::quote;

field_error check_divisor(const check_input& in) {
  const double b = in.constants[1];
  if (std::isnan(b)) return {};  // a node
  // The float path multiplies by the host's float reciprocal of b.
  const float divisor = static_cast<float>(b);
  if (b == 0) return {"b", "division by the constant 0"};
  if (divisor == 0 || !std::isfinite(divisor) || !std::isfinite(1.0f / divisor)) {
    return {"b", "division by " + number_text(b) +
                     ": its float reciprocal is not finite (or it is not a finite float)"};
  }
  return {};
}

field_error check_clamp(const check_input& in) {
  const double lo = in.constants[1], hi = in.constants[2];
  // NaN (a node) compares false: only two constants out of order fail.
  if (!std::isnan(lo) && !std::isnan(hi) && !(lo <= hi)) {
    return {"hi", "hi " + number_text(hi) + " is below lo " + number_text(lo)};
  }
  return {};
}

field_error check_step(const check_input& in) {
  const double lo = in.params[0], hi = in.params[1];
  if (!(lo < hi)) return {"hi", "hi " + number_text(hi) + " is not above lo " + number_text(lo)};
  // The float path multiplies by the float reciprocal of hi - lo, in float (step_words).
  const float width = static_cast<float>(hi) - static_cast<float>(lo);
  if (!(width > 0) || !std::isfinite(1.0f / width) || !std::isfinite(width)) {
    return {"hi", "hi " + number_text(hi) + " and lo " + number_text(lo) +
                      ": the float reciprocal of hi - lo is not finite"};
  }
  return {};
}

field_error check_remap(const check_input& in) {
  const double* from = in.params.data();
  const double* to = in.params.data() + 2;
  if (from[0] == from[1]) {
    return {"from",
            "an empty range (" + number_text(from[0]) + " to " + number_text(from[1]) + ")"};
  }
  // The float path multiplies by the slope, computed in double and stored as a float.
  const double slope = (to[1] - to[0]) / (from[1] - from[0]);
  if (!std::isfinite(static_cast<float>(slope))) {
    return {"to", "the slope from " + quote(number_text(from[0]) + " to " + number_text(from[1])) +
                      " to " + quote(number_text(to[0]) + " to " + number_text(to[1])) + " is " +
                      number_text(slope) + ", beyond float's range (\u00b13.4028235e38)"};
  }
  return {};
}

// The float path divides by the field's value as a multiplication by its float reciprocal.
field_error check_reciprocal(std::string_view field, double v) {
  const float f = static_cast<float>(v);
  if (!(v > 0) || !(f > 0) || !std::isfinite(f) || !std::isfinite(1.0f / f)) {
    return {field, "expects a number > 0 whose float reciprocal is finite, got " + number_text(v)};
  }
  return {};
}

field_error check_terrace(const check_input& in) {
  return check_reciprocal("steps", in.params[0]);
}

field_error check_smoothness(const check_input& in) {
  return check_reciprocal("smoothness", in.params[0]);
}

}  // namespace vknoise::graph_ir
