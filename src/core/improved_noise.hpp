// Perlin's Improved Noise, written once for both precisions: real = double is the reference (same
// operations as Perlin's Java), real = float is the mirror of shaders/improved_noise.glsl.
// The functions below and their GLSL twins come in the same order under the same names; review
// them side by side. Inputs are the lattice cell (already & 255) and the fraction in [0, 1] of
// each axis; perm is the permutation doubled to 512 entries.
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits.
#pragma once

#include <cstdint>

namespace vknoise::detail {

template <class real>
inline real fade(real t) {
  return t * t * t * (t * (t * real(6) - real(15)) + real(10));
}

template <class real>
inline real lerp(real t, real a, real b) {
  return a + t * (b - a);
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

template <class real>
inline real improved_noise3(const std::int32_t* perm, int X, int Y, int Z, real x, real y, real z) {
  const real u = fade(x), v = fade(y), w = fade(z);
  const int A = perm[X] + Y, AA = perm[A] + Z, AB = perm[A + 1] + Z;
  const int B = perm[X + 1] + Y, BA = perm[B] + Z, BB = perm[B + 1] + Z;
  const real one = real(1);
  const real x1 = x - one, y1 = y - one, z1 = z - one;
  return lerp(w,
              lerp(v, lerp(u, grad3(perm[AA], x, y, z), grad3(perm[BA], x1, y, z)),
                   lerp(u, grad3(perm[AB], x, y1, z), grad3(perm[BB], x1, y1, z))),
              lerp(v, lerp(u, grad3(perm[AA + 1], x, y, z1), grad3(perm[BA + 1], x1, y, z1)),
                   lerp(u, grad3(perm[AB + 1], x, y1, z1), grad3(perm[BB + 1], x1, y1, z1))));
}

template <class real>
inline real improved_noise4(const std::int32_t* perm, int X, int Y, int Z, int W, real x, real y,
                            real z, real w) {
  const real a = fade(x), b = fade(y), c = fade(z), d = fade(w);
  const int A = perm[X] + Y, AA = perm[A] + Z, AB = perm[A + 1] + Z;
  const int B = perm[X + 1] + Y, BA = perm[B] + Z, BB = perm[B + 1] + Z;
  const int AAA = perm[AA] + W, AAB = perm[AA + 1] + W, ABA = perm[AB] + W, ABB = perm[AB + 1] + W;
  const int BAA = perm[BA] + W, BAB = perm[BA + 1] + W, BBA = perm[BB] + W, BBB = perm[BB + 1] + W;
  const real one = real(1);
  const real x1 = x - one, y1 = y - one, z1 = z - one, w1 = w - one;
  return lerp(
      d,
      lerp(c,
           lerp(b, lerp(a, grad4(perm[AAA], x, y, z, w), grad4(perm[BAA], x1, y, z, w)),
                lerp(a, grad4(perm[ABA], x, y1, z, w), grad4(perm[BBA], x1, y1, z, w))),
           lerp(b, lerp(a, grad4(perm[AAB], x, y, z1, w), grad4(perm[BAB], x1, y, z1, w)),
                lerp(a, grad4(perm[ABB], x, y1, z1, w), grad4(perm[BBB], x1, y1, z1, w)))),
      lerp(c,
           lerp(b, lerp(a, grad4(perm[AAA + 1], x, y, z, w1), grad4(perm[BAA + 1], x1, y, z, w1)),
                lerp(a, grad4(perm[ABA + 1], x, y1, z, w1), grad4(perm[BBA + 1], x1, y1, z, w1))),
           lerp(b, lerp(a, grad4(perm[AAB + 1], x, y, z1, w1), grad4(perm[BAB + 1], x1, y, z1, w1)),
                lerp(a, grad4(perm[ABB + 1], x, y1, z1, w1),
                     grad4(perm[BBB + 1], x1, y1, z1, w1)))));
}

}  // namespace vknoise::detail
