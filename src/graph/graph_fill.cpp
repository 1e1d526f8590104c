// Graph fields and points on the CPU: the double reference and the float mirror (graph_eval.hpp).
// The mirror reads exactly the slot coordinates the GPU path uploads (slot_coordinate), built per
// axis as the kernel's coordinate tables are: x once per field, y, z and t once per row.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/axis_names.hpp"
#include "graph/graph_eval.hpp"
#include "graph/graph_fields.hpp"
#include "graph/graph_layout.hpp"
#include "vknoise/graph.hpp"

namespace vknoise {
namespace {

using graph_ir::layout;

std::string number_text(double v) {
  char text[32];  // %g: std::to_string would print all 300 digits of 1e300
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

// The parameter that puts a lattice coordinate out of range: a scale's factor, an offset's by, a
// fractal's lacunarity (its octaves' scaling).
const char* culprit_field(graph_ir::op kind) {
  switch (kind) {
    case graph_ir::op::scale:
      return "factor";
    case graph_ir::op::offset:
      return "by";
    default:
      return "lacunarity";
  }
}

// The field reaches |x| <= bound on `axis`; every lattice slot's coordinate must stay below
// max_abs_coordinate. The error names what takes it there: the position itself, or the node and
// field of the graph whose constant does.
status check_domain(const graph_ir::graph& g, const layout& l, int axis, double bound) {
  if (max_slot_position(l, axis, bound) < max_abs_coordinate) return {};
  const graph_ir::domain_excess excess =
      graph_ir::find_domain_excess(l, axis, bound, max_abs_coordinate);
  const std::string name = detail::axis_names[axis];
  if (excess.node < 0) {
    return make_error(errc::out_of_range, "the " + name + " axis reaches " + number_text(bound) +
                                              "; the graph's lattice coordinates must stay "
                                              "within +-2^31");
  }
  const graph_ir::node& n = g.nodes[excess.node];
  return make_error(errc::out_of_range,
                    "graph: node '" + n.name + "' field '" + culprit_field(n.kind) +
                        "': it takes the " + name + " axis (up to " + number_text(bound) +
                        " in magnitude here) to " + number_text(excess.reached) +
                        "; the graph's lattice coordinates must stay within +-2^31");
}

// The field's rows (y, z, t) in storage order.
struct row_index {
  std::uint32_t y, z, t;
};
row_index row_of(const field_spec& field, std::uint64_t row) {
  const std::uint64_t zt = row / field.size[1];
  return {static_cast<std::uint32_t>(row % field.size[1]),
          static_cast<std::uint32_t>(zt % field.size[2]),
          static_cast<std::uint32_t>(zt / field.size[2])};
}

std::uint64_t row_count(const field_spec& field) {
  return std::uint64_t{field.size[1]} * field.size[2] * field.size[3];
}

status check_points(const graph& g, const layout& l, std::span<const double> points,
                    std::size_t out_size) {
  const auto dims = static_cast<std::size_t>(g.dims());
  if (points.size() % dims != 0 || out_size != points.size() / dims * g.channels()) {
    return make_error(errc::invalid_argument,
                      "points hold " + std::to_string(points.size()) + " coordinates and out " +
                          std::to_string(out_size) + " values; a graph of dims " +
                          std::to_string(dims) + " and " + std::to_string(g.channels()) +
                          " outputs needs dims coordinates and outputs values per point");
  }
  const auto where = [](std::size_t i, std::size_t dims) {
    return "point " + std::to_string(i / dims) + ": ";
  };
  // The first coordinate that is not finite, and each axis's largest |coordinate| before it.
  std::size_t first_not_finite = points.size();
  double largest[4] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!std::isfinite(points[i])) {
      first_not_finite = i;
      break;
    }
    largest[i % dims] = std::max(largest[i % dims], std::fabs(points[i]));
  }
  // The domain grows with |coordinate| (chains are affine), so an axis whose largest coordinate
  // is inside has every one inside; otherwise the first coordinate outside is looked for, in
  // order, as the message names it.
  for (std::size_t axis = 0; axis < dims; ++axis) {
    if (check_domain(g.ir(), l, static_cast<int>(axis), largest[axis])) continue;
    for (std::size_t i = 0; i < first_not_finite; ++i) {
      if (status s = check_domain(g.ir(), l, static_cast<int>(i % dims), std::fabs(points[i]));
          !s) {
        return make_error(errc::out_of_range, where(i, dims) + s.message());
      }
    }
  }
  if (first_not_finite < points.size()) {
    return make_error(errc::out_of_range, where(first_not_finite, dims) + "its " +
                                              detail::axis_names[first_not_finite % dims] +
                                              " coordinate is not finite");
  }
  return {};
}

}  // namespace

namespace detail {

status validate_graph_field(const field_spec& field) {
  const graph& g = *field.noise_graph;
  if (field.dims != g.dims()) {
    return make_error(errc::invalid_argument, "the field has dims " + std::to_string(field.dims) +
                                                  " and the graph dims " +
                                                  std::to_string(g.dims()));
  }
  field_spec plain = field;
  plain.noise = noise_spec{};
  plain.noise_graph.reset();
  if (status s = validate(plain); !s) return s;
  const layout l = graph_ir::make_layout(g.ir());
  for (int axis = 0; axis < field.dims; ++axis) {
    const double first = sample_position(field, axis, 0);
    const double last = sample_position(field, axis, field.size[axis] - 1);
    if (status s = check_domain(g.ir(), l, axis, std::max(std::fabs(first), std::fabs(last))); !s) {
      return s;
    }
  }
  return {};
}

}  // namespace detail

namespace {

// The graph's samples in `real`, stored as T.
template <class real, class T>
status fill(const field_spec& field, const permutation_table& table, std::span<T> out) {
  const graph& g = *field.noise_graph;
  const layout l = graph_ir::make_layout(g.ir());
  graph_ir::evaluator<real> evaluator(g.ir(), l, table);
  const int slots = l.slot_count();
  const std::uint32_t nx = field.size[0];
  const auto channels = static_cast<std::size_t>(g.channels());
  // The mirror's coordinates: x per slot and sample once, y, z, t per row.
  std::vector<lattice_coord> x_coords(std::size_t(slots) * nx);
  for (int s = 0; s < slots; ++s) {
    for (std::uint32_t i = 0; i < nx; ++i) {
      x_coords[std::size_t(s) * nx + i] =
          graph_ir::slot_coordinate(l, s, 0, sample_position(field, 0, i));
    }
  }
  std::vector<lattice_coord> coords(std::size_t(slots) * 4);
  real sample[graph_ir::max_outputs * 5];  // with gradients: value and 4 derivatives each
  std::size_t next = 0;
  for (std::uint64_t row = 0; row < row_count(field); ++row) {
    const row_index r = row_of(field, row);
    const std::uint32_t index[4] = {0, r.y, r.z, r.t};
    double position[4] = {0, 0, 0, 0};
    for (int axis = 1; axis < 4; ++axis) {
      if (axis < field.dims) position[axis] = sample_position(field, axis, index[axis]);
    }
    for (int s = 0; s < slots; ++s) {
      for (int axis = 1; axis < 4; ++axis) {
        coords[s * 4 + axis] = axis < field.dims
                                   ? graph_ir::slot_coordinate(l, s, axis, position[axis])
                                   : lattice_coord{0, 0, 0, 0, 0.0f};
      }
    }
    for (std::uint32_t i = 0; i < nx; ++i) {
      position[0] = sample_position(field, 0, i);
      for (int s = 0; s < slots; ++s) coords[s * 4] = x_coords[std::size_t(s) * nx + i];
      evaluator.sample({position, coords.data()}, sample);
      for (std::size_t c = 0; c < channels; ++c) out[next++] = static_cast<T>(sample[c]);
    }
  }
  return {};
}

}  // namespace

namespace detail {

status fill_graph_reference(const field_spec& field, const permutation_table& table,
                            std::span<double> out) {
  return fill<double>(field, table, out);
}

status fill_graph_reference(const field_spec& field, const permutation_table& table,
                            std::span<float> out) {
  return fill<double>(field, table, out);
}

status fill_graph_mirror(const field_spec& field, const permutation_table& table,
                         std::span<float> out) {
  return fill<float>(field, table, out);
}

status validate_graph_points(const graph& g, std::span<const double> points, std::size_t out_size) {
  return check_points(g, graph_ir::make_layout(g.ir()), points, out_size);
}

}  // namespace detail

template <class real>
static status eval(const graph& g, std::span<const double> points, const permutation_table& table,
                   std::span<real> out) {
  const layout l = graph_ir::make_layout(g.ir());
  if (status s = check_points(g, l, points, out.size()); !s) return s;
  graph_ir::evaluator<real> evaluator(g.ir(), l, table);
  const int dims = g.dims();
  const int slots = l.slot_count();
  std::vector<lattice_coord> coords(std::size_t(slots) * 4);
  const std::size_t count = points.size() / dims;
  for (std::size_t p = 0; p < count; ++p) {
    const double* position = points.data() + p * dims;
    for (int s = 0; s < slots; ++s) {
      for (int axis = 0; axis < 4; ++axis) {
        coords[s * 4 + axis] = axis < dims ? graph_ir::slot_coordinate(l, s, axis, position[axis])
                                           : lattice_coord{0, 0, 0, 0, 0.0f};
      }
    }
    evaluator.sample({position, coords.data()}, out.data() + p * g.channels());
  }
  return {};
}

status eval_reference(const graph& g, std::span<const double> points,
                      const permutation_table& table, std::span<double> out) {
  return eval<double>(g, points, table, out);
}

status eval_mirror(const graph& g, std::span<const double> points, const permutation_table& table,
                   std::span<float> out) {
  return eval<float>(g, points, table, out);
}

}  // namespace vknoise
