// A field: a regular grid of noise samples.
//
// Sample (x, y, z, t) sits at position origin + index * step on each axis, and is stored at
//   out[((t * size[2] + z) * size[1] + y) * size[0] + x]
// as float32. dims == 3 samples noise3 at (x, y, z) and needs size[3] == 1 (origin[3], step[3]
// are ignored); dims == 4 samples noise4 at (x, y, z, t).
//
// Precision: positions are computed in double, origin + double(index) * step, then reduced
// exactly modulo 256 (reduce_coordinate). Every position must satisfy |p| < max_abs_coordinate.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "vknoise/noise.hpp"
#include "vknoise/result.hpp"

namespace vknoise {

struct field_spec {
  int dims = 3;
  std::array<std::uint32_t, 4> size{1, 1, 1, 1};
  std::array<double, 4> origin{0.0, 0.0, 0.0, 0.0};
  std::array<double, 4> step{1.0 / 32, 1.0 / 32, 1.0 / 32, 1.0 / 32};
};

// Largest sample count of one field: its bytes (4 per sample) must fit in a signed 64-bit size.
inline constexpr std::uint64_t max_field_samples = std::uint64_t{1} << 60;

// errc::invalid_argument for a bad dims, a zero size, size[3] != 1 with dims 3, or a non-finite
// origin or step; errc::out_of_range when the sample count exceeds max_field_samples or a
// position leaves |p| < max_abs_coordinate. The message names the offending axis.
status validate(const field_spec& field);

// Samples in the field (valid fields only).
std::uint64_t sample_count(const field_spec& field);

// The double position of sample `index` on `axis` (0..3): origin[axis] + double(index) *
// step[axis].
double sample_position(const field_spec& field, int axis, std::uint32_t index);

// reduce_coordinate(sample_position(field, axis, index)) for the field's axes; {0, 0} for the t
// axis of a 3D field.
lattice_coord axis_coordinate(const field_spec& field, int axis, std::uint32_t index);

// Every axis's sample positions reduced with reduce_coordinate, concatenated: size[0] entries for
// x, then size[1] for y, size[2] for z and size[3] for t. The GPU kernel and the float mirror
// both read exactly these, which is what makes them bit-comparable.
std::vector<lattice_coord> axis_coordinates(const field_spec& field);

// CPU fills. `out` must hold exactly sample_count(field) values, else errc::invalid_argument.
// fill_reference evaluates noise3/noise4 in double at sample_position (rounded to float on store
// into a float span); fill_mirror evaluates noise3f/noise4f on axis_coordinates.
status fill_reference(const field_spec& field, const permutation_table& table,
                      std::span<double> out);
status fill_reference(const field_spec& field, const permutation_table& table,
                      std::span<float> out);
status fill_mirror(const field_spec& field, const permutation_table& table, std::span<float> out);

}  // namespace vknoise
