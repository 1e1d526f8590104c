// Hugo Elias's value noise ("Perlin Noise", freespace.virgin.net/hugo.elias/models/m_perlin.htm),
// written once for both precisions like improved_noise.hpp: real = double is the reference,
// real = float is the mirror of shaders/value_noise.glsl. The functions below and their GLSL
// twins come in the same order under the same names; review them side by side.
//
// Elias's InterpolatedNoise: a pseudo-random value in (-1, 1] at every lattice point (his
// integer noise of the point's cell numbers), optionally smoothed with his SmoothNoise, then
// interpolated linearly, with his cosine curve or with his cubic. The cells come from the same
// lattice_axis as Improved Noise (wrapped modulo the axis's period), so value noise tiles with
// the same periods. Smoothing together with cubic interpolation reads two cells more than
// lattice_axis names, exact only on axes with no period or period 256 (see axis_cell).
//
// The cosine curve is not std::cos: Vulkan only bounds cos to about 2^-11, so both precisions
// use the polynomial cos_pi below, which is therefore the definition (the double reference does
// not call std::cos). It agrees with cos(pi * x) to within 2e-15 on [0, 1] (value_noise_test).
//
// Range: linear and cosine interpolation and the smoothing are convex combinations, so those
// results stay in [-1, 1] (up to rounding). Elias's cubic is not: its end slopes are v2 - v0 and
// v3 - v1, twice Catmull-Rom's, and it overshoots by up to a factor 1.5 per axis (at x = 0.5,
// with the outer values opposite the inner ones), so cubic value noise is bounded by 1.5^dims
// only.
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits.
#pragma once

#include <cstdint>

#include "core/improved_noise.hpp"  // lerp
#include "core/lattice.hpp"

namespace vknoise::detail {

// The `interpolation` argument of the functions below.
inline constexpr int value_linear = 0;
inline constexpr int value_cosine = 1;
inline constexpr int value_cubic = 2;

// Elias's IntNoise: n = (n << 13) ^ n; 1 - ((n * (n * n * 15731 + 789221) + 1376312589) &
// 0x7fffffff) / 1073741824. The integer arithmetic is done in uint32, where wrap-around is
// defined and gives the same low 31 bits as his 32-bit signed arithmetic. 1 - t / 2^30 is formed
// as the integer d = 2^30 - t (which fits an int) times 2^-30, split into d's high and low 16 bits
// so that both conversions to real are exact: Vulkan leaves the rounding of an int-to-float
// conversion undefined, and this way the only rounding is the final add, which the kernels rely
// on being correctly rounded anyway. In double the result is exact (Elias's value); in float it
// is that value rounded once.
template <class real>
inline real value_hash(int n) {
  std::uint32_t m = static_cast<std::uint32_t>(n);
  m = (m << 13) ^ m;
  const std::uint32_t t = (m * (m * m * 15731u + 789221u) + 1376312589u) & 0x7fffffffu;
  const std::int32_t d = static_cast<std::int32_t>(1073741824u - t);
  // 2^-14 and 2^-30, exactly.
  return real(d >> 16) * real(6.103515625e-05) + real(d & 65535) * real(9.31322574615478515625e-10);
}

// The value at lattice point (x, y, z, w) of octave `octave`: Elias's n = x + 57 * y (his 2D
// Noise), extended with 131 * z, 197 * w and 1013 * octave, in uint32. Axes at or beyond dims
// add nothing, so callers may pass anything there. x..w are the wrapped cells of lattice_axis,
// so the value, and with it the noise, repeats with the axis periods.
//
// Elias gives each octave its own noise function (other primes); the octave term does this more
// cheaply: each octave reads the same integer noise 1013 steps further along, so the octaves'
// lattices carry different values. (As in Elias's 2D noise, n is not injective: the cell
// (x + 57, y) has the value of (x, y + 1).)
template <class real>
inline real lattice_value(int octave, int dims, int x, int y, int z, int w) {
  const auto u = [](int v) { return static_cast<std::uint32_t>(v); };
  std::uint32_t n = u(x);
  if (dims > 1) n += 57u * u(y);
  if (dims > 2) n += 131u * u(z);
  if (dims > 3) n += 197u * u(w);
  n += 1013u * u(octave);
  return value_hash<real>(static_cast<int>(n));
}

// Elias's SmoothNoise_1D, in his order: center / 2 + prev / 4 + next / 4 (the divisions by powers
// of two are exact multiplications). Applied along each axis in turn it is his D-dimensional
// SmoothNoise: the separable kernel [1/4, 1/2, 1/4] per axis gives, in 2D, his corners / 16 +
// sides / 8 + center / 4, and in D dimensions the weighted average over the 3^D neighbourhood.
// Smoothing along one axis commutes with interpolating along another (both are linear), so
// interpolate_axis smooths and interpolates axis by axis, and value_noise reads (2 + 2r)^D
// lattice values (r = value_reach) instead of 3^D for each corner it interpolates. The same in
// exact arithmetic as smoothing first; the rounding may differ in the last bits.
template <class real>
inline real smooth_value(real prev, real center, real next) {
  return center * real(0.5) + prev * real(0.25) + next * real(0.25);
}

// cos(pi * x) for x in [0, 1], as a polynomial in u = x - 1/2: cos(pi * x) = -sin(pi * u) and
//   sin(pi * u) = 2u * (1 + (1 - 4u^2) * r(u^2)),
// r being an entire function (sin(pi u) / 2u - 1 vanishes at u^2 = 1/4). The form makes the ends
// exact in every precision (u = +-1/2 gives 1 - 4u^2 = 0, so cos_pi(0) = 1 and cos_pi(1) = -1) and
// cos_pi(1/2) = 0. The coefficients are r's Taylor coefficients at 0, to degree 7, computed
// exactly (60 digits) and rounded to double: r_k = -4^k * sum_{j > k} g_j 4^-j with g_0 = pi/2 - 1,
// g_j = (-1)^j pi^(2j+1) / (2 (2j+1)!). Horner from the highest degree.
template <class real>
inline real cos_pi(real x) {
  const real u = x - real(0.5);
  const real v = u * u;
  real r = real(-9.8687729171844135e-08);
  r = r * v + real(2.7147472486858159e-06);
  r = r * v + real(-5.7609163908780117e-05);
  r = r * v + real(9.0690157723709882e-04);
  r = r * v + real(-1.0041510432081754e-02);
  r = r * v + real(7.2397688557078571e-02);
  r = r * v + real(-3.0067108284539854e-01);
  r = r * v + real(5.7079632679489662e-01);
  const real sine = (u + u) * (real(1) + (real(1) - real(4) * v) * r);
  return -sine;
}

// Elias's Linear_Interpolate a * (1 - x) + b * x, as lerp (a + x * (b - a)): one product fewer,
// the same in exact arithmetic, and exact at x = 0 like Improved Noise's.
template <class real>
inline real interpolate_linear(real a, real b, real x) {
  return lerp(x, a, b);
}

// Elias's Cosine_Interpolate: f = (1 - cos(pi * x)) / 2, then a to b by f. f is exactly 0, 1/2
// and 1 at x = 0, 1/2 and 1.
template <class real>
inline real interpolate_cosine(real a, real b, real x) {
  const real f = (real(1) - cos_pi(x)) * real(0.5);
  return lerp(f, a, b);
}

// Elias's Cubic_Interpolate through v1 (x = 0) and v2 (x = 1), v0 and v3 being the points before
// and after: P = (v3 - v2) - (v0 - v1), Q = (v0 - v1) - P, R = v2 - v0, S = v1, and
// P x^3 + Q x^2 + R x + S evaluated by Horner as ((P * x + Q) * x + R) * x + S.
template <class real>
inline real interpolate_cubic(real v0, real v1, real v2, real v3, real x) {
  const real P = (v3 - v2) - (v0 - v1);
  const real Q = (v0 - v1) - P;
  const real R = v2 - v0;
  const real S = v1;
  return ((P * x + Q) * x + R) * x + S;
}

// How many cells beyond c and c + 1 an axis reads on each side: cubic interpolation needs the
// points before and after, and smoothing a point needs its neighbours.
inline int value_reach(bool smoothed, int interpolation) {
  return (smoothed ? 1 : 0) + (interpolation == value_cubic ? 1 : 0);
}

// Cell c + k of an axis, k in [-2, 3], as a wrapped table index. k = -1..2 are lattice_axis's
// prev, cell, next and next2, exact for every period. k = -2 and 3 (smoothing with cubic
// interpolation only) step once more modulo 256, which is the wrapped cell only when the axis
// wraps at a multiple of 256: no period, or period 256. lattice_axis does not carry the period,
// so smoothing with cubic interpolation is valid only on such axes, and validation rejects it on
// any other.
template <class real>
inline int axis_cell(const lattice_axis<real>& a, int k) {
  // clang-format off
  switch (k) {
    case -2: return (a.prev - 1) & 255;
    case -1: return a.prev;
    case 0: return a.cell;
    case 1: return a.next;
    case 2: return a.next2;
    default: return (a.next2 + 1) & 255;
  }
  // clang-format on
}

// One axis of InterpolatedNoise: v[i] is the value at cell c - 2 + i (only the cells value_reach
// names are read); smooth them if asked, then interpolate between c and c + 1 at t.
template <class real>
inline real interpolate_axis(bool smoothed, int interpolation, const real (&v)[6], real t) {
  real v0 = v[1], v1 = v[2], v2 = v[3], v3 = v[4];
  if (smoothed) {
    v1 = smooth_value(v[1], v[2], v[3]);
    v2 = smooth_value(v[2], v[3], v[4]);
    if (interpolation == value_cubic) {
      v0 = smooth_value(v[0], v[1], v[2]);
      v3 = smooth_value(v[3], v[4], v[5]);
    }
  }
  if (interpolation == value_cubic) return interpolate_cubic(v0, v1, v2, v3, t);
  if (interpolation == value_cosine) return interpolate_cosine(v1, v2, t);
  return interpolate_linear(v1, v2, t);
}

// InterpolatedNoise in 1 to 4 dimensions: gather the lattice values an axis needs, collapse x
// first, then y, z and w. Unread entries stay 0. (`smoothed`, not `smooth`: that is a GLSL
// keyword, and the twin keeps the names.)
template <class real>
inline real value_noise1(int octave, bool smoothed, int interpolation,
                         const lattice_axis<real>& x) {
  const int r = value_reach(smoothed, interpolation);
  real vx[6] = {};
  for (int i = -r; i <= 1 + r; ++i) {
    vx[i + 2] = lattice_value<real>(octave, 1, axis_cell(x, i), 0, 0, 0);
  }
  return interpolate_axis(smoothed, interpolation, vx, x.frac);
}

template <class real>
inline real value_noise2(int octave, bool smoothed, int interpolation, const lattice_axis<real>& x,
                         const lattice_axis<real>& y) {
  const int r = value_reach(smoothed, interpolation);
  real vx[6] = {}, vy[6] = {};
  for (int j = -r; j <= 1 + r; ++j) {
    for (int i = -r; i <= 1 + r; ++i) {
      vx[i + 2] = lattice_value<real>(octave, 2, axis_cell(x, i), axis_cell(y, j), 0, 0);
    }
    vy[j + 2] = interpolate_axis(smoothed, interpolation, vx, x.frac);
  }
  return interpolate_axis(smoothed, interpolation, vy, y.frac);
}

template <class real>
inline real value_noise3(int octave, bool smoothed, int interpolation, const lattice_axis<real>& x,
                         const lattice_axis<real>& y, const lattice_axis<real>& z) {
  const int r = value_reach(smoothed, interpolation);
  real vx[6] = {}, vy[6] = {}, vz[6] = {};
  for (int k = -r; k <= 1 + r; ++k) {
    for (int j = -r; j <= 1 + r; ++j) {
      for (int i = -r; i <= 1 + r; ++i) {
        vx[i + 2] =
            lattice_value<real>(octave, 3, axis_cell(x, i), axis_cell(y, j), axis_cell(z, k), 0);
      }
      vy[j + 2] = interpolate_axis(smoothed, interpolation, vx, x.frac);
    }
    vz[k + 2] = interpolate_axis(smoothed, interpolation, vy, y.frac);
  }
  return interpolate_axis(smoothed, interpolation, vz, z.frac);
}

template <class real>
inline real value_noise4(int octave, bool smoothed, int interpolation, const lattice_axis<real>& x,
                         const lattice_axis<real>& y, const lattice_axis<real>& z,
                         const lattice_axis<real>& w) {
  const int r = value_reach(smoothed, interpolation);
  real vx[6] = {}, vy[6] = {}, vz[6] = {}, vw[6] = {};
  for (int l = -r; l <= 1 + r; ++l) {
    for (int k = -r; k <= 1 + r; ++k) {
      for (int j = -r; j <= 1 + r; ++j) {
        for (int i = -r; i <= 1 + r; ++i) {
          vx[i + 2] = lattice_value<real>(octave, 4, axis_cell(x, i), axis_cell(y, j),
                                          axis_cell(z, k), axis_cell(w, l));
        }
        vy[j + 2] = interpolate_axis(smoothed, interpolation, vx, x.frac);
      }
      vz[k + 2] = interpolate_axis(smoothed, interpolation, vy, y.frac);
    }
    vw[l + 2] = interpolate_axis(smoothed, interpolation, vz, z.frac);
  }
  return interpolate_axis(smoothed, interpolation, vw, w.frac);
}

}  // namespace vknoise::detail
