#include "vknoise/field.hpp"

#include <cmath>
#include <string>

namespace vknoise {
namespace {

constexpr const char* kAxisNames[4] = {"x", "y", "z", "t"};

int axis_count(const field_spec& field) {
  return field.dims;
}

// Calls visit(index, x, y, z, t) for every sample in storage order.
template <class Visit>
void for_each_sample(const field_spec& field, Visit&& visit) {
  const auto [nx, ny, nz, nt] = field.size;
  std::uint64_t index = 0;
  for (std::uint32_t t = 0; t < nt; ++t)
    for (std::uint32_t z = 0; z < nz; ++z)
      for (std::uint32_t y = 0; y < ny; ++y)
        for (std::uint32_t x = 0; x < nx; ++x) visit(index++, x, y, z, t);
}

status check_span(const field_spec& field, std::size_t span_size) {
  if (status s = validate(field); !s) return s;
  if (span_size != sample_count(field)) {
    return make_error(errc::invalid_argument, "output holds " + std::to_string(span_size) +
                                                  " values; the field has " +
                                                  std::to_string(sample_count(field)) + " samples");
  }
  return {};
}

}  // namespace

status validate(const field_spec& field) {
  if (field.dims != 3 && field.dims != 4) {
    return make_error(errc::invalid_argument,
                      "dims is " + std::to_string(field.dims) + "; it must be 3 or 4");
  }
  if (field.dims == 3 && field.size[3] != 1) {
    return make_error(errc::invalid_argument, "a 3D field has no t axis, but its t size is " +
                                                  std::to_string(field.size[3]) + " (use dims 4)");
  }
  std::uint64_t samples = 1;
  for (int axis = 0; axis < 4; ++axis) {
    const std::string name = kAxisNames[axis];
    if (field.size[axis] == 0) {
      return make_error(errc::invalid_argument, "the " + name + " size is 0; it must be >= 1");
    }
    if (samples > max_field_samples / field.size[axis]) {
      return make_error(errc::out_of_range, "the field has more than 2^60 samples");
    }
    samples *= field.size[axis];
    if (axis >= axis_count(field)) continue;
    if (!std::isfinite(field.origin[axis]) || !std::isfinite(field.step[axis])) {
      return make_error(errc::invalid_argument,
                        "the " + name + " origin and step must be finite numbers");
    }
    // Positions are monotonic in the index, so the two ends bound every sample.
    const double last = sample_position(field, axis, field.size[axis] - 1);
    if (!(std::fabs(field.origin[axis]) < max_abs_coordinate) ||
        !(std::fabs(last) < max_abs_coordinate)) {
      return make_error(errc::out_of_range, "the " + name + " axis reaches " +
                                                std::to_string(last) +
                                                "; coordinates must stay within +-2^31");
    }
  }
  return {};
}

std::uint64_t sample_count(const field_spec& field) {
  std::uint64_t samples = 1;
  for (std::uint32_t n : field.size) samples *= n;
  return samples;
}

double sample_position(const field_spec& field, int axis, std::uint32_t index) {
  return field.origin[axis] + static_cast<double>(index) * field.step[axis];
}

lattice_coord axis_coordinate(const field_spec& field, int axis, std::uint32_t index) {
  if (axis >= axis_count(field)) return {0, 0.0f};
  return reduce_coordinate(sample_position(field, axis, index));
}

std::vector<lattice_coord> axis_coordinates(const field_spec& field) {
  std::vector<lattice_coord> coords;
  coords.reserve(std::size_t{field.size[0]} + field.size[1] + field.size[2] + field.size[3]);
  for (int axis = 0; axis < 4; ++axis) {
    for (std::uint32_t i = 0; i < field.size[axis]; ++i) {
      coords.push_back(axis_coordinate(field, axis, i));
    }
  }
  return coords;
}

template <class T>
status fill_reference_as(const field_spec& field, const permutation_table& table,
                         std::span<T> out) {
  if (status s = check_span(field, out.size()); !s) return s;
  for_each_sample(field, [&](std::uint64_t i, std::uint32_t x, std::uint32_t y, std::uint32_t z,
                             std::uint32_t t) {
    const double px = sample_position(field, 0, x), py = sample_position(field, 1, y),
                 pz = sample_position(field, 2, z);
    out[i] =
        static_cast<T>(field.dims == 4 ? noise4(px, py, pz, sample_position(field, 3, t), table)
                                       : noise3(px, py, pz, table));
  });
  return {};
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
  if (status s = check_span(field, out.size()); !s) return s;
  const std::vector<lattice_coord> coords = axis_coordinates(field);
  const lattice_coord* ax = coords.data();
  const lattice_coord* ay = ax + field.size[0];
  const lattice_coord* az = ay + field.size[1];
  const lattice_coord* at = az + field.size[2];
  for_each_sample(field, [&](std::uint64_t i, std::uint32_t x, std::uint32_t y, std::uint32_t z,
                             std::uint32_t t) {
    out[i] = field.dims == 4 ? noise4f(ax[x], ay[y], az[z], at[t], table)
                             : noise3f(ax[x], ay[y], az[z], table);
  });
  return {};
}

}  // namespace vknoise
