#include "vknoise/field.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "core/axis_names.hpp"
#include "graph/graph_fields.hpp"
#include "vknoise/graph.hpp"

namespace vknoise {

status validate(const field_spec& field) {
  if (field.noise_graph) return detail::validate_graph_field(field);
  if (field.dims < 1 || field.dims > 4) {
    return make_error(errc::invalid_argument,
                      "dims is " + std::to_string(field.dims) + "; it must be 1 to 4");
  }
  if (status s = validate(field.noise, field.dims); !s) return s;
  std::uint64_t samples = 1;
  for (int axis = 0; axis < 4; ++axis) {
    const std::string name = detail::axis_names[axis];
    if (field.size[axis] == 0) {
      return make_error(errc::invalid_argument, "the " + name + " size is 0; it must be >= 1");
    }
    if (axis >= field.dims && field.size[axis] != 1) {
      return make_error(errc::invalid_argument,
                        "a " + std::to_string(field.dims) + "D field has no " + name +
                            " axis, but its " + name + " size is " +
                            std::to_string(field.size[axis]) + " (use more dims)");
    }
    if (samples > max_field_samples / field.size[axis]) {
      return make_error(errc::out_of_range, "the field has more than 2^60 samples");
    }
    samples *= field.size[axis];
    if (axis >= field.dims) continue;
    if (!std::isfinite(field.origin[axis]) || !std::isfinite(field.step[axis])) {
      return make_error(errc::invalid_argument,
                        "the " + name + " origin and step must be finite numbers");
    }
    // Positions are monotonic in the index, so the two ends bound every sample.
    if (field.region[axis] > (std::uint64_t{1} << 53)) {
      return make_error(errc::out_of_range, "the " + name + " region start exceeds 2^53");
    }
    const double first = sample_position(field, axis, 0);
    const double last = sample_position(field, axis, field.size[axis] - 1);
    const double bound = std::max(std::fabs(first), std::fabs(last));
    const double reached = max_octave_position(field.noise, axis, bound);
    if (!(reached < max_abs_coordinate)) {
      // %g: std::to_string would print all 300 digits of 1e300
      const auto text = [](double v) {
        char out[32];
        std::snprintf(out, sizeof out, "%.9g", v);
        return std::string(out);
      };
      // When the field's extent is within range, the octaves' scaling (or the warp) is what
      // leaves it: say so, with the parameters that do it.
      const std::string cause =
          bound < max_abs_coordinate
              ? ", which the octaves (lacunarity " + text(field.noise.lacunarity) + ", " +
                    std::to_string(field.noise.octaves) +
                    (field.noise.octaves == 1 ? " octave" : " octaves") +
                    (field.noise.warp != 0 ? ", warp " + text(field.noise.warp) : "") +
                    ") take to " + text(reached)
              : "";
      return make_error(errc::out_of_range, "the " + name + " axis reaches " + text(bound) + cause +
                                                "; every octave's coordinates must stay within "
                                                "+-2^31");
    }
  }
  return {};
}

status validate(const field_spec& field, std::size_t output_size) {
  if (status s = validate(field); !s) return s;
  if (output_size != value_count(field)) {
    return make_error(errc::invalid_argument, "output holds " + std::to_string(output_size) +
                                                  " values; the field needs " +
                                                  std::to_string(value_count(field)));
  }
  return {};
}

std::uint64_t sample_count(const field_spec& field) {
  std::uint64_t samples = 1;
  for (std::uint32_t n : field.size) samples *= n;
  return samples;
}

int channel_count(const field_spec& field) {
  return field.noise_graph ? field.noise_graph->channels() : channel_count(field.noise, field.dims);
}

std::uint64_t value_count(const field_spec& field) {
  return sample_count(field) * static_cast<std::uint64_t>(channel_count(field));
}

double sample_position(const field_spec& field, int axis, std::uint32_t index) {
  return field.origin[axis] + static_cast<double>(field.region[axis] + index) * field.step[axis];
}

lattice_coord axis_coordinate(const field_spec& field, int axis, std::uint32_t index, int octave) {
  if (axis >= field.dims) return {0, 0, 0, 0, 0.0f};
  return octave_coordinate(field.noise, axis, octave, sample_position(field, axis, index));
}

std::vector<lattice_coord> axis_coordinates(const field_spec& field) {
  std::vector<lattice_coord> coords;
  for (int axis = 0; axis < 4; ++axis) {
    for (int o = 0; o < field.noise.octaves; ++o) {
      for (std::uint32_t i = 0; i < field.size[axis]; ++i) {
        coords.push_back(axis_coordinate(field, axis, i, o));
      }
    }
  }
  return coords;
}

// A built-in field runs as the graph it lowers to (graph::from_noise): one pipeline, the same
// bits.
template <class T>
status fill_reference_as(const field_spec& field, const permutation_table& table,
                         std::span<T> out) {
  if (status s = validate(field, out.size()); !s) return s;
  auto graph_field = detail::as_graph_field(field);
  if (!graph_field) return graph_field.error_value();
  return detail::fill_graph_reference(*graph_field, table, out);
}

status fill_reference(const field_spec& field, const permutation_table& table,
                      std::span<double> out) {
  return fill_reference_as(field, table, out);
}

status fill_reference(const field_spec& field, const permutation_table& table,
                      std::span<float> out) {
  return fill_reference_as(field, table, out);
}

status fill_mirror(const field_spec& field, const permutation_table& table, std::span<float> out) {
  if (status s = validate(field, out.size()); !s) return s;
  auto graph_field = detail::as_graph_field(field);
  if (!graph_field) return graph_field.error_value();
  return detail::fill_graph_mirror(*graph_field, table, out);
}

}  // namespace vknoise
