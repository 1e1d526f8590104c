#include "cpu/point_plan.hpp"

#include <algorithm>
#include <cmath>

#include "core/octave_scale.hpp"
#include "cpu/field_plan.hpp"

namespace vknoise::cpu {

gradient_factors make_gradient_factors() {
  gradient_factors g;
  const auto absent = [](int side) { return side == 0 ? -0.0f : 0.0f; };
  for (int h = 0; h < 16; ++h) {  // grad3: u is x or y, v is y, x or z (improved_noise.hpp)
    const int u = h < 8 ? 0 : 1;
    const int v = h < 4 ? 1 : (h == 12 || h == 14) ? 0 : 2;
    for (int axis = 0; axis < 3; ++axis) {
      for (int side = 0; side < 2; ++side) {
        g.grad3[axis][side][h] = axis == u   ? ((h & 1) == 0 ? 1.0f : -1.0f)
                                 : axis == v ? ((h & 2) == 0 ? 1.0f : -1.0f)
                                             : absent(side);
      }
    }
  }
  for (int h = 0; h < 32; ++h) {  // grad4_balanced: h >> 3 is the absent axis, signs bits 4, 2, 1
    const int left_out = h >> 3;
    int bit = 4;
    for (int axis = 0; axis < 4; ++axis) {
      float factor = 0.0f;
      if (axis != left_out) {
        factor = (h & bit) == 0 ? -1.0f : 1.0f;
        bit >>= 1;
      }
      for (int side = 0; side < 2; ++side) {
        g.grad4_balanced[axis][side][h] = axis == left_out ? absent(side) : factor;
      }
    }
  }
  return g;
}

bool point_kernels_cover(const noise_spec& noise, int dims) {
  if (!simd_kernels_cover(noise, dims)) return false;
  for (int o = 0; o < noise.octaves; ++o) {
    for (int axis = 0; axis < dims; ++axis) {
      if (static_cast<double>(octave_period(noise, axis, o)) > max_point_cell_period) return false;
    }
  }
  return true;
}

point_plan make_point_plan(const noise_spec& noise, int dims, const permutation_table& table) {
  point_plan plan;
  plan.dims = dims;
  plan.balanced = noise.kind == noise_kind::improved4_balanced;
  std::copy(table.doubled().begin(), table.doubled().end(), plan.perm);
  for (int i = 0; i < 256; ++i) plan.perm_bytes[i] = static_cast<std::uint8_t>(plan.perm[i]);
  plan.fractal = detail::make_fractal_params<float>(noise);
  for (int o = 0; o < noise.octaves; ++o) {
    for (int axis = 0; axis < dims; ++axis) {
      octave_axis& k = plan.axis[o][axis];
      k.period = noise.period[axis];
      k.scale = detail::octave_scale(noise, o);
      k.has_offset = noise.octave_offsets;
      k.offset = o * octave_offset[axis];  // octave_position's very expression
      k.cell_period = static_cast<double>(octave_period(noise, axis, o));
      k.inverse_cell_period = 1.0 / k.cell_period;
      int exponent = 0;
      const bool power_of_two = std::frexp(k.scale, &exponent) == 0.5;
      k.float_reduction =
          k.period == 0 && !k.has_offset && power_of_two && k.scale >= 1.0 && k.scale <= 0x1p64;
      k.float_scale = static_cast<float>(k.scale);
    }
  }
  return plan;
}

}  // namespace vknoise::cpu
