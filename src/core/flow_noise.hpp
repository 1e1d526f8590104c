// Flow noise (Perlin & Neyret 2001, "Flow noise"): gradient noise whose gradients rotate by an
// angle alpha, the animation parameter, on the tiling simplex-type lattices of Gustavson &
// McEwan's psrdnoise (2022, "Tiling simplex noise and flow noise in two and three dimensions",
// JCGT 11(1)), with analytic derivatives, and Perlin & Neyret's pseudo-advected fractal sum.
// Written once for both precisions like simplex_noise.hpp: real = double is the reference,
// real = float is the mirror of shaders/flow_noise.glsl (the same functions in the same order
// under the same names, the same operations in the same order: bit for bit).
//
// Definition.
//   2D: the lattice is the image of Z^2 under (i, j) -> (i - j/2, j): rows of unit spacing,
//   every other row shifted by 1/2 (psrdnoise's slightly stretched hexagonal grid). A point
//   (x, y) is in the triangle found in the skewed space (u, v) = (x + y/2, y) from floor(u),
//   floor(v) and whether frac(u) >= frac(v). Each of its three vertices V, at offset d = p - V,
//   contributes w^4 (g . d), w = max(0.8 - |d|^2, 0); 0.8 is the squared distance from a vertex
//   to the opposite edge, so each vertex's support stays inside the triangles around it and the
//   noise is continuous (C3). The gradient g = (cos(theta_h + alpha), sin(theta_h + alpha)), with
//   theta_h = h * 2 pi / 256 for the vertex's hash h in 0..255.
//   3D: the lattice is the body-centred cubic one, the image of Z^3 under (a, b, c) ->
//   ((-a + b + c)/2, (a - b + c)/2, (a + b - c)/2); the skewed space is (u, v, w) = (y + z, x + z,
//   x + y), whose unit cubes split into six tetrahedra by ordering the fractions (Gustavson's
//   simplex ranking). A vertex contributes w^3 (g . d), w = max(0.5 - |d|^2, 0) (0.5: the squared
//   distance from a vertex of these tetrahedra to the opposite face; C2). The gradient follows
//   psrdnoise's fast rotation: s_h is point h of a 256-point Fibonacci sphere (z = 1 - (2h+1)/256,
//   azimuth 2 pi frac(h * 40503 / 65536), 40503/65536 ~ 1/golden ratio), p_h and q_h = (sin az,
//   -cos az, 0) span its tangent plane, and g = cos(psi_h + alpha) p_h + sin(psi_h + alpha) q_h,
//   psi_h = perm[h] * 2 pi / 256: a unit vector turning about s_h with alpha.
//   Hashes: the vertex's wrapped skewed coordinates (iu, iv[, iw]) through the doubled table,
//   perm[perm[iu & 255] + (iv & 255)] in 2D and perm[perm[perm[iu & 255] + (iv & 255)] + (iw &
//   255)] in 3D, so a shuffled table (--seed) changes the noise. Scale: the sum is multiplied by
//   flow_scale2 = 10.5 (2D) or flow_scale3 = 36 (3D): over 5 * 10^7 random points and angles the
//   largest |value| measured 0.961 (2D) and 0.945 (3D), the RMS 0.455 and 0.347
//   (tests/flow_noise_test.cpp checks |value| <= 1 over 10^6 points). The _d forms return the same
//   value (the same operations) and the exact gradient d/dx, d/dy(, d/dz).
//
// Periods (period[axis] == 0: none). A vertex is wrapped before it is hashed, in integers: its
// position times 2 (an integer vector) is reduced modulo 2 * period on each periodic axis, then
// mapped back to skewed coordinates. The noise tiles with period P on an axis exactly when the
// translation by P along that axis is a lattice vector:
//   3D: every integer is (Z^3 lies in the body-centred lattice): periods 1..256 on every axis.
//   2D x: every integer is ((P, 0) = P (1, 0)): periods 1..256.
//   2D y: (0, P) = -P/2 (1, 0) + P (1/2, 1) is a lattice vector only for even P: periods 2, 4,
//     .., 256. An odd y period is refused (flow_period_supported says false): the rows alternate
//     their shift, so an odd number of rows cannot wrap onto itself.
// Periods above 256 also tile (the wrap is exact in int), but vertices 256 apart in iu share
// hashes: the fractal's finer octaves use them (period * lacunarity^o).
// Exactness: the wrap is integer arithmetic, and the offsets p - V are exact for dyadic positions
// of modest size, so f(p + k P) == f(p) bit for bit wherever p + k P and the offsets are exact in
// `real` (tested on dyadic points). For any position, the caller reduces a periodic axis into
// [0, P) first (flow_reduce_position for the reference, flow_reduce_position_float for the float
// path: both in double, exact), which makes tiling exact for every p + k P exact in double.
//
// The angle. flow_reduce_angle takes alpha modulo real's 2 pi (2 pi rounded to real, 2pi_f for
// the float path) by exact steps (binary long division: every subtraction is exact by Sterbenz's
// lemma), so the result is exactly alpha - n * 2pi_real, in [0, 2pi_real) for alpha >= 0 and in
// (-2pi_real, 0] for alpha < 0. Guarantee: two angles of the same sign (0 counting as
// non-negative) whose difference is exactly an integer multiple of 2pi_real give bit-identical
// noise. In particular alpha = 0 and alpha = float(2 pi N / N) = 2pi_f (the last frame of a loop
// of N frames, computed by the host in double and rounded) give the same gradients, and so do a
// and a + k 2pi_f of one sign wherever that float sum is exact. float(a + 2 pi k) in general is
// not a + k * 2pi_f exactly (the rounding of the sum), and then the frames differ in the last
// bits only. The double reference loops on 2pi_d = double(2 pi) exactly (2 pi N / N computed in
// double is that for most N but not all). |alpha| >= 2pi_real * 2^24,
// infinities and NaN read as 0 (in float such angles have an ulp above 8 radians anyway).
// Sines and cosines come from flow_sincos (Cody-Waite reduction by pi/2 in three parts, Taylor
// polynomials to degree 15/16 on [-pi/4, pi/4]: a few float ulp, about 1e-16 in double), the one
// square root from flow_sqrt (a bit-pattern seed and Newton steps for 1/sqrt, multiplications
// only): no std::sin/cos/sqrt, no GLSL sin/cos/sqrt/inversesqrt/normalize, and no division at all
// in the noise or the fractal (the fractal's 1/norm comes from the host).
//
// Fractals. A fractal over flow noise is fractal.hpp's sum over this basis (core/basis.hpp): octave
// o turns its gradients by flow_octave_angle, alpha_r * s_o with alpha_r = flow_reduce_angle(alpha)
// and s_o = round(lacunarity^o) an integer (finer octaves swirl faster, about in proportion to
// their frequency, as Perlin & Neyret suggest), so every octave turns a whole number of times per
// loop and the loop stays exact; its periods are period * lacunarity^o. Perlin & Neyret's
// pseudo-advection is fractal.hpp's advected_sum: octave o samples at its position minus
// advection * G_o, G_o the coarser octaves' gradients each in its own lattice units weighted by
// their amplitudes (as psrdnoise's flow examples accumulate them; minus: f(p - v) moves features
// along +v).
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "core/improved_noise.hpp"
#include "core/int_arithmetic.hpp"
#include "core/simplex_noise.hpp"

namespace vknoise::detail {

// --- Constants: computed in double, rounded to real (the GLSL writes the float values) --------

template <class real>
inline real flow_two_pi() {
  return static_cast<real>(6.283185307179586);  // 2 pi
}
template <class real>
inline real flow_two_over_pi() {
  return static_cast<real>(0.6366197723675814);  // 2 / pi
}
// pi/2 = flow_pio2_1 + flow_pio2_2 + flow_pio2_3: the first two have 12 significant bits each, so
// q * them is exact for the q <= 16 that flow_sincos meets.
template <class real>
inline real flow_pio2_1() {
  return static_cast<real>(0x1.92p0);
}
template <class real>
inline real flow_pio2_2() {
  return static_cast<real>(0x1.fb4p-12);
}
template <class real>
inline real flow_pio2_3() {
  return static_cast<real>(0x1.4442d18469899p-24);
}
// 2 pi / 256 and 2 pi / 65536: real's 2 pi scaled by powers of two (exact).
template <class real>
inline real flow_two_pi_256() {
  return flow_two_pi<real>() * real(0.00390625);
}
template <class real>
inline real flow_two_pi_65536() {
  return flow_two_pi<real>() * real(0.0000152587890625);
}
inline constexpr double flow_scale2 = 10.5;
inline constexpr double flow_scale3 = 36.0;

// Taylor coefficients of sin (t^3 .. t^15) and cos (t^2 .. t^16), 1/n! with signs.
template <class real>
inline real flow_sin_coef(int k) {
  constexpr double c[7] = {
      -1.0 / 6.0,        1.0 / 120.0,        -1.0 / 5040.0,         1.0 / 362880.0,
      -1.0 / 39916800.0, 1.0 / 6227020800.0, -1.0 / 1307674368000.0};
  return static_cast<real>(c[k]);
}
template <class real>
inline real flow_cos_coef(int k) {
  constexpr double c[8] = {
      -1.0 / 2.0,       1.0 / 24.0,        -1.0 / 720.0,         1.0 / 40320.0,
      -1.0 / 3628800.0, 1.0 / 479001600.0, -1.0 / 87178291200.0, 1.0 / 20922789888000.0};
  return static_cast<real>(c[k]);
}

// --- Integer helpers -----------------------------------------------------------------------------

// a modulo m in [0, m) for m > 0, with only non-negative operands to % (GLSL leaves % of a
// negative operand undefined).
inline std::int32_t flow_wrap(std::int32_t a, std::int32_t m) {
  return a >= 0 ? a % m : m - 1 - (-(a + 1)) % m;
}

// --- Angles, sine and cosine, square root ----------------------------------------------------

// alpha modulo real's 2 pi, exactly, with alpha's sign, in (-2 pi, 2 pi): binary long division
// by 2pi * 2^k, k = 23 .. 0. Each step subtracts m from r only where m <= r < 2m, exact by
// Sterbenz's lemma. |alpha| >= 2pi * 2^24, infinities and NaN give 0.
template <class real>
inline real flow_reduce_angle(real alpha) {
  const real limit = flow_two_pi<real>() * real(16777216.0);
  const bool neg = alpha < real(0);
  real r = neg ? -alpha : alpha;
  if (!(r < limit)) return real(0);
  real m = flow_two_pi<real>() * real(8388608.0);
  for (int k = 0; k < 24; ++k) {
    if (r >= m) r = r - m;
    m = m * real(0.5);
  }
  return neg ? -r : r;
}

// A fractal's octave o turns its gradients by the angle reduced, times s = round(lacunarity^o)
// (lacunarity^o by repeated multiplication in real, s at most 2^30): every octave turns a whole
// number of times while the angle goes once around, so the sum loops exactly (for the fractal
// loops of basis.hpp and the graph kernels).
template <class real>
inline real flow_octave_angle(real angle, real lacunarity, int octave) {
  real freq = real(1);
  for (int o = 0; o < octave; ++o) freq = freq * lacunarity;
  const real r = freq + real(0.5);
  const std::int32_t s = r < real(1073741824.0) ? static_cast<std::int32_t>(r) : 1073741824;
  return flow_reduce_angle(angle) * static_cast<real>(s);
}

template <class real>
struct flow_sc {
  real s, c;
};

// sin and cos of x for |x| <= 8 pi (the noise passes |x| < 4 pi). q = the nearest multiple of
// pi/2 to |x|, t = |x| - q pi/2 in three steps (the first exact), then the polynomials on t in
// [-pi/4, pi/4] and the quadrant's symmetry; sin is odd.
template <class real>
inline flow_sc<real> flow_sincos(real x) {
  const bool neg = x < real(0);
  const real a = neg ? -x : x;
  const std::int32_t q = static_cast<std::int32_t>(a * flow_two_over_pi<real>() + real(0.5));
  const real qf = static_cast<real>(q);
  const real t =
      ((a - qf * flow_pio2_1<real>()) - qf * flow_pio2_2<real>()) - qf * flow_pio2_3<real>();
  const real t2 = t * t;
  real ps = flow_sin_coef<real>(6);
  for (int k = 5; k >= 0; --k) ps = flow_sin_coef<real>(k) + t2 * ps;
  real pc = flow_cos_coef<real>(7);
  for (int k = 6; k >= 0; --k) pc = flow_cos_coef<real>(k) + t2 * pc;
  const real st = t + t * (t2 * ps);
  const real ct = real(1) + t2 * pc;
  flow_sc<real> r;
  switch (q & 3) {
    case 0:
      r = {st, ct};
      break;
    case 1:
      r = {ct, -st};
      break;
    case 2:
      r = {-st, -ct};
      break;
    default:
      r = {-ct, st};
      break;
  }
  if (neg) r.s = -r.s;
  return r;
}

// sqrt(x) for normal x > 0: 1/sqrt from the bit-pattern seed (0x5f3759df; 0x5fe6eb50c7b537a9 in
// double) and Newton steps y = y (1.5 - (x/2 y) y), three in float, four in double, then x y.
template <class real>
inline real flow_sqrt(real x) {
  real y;
  int steps;
  if constexpr (std::is_same_v<real, double>) {
    y = std::bit_cast<double>(std::uint64_t{0x5fe6eb50c7b537a9} -
                              (std::bit_cast<std::uint64_t>(x) >> 1));
    steps = 4;
  } else {
    y = std::bit_cast<float>(static_cast<std::int32_t>(0x5f3759df) -
                             (std::bit_cast<std::int32_t>(x) >> 1));
    steps = 3;
  }
  const real hx = real(0.5) * x;
  for (int k = 0; k < steps; ++k) y = y * (real(1.5) - (hx * y) * y);
  return x * y;
}

// --- Gradients -----------------------------------------------------------------------------------

// 2D: the unit vector at angle h * 2pi/256 + alpha_r.
template <class real>
inline void flow_gradient2(int h, real alpha_r, real* g) {
  const real angle = static_cast<real>(h) * flow_two_pi_256<real>() + alpha_r;
  const flow_sc<real> sc = flow_sincos(angle);
  g[0] = sc.c;
  g[1] = sc.s;
}

// 3D: s_h on the Fibonacci sphere, p_h = (-cos az z, -sin az z, sqrt(1 - z^2)) and q_h = (sin az,
// -cos az, 0) in its tangent plane, g = cos(psi_h + alpha_r) p_h + sin(psi_h + alpha_r) q_h.
template <class real>
inline void flow_gradient3(const std::int32_t* perm, int h, real alpha_r, real* g) {
  const real sz = static_cast<real>(255 - 2 * h) * real(0.00390625);
  // 1 - sz^2 = (2h + 1)(511 - 2h) / 65536: an exact integer over a power of two.
  const real sz_prime =
      flow_sqrt(static_cast<real>((2 * h + 1) * (511 - 2 * h)) * real(0.0000152587890625));
  const flow_sc<real> az =
      flow_sincos(static_cast<real>((h * 40503) & 65535) * flow_two_pi_65536<real>());
  const real px = -(az.c * sz), py = -(az.s * sz), pz = sz_prime;
  const real qx = az.s, qy = -az.c;
  const real psi = static_cast<real>(perm[h]) * flow_two_pi_256<real>() + alpha_r;
  const flow_sc<real> rot = flow_sincos(psi);
  g[0] = rot.c * px + rot.s * qx;
  g[1] = rot.c * py + rot.s * qy;
  g[2] = rot.c * pz;
}

// --- Cells: each corner's offset p - V and its hash ---------------------------------------------

template <class real, int D>
struct flow_cell {
  real off[D + 1][D];
  int h[D + 1];
};

template <class real>
inline flow_cell<real, 2> flow_cell2(const std::int32_t* perm, real x, real y,
                                     const std::int32_t* period) {
  const real u = x + real(0.5) * y;
  const std::int32_t i = saturating_floor(u), j = saturating_floor(y);
  const real fu = u - static_cast<real>(i), fv = y - static_cast<real>(j);
  const std::int32_t o1 = fu >= fv ? 1 : 0;
  const std::int32_t ci[3] = {i, wrapping_add(i, o1), wrapping_add(i, 1)};
  const std::int32_t cj[3] = {j, wrapping_add(j, 1 - o1), wrapping_add(j, 1)};
  flow_cell<real, 2> c;
  for (int k = 0; k < 3; ++k) {
    // The vertex is (X2 / 2, Y): X2 = 2i - j.
    std::int32_t X2 = wrapping_sub(wrapping_add(ci[k], ci[k]), cj[k]), Y = cj[k];
    c.off[k][0] = x - static_cast<real>(X2) * real(0.5);
    c.off[k][1] = y - static_cast<real>(Y);
    if (period[0] > 0) X2 = flow_wrap(X2, 2 * period[0]);
    if (period[1] > 0) Y = flow_wrap(Y, period[1]);
    const std::int32_t iu = wrapping_add(X2, Y) >> 1;
    c.h[k] = perm[perm[iu & 255] + (Y & 255)];
  }
  return c;
}

template <class real>
inline flow_cell<real, 3> flow_cell3(const std::int32_t* perm, real x, real y, real z,
                                     const std::int32_t* period) {
  const real u = y + z, v = x + z, w = x + y;
  const std::int32_t i = saturating_floor(u), j = saturating_floor(v), k = saturating_floor(w);
  const real fu = u - static_cast<real>(i);
  const real fv = v - static_cast<real>(j);
  const real fw = w - static_cast<real>(k);
  // The tetrahedron of the skewed unit cube: Gustavson's rank ordering of the fractions.
  const simplex_rank3 rank = simplex_order3(fu, fv, fw);
  const int i1 = rank.first[0], j1 = rank.first[1], k1 = rank.first[2];
  const int i2 = rank.second[0], j2 = rank.second[1], k2 = rank.second[2];
  const std::int32_t ca[4] = {i, wrapping_add(i, i1), wrapping_add(i, i2), wrapping_add(i, 1)};
  const std::int32_t cb[4] = {j, wrapping_add(j, j1), wrapping_add(j, j2), wrapping_add(j, 1)};
  const std::int32_t cc[4] = {k, wrapping_add(k, k1), wrapping_add(k, k2), wrapping_add(k, 1)};
  flow_cell<real, 3> c;
  for (int n = 0; n < 4; ++n) {
    // The vertex times 2: (-a + b + c, a - b + c, a + b - c), its components of one parity.
    std::int32_t X2 = wrapping_sub(wrapping_add(cb[n], cc[n]), ca[n]);
    std::int32_t Y2 = wrapping_sub(wrapping_add(ca[n], cc[n]), cb[n]);
    std::int32_t Z2 = wrapping_sub(wrapping_add(ca[n], cb[n]), cc[n]);
    c.off[n][0] = x - static_cast<real>(X2) * real(0.5);
    c.off[n][1] = y - static_cast<real>(Y2) * real(0.5);
    c.off[n][2] = z - static_cast<real>(Z2) * real(0.5);
    if (period[0] > 0) X2 = flow_wrap(X2, 2 * period[0]);
    if (period[1] > 0) Y2 = flow_wrap(Y2, 2 * period[1]);
    if (period[2] > 0) Z2 = flow_wrap(Z2, 2 * period[2]);
    const std::int32_t iu = wrapping_add(Y2, Z2) >> 1;
    const std::int32_t iv = wrapping_add(X2, Z2) >> 1;
    const std::int32_t iw = wrapping_add(X2, Y2) >> 1;
    c.h[n] = perm[perm[perm[iu & 255] + (iv & 255)] + (iw & 255)];
  }
  return c;
}

// --- Sums: each corner's w^4 (g . d) (2D) or w^3 (g . d) (3D), left to right, then scaled -------
// grad == nullptr skips the derivatives; otherwise grad[0..D-1] receives the scaled gradient:
// per corner -8 w^3 (g . d) d + w^4 g (2D), -6 w^2 (g . d) d + w^3 g (3D).

template <class real>
inline real flow_sum2(const flow_cell<real, 2>& c, real alpha_r, real* grad) {
  real sum = real(0);
  real gs[2] = {real(0), real(0)};
  for (int k = 0; k < 3; ++k) {
    const real* d = c.off[k];
    const real w = (real(0.8) - d[0] * d[0]) - d[1] * d[1];
    if (w > real(0)) {
      real g[2];
      flow_gradient2(c.h[k], alpha_r, g);
      const real w2 = w * w, w4 = w2 * w2;
      const real gd = g[0] * d[0] + g[1] * d[1];
      sum = sum + w4 * gd;
      if (grad != nullptr) {
        const real a = real(-8) * (w2 * w) * gd;
        gs[0] = gs[0] + (a * d[0] + w4 * g[0]);
        gs[1] = gs[1] + (a * d[1] + w4 * g[1]);
      }
    }
  }
  const real scale = static_cast<real>(flow_scale2);
  if (grad != nullptr) {
    grad[0] = scale * gs[0];
    grad[1] = scale * gs[1];
  }
  return scale * sum;
}

template <class real>
inline real flow_sum3(const std::int32_t* perm, const flow_cell<real, 3>& c, real alpha_r,
                      real* grad) {
  real sum = real(0);
  real gs[3] = {real(0), real(0), real(0)};
  for (int k = 0; k < 4; ++k) {
    const real* d = c.off[k];
    const real w = ((real(0.5) - d[0] * d[0]) - d[1] * d[1]) - d[2] * d[2];
    if (w > real(0)) {
      real g[3];
      flow_gradient3(perm, c.h[k], alpha_r, g);
      const real w2 = w * w, w3 = w2 * w;
      const real gd = (g[0] * d[0] + g[1] * d[1]) + g[2] * d[2];
      sum = sum + w3 * gd;
      if (grad != nullptr) {
        const real a = real(-6) * w2 * gd;
        gs[0] = gs[0] + (a * d[0] + w3 * g[0]);
        gs[1] = gs[1] + (a * d[1] + w3 * g[1]);
        gs[2] = gs[2] + (a * d[2] + w3 * g[2]);
      }
    }
  }
  const real scale = static_cast<real>(flow_scale3);
  if (grad != nullptr) {
    grad[0] = scale * gs[0];
    grad[1] = scale * gs[1];
    grad[2] = scale * gs[2];
  }
  return scale * sum;
}

// --- The basis
// ------------------------------------------------------------------------------------- perm: the
// doubled 512-entry table. period: 2 or 3 entries, 0 = none (see the top for which are supported).
// alpha: the rotation in radians, reduced here (flow_reduce_angle).

template <class real>
inline real flow_noise2(const std::int32_t* perm, real x, real y, const std::int32_t* period,
                        real alpha) {
  return flow_sum2<real>(flow_cell2(perm, x, y, period), flow_reduce_angle(alpha), nullptr);
}

template <class real>
inline real flow_noise3(const std::int32_t* perm, real x, real y, real z,
                        const std::int32_t* period, real alpha) {
  return flow_sum3<real>(perm, flow_cell3(perm, x, y, z, period), flow_reduce_angle(alpha),
                         nullptr);
}

template <class real>
inline dual<real> flow_noise2_d(const std::int32_t* perm, real x, real y,
                                const std::int32_t* period, real alpha) {
  dual<real> r{real(0), {real(0), real(0), real(0), real(0)}};
  r.v = flow_sum2(flow_cell2(perm, x, y, period), flow_reduce_angle(alpha), r.d);
  return r;
}

template <class real>
inline dual<real> flow_noise3_d(const std::int32_t* perm, real x, real y, real z,
                                const std::int32_t* period, real alpha) {
  dual<real> r{real(0), {real(0), real(0), real(0), real(0)}};
  r.v = flow_sum3(perm, flow_cell3(perm, x, y, z, period), flow_reduce_angle(alpha), r.d);
  return r;
}

// --- Host side
// -------------------------------------------------------------------------------------

// Whether the basis tiles with `period` on `axis` (0-based) of a dims-dimensional flow noise:
// 0 (none) or 1..256, except an odd period on 2D's y axis (see the top).
inline bool flow_period_supported(int dims, int axis, std::int64_t period) {
  if (period == 0) return true;
  if (period < 1 || period > 256) return false;
  return !(dims == 2 && axis == 1 && (period & 1) != 0);
}

// x modulo period in [0, period), in double: fmod is exact; a negative remainder m becomes
// m + period, exact unless |m| is below period's ulp scale, where the sum rounds (to period at
// worst, which is taken as 0). period == 0 returns x.
inline double flow_reduce_position(double x, std::uint32_t period) {
  if (period == 0) return x;
  const double p = static_cast<double>(period);
  double m = std::fmod(x, p);
  if (m < 0.0) m = m + p;
  return m < p ? m : 0.0;
}

// The float path's reduction: the same in double, then rounded to float; a value that rounds up
// to the period is the period's start, 0 (the noise there is the same, up to that rounding).
inline float flow_reduce_position_float(double x, std::uint32_t period) {
  const float r = static_cast<float>(flow_reduce_position(x, period));
  return period != 0 && r >= static_cast<float>(period) ? 0.0f : r;
}

}  // namespace vknoise::detail
