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

// Perlin's noise2.
template <class real>
inline real classic_noise2(const std::int32_t* perm, const real* gradients,
                           const lattice_axis<real>& x, const lattice_axis<real>& y) {
  const real sx = scurve(x.frac), sy = scurve(y.frac);
  const int A = perm[x.cell] + y.cell, AB = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB = perm[x.next] + y.next;
  const real x0 = x.frac, y0 = y.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1);
  const real* g = gradients;
  return lerp(sy, lerp(sx, classic_grad2(g, perm[A], x0, y0), classic_grad2(g, perm[B], x1, y0)),
              lerp(sx, classic_grad2(g, perm[AB], x0, y1), classic_grad2(g, perm[BB], x1, y1)));
}

template <class real>
inline real classic_noise3(const std::int32_t* perm, const real* gradients,
                           const lattice_axis<real>& x, const lattice_axis<real>& y,
                           const lattice_axis<real>& z) {
  const real sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac);
  const int A = perm[x.cell] + y.cell, AB_ = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB_ = perm[x.next] + y.next;
  const int AA = perm[A] + z.cell, AB = perm[AB_] + z.cell;
  const int BA = perm[B] + z.cell, BB = perm[BB_] + z.cell;
  const int AA1 = perm[A] + z.next, AB1 = perm[AB_] + z.next;
  const int BA1 = perm[B] + z.next, BB1 = perm[BB_] + z.next;
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1);
  const real* g = gradients;
  return lerp(
      sz,
      lerp(
          sy,
          lerp(sx, classic_grad3(g, perm[AA], x0, y0, z0), classic_grad3(g, perm[BA], x1, y0, z0)),
          lerp(sx, classic_grad3(g, perm[AB], x0, y1, z0), classic_grad3(g, perm[BB], x1, y1, z0))),
      lerp(sy,
           lerp(sx, classic_grad3(g, perm[AA1], x0, y0, z1),
                classic_grad3(g, perm[BA1], x1, y0, z1)),
           lerp(sx, classic_grad3(g, perm[AB1], x0, y1, z1),
                classic_grad3(g, perm[BB1], x1, y1, z1))));
}

template <class real>
inline real classic_noise4(const std::int32_t* perm, const real* gradients,
                           const lattice_axis<real>& x, const lattice_axis<real>& y,
                           const lattice_axis<real>& z, const lattice_axis<real>& w) {
  const real sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac), sw = scurve(w.frac);
  const int A = perm[x.cell] + y.cell, AB_ = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB_ = perm[x.next] + y.next;
  const int AA = perm[A] + z.cell, AB = perm[AB_] + z.cell;
  const int BA = perm[B] + z.cell, BB = perm[BB_] + z.cell;
  const int AA1 = perm[A] + z.next, AB1 = perm[AB_] + z.next;
  const int BA1 = perm[B] + z.next, BB1 = perm[BB_] + z.next;
  // Corner (i, j, k) at w.cell is perm[..] + w.cell; at w.next, + w.next.
  const int AAA = perm[AA] + w.cell, AAB = perm[AA1] + w.cell;
  const int ABA = perm[AB] + w.cell, ABB = perm[AB1] + w.cell;
  const int BAA = perm[BA] + w.cell, BAB = perm[BA1] + w.cell;
  const int BBA = perm[BB] + w.cell, BBB = perm[BB1] + w.cell;
  const int AAA1 = perm[AA] + w.next, AAB1 = perm[AA1] + w.next;
  const int ABA1 = perm[AB] + w.next, ABB1 = perm[AB1] + w.next;
  const int BAA1 = perm[BA] + w.next, BAB1 = perm[BA1] + w.next;
  const int BBA1 = perm[BB] + w.next, BBB1 = perm[BB1] + w.next;
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1), w1 = w0 - real(1);
  const real* g = gradients;
  return lerp(sw,
              lerp(sz,
                   lerp(sy,
                        lerp(sx, classic_grad4(g, perm[AAA], x0, y0, z0, w0),
                             classic_grad4(g, perm[BAA], x1, y0, z0, w0)),
                        lerp(sx, classic_grad4(g, perm[ABA], x0, y1, z0, w0),
                             classic_grad4(g, perm[BBA], x1, y1, z0, w0))),
                   lerp(sy,
                        lerp(sx, classic_grad4(g, perm[AAB], x0, y0, z1, w0),
                             classic_grad4(g, perm[BAB], x1, y0, z1, w0)),
                        lerp(sx, classic_grad4(g, perm[ABB], x0, y1, z1, w0),
                             classic_grad4(g, perm[BBB], x1, y1, z1, w0)))),
              lerp(sz,
                   lerp(sy,
                        lerp(sx, classic_grad4(g, perm[AAA1], x0, y0, z0, w1),
                             classic_grad4(g, perm[BAA1], x1, y0, z0, w1)),
                        lerp(sx, classic_grad4(g, perm[ABA1], x0, y1, z0, w1),
                             classic_grad4(g, perm[BBA1], x1, y1, z0, w1))),
                   lerp(sy,
                        lerp(sx, classic_grad4(g, perm[AAB1], x0, y0, z1, w1),
                             classic_grad4(g, perm[BAB1], x1, y0, z1, w1)),
                        lerp(sx, classic_grad4(g, perm[ABB1], x0, y1, z1, w1),
                             classic_grad4(g, perm[BBB1], x1, y1, z1, w1)))));
}

}  // namespace vknoise::detail
