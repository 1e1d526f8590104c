// Simplex noise after Stefan Gustavson's public-domain SimplexNoise.java, the revision of
// 2012-03-09 (Peter Eastman's speed-ups, permMod12, and the 4D simplex found by rank ordering
// instead of the older lookup table), written once for both precisions like improved_noise.hpp:
// real = double is the reference (operation for operation the Java, evaluated in the same order
// with the same association), real = float is the mirror (the same operations in float, for a
// GLSL twin to reproduce bit for bit).
//
// The constants are computed in double as Java computes them, then converted to real:
//   F2 = 0.5 * (sqrt(3) - 1)   G2 = (3 - sqrt(3)) / 6
//   F3 = 1 / 3                 G3 = 1 / 6
//   F4 = (sqrt(5) - 1) / 4     G4 = (5 - sqrt(5)) / 20
// Java's derived terms (2.0 * G2, 3.0 * G3, 4.0 * G4, ...) are computed at each use, as there:
// x2 = x0 - 1.0 + 2.0 * G2 is (x0 - 1) + (2 * G2), in real.
// A corner at offset d with gradient g contributes t^4 (g . d) for t = r - |d|^2 >= 0 (r = 0.5
// in 2D, 0.6 in 3D and 4D, evaluated as ((r - dx*dx) - dy*dy) - ...; t is squared, then
// t^2 * t^2 * dot), and the sum is scaled by 70 (2D), 32 (3D) or 27 (4D). The gradients are
// Gustavson's grad3 (12 cube edges; 2D uses their x and y) and grad4 (32 entries, one axis 0),
// picked by perm[..] % 12 (permMod12) and perm[..] % 32.
//
// `perm` is the doubled 512-entry table (perm[i] == perm[i & 255], entries 0..255). The integer
// arithmetic is Java's int, exactly: fastfloor's (int)x saturates at the int range (NaN gives 0),
// and its xi - 1 and the sums i + j + ... wrap modulo 2^32, so the reference is the Java's at any
// finite coordinate and the GLSL twin (whose int conversion is undefined out of range, and whose
// int adds wrap) computes the mirror's cells for any float. The cell indices are those & 255.
//
// The _d forms return the same value (the same operations) and its analytic gradient: per corner
// d/dp [t^4 (g . d)] = -8 t^3 (g . d) d + t^4 g, summed and scaled: the exact gradient of the
// piece of the function on the simplex holding the point. Each corner's term is C1 where its
// support ends (t^3 vanishes there), and 2D's 0.5 ends every support before the simplices the
// corner is not a vertex of, so 2D noise is C1. Java's 0.6 in 3D and 4D reaches past them: the
// noise jumps slightly across simplex faces there (up to about 0.005 in 3D and 0.003 in 4D, as
// measured), as the Java does; the gradient is that of the side the point is on.
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/improved_noise.hpp"
#include "core/int_arithmetic.hpp"

namespace vknoise::detail {

// Gustavson's grad3: the 12 midpoints of a cube's edges.
inline constexpr std::int8_t simplex_grad3[12][3] = {
    {1, 1, 0},  {-1, 1, 0},  {1, -1, 0}, {-1, -1, 0}, {1, 0, 1},  {-1, 0, 1},
    {1, 0, -1}, {-1, 0, -1}, {0, 1, 1},  {0, -1, 1},  {0, 1, -1}, {0, -1, -1}};

// Gustavson's grad4: the 32 vectors with one coordinate 0 and the other three +-1, in his order.
inline constexpr std::int8_t simplex_grad4[32][4] = {
    {0, 1, 1, 1},    {0, 1, 1, -1},  {0, 1, -1, 1},   {0, 1, -1, -1},  {0, -1, 1, 1},
    {0, -1, 1, -1},  {0, -1, -1, 1}, {0, -1, -1, -1}, {1, 0, 1, 1},    {1, 0, 1, -1},
    {1, 0, -1, 1},   {1, 0, -1, -1}, {-1, 0, 1, 1},   {-1, 0, 1, -1},  {-1, 0, -1, 1},
    {-1, 0, -1, -1}, {1, 1, 0, 1},   {1, 1, 0, -1},   {1, -1, 0, 1},   {1, -1, 0, -1},
    {-1, 1, 0, 1},   {-1, 1, 0, -1}, {-1, -1, 0, 1},  {-1, -1, 0, -1}, {1, 1, 1, 0},
    {1, 1, -1, 0},   {1, -1, 1, 0},  {1, -1, -1, 0},  {-1, 1, 1, 0},   {-1, 1, -1, 0},
    {-1, -1, 1, 0},  {-1, -1, -1, 0}};

// The skew and unskew factors, in double as Java computes them, then rounded to real.
template <class real>
inline real simplex_f2() {
  return static_cast<real>(0.5 * (std::sqrt(3.0) - 1.0));
}
template <class real>
inline real simplex_g2() {
  return static_cast<real>((3.0 - std::sqrt(3.0)) / 6.0);
}
template <class real>
inline real simplex_f3() {
  return static_cast<real>(1.0 / 3.0);
}
template <class real>
inline real simplex_g3() {
  return static_cast<real>(1.0 / 6.0);
}
template <class real>
inline real simplex_f4() {
  return static_cast<real>((std::sqrt(5.0) - 1.0) / 4.0);
}
template <class real>
inline real simplex_g4() {
  return static_cast<real>((5.0 - std::sqrt(5.0)) / 20.0);
}

// The D + 1 corners of the simplex holding a point: each corner's offset from the point's
// position relative to it (Java's x0..x4, y0..y4, ...) and its gradient index.
template <class real, int D>
struct simplex_cell {
  real off[D + 1][D];
  int gi[D + 1];
};

// Gustavson's rank ordering of three coordinates relative to their cell: the offsets of the
// second and third corners of the simplex (one of six in the unit cube) that holds the point.
// Flow noise's 3D lattice ranks its skewed fractions the same way (flow_cell3).
struct simplex_rank3 {
  int first[3];
  int second[3];
};

template <class real>
inline simplex_rank3 simplex_order3(real x, real y, real z) {
  // clang-format off
  if (x >= y) {
    if (y >= z) return {{1, 0, 0}, {1, 1, 0}};  // X Y Z
    if (x >= z) return {{1, 0, 0}, {1, 0, 1}};  // X Z Y
    return {{0, 0, 1}, {1, 0, 1}};              // Z X Y
  }
  if (y < z) return {{0, 0, 1}, {0, 1, 1}};     // Z Y X
  if (x < z) return {{0, 1, 0}, {0, 1, 1}};     // Y Z X
  return {{0, 1, 0}, {1, 1, 0}};                // Y X Z
  // clang-format on
}

template <class real>
inline simplex_cell<real, 2> simplex_cell2(const std::int32_t* perm, real xin, real yin) {
  const real F2 = simplex_f2<real>(), G2 = simplex_g2<real>();
  const real s = (xin + yin) * F2;
  const std::int32_t i = saturating_floor(xin + s);
  const std::int32_t j = saturating_floor(yin + s);
  const real t = static_cast<real>(wrapping_add(i, j)) * G2;
  const real X0 = static_cast<real>(i) - t;
  const real Y0 = static_cast<real>(j) - t;
  const real x0 = xin - X0;
  const real y0 = yin - Y0;
  int i1, j1;
  if (x0 > y0) {
    i1 = 1;
    j1 = 0;
  } else {
    i1 = 0;
    j1 = 1;
  }
  simplex_cell<real, 2> c;
  c.off[0][0] = x0;
  c.off[0][1] = y0;
  c.off[1][0] = x0 - static_cast<real>(i1) + G2;
  c.off[1][1] = y0 - static_cast<real>(j1) + G2;
  c.off[2][0] = x0 - real(1) + real(2) * G2;
  c.off[2][1] = y0 - real(1) + real(2) * G2;
  const int ii = static_cast<int>(i & 255);
  const int jj = static_cast<int>(j & 255);
  c.gi[0] = perm[ii + perm[jj]] % 12;
  c.gi[1] = perm[ii + i1 + perm[jj + j1]] % 12;
  c.gi[2] = perm[ii + 1 + perm[jj + 1]] % 12;
  return c;
}

template <class real>
inline simplex_cell<real, 3> simplex_cell3(const std::int32_t* perm, real xin, real yin, real zin) {
  const real F3 = simplex_f3<real>(), G3 = simplex_g3<real>();
  const real s = (xin + yin + zin) * F3;
  const std::int32_t i = saturating_floor(xin + s);
  const std::int32_t j = saturating_floor(yin + s);
  const std::int32_t k = saturating_floor(zin + s);
  const real t = static_cast<real>(wrapping_add(wrapping_add(i, j), k)) * G3;
  const real X0 = static_cast<real>(i) - t;
  const real Y0 = static_cast<real>(j) - t;
  const real Z0 = static_cast<real>(k) - t;
  const real x0 = xin - X0;
  const real y0 = yin - Y0;
  const real z0 = zin - Z0;
  const simplex_rank3 rank = simplex_order3(x0, y0, z0);
  const int i1 = rank.first[0], j1 = rank.first[1], k1 = rank.first[2];
  const int i2 = rank.second[0], j2 = rank.second[1], k2 = rank.second[2];
  simplex_cell<real, 3> c;
  c.off[0][0] = x0;
  c.off[0][1] = y0;
  c.off[0][2] = z0;
  c.off[1][0] = x0 - static_cast<real>(i1) + G3;
  c.off[1][1] = y0 - static_cast<real>(j1) + G3;
  c.off[1][2] = z0 - static_cast<real>(k1) + G3;
  c.off[2][0] = x0 - static_cast<real>(i2) + real(2) * G3;
  c.off[2][1] = y0 - static_cast<real>(j2) + real(2) * G3;
  c.off[2][2] = z0 - static_cast<real>(k2) + real(2) * G3;
  c.off[3][0] = x0 - real(1) + real(3) * G3;
  c.off[3][1] = y0 - real(1) + real(3) * G3;
  c.off[3][2] = z0 - real(1) + real(3) * G3;
  const int ii = static_cast<int>(i & 255);
  const int jj = static_cast<int>(j & 255);
  const int kk = static_cast<int>(k & 255);
  c.gi[0] = perm[ii + perm[jj + perm[kk]]] % 12;
  c.gi[1] = perm[ii + i1 + perm[jj + j1 + perm[kk + k1]]] % 12;
  c.gi[2] = perm[ii + i2 + perm[jj + j2 + perm[kk + k2]]] % 12;
  c.gi[3] = perm[ii + 1 + perm[jj + 1 + perm[kk + 1]]] % 12;
  return c;
}

template <class real>
inline simplex_cell<real, 4> simplex_cell4(const std::int32_t* perm, real x, real y, real z,
                                           real w) {
  const real F4 = simplex_f4<real>(), G4 = simplex_g4<real>();
  const real s = (x + y + z + w) * F4;
  const std::int32_t i = saturating_floor(x + s);
  const std::int32_t j = saturating_floor(y + s);
  const std::int32_t k = saturating_floor(z + s);
  const std::int32_t l = saturating_floor(w + s);
  const real t = static_cast<real>(wrapping_add(wrapping_add(wrapping_add(i, j), k), l)) * G4;
  const real X0 = static_cast<real>(i) - t;
  const real Y0 = static_cast<real>(j) - t;
  const real Z0 = static_cast<real>(k) - t;
  const real W0 = static_cast<real>(l) - t;
  const real x0 = x - X0;
  const real y0 = y - Y0;
  const real z0 = z - Z0;
  const real w0 = w - W0;
  // Rank the four coordinates by six pairwise comparisons (ties go to the later axis).
  int rankx = 0, ranky = 0, rankz = 0, rankw = 0;
  // clang-format off
  if (x0 > y0) ++rankx; else ++ranky;
  if (x0 > z0) ++rankx; else ++rankz;
  if (x0 > w0) ++rankx; else ++rankw;
  if (y0 > z0) ++ranky; else ++rankz;
  if (y0 > w0) ++ranky; else ++rankw;
  if (z0 > w0) ++rankz; else ++rankw;
  // clang-format on
  // Rank 3 is the largest coordinate: corner 1 steps along it, corner 2 also along rank 2, ...
  const int i1 = rankx >= 3 ? 1 : 0, j1 = ranky >= 3 ? 1 : 0;
  const int k1 = rankz >= 3 ? 1 : 0, l1 = rankw >= 3 ? 1 : 0;
  const int i2 = rankx >= 2 ? 1 : 0, j2 = ranky >= 2 ? 1 : 0;
  const int k2 = rankz >= 2 ? 1 : 0, l2 = rankw >= 2 ? 1 : 0;
  const int i3 = rankx >= 1 ? 1 : 0, j3 = ranky >= 1 ? 1 : 0;
  const int k3 = rankz >= 1 ? 1 : 0, l3 = rankw >= 1 ? 1 : 0;
  simplex_cell<real, 4> c;
  c.off[0][0] = x0;
  c.off[0][1] = y0;
  c.off[0][2] = z0;
  c.off[0][3] = w0;
  c.off[1][0] = x0 - static_cast<real>(i1) + G4;
  c.off[1][1] = y0 - static_cast<real>(j1) + G4;
  c.off[1][2] = z0 - static_cast<real>(k1) + G4;
  c.off[1][3] = w0 - static_cast<real>(l1) + G4;
  c.off[2][0] = x0 - static_cast<real>(i2) + real(2) * G4;
  c.off[2][1] = y0 - static_cast<real>(j2) + real(2) * G4;
  c.off[2][2] = z0 - static_cast<real>(k2) + real(2) * G4;
  c.off[2][3] = w0 - static_cast<real>(l2) + real(2) * G4;
  c.off[3][0] = x0 - static_cast<real>(i3) + real(3) * G4;
  c.off[3][1] = y0 - static_cast<real>(j3) + real(3) * G4;
  c.off[3][2] = z0 - static_cast<real>(k3) + real(3) * G4;
  c.off[3][3] = w0 - static_cast<real>(l3) + real(3) * G4;
  c.off[4][0] = x0 - real(1) + real(4) * G4;
  c.off[4][1] = y0 - real(1) + real(4) * G4;
  c.off[4][2] = z0 - real(1) + real(4) * G4;
  c.off[4][3] = w0 - real(1) + real(4) * G4;
  const int ii = static_cast<int>(i & 255);
  const int jj = static_cast<int>(j & 255);
  const int kk = static_cast<int>(k & 255);
  const int ll = static_cast<int>(l & 255);
  c.gi[0] = perm[ii + perm[jj + perm[kk + perm[ll]]]] % 32;
  c.gi[1] = perm[ii + i1 + perm[jj + j1 + perm[kk + k1 + perm[ll + l1]]]] % 32;
  c.gi[2] = perm[ii + i2 + perm[jj + j2 + perm[kk + k2 + perm[ll + l2]]]] % 32;
  c.gi[3] = perm[ii + i3 + perm[jj + j3 + perm[kk + k3 + perm[ll + l3]]]] % 32;
  c.gi[4] = perm[ii + 1 + perm[jj + 1 + perm[kk + 1 + perm[ll + 1]]]] % 32;
  return c;
}

// The gradient of a corner: grad3 for 2D (its x and y) and 3D, grad4 for 4D.
template <int D>
inline const std::int8_t* simplex_gradient(int gi) {
  if constexpr (D == 4) {
    return simplex_grad4[gi];
  } else {
    return simplex_grad3[gi];
  }
}

// Java's dot(g, x, y, ...): g.x * x + g.y * y + ..., the products added left to right.
template <class real, int D>
inline real simplex_dot(const std::int8_t* g, const real* d) {
  real r = static_cast<real>(g[0]) * d[0];
  for (int a = 1; a < D; ++a) r = r + static_cast<real>(g[a]) * d[a];
  return r;
}

// Java's t = r - x*x - y*y - ..., subtracted left to right.
template <class real, int D>
inline real simplex_falloff(real r, const real* d) {
  real t = r;
  for (int a = 0; a < D; ++a) t = t - d[a] * d[a];
  return t;
}

// The noise from a cell: each corner's contribution, summed left to right, then scaled.
// grad == nullptr skips the derivatives; otherwise grad[0..D-1] receives the scaled gradient.
template <class real, int D>
inline real simplex_sum(const simplex_cell<real, D>& c, real r, real scale, real* grad) {
  real n[D + 1];
  real g_sum[D] = {};
  for (int corner = 0; corner <= D; ++corner) {
    const real* d = c.off[corner];
    const real t = simplex_falloff<real, D>(r, d);
    if (t < real(0)) {
      n[corner] = real(0);
    } else {
      const std::int8_t* g = simplex_gradient<D>(c.gi[corner]);
      const real t2 = t * t;
      const real dot = simplex_dot<real, D>(g, d);
      n[corner] = t2 * t2 * dot;
      if (grad != nullptr) {
        // -8 t^3 (g . d) d + t^4 g
        const real a = real(-8) * (t2 * t) * dot, b = t2 * t2;
        for (int k = 0; k < D; ++k) g_sum[k] = g_sum[k] + (a * d[k] + b * static_cast<real>(g[k]));
      }
    }
  }
  real sum = n[0];
  for (int corner = 1; corner <= D; ++corner) sum = sum + n[corner];
  if (grad != nullptr) {
    for (int k = 0; k < D; ++k) grad[k] = scale * g_sum[k];
  }
  return scale * sum;
}

template <class real>
inline real simplex_noise2(const std::int32_t* perm, real x, real y) {
  return simplex_sum<real, 2>(simplex_cell2(perm, x, y), real(0.5), real(70), nullptr);
}

template <class real>
inline real simplex_noise3(const std::int32_t* perm, real x, real y, real z) {
  return simplex_sum<real, 3>(simplex_cell3(perm, x, y, z), real(0.6), real(32), nullptr);
}

template <class real>
inline real simplex_noise4(const std::int32_t* perm, real x, real y, real z, real w) {
  return simplex_sum<real, 4>(simplex_cell4(perm, x, y, z, w), real(0.6), real(27), nullptr);
}

template <class real>
inline dual<real> simplex_noise2_d(const std::int32_t* perm, real x, real y) {
  dual<real> r{real(0), {real(0), real(0), real(0), real(0)}};
  r.v = simplex_sum<real, 2>(simplex_cell2(perm, x, y), real(0.5), real(70), r.d);
  return r;
}

template <class real>
inline dual<real> simplex_noise3_d(const std::int32_t* perm, real x, real y, real z) {
  dual<real> r{real(0), {real(0), real(0), real(0), real(0)}};
  r.v = simplex_sum<real, 3>(simplex_cell3(perm, x, y, z), real(0.6), real(32), r.d);
  return r;
}

template <class real>
inline dual<real> simplex_noise4_d(const std::int32_t* perm, real x, real y, real z, real w) {
  dual<real> r{real(0), {real(0), real(0), real(0), real(0)}};
  r.v = simplex_sum<real, 4>(simplex_cell4(perm, x, y, z, w), real(0.6), real(27), r.d);
  return r;
}

}  // namespace vknoise::detail
