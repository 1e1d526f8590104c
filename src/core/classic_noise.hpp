// Ken Perlin's classic gradient noise (SIGGRAPH 1985, "An Image Synthesizer"; his noise.c),
// written once for both precisions like improved_noise.hpp: real = double is the reference,
// real = float is the mirror of shaders/classic_noise.glsl. The functions below and their GLSL
// twins come in the same order under the same names; review them side by side.
//
// Each lattice corner has a random gradient from a table of 256 (vknoise::classic_gradients,
// `gradients` below: 256 x 4 reals, gradient i at gradients[4 * i], the table of the noise's
// dimension). The noise is the sum of the corners' dot products gradient . (point - corner),
// blended with Perlin's s-curve 3t^2 - 2t^3 along x, then y, z and w.
//
// The corners are hashed exactly as improved_noise3 hashes them: perm[x.cell] + y.cell, then
// perm[..] + z.cell, and so on, with one final lookup, so a D-dimensional corner's hash is
//   1D perm[X]; 2D perm[perm[X] + Y]; 3D perm[perm[perm[X] + Y] + Z]; 4D ...[..] + W],
// and its gradient is number (hash & 255). The cells are lattice_axis's, already wrapped modulo
// the axis's period, so classic noise repeats with the same periods as Improved Noise. (The hash
// is in [0, 255] for any permutation table; the mask only makes the table bound local to the
// read. For 1D and 2D this is Perlin's noise1 and noise2; his noise3 skips the last lookup and
// reads g3[perm[perm[X] + Y] + Z], which here would make neighbours along z read consecutive
// table entries.)
//
// Range: every term of a corner is |g . (p - c)| <= |p - c| for |g| <= 1, and the s-curve
// weights sum to 1, so |noise| <= max over the cell of sum_c w_c |p - c|. Numerically that
// maximum is sqrt(D) / 2, at the cell's centre (0.5, 0.707, 0.866, 1 for D = 1..4). Random
// gradients come close only rarely; classic_noise_test measures the range actually seen.
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits.
#pragma once

#include <cstdint>

#include "core/improved_noise.hpp"
#include "core/lattice.hpp"

namespace vknoise::detail {

// Perlin's s_curve(t) = t * t * (3. - 2. * t), evaluated as (t * t) * (3 - (2 * t)). Exact at the
// ends: scurve(0) == 0 and scurve(1) == 1.
template <class real>
inline real scurve(real t) {
  return t * t * (real(3) - real(2) * t);
}

// Gradient (hash & 255) dotted with the corner-to-point vector (x, y, z, w), as Perlin's at2/at3:
// x * g[0] + y * g[1] + z * g[2] + w * g[3], the products added left to right.
template <class real>
inline real classic_grad1(const real* gradients, int hash, real x) {
  const real* g = gradients + 4 * (hash & 255);
  return x * g[0];
}

template <class real>
inline real classic_grad2(const real* gradients, int hash, real x, real y) {
  const real* g = gradients + 4 * (hash & 255);
  return x * g[0] + y * g[1];
}

template <class real>
inline real classic_grad3(const real* gradients, int hash, real x, real y, real z) {
  const real* g = gradients + 4 * (hash & 255);
  return x * g[0] + y * g[1] + z * g[2];
}

template <class real>
inline real classic_grad4(const real* gradients, int hash, real x, real y, real z, real w) {
  const real* g = gradients + 4 * (hash & 255);
  return x * g[0] + y * g[1] + z * g[2] + w * g[3];
}

// Perlin's noise1: the slopes at both ends, blended.
template <class real>
inline real classic_noise1(const std::int32_t* perm, const real* gradients,
                           const lattice_axis<real>& x) {
  const real sx = scurve(x.frac);
  const real x0 = x.frac, x1 = x0 - real(1);
  return lerp(sx, classic_grad1(gradients, perm[x.cell], x0),
              classic_grad1(gradients, perm[x.next], x1));
}

// Perlin's noise2: one lookup after perm[X] + Y (improved_corners2 takes two).
template <class real>
inline corners2 classic_corners2(const std::int32_t* perm, const lattice_axis<real>& x,
                                 const lattice_axis<real>& y) {
  const int A = perm[x.cell] + y.cell, AB = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB = perm[x.next] + y.next;
  return {{perm[A], perm[B], perm[AB], perm[BB]}};
}

template <class real>
inline real classic_noise2(const std::int32_t* perm, const real* gradients,
                           const lattice_axis<real>& x, const lattice_axis<real>& y) {
  const corners2 c = classic_corners2(perm, x, y);
  const real sx = scurve(x.frac), sy = scurve(y.frac);
  const real x0 = x.frac, y0 = y.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1);
  const real* g = gradients;
  return lerp(sy, lerp(sx, classic_grad2(g, c.h[0], x0, y0), classic_grad2(g, c.h[1], x1, y0)),
              lerp(sx, classic_grad2(g, c.h[2], x0, y1), classic_grad2(g, c.h[3], x1, y1)));
}

// 3D and 4D corners hash exactly as Improved Noise's (improved_corners3/4).
template <class real>
inline real classic_noise3(const std::int32_t* perm, const real* gradients,
                           const lattice_axis<real>& x, const lattice_axis<real>& y,
                           const lattice_axis<real>& z) {
  const corners3 c = improved_corners3(perm, x, y, z);
  const real sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac);
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1);
  const auto g = [&](int i, real a, real b, real d) {
    return classic_grad3(gradients, c.h[i], a, b, d);
  };
  return lerp(sz,
              lerp(sy, lerp(sx, g(0, x0, y0, z0), g(1, x1, y0, z0)),
                   lerp(sx, g(2, x0, y1, z0), g(3, x1, y1, z0))),
              lerp(sy, lerp(sx, g(4, x0, y0, z1), g(5, x1, y0, z1)),
                   lerp(sx, g(6, x0, y1, z1), g(7, x1, y1, z1))));
}

template <class real>
inline real classic_noise4(const std::int32_t* perm, const real* gradients,
                           const lattice_axis<real>& x, const lattice_axis<real>& y,
                           const lattice_axis<real>& z, const lattice_axis<real>& w) {
  const corners4 c = improved_corners4(perm, x, y, z, w);
  const real sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac), sw = scurve(w.frac);
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1), w1 = w0 - real(1);
  const auto g = [&](int i, real a, real b, real d, real e) {
    return classic_grad4(gradients, c.h[i], a, b, d, e);
  };
  return lerp(sw,
              lerp(sz,
                   lerp(sy, lerp(sx, g(0, x0, y0, z0, w0), g(1, x1, y0, z0, w0)),
                        lerp(sx, g(2, x0, y1, z0, w0), g(3, x1, y1, z0, w0))),
                   lerp(sy, lerp(sx, g(4, x0, y0, z1, w0), g(5, x1, y0, z1, w0)),
                        lerp(sx, g(6, x0, y1, z1, w0), g(7, x1, y1, z1, w0)))),
              lerp(sz,
                   lerp(sy, lerp(sx, g(8, x0, y0, z0, w1), g(9, x1, y0, z0, w1)),
                        lerp(sx, g(10, x0, y1, z0, w1), g(11, x1, y1, z0, w1))),
                   lerp(sy, lerp(sx, g(12, x0, y0, z1, w1), g(13, x1, y0, z1, w1)),
                        lerp(sx, g(14, x0, y1, z1, w1), g(15, x1, y1, z1, w1)))));
}

// --- Gradient forms (see improved_noise.hpp's): the value part is the value form's operations.

// d/dt scurve(t) = 6 t (1 - t).
template <class real>
inline real dscurve(real t) {
  return real(6) * t * (real(1) - t);
}

// A corner's term g . (p - c) is linear in p: its gradient is g itself.
template <class real>
inline dual<real> classic_grad_d(const real* gradients, int dims, int hash, real x, real y, real z,
                                 real w) {
  const real* g = gradients + 4 * (hash & 255);
  const real v = dims == 1   ? classic_grad1(gradients, hash, x)
                 : dims == 2 ? classic_grad2(gradients, hash, x, y)
                 : dims == 3 ? classic_grad3(gradients, hash, x, y, z)
                             : classic_grad4(gradients, hash, x, y, z, w);
  return {v, {g[0], g[1], g[2], g[3]}};
}

template <class real>
inline dual<real> classic_noise1_d(const std::int32_t* perm, const real* gradients,
                                   const lattice_axis<real>& x) {
  const real sx = scurve(x.frac), dsx = dscurve(x.frac);
  const real x0 = x.frac, x1 = x0 - real(1), n = real(0);
  return lerp_d(sx, dsx, 0, classic_grad_d(gradients, 1, perm[x.cell], x0, n, n, n),
                classic_grad_d(gradients, 1, perm[x.next], x1, n, n, n));
}

template <class real>
inline dual<real> classic_noise2_d(const std::int32_t* perm, const real* gradients,
                                   const lattice_axis<real>& x, const lattice_axis<real>& y) {
  const corners2 c = classic_corners2(perm, x, y);
  const real sx = scurve(x.frac), sy = scurve(y.frac), dsx = dscurve(x.frac), dsy = dscurve(y.frac);
  const real x0 = x.frac, y0 = y.frac, n = real(0);
  const real x1 = x0 - real(1), y1 = y0 - real(1);
  const auto g = [&](int i, real a, real b) {
    return classic_grad_d(gradients, 2, c.h[i], a, b, n, n);
  };
  return lerp_d(sy, dsy, 1, lerp_d(sx, dsx, 0, g(0, x0, y0), g(1, x1, y0)),
                lerp_d(sx, dsx, 0, g(2, x0, y1), g(3, x1, y1)));
}

template <class real>
inline dual<real> classic_noise3_d(const std::int32_t* perm, const real* gradients,
                                   const lattice_axis<real>& x, const lattice_axis<real>& y,
                                   const lattice_axis<real>& z) {
  const corners3 c = improved_corners3(perm, x, y, z);
  const real sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac);
  const real dsx = dscurve(x.frac), dsy = dscurve(y.frac), dsz = dscurve(z.frac);
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac, n = real(0);
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1);
  const auto g = [&](int i, real a, real b, real d) {
    return classic_grad_d(gradients, 3, c.h[i], a, b, d, n);
  };
  return lerp_d(sz, dsz, 2,
                lerp_d(sy, dsy, 1, lerp_d(sx, dsx, 0, g(0, x0, y0, z0), g(1, x1, y0, z0)),
                       lerp_d(sx, dsx, 0, g(2, x0, y1, z0), g(3, x1, y1, z0))),
                lerp_d(sy, dsy, 1, lerp_d(sx, dsx, 0, g(4, x0, y0, z1), g(5, x1, y0, z1)),
                       lerp_d(sx, dsx, 0, g(6, x0, y1, z1), g(7, x1, y1, z1))));
}

template <class real>
inline dual<real> classic_noise4_d(const std::int32_t* perm, const real* gradients,
                                   const lattice_axis<real>& x, const lattice_axis<real>& y,
                                   const lattice_axis<real>& z, const lattice_axis<real>& w) {
  const corners4 c = improved_corners4(perm, x, y, z, w);
  const real sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac), sw = scurve(w.frac);
  const real dsx = dscurve(x.frac), dsy = dscurve(y.frac), dsz = dscurve(z.frac),
             dsw = dscurve(w.frac);
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1), w1 = w0 - real(1);
  const auto g = [&](int i, real a, real b, real d, real e) {
    return classic_grad_d(gradients, 4, c.h[i], a, b, d, e);
  };
  const auto cube = [&](int i, real ww) {
    return lerp_d(
        sz, dsz, 2,
        lerp_d(sy, dsy, 1, lerp_d(sx, dsx, 0, g(i, x0, y0, z0, ww), g(i + 1, x1, y0, z0, ww)),
               lerp_d(sx, dsx, 0, g(i + 2, x0, y1, z0, ww), g(i + 3, x1, y1, z0, ww))),
        lerp_d(sy, dsy, 1, lerp_d(sx, dsx, 0, g(i + 4, x0, y0, z1, ww), g(i + 5, x1, y0, z1, ww)),
               lerp_d(sx, dsx, 0, g(i + 6, x0, y1, z1, ww), g(i + 7, x1, y1, z1, ww))));
  };
  return lerp_d(sw, dsw, 3, cube(0, w0), cube(8, w1));
}

}  // namespace vknoise::detail
