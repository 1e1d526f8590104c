// The SIMD twins of src/core/fractal.hpp's octave_term and of fractal_sum's closing
// normalisation, one sample per lane, for the kernels of fields (fill_rows.cpp) and of points
// (eval_points.cpp). Never use MulAdd or other fused operations here: the mirror rounds every
// multiply and add on its own.
//
// Per-target code (Highway's -inl.h convention): included once per target.
#if defined(VKNOISE_CPU_FRACTAL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_FRACTAL_INL_H_
#undef VKNOISE_CPU_FRACTAL_INL_H_
#else
#define VKNOISE_CPU_FRACTAL_INL_H_
#endif

#include <hwy/highway.h>

#include "cpu/table_lookup-inl.h"
#include "vknoise/noise_spec.hpp"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// octave_term(fractal, n, weight): what octave n adds before its amplitude; ridged also updates
// the weight of the next octave.
template <fractal_kind fractal>
HWY_INLINE V octave_term(V n, V& weight) {
  const D d;
  if constexpr (fractal == fractal_kind::turbulence) return hn::Abs(n);
  if constexpr (fractal == fractal_kind::billow) {
    return hn::Sub(hn::Mul(hn::Set(d, 2.0f), hn::Abs(n)), hn::Set(d, 1.0f));
  }
  if constexpr (fractal == fractal_kind::ridged) {
    V s = hn::Sub(hn::Set(d, 1.0f), hn::Abs(n));
    s = hn::Mul(s, s);
    s = hn::Mul(s, weight);
    // std::clamp(s * 2, 0, 1): (v < 0) ? 0 : (1 < v) ? 1 : v.
    const V v = hn::Mul(s, hn::Set(d, 2.0f));
    const V one = hn::Set(d, 1.0f);
    weight =
        hn::IfThenElse(hn::Lt(v, hn::Zero(d)), hn::Zero(d), hn::IfThenElse(hn::Lt(one, v), one, v));
    return s;
  }
  return n;  // fbm
}

// fractal_sum's end: sum * (1 / norm), and for ridged value * 2 - 1.
template <fractal_kind fractal>
HWY_INLINE V normalised(V sum, float inv_norm) {
  const D d;
  V value = hn::Mul(sum, hn::Set(d, inv_norm));
  if constexpr (fractal == fractal_kind::ridged) {
    value = hn::Sub(hn::Mul(value, hn::Set(d, 2.0f)), hn::Set(d, 1.0f));
  }
  return value;
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_FRACTAL_INL_H_
