// Perlin's Improved Noise, written once for both precisions: real = double is the reference (the
// same floating-point operations as Perlin's Java), real = float is the mirror of
// shaders/improved_noise.glsl. The functions below and their GLSL twins come in the same order
// under the same names; review them side by side.
//
// Each axis arrives as a lattice_axis (core/lattice.hpp): its cell and neighbour cells, already
// wrapped modulo the axis's period and reduced to table indices, and the fraction in [0, 1].
// Perlin indexes the next cell as X+1 and the next hash as A+1; here they are x.next and
// perm[..] + y.next. For the natural period 256 the doubled table makes these the same entries, so
// noise3 and noise4 stay bit-identical to the Java reference, and a smaller period only changes
// which cells are named.
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits.
#pragma once

#include <cstdint>

#include "core/lattice.hpp"

namespace vknoise::detail {

template <class real>
inline real fade(real t) {
  return t * t * t * (t * (t * real(6) - real(15)) + real(10));
}

template <class real>
inline real lerp(real t, real a, real b) {
  return a + t * (b - a);
}

// The two 1D directions +-1, chosen by the low bit of the hash.
template <class real>
inline real grad1(int hash, real x) {
  return (hash & 1) == 0 ? x : -x;
}

// 12 edge directions of the cube (plus 4 repeats), chosen by the low 4 bits of the hash.
template <class real>
inline real grad3(int hash, real x, real y, real z) {
  const int h = hash & 15;
  const real u = h < 8 ? x : y;
  const real v = h < 4 ? y : (h == 12 || h == 14) ? x : z;
  return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

// Perlin's published 4D selection, literally: h >> 3 picks the three axes, and case 0 repeats
// case 3 (y, z, w), so x is never used by 16 of the 32 directions.
template <class real>
inline real grad4(int hash, real x, real y, real z, real w) {
  const int h = hash & 31;
  real a = y, b = z, c = w;
  // clang-format off
  switch (h >> 3) {
    case 1: a = w; b = x; c = y; break;
    case 2: a = z; b = w; c = x; break;
    case 3: a = y; b = z; c = w; break;
  }
  // clang-format on
  return ((h & 4) == 0 ? -a : a) + ((h & 2) == 0 ? -b : b) + ((h & 1) == 0 ? -c : c);
}

// Balanced 4D: h >> 3 names the axis left out (x, y, z, w), so each of the 32 directions
// (0, +-1, +-1, +-1) in every arrangement appears exactly once.
template <class real>
inline real grad4_balanced(int hash, real x, real y, real z, real w) {
  const int h = hash & 31;
  real a = y, b = z, c = w;
  // clang-format off
  switch (h >> 3) {
    case 1: a = x; b = z; c = w; break;
    case 2: a = x; b = y; c = w; break;
    case 3: a = x; b = y; c = z; break;
  }
  // clang-format on
  return ((h & 4) == 0 ? -a : a) + ((h & 2) == 0 ? -b : b) + ((h & 1) == 0 ? -c : c);
}

// The gradient hashes of a cell's corners, x fastest: index i has corner offset
// (i & 1, (i >> 1) & 1, (i >> 2) & 1, (i >> 3) & 1). Shared by the value and gradient forms.
struct corners2 {
  int h[4];
};
struct corners3 {
  int h[8];
};
struct corners4 {
  int h[16];
};

// Perlin's ImprovedNoise2D hashing: noise3's with Z = 0 (perm[A] + 0 is perm[A]).
template <class real>
inline corners2 improved_corners2(const std::int32_t* perm, const lattice_axis<real>& x,
                                  const lattice_axis<real>& y) {
  const int A = perm[x.cell] + y.cell, AB = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB = perm[x.next] + y.next;
  return {{perm[perm[A]], perm[perm[B]], perm[perm[AB]], perm[perm[BB]]}};
}

template <class real>
inline corners3 improved_corners3(const std::int32_t* perm, const lattice_axis<real>& x,
                                  const lattice_axis<real>& y, const lattice_axis<real>& z) {
  const int A = perm[x.cell] + y.cell, AB_ = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB_ = perm[x.next] + y.next;
  const int AA = perm[A] + z.cell, AB = perm[AB_] + z.cell;
  const int BA = perm[B] + z.cell, BB = perm[BB_] + z.cell;
  const int AA1 = perm[A] + z.next, AB1 = perm[AB_] + z.next;
  const int BA1 = perm[B] + z.next, BB1 = perm[BB_] + z.next;
  return {{perm[AA], perm[BA], perm[AB], perm[BB], perm[AA1], perm[BA1], perm[AB1], perm[BB1]}};
}

template <class real>
inline corners4 improved_corners4(const std::int32_t* perm, const lattice_axis<real>& x,
                                  const lattice_axis<real>& y, const lattice_axis<real>& z,
                                  const lattice_axis<real>& w) {
  const int A = perm[x.cell] + y.cell, AB_ = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB_ = perm[x.next] + y.next;
  const int AA = perm[A] + z.cell, AB = perm[AB_] + z.cell;
  const int BA = perm[B] + z.cell, BB = perm[BB_] + z.cell;
  const int AA1 = perm[A] + z.next, AB1 = perm[AB_] + z.next;
  const int BA1 = perm[B] + z.next, BB1 = perm[BB_] + z.next;
  // Corner (i, j, k) at w.cell hashes perm[..] + w.cell; at w.next, perm[..] + w.next.
  return {{perm[perm[AA] + w.cell], perm[perm[BA] + w.cell], perm[perm[AB] + w.cell],
           perm[perm[BB] + w.cell], perm[perm[AA1] + w.cell], perm[perm[BA1] + w.cell],
           perm[perm[AB1] + w.cell], perm[perm[BB1] + w.cell], perm[perm[AA] + w.next],
           perm[perm[BA] + w.next], perm[perm[AB] + w.next], perm[perm[BB] + w.next],
           perm[perm[AA1] + w.next], perm[perm[BA1] + w.next], perm[perm[AB1] + w.next],
           perm[perm[BB1] + w.next]}};
}

template <class real>
inline real improved_noise1(const std::int32_t* perm, const lattice_axis<real>& x) {
  const real u = fade(x.frac);
  const real x1 = x.frac - real(1);
  return lerp(u, grad1(perm[x.cell], x.frac), grad1(perm[x.next], x1));
}

// Perlin's ImprovedNoise2D: noise3's hashing with Z = 0 and no z interpolation.
template <class real>
inline real improved_noise2(const std::int32_t* perm, const lattice_axis<real>& x,
                            const lattice_axis<real>& y) {
  const corners2 c = improved_corners2(perm, x, y);
  const real u = fade(x.frac), v = fade(y.frac);
  const real x0 = x.frac, y0 = y.frac, zero = real(0);
  const real x1 = x0 - real(1), y1 = y0 - real(1);
  return lerp(v, lerp(u, grad3(c.h[0], x0, y0, zero), grad3(c.h[1], x1, y0, zero)),
              lerp(u, grad3(c.h[2], x0, y1, zero), grad3(c.h[3], x1, y1, zero)));
}

template <class real>
inline real improved_noise3(const std::int32_t* perm, const lattice_axis<real>& x,
                            const lattice_axis<real>& y, const lattice_axis<real>& z) {
  const corners3 c = improved_corners3(perm, x, y, z);
  const real u = fade(x.frac), v = fade(y.frac), w = fade(z.frac);
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1);
  return lerp(w,
              lerp(v, lerp(u, grad3(c.h[0], x0, y0, z0), grad3(c.h[1], x1, y0, z0)),
                   lerp(u, grad3(c.h[2], x0, y1, z0), grad3(c.h[3], x1, y1, z0))),
              lerp(v, lerp(u, grad3(c.h[4], x0, y0, z1), grad3(c.h[5], x1, y0, z1)),
                   lerp(u, grad3(c.h[6], x0, y1, z1), grad3(c.h[7], x1, y1, z1))));
}

// balanced == false is Perlin's ImprovedNoise4D; true swaps in grad4_balanced.
template <class real, bool balanced>
inline real grad4_of(int hash, real x, real y, real z, real w) {
  return balanced ? grad4_balanced(hash, x, y, z, w) : grad4(hash, x, y, z, w);
}

template <class real, bool balanced>
inline real improved_noise4(const std::int32_t* perm, const lattice_axis<real>& x,
                            const lattice_axis<real>& y, const lattice_axis<real>& z,
                            const lattice_axis<real>& w) {
  const corners4 c = improved_corners4(perm, x, y, z, w);
  const auto g = [&c](int i, real a, real b, real cc, real d) {
    return grad4_of<real, balanced>(c.h[i], a, b, cc, d);
  };
  const real a = fade(x.frac), b = fade(y.frac), cz = fade(z.frac), d = fade(w.frac);
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1), w1 = w0 - real(1);
  return lerp(d,
              lerp(cz,
                   lerp(b, lerp(a, g(0, x0, y0, z0, w0), g(1, x1, y0, z0, w0)),
                        lerp(a, g(2, x0, y1, z0, w0), g(3, x1, y1, z0, w0))),
                   lerp(b, lerp(a, g(4, x0, y0, z1, w0), g(5, x1, y0, z1, w0)),
                        lerp(a, g(6, x0, y1, z1, w0), g(7, x1, y1, z1, w0)))),
              lerp(cz,
                   lerp(b, lerp(a, g(8, x0, y0, z0, w1), g(9, x1, y0, z0, w1)),
                        lerp(a, g(10, x0, y1, z0, w1), g(11, x1, y1, z0, w1))),
                   lerp(b, lerp(a, g(12, x0, y0, z1, w1), g(13, x1, y0, z1, w1)),
                        lerp(a, g(14, x0, y1, z1, w1), g(15, x1, y1, z1, w1)))));
}

// --- Gradient forms: the value and its partial derivatives ------------------------------------
// The value part performs exactly the operations of the value form, so it is bit-identical to it.

template <class real>
struct dual {
  real v;
  real d[4];  // d/dx, d/dy, d/dz, d/dw (unused axes 0)
};

// d/dt fade(t) = 30 t^2 (t - 1)^2.
template <class real>
inline real dfade(real t) {
  return t * t * (t * (t * real(30) - real(60)) + real(30));
}

// lerp(t, a, b) where t = fade(frac) of `axis` has derivative dt along that axis only.
template <class real>
inline dual<real> lerp_d(real t, real dt, int axis, const dual<real>& a, const dual<real>& b) {
  const real diff = b.v - a.v;
  dual<real> r;
  r.v = a.v + t * diff;
  for (int i = 0; i < 4; ++i) r.d[i] = a.d[i] + t * (b.d[i] - a.d[i]);
  r.d[axis] = r.d[axis] + dt * diff;
  return r;
}

// A corner's contribution is linear in the offset, so its gradient is the direction itself,
// read back by evaluating the same function at the unit vectors.
template <class real>
inline dual<real> grad1_d(int hash, real x) {
  return {grad1(hash, x), {grad1(hash, real(1)), real(0), real(0), real(0)}};
}

template <class real>
inline dual<real> grad3_d(int hash, real x, real y, real z) {
  const real o = real(1), n = real(0);
  return {grad3(hash, x, y, z),
          {grad3(hash, o, n, n), grad3(hash, n, o, n), grad3(hash, n, n, o), n}};
}

template <class real, bool balanced>
inline dual<real> grad4_d(int hash, real x, real y, real z, real w) {
  const real o = real(1), n = real(0);
  return {grad4_of<real, balanced>(hash, x, y, z, w),
          {grad4_of<real, balanced>(hash, o, n, n, n), grad4_of<real, balanced>(hash, n, o, n, n),
           grad4_of<real, balanced>(hash, n, n, o, n), grad4_of<real, balanced>(hash, n, n, n, o)}};
}

template <class real>
inline dual<real> improved_noise1_d(const std::int32_t* perm, const lattice_axis<real>& x) {
  const real u = fade(x.frac), du = dfade(x.frac);
  const real x1 = x.frac - real(1);
  return lerp_d(u, du, 0, grad1_d(perm[x.cell], x.frac), grad1_d(perm[x.next], x1));
}

template <class real>
inline dual<real> improved_noise2_d(const std::int32_t* perm, const lattice_axis<real>& x,
                                    const lattice_axis<real>& y) {
  const corners2 c = improved_corners2(perm, x, y);
  const real u = fade(x.frac), v = fade(y.frac), du = dfade(x.frac), dv = dfade(y.frac);
  const real x0 = x.frac, y0 = y.frac, zero = real(0);
  const real x1 = x0 - real(1), y1 = y0 - real(1);
  return lerp_d(v, dv, 1,
                lerp_d(u, du, 0, grad3_d(c.h[0], x0, y0, zero), grad3_d(c.h[1], x1, y0, zero)),
                lerp_d(u, du, 0, grad3_d(c.h[2], x0, y1, zero), grad3_d(c.h[3], x1, y1, zero)));
}

template <class real>
inline dual<real> improved_noise3_d(const std::int32_t* perm, const lattice_axis<real>& x,
                                    const lattice_axis<real>& y, const lattice_axis<real>& z) {
  const corners3 c = improved_corners3(perm, x, y, z);
  const real u = fade(x.frac), v = fade(y.frac), w = fade(z.frac);
  const real du = dfade(x.frac), dv = dfade(y.frac), dw = dfade(z.frac);
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1);
  const auto along_x = [&](int i, real yy, real zz) {
    return lerp_d(u, du, 0, grad3_d(c.h[i], x0, yy, zz), grad3_d(c.h[i + 1], x1, yy, zz));
  };
  return lerp_d(w, dw, 2, lerp_d(v, dv, 1, along_x(0, y0, z0), along_x(2, y1, z0)),
                lerp_d(v, dv, 1, along_x(4, y0, z1), along_x(6, y1, z1)));
}

template <class real, bool balanced>
inline dual<real> improved_noise4_d(const std::int32_t* perm, const lattice_axis<real>& x,
                                    const lattice_axis<real>& y, const lattice_axis<real>& z,
                                    const lattice_axis<real>& w) {
  const corners4 c = improved_corners4(perm, x, y, z, w);
  const real a = fade(x.frac), b = fade(y.frac), cz = fade(z.frac), d = fade(w.frac);
  const real da = dfade(x.frac), db = dfade(y.frac), dc = dfade(z.frac), dd = dfade(w.frac);
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1), w1 = w0 - real(1);
  const auto along_x = [&](int i, real yy, real zz, real ww) {
    return lerp_d(a, da, 0, grad4_d<real, balanced>(c.h[i], x0, yy, zz, ww),
                  grad4_d<real, balanced>(c.h[i + 1], x1, yy, zz, ww));
  };
  const auto cube = [&](int i, real ww) {
    return lerp_d(cz, dc, 2, lerp_d(b, db, 1, along_x(i, y0, z0, ww), along_x(i + 2, y1, z0, ww)),
                  lerp_d(b, db, 1, along_x(i + 4, y0, z1, ww), along_x(i + 6, y1, z1, ww)));
  };
  return lerp_d(d, dd, 3, cube(0, w0), cube(8, w1));
}

}  // namespace vknoise::detail
