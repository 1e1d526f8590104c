// Pass 1 of the graph reader (graph_parser.hpp): each node's kind and its fields, read and
// checked on their own, before any other node is looked at.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "graph/graph_parser.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::graph_parsing {

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > max_name_length) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

int component_index(std::string_view letter) {
  static constexpr std::string_view xyzw = "xyzw", rgba = "rgba";
  if (letter.size() != 1) return -1;
  std::size_t i = xyzw.find(letter[0]);
  if (i == std::string_view::npos) i = rgba.find(letter[0]);
  return i == std::string_view::npos ? -1 : static_cast<int>(i);
}

bool parser::read_node(const std::string& name, const json& value) {
  if (!valid_name(name)) {
    return fail("node name " + quote(name) +
                " is not a name (letters, digits and _, not starting with a digit, at most 64 "
                "characters)");
  }
  pending_node n;
  n.name = name;
  if (!value.is_object()) {
    return fail(at(n) + "expects an object with a kind, got " + json_kind(value));
  }
  const json* kind = member(value, "kind");
  if (!kind) return fail(at(n) + "missing field 'kind'");
  if (!kind->is_string()) return fail(at(n, "kind") + "expects a string, got " + json_kind(*kind));
  n.kind = ir::find_op(kind->get_ref<const std::string&>());
  if (!n.kind) {
    return fail(at(n) + "unknown kind " + quote(kind->get_ref<const std::string&>()) + " (" +
                ir::op_names() + ")");
  }
  const ir::field_list& fields = n.kind->fields;
  for (const auto& item : value.items()) {
    const std::string& key = item.key();
    if (key == "kind" || std::any_of(fields.begin(), fields.end(),
                                     [&](const ir::op_field& f) { return f.name == key; })) {
      continue;
    }
    std::string takes;
    for (const ir::op_field& f : fields) takes += (takes.empty() ? "" : ", ") + std::string(f.name);
    return fail(at(n) + "unknown field " + quote(key) + " (" + article(n.kind->name) + " takes " +
                (takes.empty() ? "no fields" : takes) + ")");
  }
  for (const ir::op_field& f : fields) {
    if (f.required && !member(value, f.name)) {
      return fail(at(n) + "missing field '" + std::string(f.name) + "'");
    }
  }
  if (!read_fields(n, value)) return false;
  index_.emplace(n.name, static_cast<int>(nodes_.size()));
  nodes_.push_back(std::move(n));
  return true;
}

bool parser::read_generic(pending_node& n, const json& object) {
  using ir::field_kind;
  ir::check_input values;
  for (const ir::op_field& f : n.kind->fields) {
    const json* v = member(object, f.name);
    const std::string name(f.name);
    switch (f.kind) {
      case field_kind::scalar_in: {
        if (v ? !input(n, name, *v, expects::scalar) : !constant_input(n, name, f.fallback)) {
          return false;
        }
        const pending_input& in = n.inputs.back();
        values.constants.push_back(in.constant ? in.value
                                               : std::numeric_limits<double>::quiet_NaN());
        break;
      }
      case field_kind::number: {
        double x = f.fallback;
        if (v && !number(n, name, *v, x)) return false;
        n.params.push_back(x);
        break;
      }
      case field_kind::pair: {
        std::vector<double> two;
        if (!numbers(n, name, *v, 2, two)) return false;
        n.params.insert(n.params.end(), two.begin(), two.end());
        break;
      }
      case field_kind::other:
        return fail(at(n, name) + "is not read generically");  // generic_fields() excludes it
    }
  }
  if (!n.kind->check) return true;
  values.params = n.params;
  const ir::field_error error = n.kind->check(values);
  return error.message.empty() || fail(at(n, error.field) + error.message);
}

bool parser::read_fields(pending_node& n, const json& object) {
  using ir::op;
  if (n.kind->generic_fields()) return read_generic(n, object);
  const auto field = [&](std::string_view name) -> const json& { return *member(object, name); };
  switch (n.kind->id) {
    case op::scale:
    case op::offset: {
      const std::string_view by = n.kind->id == op::scale ? "factor" : "by";
      return input(n, "in", field("in"), expects::domain) && per_component(n, by, field(by));
    }
    case op::rotate: {
      if (!input(n, "in", field("in"), expects::domain)) return false;
      const json& m = field("matrix");
      if (!m.is_array() || m.size() < 2 || m.size() > 4) {
        return fail(at(n, "matrix") + "expects 2 to 4 rows of numbers (one per component), got " +
                    (m.is_array() ? std::to_string(m.size()) + " rows" : json_kind(m)));
      }
      for (std::size_t r = 0; r < m.size(); ++r) {
        std::vector<double> row;
        if (!numbers(n, "matrix[" + std::to_string(r) + "]", m[r], m.size(), row)) return false;
        n.matrix.push_back(std::move(row));
      }
      return true;
    }
    case op::warp: {
      if (!input(n, "in", field("in"), expects::domain)) return false;
      const json& by = field("by");
      if (!by.is_array() || by.empty() || by.size() > 4) {
        return fail(at(n, "by") + "expects an array of one scalar per component, got " +
                    (by.is_array() ? "an array of " + std::to_string(by.size()) : json_kind(by)));
      }
      for (std::size_t i = 0; i < by.size(); ++i) {
        if (!input(n, "by[" + std::to_string(i) + "]", by[i], expects::scalar)) return false;
      }
      double amplitude = 1.0;
      if (!optional_number(n, object, "amplitude", 1.0, amplitude)) return false;
      n.params = {amplitude};
      return true;
    }
    case op::combine: {
      const json& c = field("components");
      if (!c.is_array() || c.empty() || c.size() > 4) {
        return fail(at(n, "components") + "expects an array of 1 to 4 scalars, got " +
                    (c.is_array() ? "an array of " + std::to_string(c.size()) : json_kind(c)));
      }
      for (std::size_t i = 0; i < c.size(); ++i) {
        if (!input(n, "components[" + std::to_string(i) + "]", c[i], expects::scalar)) {
          return false;
        }
      }
      return true;
    }
    case op::ramp: {
      if (!input(n, "in", field("in"), expects::scalar)) return false;
      if (!point_list(n, "stops", field("stops"), 4, n.params)) return false;
      for (std::size_t i = 0; i < n.params.size() / 4; ++i) {
        const double* stop = &n.params[4 * i];
        const std::string where = at(n, "stops[" + std::to_string(i) + "]");
        if (!(stop[0] >= 0 && stop[0] <= 1)) {
          return fail(where + "t " + number_text(stop[0]) + " is outside [0, 1]");
        }
        if (i > 0 && !(static_cast<float>(stop[0]) > static_cast<float>(stop[-4]))) {
          return fail(where + "t " + number_text(stop[0]) + " is not above the previous stop's " +
                      number_text(stop[-4]) +
                      (stop[0] > stop[-4] ? " in float (t strictly increasing, in float too)"
                                          : " (t strictly increasing)"));
        }
        for (int c = 1; c < 4; ++c) {
          if (!(stop[c] >= 0 && stop[c] <= 1)) {
            return fail(where + "the colour " + number_text(stop[c]) + " is outside [0, 1]");
          }
        }
      }
      return true;
    }
    case op::component: {
      if (!input(n, "in", field("in"), expects::vector)) return false;
      const json& axis = field("axis");
      if (axis.is_string()) {
        n.axis = component_index(axis.get_ref<const std::string&>());
        if (n.axis < 0) {
          return fail(at(n, "axis") + "unknown axis " + quote(axis.get_ref<const std::string&>()) +
                      " (x, y, z, w, r, g, b, a or 0 to 3)");
        }
        return true;
      }
      return integer(n, "axis", axis, 0, 3, n.axis);
    }
    case op::noise:
      return read_noise(n, object);
    case op::fractal:
      return read_fractal(n, object);
    case op::curve: {
      if (!input(n, "in", field("in"), expects::scalar) ||
          !point_list(n, "points", field("points"), 2, n.params)) {
        return false;
      }
      for (std::size_t i = 1; i < n.params.size() / 2; ++i) {
        if (!(static_cast<float>(n.params[2 * i]) > static_cast<float>(n.params[2 * i - 2]))) {
          const bool in_double = n.params[2 * i] > n.params[2 * i - 2];
          return fail(at(n, "points[" + std::to_string(i) + "]") + "x " +
                      number_text(n.params[2 * i]) + " is not above the previous point's " +
                      number_text(n.params[2 * i - 2]) +
                      (in_double ? " in float (x strictly increasing, in float too)"
                                 : " (x strictly increasing)"));
        }
      }
      return true;
    }
    default:  // read generically (above)
      break;
  }
  return fail(at(n) + "unhandled kind");
}

bool parser::read_noise(pending_node& n, const json& object) {
  ir::noise_params& p = n.noise;
  std::string text;
  if (const json* basis = member(object, "basis")) {
    if (!string(n, "basis", *basis, text)) return false;
    const auto kind = noise_kind_from_name(text);
    if (!kind) {
      return fail(at(n, "basis") + "unknown basis " + quote(text) + " (" + noise_kind_choices() +
                  ")");
    }
    p.basis = *kind;
  }
  if (const json* domain = member(object, "at")) {
    if (!input(n, "at", *domain, expects::domain)) return false;
  } else {
    n.samples_position = true;
  }
  const json* seed = member(object, "seed");
  const json* table = member(object, "table");
  if (seed && table) return fail(at(n, "table") + "a noise takes a seed or a table, not both");
  if (seed) {
    if (!unsigned_integer(n, "seed", *seed, p.seed)) return false;
    p.table = ir::table_source::seed;
  }
  if (table) {
    if (!string(n, "table", *table, text)) return false;
    if (text == "field") {
      p.table = ir::table_source::field;
    } else if (text == "perlin") {
      p.table = ir::table_source::perlin;
    } else {
      return fail(at(n, "table") + "unknown table " + quote(text) +
                  " (field or perlin; or give a seed instead)");
    }
  }
  const std::string basis_name = noise_kind_name(p.basis);
  if (const json* v = member(object, "classic_seed")) {
    if (p.basis != noise_kind::classic) {
      return fail(at(n, "classic_seed") + "only classic noise has a classic_seed (the basis is " +
                  basis_name + ")");
    }
    if (!unsigned_integer(n, "classic_seed", *v, p.classic_seed)) return false;
  }
  if (const json* v = member(object, "interpolation")) {
    if (p.basis != noise_kind::value) {
      return fail(at(n, "interpolation") + "only value noise has an interpolation (the basis is " +
                  basis_name + ")");
    }
    if (!string(n, "interpolation", *v, text)) return false;
    const auto interpolation = value_interpolation_from_name(text);
    if (!interpolation) {
      return fail(at(n, "interpolation") + "unknown interpolation " + quote(text) + " (" +
                  value_interpolation_choices() + ")");
    }
    p.interpolation = *interpolation;
  }
  if (!read_cellular(n, object, basis_name)) return false;
  // Flow noise's angle: its second input, a number or a node (so that time can drive it).
  if (const json* v = member(object, "angle")) {
    if (p.basis != noise_kind::flow) {
      return fail(at(n, "angle") + "only flow noise has an angle (the basis is " + basis_name +
                  ")");
    }
    // A constant angle beyond float's range is refused as every number field's is.
    if (!input(n, "angle", *v, expects::scalar)) return false;
  } else if (p.basis == noise_kind::flow) {
    pending_input zero;
    zero.field = "angle";
    zero.constant = true;
    n.inputs.push_back(std::move(zero));
  }
  if (const json* v = member(object, "smooth")) {
    if (p.basis != noise_kind::value) {
      return fail(at(n, "smooth") + "only value noise is smoothed (the basis is " + basis_name +
                  ")");
    }
    if (!boolean(n, "smooth", *v, p.value_smooth)) return false;
  }
  if (const json* v = member(object, "period")) {
    int period = 0;
    if (v->is_array()) {
      if (v->empty() || v->size() > 4) {
        return fail(at(n, "period") + "expects an integer or an array of one per axis, got an " +
                    "array of " + std::to_string(v->size()));
      }
      for (std::size_t i = 0; i < v->size(); ++i) {
        if (!integer(n, "period[" + std::to_string(i) + "]", (*v)[i], 0, max_period, period)) {
          return false;
        }
        n.period.push_back(static_cast<std::uint32_t>(period));
      }
    } else {
      if (!integer(n, "period", *v, 0, max_period, period)) return false;
      n.period.assign(1, static_cast<std::uint32_t>(period));
      n.period_one = true;
    }
  }
  return true;
}

bool parser::read_cellular(pending_node& n, const json& object, const std::string& basis_name) {
  ir::noise_params& p = n.noise;
  const char* const fields[] = {"distance", "return", "jitter"};
  for (const char* field : fields) {
    if (member(object, field) != nullptr && p.basis != noise_kind::cellular) {
      return fail(at(n, field) + "only cellular noise has a " + field + " (the basis is " +
                  basis_name + ")");
    }
  }
  std::string text;
  if (const json* v = member(object, "distance")) {
    if (!string(n, "distance", *v, text)) return false;
    const auto distance = cellular_distance_from_name(text);
    if (!distance) {
      return fail(at(n, "distance") + "unknown distance " + quote(text) + " (" +
                  cellular_distance_choices() + ")");
    }
    p.distance = *distance;
  }
  if (const json* v = member(object, "return")) {
    if (!string(n, "return", *v, text)) return false;
    const auto returns = cellular_return_from_name(text);
    if (!returns) {
      return fail(at(n, "return") + "unknown return " + quote(text) + " (" +
                  cellular_return_choices() + ")");
    }
    p.returns = *returns;
  }
  if (const json* v = member(object, "jitter")) {
    if (!number(n, "jitter", *v, p.jitter)) return false;
    if (!(p.jitter >= 0 && p.jitter <= 1)) {
      return fail(at(n, "jitter") + "jitter is " + number_text(p.jitter) +
                  "; it must be from 0 to 1");
    }
  }
  return true;
}

bool parser::read_fractal(pending_node& n, const json& object) {
  ir::fractal_params& f = n.fractal;
  f.octaves = default_fractal_octaves;
  if (!input(n, "noise", *member(object, "noise"), expects::noise)) return false;
  if (const json* v = member(object, "type")) {
    std::string text;
    if (!string(n, "type", *v, text)) return false;
    const auto type = fractal_kind_from_name(text);
    // A fractal node sums octaves: every fractal kind but none ("a noise node read directly").
    if (!type || *type == fractal_kind::none) {
      std::string types;
      for (const fractal_kind k : all_fractal_kinds()) {
        if (k == fractal_kind::none) continue;
        types += (types.empty()                     ? ""
                  : k == all_fractal_kinds().back() ? " or "
                                                    : ", ") +
                 std::string(fractal_kind_name(k));
      }
      return fail(at(n, "type") + "unknown type " + quote(text) + " (" + types + ")");
    }
    f.type = *type;
  }
  if (const json* v = member(object, "octaves")) {
    if (!integer(n, "octaves", *v, 1, max_octaves, f.octaves)) return false;
  }
  if (!optional_number(n, object, "persistence", noise_spec{}.persistence, f.persistence)) {
    return false;
  }
  if (!(f.persistence > 0)) {
    return fail(at(n, "persistence") + "expects a number > 0, got " + number_text(f.persistence));
  }
  if (!optional_number(n, object, "lacunarity", noise_spec{}.lacunarity, f.lacunarity)) {
    return false;
  }
  if (!(f.lacunarity > 0)) {
    return fail(at(n, "lacunarity") + "expects a number > 0, got " + number_text(f.lacunarity));
  }
  // The float path scales the last octave's coordinates (a float domain's, a warp's
  // displacement) by lacunarity^(octaves - 1), multiplied in float as octave_factor does.
  float scale = 1.0f;
  for (int o = 1; o < f.octaves; ++o) scale = scale * static_cast<float>(f.lacunarity);
  if (!std::isfinite(scale)) {
    return fail(at(n, "lacunarity") + "the last octave's scale, " + number_text(f.lacunarity) +
                "^" + std::to_string(f.octaves - 1) + " = " +
                number_text(std::pow(f.lacunarity, f.octaves - 1)) +
                ", is beyond float's range (\u00b13.4028235e38)");
  }
  if (const json* v = member(object, "octave_offsets")) {
    if (!boolean(n, "octave_offsets", *v, f.octave_offsets)) return false;
  }
  // Flow noise's pseudo-advection (type_fractal checks the basis and the type).
  if (!optional_number(n, object, "advection", 0.0, f.advection)) return false;
  if (!(f.advection >= 0) || !std::isfinite(static_cast<float>(f.advection))) {
    return fail(at(n, "advection") + "expects a number >= 0 that float can hold, got " +
                number_text(f.advection));
  }
  return true;
}

}  // namespace vknoise::graph_parsing
