// The graph nodes' arithmetic and shaping, written once for both precisions: the twin of
// shaders/graph_ops.glsl (same functions, same order, same names). The double reference passes
// constants computed in double from the node's parameters, the float mirror the layout's float
// words (graph_layout.hpp), which the GPU kernel reads too. Every operation is a single IEEE
// operation in a fixed order, so the mirror and the kernel (NoContraction) round alike.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/lattice.hpp"

namespace vknoise::detail::graph_ops {

// A float coordinate split into lattice cells on the device (a float domain): floor in float,
// the cell modulo 256. Coordinates beyond +-2^31 saturate, and NaN takes cell 0.
template <class real>
lattice_axis<real> graph_float_axis(real x) {
  const real whole = std::floor(x);
  const real bounded = std::min(std::max(whole, real(-2147483648.0)), real(2147483520.0));
  const int cell = bounded == bounded ? static_cast<int>(bounded) & 255 : 0;
  return {cell, (cell + 1) & 255, (cell + 255) & 255, (cell + 2) & 255, x - whole};
}

template <class real>
real graph_mix(real a, real b, real t) {
  return a + t * (b - a);
}

template <class real>
real graph_clamp(real x, real lo, real hi) {
  return std::min(std::max(x, lo), hi);
}

template <class real>
real graph_select(real a, real b, real control, real threshold) {
  return control < threshold ? a : b;
}

// mix(a, b, smoothstep(lo, hi, control)), with inv = 1 / (hi - lo) from the host.
template <class real>
real graph_blend(real a, real b, real control, real lo, real inv) {
  const real s = graph_clamp((control - lo) * inv, real(0), real(1));
  const real t = s * s * (real(3) - real(2) * s);
  return graph_mix(a, b, t);
}

// to_lo + (x - from_lo) * factor, factor = (to_hi - to_lo) / (from_hi - from_lo) from the host.
template <class real>
real graph_remap(real x, real from_lo, real factor, real to_lo) {
  return to_lo + (x - from_lo) * factor;
}

// floor(x * steps) / steps, with inv = 1 / steps from the host.
template <class real>
real graph_terrace(real x, real steps, real inv) {
  return std::floor(x * steps) * inv;
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
// the values; `channel` picks one), constant beyond the ends; inv[i] = 1 / (p[i+1] - p[i]).
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

// matrix (width x width, row-major) times v.
template <class real>
void graph_rotate(const real* matrix, int width, const real* v, real* out) {
  for (int a = 0; a < width; ++a) {
    real sum = matrix[a * width] * v[0];
    for (int b = 1; b < width; ++b) sum = sum + matrix[a * width + b] * v[b];
    out[a] = sum;
  }
}

}  // namespace vknoise::detail::graph_ops
