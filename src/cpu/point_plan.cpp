#include "cpu/point_plan.hpp"

#include <algorithm>

#include "core/octave_scale.hpp"
#include "cpu/field_plan.hpp"

namespace vknoise::cpu {

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
    }
  }
  return plan;
}

}  // namespace vknoise::cpu
