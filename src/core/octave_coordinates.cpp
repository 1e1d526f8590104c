// Where octave o samples a position: its coordinate on each axis (scaled by lacunarity^o, offset,
// reduced modulo the period) and the period its cells wrap at. The reference, the mirror, the
// fields' coordinate tables and the domain checks all take their octave coordinates from here.
#include <cmath>

#include <algorithm>

#include "core/flow_noise.hpp"
#include "core/octave_scale.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise {

double octave_position(const noise_spec& noise, int axis, int octave, double x) {
  // On a periodic axis, reduce modulo the period first (exact in double): the octave's position
  // moves by a multiple of its own period, the same noise, and x and x + k * period now give
  // identical bits even when an offset is added after scaling.
  if (noise.period[axis] != 0) {
    const double period = noise.period[axis];
    x = std::fmod(x, period);
    if (x < 0) x += period;
  }
  const double scaled = x * detail::octave_scale(noise, octave);
  return noise.octave_offsets ? scaled + octave * octave_offset[axis] : scaled;
}

std::uint64_t octave_period(const noise_spec& noise, int axis, int octave) {
  if (noise.period[axis] == 0) return 256;
  return static_cast<std::uint64_t>(noise.period[axis] * detail::octave_scale(noise, octave));
}

double float_path_bound(const noise_spec& noise, int dims) {
  if (noise.kind == noise_kind::simplex && dims >= 3) return noise.gradient ? 1.0 : 0.02;
  // Where two feature points are within float rounding of equally near, the float path may take
  // the other as the nearest: the distances agree, but a cell's value and a distance's gradient
  // (a unit vector in euclidean, signs otherwise) jump there.
  if (noise.kind == noise_kind::cellular &&
      (noise.gradient || noise.returns == cellular_return::cell)) {
    return 2.0;
  }
  return 1e-5;
}

lattice_coord octave_coordinate(const noise_spec& noise, int axis, int octave, double x) {
  const double position = octave_position(noise, axis, octave, x);
  if (noise.kind == noise_kind::simplex) return {0, 0, 0, 0, static_cast<float>(position)};
  if (noise.kind == noise_kind::flow) {
    const std::uint32_t period =
        noise.period[axis] == 0 ? 0
                                : static_cast<std::uint32_t>(octave_period(noise, axis, octave));
    return {0, 0, 0, 0, detail::flow_reduce_position_float(position, period)};
  }
  return reduce_coordinate(position, octave_period(noise, axis, octave));
}

double max_octave_position(const noise_spec& noise, int axis, double bound) {
  // A warp moves a point by at most warp * |w|, and |w| < 8 for every basis noise (value noise's
  // cubic reaches 1.5^4).
  bound += 8 * noise.warp;
  double largest = 0;
  for (int o = 0; o < noise.octaves; ++o) {
    largest = std::max(largest, std::fabs(octave_position(noise, axis, o, bound)));
    largest = std::max(largest, std::fabs(octave_position(noise, axis, o, -bound)));
  }
  return largest;
}

void reduce_point(const noise_spec& noise, int dims, const double* position, lattice_coord* out) {
  for (int o = 0; o < noise.octaves; ++o) {
    for (int axis = 0; axis < 4; ++axis) {
      out[o * 4 + axis] = axis < dims ? octave_coordinate(noise, axis, o, position[axis])
                                      : lattice_coord{0, 0, 0, 0, 0.0f};
    }
  }
}

}  // namespace vknoise
