// What eval_fast computes once per call and shares read-only between its threads: the table, the
// fractal parameters and, per octave and axis, the constants of octave_position and
// reduce_coordinate (noise_spec.hpp, noise.hpp), from which the SIMD kernels reduce every point
// exactly as reduce_point does.
#pragma once

#include <cstdint>

#include "core/fractal.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::cpu {

// Octave o on one axis: position = (x mod period) * scale (+ offset), whose lattice cells wrap at
// cell_period.
struct octave_axis {
  double period = 0;  // noise.period[axis] as octave_position reduces by it; 0: none
  double scale = 1;   // lacunarity^o, as octave_position multiplies it out
  bool has_offset = false;
  double offset = 0;                       // o * octave_offset[axis], added when has_offset
  double cell_period = 256;                // octave_period(noise, axis, o)
  double inverse_cell_period = 1.0 / 256;  // rounded; only a first guess of the quotient
  // No period, no offset and scale a power of two >= 1: a float coordinate times scale is exact in
  // float as in double, and the kernels may reduce it in float (point_noise-inl.h says when).
  bool float_reduction = false;
  float float_scale = 1.0f;  // scale, exactly
};

// grad3 and grad4_balanced as products: gradient = sum over the axes of offset * factor[h & 15]
// (grad3) or [h & 31] (grad4_balanced), added in axis order, by axis and by the corner's side on
// that axis (0: offset frac, 1: frac - 1). A present axis's factor is +1 or -1; the absent axis's
// is -0 on side 0 and +0 on side 1, so that its product is -0 (point_noise-inl.h says why).
struct gradient_factors {
  alignas(64) float grad3[3][2][16] = {};
  alignas(64) float grad4_balanced[4][2][32] = {};
};

gradient_factors make_gradient_factors();

struct point_plan {
  int dims = 3;
  bool balanced = false;  // improved4_balanced
  std::int32_t perm[512] = {};
  // The table as bytes: perm[i] = perm_bytes[i & 255], for byte-lane lookups.
  alignas(64) std::uint8_t perm_bytes[256] = {};
  gradient_factors factors = make_gradient_factors();
  detail::fractal_params<float> fractal{};
  octave_axis axis[max_octaves][4] = {};
};

// The largest cell period the point kernels reduce with (cells as int32 lanes); beyond it (a
// period times lacunarity^octave) eval_fast runs the mirror.
inline constexpr double max_point_cell_period = 2147483648.0;  // 2^31

// Whether the point kernels compute this valid noise: what simd_kernels_cover says, with every
// octave's cell period at most max_point_cell_period.
bool point_kernels_cover(const noise_spec& noise, int dims);

point_plan make_point_plan(const noise_spec& noise, int dims, const permutation_table& table);

}  // namespace vknoise::cpu
