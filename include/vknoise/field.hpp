// A field: a regular grid of noise samples.
//
// Sample (x, y, z, t) sits at position origin + (region + index) * step on each axis, and is
// stored at
//   out[((t * size[2] + z) * size[1] + y) * size[0] + x]
// as float32. The first `dims` axes are the noise's coordinates; the others must have size 1 (their
// origin and step are ignored). With the default noise_spec, dims 3 is noise3 and dims 4 noise4.
//
// Precision: positions are computed in double, origin + double(index) * step, then each octave's
// position (noise_spec.hpp) is reduced exactly modulo its period (reduce_coordinate). Every
// octave's position must satisfy |p| < max_abs_coordinate.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "vknoise/export.h"
#include "vknoise/noise.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/result.hpp"

namespace vknoise {

class graph;  // graph.hpp

struct field_spec {
  int dims = 3;
  std::array<std::uint32_t, 4> size{1, 1, 1, 1};
  std::array<double, 4> origin{0.0, 0.0, 0.0, 0.0};
  std::array<double, 4> step{1.0 / 32, 1.0 / 32, 1.0 / 32, 1.0 / 32};
  noise_spec noise;
  // The index, in the global grid of origin and step, of this field's first sample: sample i on
  // an axis is global sample region + i. Any tiling of a field into regions therefore computes
  // every sample exactly as the whole field does (bit for bit).
  std::array<std::uint64_t, 4> region{0, 0, 0, 0};
  // A noise graph (graph.hpp) instead of `noise`: every fill (reference, mirror, fill_fast, the
  // GPU renderer and recorder) then computes the graph over the grid, with graph->channels()
  // channels per sample, and `noise` is not read. dims must be the graph's. Shared, immutable.
  std::shared_ptr<const graph> noise_graph;
};

// Values per sample: the graph's outputs, or channel_count(noise, dims).
VKNOISE_API int channel_count(const field_spec& field);

// Largest sample count of one field: its bytes (4 per sample) must fit in a signed 64-bit size.
inline constexpr std::uint64_t max_field_samples = std::uint64_t{1} << 60;

// errc::invalid_argument for dims outside 1..4 or the noise's range, a bad noise_spec, a zero
// size, a size other than 1 on an axis beyond dims, or a non-finite origin or step;
// errc::out_of_range when the sample count exceeds max_field_samples or an octave's position
// leaves |p| < max_abs_coordinate. The message names the offending axis or setting.
VKNOISE_API status validate(const field_spec& field);

// validate(field), and errc::invalid_argument unless output_size == value_count(field).
VKNOISE_API status validate(const field_spec& field, std::size_t output_size);

// Samples in the field (valid fields only).
VKNOISE_API std::uint64_t sample_count(const field_spec& field);

// Floats a fill writes: sample_count * channel_count(noise, dims). With a gradient the channels of
// one sample are adjacent: out[index * channels + c], c = 0 the value, 1.. the derivatives.
VKNOISE_API std::uint64_t value_count(const field_spec& field);

// The double position of sample `index` on `axis` (0..3): origin[axis] + double(index) *
// step[axis].
VKNOISE_API double sample_position(const field_spec& field, int axis, std::uint32_t index);

// Octave `octave`'s lattice coordinate of sample `index` on `axis`:
// reduce_coordinate(octave_position(noise, axis, octave, sample_position(...)),
// octave_period(...)), and all zero for an axis at or beyond dims.
VKNOISE_API lattice_coord axis_coordinate(const field_spec& field, int axis, std::uint32_t index,
                                          int octave = 0);

// Every axis's coordinates for every octave, concatenated axis by axis (x, y, z, t) and, within an
// axis, octave by octave: size[axis] entries each. The GPU kernel and the float mirror both read
// exactly these, which is what makes them bit-comparable.
VKNOISE_API std::vector<lattice_coord> axis_coordinates(const field_spec& field);

// CPU fills. `out` must hold exactly value_count(field) values, else errc::invalid_argument.
// fill_reference evaluates sample_reference in double at sample_position (rounded to float on
// store into a float span); fill_mirror evaluates sample_mirror on axis_coordinates.
VKNOISE_API status fill_reference(const field_spec& field, const permutation_table& table,
                                  std::span<double> out);
VKNOISE_API status fill_reference(const field_spec& field, const permutation_table& table,
                                  std::span<float> out);
VKNOISE_API status fill_mirror(const field_spec& field, const permutation_table& table,
                               std::span<float> out);

}  // namespace vknoise
