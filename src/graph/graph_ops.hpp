// The graph nodes' arithmetic and shaping, written once for both precisions: the twin of
// shaders/graph_ops.glsl (same functions, same order, same names). Each op's value is
// graph_NAME, and its derivative rule graph_NAME_d (op_table.hpp's derivative: twin or jacobian)
// on the inputs' values and gradients. The double reference passes constants computed in double
// from the node's parameters, the float mirror the layout's float words (op_table.hpp's words
// structs), which the GPU kernel reads too. Every operation is a single IEEE operation in a fixed
// order, so the mirror and the kernel (NoContraction) round alike.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/lattice.hpp"

namespace vknoise::detail::graph_ops {

// A gradient d/dx .. d/dw: the twin of the kernel's vec4 in the derivative rules, with its
// component-wise arithmetic (one IEEE operation per component, in the written order).
template <class real>
struct grad4 {
  real d[4] = {real(0), real(0), real(0), real(0)};
};

template <class real>
grad4<real> operator+(const grad4<real>& a, const grad4<real>& b) {
  return {{a.d[0] + b.d[0], a.d[1] + b.d[1], a.d[2] + b.d[2], a.d[3] + b.d[3]}};
}
template <class real>
grad4<real> operator-(const grad4<real>& a, const grad4<real>& b) {
  return {{a.d[0] - b.d[0], a.d[1] - b.d[1], a.d[2] - b.d[2], a.d[3] - b.d[3]}};
}
template <class real>
grad4<real> operator-(const grad4<real>& a) {
  return {{-a.d[0], -a.d[1], -a.d[2], -a.d[3]}};
}
template <class real>
grad4<real> operator*(const grad4<real>& a, real s) {
  return {{a.d[0] * s, a.d[1] * s, a.d[2] * s, a.d[3] * s}};
}
template <class real>
grad4<real> operator*(real s, const grad4<real>& a) {
  return {{s * a.d[0], s * a.d[1], s * a.d[2], s * a.d[3]}};
}
template <class real>
grad4<real> operator/(const grad4<real>& a, real s) {
  return {{a.d[0] / s, a.d[1] / s, a.d[2] / s, a.d[3] / s}};
}

// A vector node's Jacobian: row c is component c's gradient (the kernel's mat4, whose column c
// it is there).
template <class real>
struct jacobian4 {
  grad4<real> row[4];
};

// A float coordinate split into lattice cells on the device (a float domain): floor in float,
// the cell modulo 256. Coordinates beyond +-2^31 saturate, and NaN takes cell 0.
template <class real>
lattice_axis<real> graph_float_axis(real x) {
  const real whole = std::floor(x);
  const real bounded = std::min(std::max(whole, real(-2147483648.0)), real(2147483520.0));
  const int cell = bounded == bounded ? static_cast<int>(bounded) & 255 : 0;
  return {cell, (cell + 1) & 255, (cell + 255) & 255, (cell + 2) & 255, x - whole};
}

// ---- Vector ops: their Jacobians from the input's (position's is the identity, offset's its
// input's, combine's rows its inputs' gradients: no arithmetic, so the walkers copy them).

template <class real>
jacobian4<real> graph_scale_d(const jacobian4<real>& in, const real* factor) {
  jacobian4<real> r;
  for (int c = 0; c < 4; ++c) r.row[c] = in.row[c] * factor[c];
  return r;
}

// matrix (width x width, row-major) times v.
template <class real>
void graph_rotate(const real* matrix, int width, const real* v, real* out) {
  for (int a = 0; a < width; ++a) {
    real sum = matrix[a * width] * v[0];
    for (int b = 1; b < width; ++b) sum = sum + matrix[a * width + b] * v[b];
    out[a] = sum;
  }
}

template <class real>
jacobian4<real> graph_rotate_d(const real* matrix, int width, const jacobian4<real>& in) {
  jacobian4<real> r;
  for (int a = 0; a < width; ++a) {
    grad4<real> sum = matrix[a * width] * in.row[0];
    for (int b = 1; b < width; ++b) sum = sum + matrix[a * width + b] * in.row[b];
    r.row[a] = sum;
  }
  return r;
}

// by: the displacements' gradients, one row per component.
template <class real>
jacobian4<real> graph_warp_d(const jacobian4<real>& in, real amplitude, const jacobian4<real>& by) {
  jacobian4<real> r;
  for (int c = 0; c < 4; ++c) r.row[c] = in.row[c] + amplitude * by.row[c];
  return r;
}

// ---- Scalar ops, each value then its derivative rule.

template <class real>
grad4<real> graph_component_d(const jacobian4<real>& in, int axis) {
  return in.row[axis];
}

template <class real>
real graph_add(real a, real b) {
  return a + b;
}

template <class real>
grad4<real> graph_add_d(real, const grad4<real>& ga, real, const grad4<real>& gb) {
  return ga + gb;
}

template <class real>
real graph_sub(real a, real b) {
  return a - b;
}

template <class real>
grad4<real> graph_sub_d(real, const grad4<real>& ga, real, const grad4<real>& gb) {
  return ga - gb;
}

template <class real>
real graph_mul(real a, real b) {
  return a * b;
}

template <class real>
grad4<real> graph_mul_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb) {
  return ga * b + a * gb;
}

template <class real>
grad4<real> graph_div_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb) {
  return (ga * b - a * gb) / (b * b);
}

// By a constant: the float path multiplies by its reciprocal (the constant input's word).
template <class real>
grad4<real> graph_div_by_constant_d(const grad4<real>& ga, real reciprocal) {
  return ga * reciprocal;
}

// std::min and std::max: (b < a) ? b : a and (a < b) ? b : a.
template <class real>
real graph_min(real a, real b) {
  return std::min(a, b);
}

template <class real>
grad4<real> graph_min_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb) {
  return b < a ? gb : ga;
}

template <class real>
real graph_max(real a, real b) {
  return std::max(a, b);
}

template <class real>
grad4<real> graph_max_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb) {
  return a < b ? gb : ga;
}

template <class real>
real graph_neg(real x) {
  return -x;
}

template <class real>
grad4<real> graph_neg_d(real, const grad4<real>& gx) {
  return -gx;
}

template <class real>
real graph_abs(real x) {
  return std::fabs(x);
}

template <class real>
grad4<real> graph_abs_d(real a, const grad4<real>& ga) {
  return a < real(0) ? -ga : ga;
}

template <class real>
real graph_floor(real x) {
  return std::floor(x);
}

// Zero almost everywhere (and undefined at the integers).
template <class real>
grad4<real> graph_floor_d(real, const grad4<real>&) {
  return {};
}

template <class real>
real graph_clamp(real x, real lo, real hi) {
  return std::min(std::max(x, lo), hi);
}

// min(max(x, lo), hi), branch by branch.
template <class real>
grad4<real> graph_clamp_d(real x, const grad4<real>& gx, real lo, const grad4<real>& glo, real hi,
                          const grad4<real>& ghi) {
  const real m = x < lo ? lo : x;
  const grad4<real> gm = x < lo ? glo : gx;
  return hi < m ? ghi : gm;
}

template <class real>
real graph_mix(real a, real b, real t) {
  return a + t * (b - a);
}

template <class real>
grad4<real> graph_mix_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb, real t,
                        const grad4<real>& gt) {
  return ga + (gt * (b - a) + t * (gb - ga));
}

template <class real>
real graph_select(real a, real b, real control, real threshold) {
  return control < threshold ? a : b;
}

template <class real>
grad4<real> graph_select_d(real, const grad4<real>& ga, real, const grad4<real>& gb, real control,
                           const grad4<real>&, real threshold) {
  return control < threshold ? ga : gb;
}

// smoothstep(lo, hi, x), with inv = 1 / (hi - lo) from the host (step_words).
template <class real>
real graph_smoothstep(real x, real lo, real inv) {
  const real s = graph_clamp((x - lo) * inv, real(0), real(1));
  return s * s * (real(3) - real(2) * s);
}

template <class real>
grad4<real> graph_smoothstep_d(real x, const grad4<real>& gx, real lo, real inv) {
  const real raw = (x - lo) * inv;
  const real m = raw < real(0) ? real(0) : raw;
  const real s = real(1) < m ? real(1) : m;
  const real dt = s * (real(6) - real(6) * s);
  const grad4<real> gm = raw < real(0) ? grad4<real>{} : gx * inv;
  return (real(1) < m ? grad4<real>{} : gm) * dt;
}

// mix(a, b, smoothstep(lo, hi, control)).
template <class real>
real graph_blend(real a, real b, real control, real lo, real inv) {
  return graph_mix(a, b, graph_smoothstep(control, lo, inv));
}

template <class real>
grad4<real> graph_blend_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb,
                          real control, const grad4<real>& gc, real lo, real inv) {
  return graph_mix_d(a, ga, b, gb, graph_smoothstep(control, lo, inv),
                     graph_smoothstep_d(control, gc, lo, inv));
}

// to_lo + (x - from_lo) * factor, factor = (to_hi - to_lo) / (from_hi - from_lo) from the host.
template <class real>
real graph_remap(real x, real from_lo, real factor, real to_lo) {
  return to_lo + (x - from_lo) * factor;
}

template <class real>
grad4<real> graph_remap_d(real, const grad4<real>& gx, real, real factor, real) {
  return gx * factor;
}

// floor(x * steps) / steps, with inv = 1 / steps from the host.
template <class real>
real graph_terrace(real x, real steps, real inv) {
  return std::floor(x * steps) * inv;
}

// Zero almost everywhere, as floor's.
template <class real>
grad4<real> graph_terrace_d(real, const grad4<real>&, real, real) {
  return {};
}

// FastNoise2's PingPong: x * strength folded into [0, 1] by reflection at every integer (a
// triangle wave of period 2).
template <class real>
real graph_pingpong(real x, real strength) {
  const real t = x * strength;
  const real r = t - std::floor(t * real(0.5)) * real(2);
  return r < real(1) ? r : real(2) - r;
}

template <class real>
grad4<real> graph_pingpong_d(real x, const grad4<real>& gx, real strength,
                             const grad4<real>& gstrength) {
  const real t = x * strength;
  const real r = t - std::floor(t * real(0.5)) * real(2);
  const grad4<real> g = graph_mul_d(x, gx, strength, gstrength);
  return r < real(1) ? g : -g;
}

// FastNoise2's MinSmooth and MaxSmooth, without its fused multiply-add: the cubic polynomial
// smooth minimum min(a, b) - h^3 k / 6 and maximum max(a, b) + h^3 k / 6, h = max(k - |a - b|, 0)
// / k, which meet min and max where |a - b| >= k with their first two derivatives. The host
// gives inv = 1 / k and k_sixth = k / 6 (smooth_words).
template <class real>
real graph_smooth_min(real a, real b, real k, real inv, real k_sixth) {
  const real h = graph_max(k - std::fabs(a - b), real(0)) * inv;
  return graph_min(a, b) - h * h * h * k_sixth;
}

// d/dx of h is -sign(a - b) (ga - gb) / k; at a tie, the sign graph_min_d's choice of ga needs.
template <class real>
grad4<real> graph_smooth_min_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb, real k,
                               real inv, real k_sixth) {
  const real d = a - b;
  const real h = graph_max(k - std::fabs(d), real(0)) * inv;
  const grad4<real> gd = ga - gb;
  const grad4<real> gh = real(0) < d ? -gd * inv : gd * inv;
  return graph_min_d(a, ga, b, gb) - gh * (real(3) * h * h * k_sixth);
}

// -smooth_min(-a, -b), as FastNoise2 writes it: max(a, b) + h^3 k / 6.
template <class real>
real graph_smooth_max(real a, real b, real k, real inv, real k_sixth) {
  return -graph_smooth_min(-a, -b, k, inv, k_sixth);
}

template <class real>
grad4<real> graph_smooth_max_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb, real k,
                               real inv, real k_sixth) {
  return -graph_smooth_min_d(-a, -ga, -b, -gb, k, inv, k_sixth);
}

// The segment of a piecewise function at x: the number of stops after the first whose position
// is <= x (count - 1: beyond the last), by binary lifting over at most 64 stops, as the kernel
// finds it (a branch-free search: a loop per use made large kernels slow to compile).
template <class real>
int graph_segment(const real* stops, int stride, int count, real x) {
  int i = 0;
  for (int step = 32; step > 0; step >>= 1) {
    const int k = std::min(i + step, count - 1);
    i = stops[k * stride] <= x ? k : i;
  }
  return i;
}

// A piecewise-linear function through `count` stops of `stride` values each (the position, then
// the values; `channel` picks one), constant beyond the ends; inv[i] = 1 / (p[i+1] - p[i]). A
// curve is one channel, a ramp three.
template <class real>
real graph_piecewise(const real* stops, const real* inv, int count, int stride, int channel,
                     real x) {
  if (!(x > stops[0])) return stops[1 + channel];
  const int i = graph_segment(stops, stride, count, x);
  if (i == count - 1) return stops[(count - 1) * stride + 1 + channel];
  const real* lo = stops + i * stride;
  const real* hi = lo + stride;
  return graph_mix(lo[1 + channel], hi[1 + channel], (x - lo[0]) * inv[i]);
}

// The slope of graph_piecewise at x: its segment's (v[i+1] - v[i]) / (p[i+1] - p[i]), 0 beyond
// the ends (where the function is constant).
template <class real>
real graph_piecewise_slope(const real* stops, const real* inv, int count, int stride, int channel,
                           real x) {
  if (!(x > stops[0])) return real(0);
  const int i = graph_segment(stops, stride, count, x);
  if (i == count - 1) return real(0);
  const real* lo = stops + i * stride;
  const real* hi = lo + stride;
  return inv[i] * (hi[1 + channel] - lo[1 + channel]);
}

template <class real>
grad4<real> graph_curve_d(const real* stops, const real* inv, int count, real x,
                          const grad4<real>& gx) {
  return gx * graph_piecewise_slope(stops, inv, count, 2, 0, x);
}

// A ramp's colour rows.
template <class real>
jacobian4<real> graph_ramp_d(const real* stops, const real* inv, int count, real x,
                             const grad4<real>& gx) {
  jacobian4<real> r;
  for (int c = 0; c < 3; ++c) r.row[c] = gx * graph_piecewise_slope(stops, inv, count, 4, c, x);
  return r;
}

// ---- The bounded ops: the standard functions, which the GPU rounds within the graph's bound.

template <class real>
real graph_sqrt(real x) {
  return std::sqrt(x);
}

template <class real>
grad4<real> graph_sqrt_d(real x, const grad4<real>& gx) {
  return gx * (real(0.5) / std::sqrt(x));
}

template <class real>
real graph_pow(real a, real b) {
  return std::pow(a, b);
}

template <class real>
grad4<real> graph_pow_d(real a, const grad4<real>& ga, real b, const grad4<real>& gb) {
  return ga * (b * std::pow(a, b - real(1))) + gb * (std::log(a) * std::pow(a, b));
}

template <class real>
real graph_sin(real x) {
  return std::sin(x);
}

template <class real>
grad4<real> graph_sin_d(real x, const grad4<real>& gx) {
  return gx * std::cos(x);
}

template <class real>
real graph_cos(real x) {
  return std::cos(x);
}

template <class real>
grad4<real> graph_cos_d(real x, const grad4<real>& gx) {
  return gx * (-std::sin(x));
}

}  // namespace vknoise::detail::graph_ops
