// The graph nodes' arithmetic and shaping with one sample per lane: the SIMD twin of
// src/graph/graph_ops.hpp (same functions, same order, same names; the derivatives, and the
// bounded ops, which the kernels do not cover, are left to the mirror), and of warp.hpp's
// displace. Every lane performs the mirror's float operations in the mirror's order; comparisons
// and selections stand for std::min, std::max, std::floor and the ternaries exactly, signed zeros
// and NaNs included. Never use MulAdd or other fused operations here.
//
// Per-target code (Highway's -inl.h convention): included by graph_kernels.cpp once per target.
#if defined(VKNOISE_CPU_GRAPH_OPS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_GRAPH_OPS_INL_H_
#undef VKNOISE_CPU_GRAPH_OPS_INL_H_
#else
#define VKNOISE_CPU_GRAPH_OPS_INL_H_
#endif

#include <hwy/highway.h>

#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// std::floor(x). A target without a rounding instruction emulates Floor(-0) as +0; zeros are
// their own floor, so they are kept as they are.
HWY_INLINE V floor_of(V x) {
  return hn::IfThenElse(hn::Eq(x, hn::Zero(D())), x, hn::Floor(x));
}

// std::min(a, b) and std::max(a, b): (b < a) ? b : a and (a < b) ? b : a.
HWY_INLINE V min_of(V a, V b) {
  return hn::IfThenElse(hn::Lt(b, a), b, a);
}
HWY_INLINE V max_of(V a, V b) {
  return hn::IfThenElse(hn::Lt(a, b), b, a);
}

// A lane's lattice coordinate on one axis: cell and next as table indices, and the fraction.
struct lane_axis {
  hn::Vec<DI> cell, next;
  V frac;
};

HWY_INLINE hn::Vec<DI> low_byte(hn::Vec<DI> v) {
  return hn::And(v, hn::Set(DI(), 255));
}

// graph_float_axis: floor in float, the cell modulo 256; coordinates beyond +-2^31 saturate, and
// NaN takes cell 0.
HWY_INLINE lane_axis graph_float_axis(V x) {
  const D d;
  const DI di;
  const V whole = floor_of(x);
  const V bounded = min_of(max_of(whole, hn::Set(d, -2147483648.0f)), hn::Set(d, 2147483520.0f));
  const auto nan = hn::RebindMask(di, hn::Ne(bounded, bounded));
  const hn::Vec<DI> cell = low_byte(hn::IfThenZeroElse(nan, hn::ConvertTo(di, bounded)));
  return {cell, low_byte(hn::Add(cell, hn::Set(di, 1))), hn::Sub(x, whole)};
}

// warp.hpp's displace: a lattice coordinate moved by delta (the natural period 256).
HWY_INLINE lane_axis displace(const lane_axis& a, V delta) {
  const DI di;
  const V s = hn::Add(a.frac, delta);
  const V whole = floor_of(s);
  const hn::Vec<DI> cell = low_byte(hn::Add(a.cell, hn::ConvertTo(di, whole)));
  return {cell, low_byte(hn::Add(cell, hn::Set(di, 1))), hn::Sub(s, whole)};
}

HWY_INLINE V graph_add(V a, V b) {
  return hn::Add(a, b);
}

HWY_INLINE V graph_sub(V a, V b) {
  return hn::Sub(a, b);
}

HWY_INLINE V graph_mul(V a, V b) {
  return hn::Mul(a, b);
}

HWY_INLINE V graph_min(V a, V b) {
  return min_of(a, b);
}

HWY_INLINE V graph_max(V a, V b) {
  return max_of(a, b);
}

HWY_INLINE V graph_neg(V x) {
  return hn::Neg(x);
}

HWY_INLINE V graph_abs(V x) {
  return hn::Abs(x);
}

HWY_INLINE V graph_floor(V x) {
  return floor_of(x);
}

HWY_INLINE V graph_mix(V a, V b, V t) {
  return hn::Add(a, hn::Mul(t, hn::Sub(b, a)));
}

HWY_INLINE V graph_clamp(V x, V lo, V hi) {
  return min_of(max_of(x, lo), hi);
}

HWY_INLINE V graph_select(V a, V b, V control, V threshold) {
  return hn::IfThenElse(hn::Lt(control, threshold), a, b);
}

HWY_INLINE V graph_smoothstep(V x, V lo, V inv) {
  const D d;
  const V s = graph_clamp(hn::Mul(hn::Sub(x, lo), inv), hn::Zero(d), hn::Set(d, 1.0f));
  return hn::Mul(hn::Mul(s, s), hn::Sub(hn::Set(d, 3.0f), hn::Mul(hn::Set(d, 2.0f), s)));
}

HWY_INLINE V graph_blend(V a, V b, V control, V lo, V inv) {
  return graph_mix(a, b, graph_smoothstep(control, lo, inv));
}

HWY_INLINE V graph_remap(V x, V from_lo, V factor, V to_lo) {
  return hn::Add(to_lo, hn::Mul(hn::Sub(x, from_lo), factor));
}

HWY_INLINE V graph_terrace(V x, V steps, V inv) {
  return hn::Mul(floor_of(hn::Mul(x, steps)), inv);
}

HWY_INLINE V graph_pingpong(V x, V strength) {
  const D d;
  const V t = hn::Mul(x, strength);
  const V r = hn::Sub(t, hn::Mul(floor_of(hn::Mul(t, hn::Set(d, 0.5f))), hn::Set(d, 2.0f)));
  return hn::IfThenElse(hn::Lt(r, hn::Set(d, 1.0f)), r, hn::Sub(hn::Set(d, 2.0f), r));
}

HWY_INLINE V graph_smooth_min(V a, V b, V k, V inv, V k_sixth) {
  const V h = hn::Mul(max_of(hn::Sub(k, hn::Abs(hn::Sub(a, b))), hn::Zero(D())), inv);
  return hn::Sub(min_of(a, b), hn::Mul(hn::Mul(hn::Mul(h, h), h), k_sixth));
}

HWY_INLINE V graph_smooth_max(V a, V b, V k, V inv, V k_sixth) {
  return hn::Neg(graph_smooth_min(hn::Neg(a), hn::Neg(b), k, inv, k_sixth));
}

// Each lane takes the first of the scalar version's returns that applies to it.
HWY_INLINE V graph_piecewise(const float* stops, const float* inv, int count, int stride,
                             int channel, V x) {
  const D d;
  auto done = hn::Not(hn::Gt(x, hn::Set(d, stops[0])));
  V result = hn::Set(d, stops[1 + channel]);
  for (int i = 0; i + 1 < count; ++i) {
    const float* lo = stops + i * stride;
    const float* hi = lo + stride;
    const auto here = hn::AndNot(done, hn::Lt(x, hn::Set(d, hi[0])));
    if (!hn::AllFalse(d, here)) {
      const V t = hn::Mul(hn::Sub(x, hn::Set(d, lo[0])), hn::Set(d, inv[i]));
      result = hn::IfThenElse(
          here, graph_mix(hn::Set(d, lo[1 + channel]), hn::Set(d, hi[1 + channel]), t), result);
      done = hn::Or(done, here);
    }
  }
  return hn::IfThenElse(done, result, hn::Set(d, stops[(count - 1) * stride + 1 + channel]));
}

// matrix (width x width, row-major) times v.
HWY_INLINE void graph_rotate(const float* matrix, int width, const V* v, V* out) {
  const D d;
  for (int a = 0; a < width; ++a) {
    V sum = hn::Mul(hn::Set(d, matrix[a * width]), v[0]);
    for (int b = 1; b < width; ++b)
      sum = hn::Add(sum, hn::Mul(hn::Set(d, matrix[a * width + b]), v[b]));
    out[a] = sum;
  }
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_GRAPH_OPS_INL_H_
