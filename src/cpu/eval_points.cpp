// Points, a vector of them at a time, octave by octave: the SIMD twin of src/core/fractal.hpp's
// fractal_sum around the point noise of point_noise-inl.h, and the run-time dispatch between
// targets.
//
// Compiled once per Highway target (foreach_target.h re-includes this file). Never use MulAdd or
// other fused operations here: the mirror rounds every multiply and add on its own.
#include "cpu/eval_points.hpp"

#include <algorithm>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "cpu/eval_points.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/fractal-inl.h"
#include "cpu/point_noise-inl.h"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

static_assert(HWY_MAX_BYTES / sizeof(float) <= lane_padding, "a point_block holds one vector");

// fractal_sum over the octaves for one block (each lane sees the mirror's operations in the
// mirror's order).
template <int dims, bool balanced, fractal_kind fractal>
HWY_INLINE V block_value(const point_plan& p, point_block& b) {
  const D d;
  if constexpr (fractal == fractal_kind::none) {
    reduce_octave<dims>(p, 0, b);
    return point_noise<dims, balanced>(p.perm, b);
  }
  V sum = hn::Zero(d), weight = hn::Set(d, 1.0f);
  float amp = 1.0f;
  for (int o = 0; o < p.fractal.octaves; ++o) {
    reduce_octave<dims>(p, o, b);
    const V term = octave_term<fractal>(point_noise<dims, balanced>(p.perm, b), weight);
    sum = hn::Add(sum, hn::Mul(hn::Set(d, amp), term));
    amp = amp * p.fractal.persistence;
  }
  return normalised<fractal>(sum, p.fractal.inv_norm);
}

// The block's positions axis by axis, from `here` points of dims coordinates each; lanes past the
// last point compute the origin.
template <int dims>
HWY_INLINE void load_positions(const double* source, std::size_t here, point_block& b) {
  const DD dd;
  const std::size_t n = hn::Lanes(D()), nd = hn::Lanes(dd);
  if (here < n) {
    for (std::size_t i = 0; i < n; ++i) {
      for (int axis = 0; axis < dims; ++axis) {
        b.position[axis][i] = i < here ? source[i * dims + axis] : 0.0;
      }
    }
    return;
  }
  for (std::size_t i = 0; i < n; i += nd) {
    const double* at = source + i * dims;
    VD v[4];
    if constexpr (dims == 1) v[0] = hn::LoadU(dd, at);
    if constexpr (dims == 2) hn::LoadInterleaved2(dd, at, v[0], v[1]);
    if constexpr (dims == 3) hn::LoadInterleaved3(dd, at, v[0], v[1], v[2]);
    if constexpr (dims == 4) hn::LoadInterleaved4(dd, at, v[0], v[1], v[2], v[3]);
    for (int axis = 0; axis < dims; ++axis) hn::StoreU(v[axis], dd, b.position[axis] + i);
  }
}

template <int dims, bool balanced, fractal_kind fractal>
void points_of(const point_plan& p, const double* points, std::size_t count, float* out) {
  const D d;
  const std::size_t n = hn::Lanes(d);
  point_block b;
  for (std::size_t first = 0; first < count; first += n) {
    const std::size_t here = std::min(n, count - first);
    load_positions<dims>(points + first * dims, here, b);
    const V value = block_value<dims, balanced, fractal>(p, b);
    if (here == n) {
      hn::StoreU(value, d, out + first);
    } else {
      alignas(64) float tail[lane_padding];
      hn::Store(value, d, tail);
      std::memcpy(out + first, tail, sizeof(float) * here);
    }
  }
}

template <int dims, bool balanced>
void points_with_fractal(const point_plan& p, const double* points, std::size_t count, float* out) {
  switch (p.fractal.fractal) {
    case fractal_kind::none:
      return points_of<dims, balanced, fractal_kind::none>(p, points, count, out);
    case fractal_kind::fbm:
      return points_of<dims, balanced, fractal_kind::fbm>(p, points, count, out);
    case fractal_kind::turbulence:
      return points_of<dims, balanced, fractal_kind::turbulence>(p, points, count, out);
    case fractal_kind::ridged:
      return points_of<dims, balanced, fractal_kind::ridged>(p, points, count, out);
    case fractal_kind::billow:
      return points_of<dims, balanced, fractal_kind::billow>(p, points, count, out);
  }
}

void EvalPoints(const point_plan& p, const double* points, std::size_t count, float* out) {
  switch (p.dims) {
    case 1:
      return points_with_fractal<1, false>(p, points, count, out);
    case 2:
      return points_with_fractal<2, false>(p, points, count, out);
    case 3:
      return points_with_fractal<3, false>(p, points, count, out);
    default:
      if (p.balanced) return points_with_fractal<4, true>(p, points, count, out);
      return points_with_fractal<4, false>(p, points, count, out);
  }
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace vknoise::cpu {

HWY_EXPORT(EvalPoints);

void eval_points(const point_plan& plan, const double* points, std::size_t count, float* out) {
  HWY_DYNAMIC_DISPATCH(EvalPoints)(plan, points, count, out);
}

}  // namespace vknoise::cpu
#endif  // HWY_ONCE
