// Perlin's Improved Noise, written once for both precisions: real = double is the reference (the
// same floating-point operations as Perlin's Java), real = float is the mirror of
// shaders/improved_noise.glsl. The functions below and their GLSL twins come in the same order
// under the same names; review them side by side.
//
// Each axis arrives as a lattice_axis: its cell and neighbour cells, already wrapped modulo the
// axis's period and reduced to table indices, and the fraction in [0, 1]. Perlin indexes the
// next cell as X+1 and the next hash as A+1; here they are x.next and perm[..] + y.next. For the
// natural period 256 the doubled table makes these the same entries, so noise3 and noise4 stay
// bit-identical to the Java reference, and a smaller period only changes which cells are named.
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits.
#pragma once

#include <cstdint>

namespace vknoise::detail {

template <class real>
struct lattice_axis {
  int cell, next, prev, next2;
  real frac;
};

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
  const real u = fade(x.frac), v = fade(y.frac);
  const int A = perm[x.cell] + y.cell, AB = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB = perm[x.next] + y.next;
  const real x0 = x.frac, y0 = y.frac, zero = real(0);
  const real x1 = x0 - real(1), y1 = y0 - real(1);
  return lerp(v, lerp(u, grad3(perm[perm[A]], x0, y0, zero), grad3(perm[perm[B]], x1, y0, zero)),
              lerp(u, grad3(perm[perm[AB]], x0, y1, zero), grad3(perm[perm[BB]], x1, y1, zero)));
}

template <class real>
inline real improved_noise3(const std::int32_t* perm, const lattice_axis<real>& x,
                            const lattice_axis<real>& y, const lattice_axis<real>& z) {
  const real u = fade(x.frac), v = fade(y.frac), w = fade(z.frac);
  const int A = perm[x.cell] + y.cell, AB_ = perm[x.cell] + y.next;
  const int B = perm[x.next] + y.cell, BB_ = perm[x.next] + y.next;
  const int AA = perm[A] + z.cell, AB = perm[AB_] + z.cell;
  const int BA = perm[B] + z.cell, BB = perm[BB_] + z.cell;
  const int AA1 = perm[A] + z.next, AB1 = perm[AB_] + z.next;
  const int BA1 = perm[B] + z.next, BB1 = perm[BB_] + z.next;
  const real x0 = x.frac, y0 = y.frac, z0 = z.frac;
  const real x1 = x0 - real(1), y1 = y0 - real(1), z1 = z0 - real(1);
  return lerp(w,
              lerp(v, lerp(u, grad3(perm[AA], x0, y0, z0), grad3(perm[BA], x1, y0, z0)),
                   lerp(u, grad3(perm[AB], x0, y1, z0), grad3(perm[BB], x1, y1, z0))),
              lerp(v, lerp(u, grad3(perm[AA1], x0, y0, z1), grad3(perm[BA1], x1, y0, z1)),
                   lerp(u, grad3(perm[AB1], x0, y1, z1), grad3(perm[BB1], x1, y1, z1))));
}

// balanced == false is Perlin's ImprovedNoise4D; true swaps in grad4_balanced.
template <class real, bool balanced>
inline real improved_noise4(const std::int32_t* perm, const lattice_axis<real>& x,
                            const lattice_axis<real>& y, const lattice_axis<real>& z,
                            const lattice_axis<real>& w) {
  const auto grad = [](int hash, real a, real b, real c, real d) {
    return balanced ? grad4_balanced(hash, a, b, c, d) : grad4(hash, a, b, c, d);
  };
  const real a = fade(x.frac), b = fade(y.frac), c = fade(z.frac), d = fade(w.frac);
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
  return lerp(
      d,
      lerp(c,
           lerp(b, lerp(a, grad(perm[AAA], x0, y0, z0, w0), grad(perm[BAA], x1, y0, z0, w0)),
                lerp(a, grad(perm[ABA], x0, y1, z0, w0), grad(perm[BBA], x1, y1, z0, w0))),
           lerp(b, lerp(a, grad(perm[AAB], x0, y0, z1, w0), grad(perm[BAB], x1, y0, z1, w0)),
                lerp(a, grad(perm[ABB], x0, y1, z1, w0), grad(perm[BBB], x1, y1, z1, w0)))),
      lerp(c,
           lerp(b, lerp(a, grad(perm[AAA1], x0, y0, z0, w1), grad(perm[BAA1], x1, y0, z0, w1)),
                lerp(a, grad(perm[ABA1], x0, y1, z0, w1), grad(perm[BBA1], x1, y1, z0, w1))),
           lerp(b, lerp(a, grad(perm[AAB1], x0, y0, z1, w1), grad(perm[BAB1], x1, y0, z1, w1)),
                lerp(a, grad(perm[ABB1], x0, y1, z1, w1), grad(perm[BBB1], x1, y1, z1, w1)))));
}

}  // namespace vknoise::detail
