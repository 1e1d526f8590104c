// The typed field readers of the graph reader (graph_parser.hpp): each refuses a wrong type or
// value with one line that names the node and the field.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "graph/graph_parser.hpp"

namespace vknoise::graph_parsing {

bool parser::number(const pending_node& n, std::string_view field, const json& v, double& out) {
  if (!v.is_number()) return fail(at(n, field) + "expects a number, got " + json_kind(v));
  out = v.get<double>();
  if (!std::isfinite(out)) return fail(at(n, field) + "not a finite number");
  // The GPU and the float mirror compute every parameter in float: a number float cannot hold
  // would turn into an infinity there (and NaN after it) while the double reference stays finite.
  if (!std::isfinite(static_cast<float>(out))) {
    return fail(at(n, field) + number_text(out) + " is beyond float's range (\u00b13.4028235e38)");
  }
  return true;
}

bool parser::optional_number(const pending_node& n, const json& object, std::string_view field,
                             double fallback, double& out) {
  const json* v = member(object, field);
  out = fallback;
  return !v || number(n, field, *v, out);
}

bool parser::integer(const pending_node& n, std::string_view field, const json& v, long long lo,
                     long long hi, int& out) {
  const std::string range = std::to_string(lo) + " to " + std::to_string(hi);
  if (!v.is_number_integer()) {
    return fail(at(n, field) + "expects an integer " + range + ", got " +
                (v.is_number() ? v.dump() : json_kind(v)));
  }
  if (!integer_in(v, lo, hi))
    return fail(at(n, field) + "expects an integer " + range + ", got " + v.dump());
  out = v.get<int>();
  return true;
}

bool parser::unsigned_integer(const pending_node& n, std::string_view field, const json& v,
                              std::uint64_t& out) {
  // "-0" is a signed integer zero.
  if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<long long>() != 0)) {
    return fail(at(n, field) + "expects an integer 0 to 18446744073709551615, got " +
                (v.is_number() ? v.dump() : json_kind(v)));
  }
  out = v.is_number_unsigned() ? v.get<std::uint64_t>() : 0;
  return true;
}

bool parser::boolean(const pending_node& n, std::string_view field, const json& v, bool& out) {
  if (!v.is_boolean()) return fail(at(n, field) + "expects true or false, got " + json_kind(v));
  out = v.get<bool>();
  return true;
}

bool parser::string(const pending_node& n, std::string_view field, const json& v,
                    std::string& out) {
  if (!v.is_string()) return fail(at(n, field) + "expects a string, got " + json_kind(v));
  out = v.get_ref<const std::string&>();
  return true;
}

bool parser::numbers(const pending_node& n, std::string_view field, const json& v,
                     std::size_t count, std::vector<double>& out) {
  if (!v.is_array() || v.size() != count) {
    return fail(at(n, field) + "expects an array of " + std::to_string(count) + " numbers, got " +
                (v.is_array() ? std::to_string(v.size()) + " entries" : json_kind(v)));
  }
  out.clear();
  for (std::size_t i = 0; i < count; ++i) {
    double x = 0;
    if (!number(n, std::string(field) + "[" + std::to_string(i) + "]", v[i], x)) return false;
    out.push_back(x);
  }
  return true;
}

bool parser::per_component(pending_node& n, std::string_view field, const json& v) {
  if (v.is_number()) {
    n.per_component.assign(1, 0.0);
    n.per_component_one = true;
    return number(n, field, v, n.per_component[0]);
  }
  if (!v.is_array() || v.empty() || v.size() > 4) {
    return fail(at(n, field) + "expects a number or an array of one number per component, got " +
                (v.is_array() ? "an array of " + std::to_string(v.size()) : json_kind(v)));
  }
  return numbers(n, field, v, v.size(), n.per_component);
}

// An array of 2 to max_curve_points arrays of `arity` numbers, flattened.
bool parser::point_list(const pending_node& n, std::string_view field, const json& v,
                        std::size_t arity, std::vector<double>& out) {
  const std::size_t limit = ir::max_curve_points;
  if (!v.is_array() || v.size() < 2 || v.size() > limit) {
    return fail(at(n, field) + "expects an array of 2 to " + std::to_string(limit) +
                " points, got " +
                (v.is_array() ? std::to_string(v.size()) + " points" : json_kind(v)));
  }
  out.clear();
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::vector<double> point;
    if (!numbers(n, std::string(field) + "[" + std::to_string(i) + "]", v[i], arity, point)) {
      return false;
    }
    out.insert(out.end(), point.begin(), point.end());
  }
  return true;
}

bool parser::constant_input(pending_node& n, std::string field, double value) {
  pending_input in;
  in.constant = true;
  in.value = value;
  in.field = std::move(field);
  n.inputs.push_back(std::move(in));
  return true;
}

bool parser::input(pending_node& n, std::string field, const json& v, expects type) {
  pending_input in;
  in.type = type;
  if (v.is_number()) {
    if (type == expects::noise) {
      return fail(at(n, field) + "expects the name of a noise node, not a number");
    }
    if (type != expects::scalar) {
      return fail(at(n, field) + "expects a vector (a node's name), not a number");
    }
    if (!number(n, field, v, in.value)) return false;
    in.constant = true;
  } else if (v.is_string()) {
    in.ref = v.get_ref<const std::string&>();
  } else {
    return fail(at(n, field) +
                (type == expects::scalar ? "expects a number or a node's name, got "
                                         : "expects a node's name, got ") +
                json_kind(v));
  }
  in.field = std::move(field);
  n.inputs.push_back(std::move(in));
  return true;
}

}  // namespace vknoise::graph_parsing
