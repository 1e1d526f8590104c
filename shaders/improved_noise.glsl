// Perlin's Improved Noise in float, the twin of src/core/improved_noise.hpp: the same functions in
// the same order under the same names. Every value is `precise` (SPIR-V NoContraction) so that no
// driver fuses a multiply and an add: with that, the result is bit-identical to the C++ float
// mirror. Requires perm(i) (permutation.glsl) before inclusion.

struct lattice_coord {
  int cell;  // [0, 255]
  float frac;  // [0, 1)
};

float fade(float t) {
  precise float r = t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
  return r;
}

float lerp(float t, float a, float b) {
  precise float r = a + t * (b - a);
  return r;
}

// 12 edge directions of the cube (plus 4 repeats), chosen by the low 4 bits of the hash.
float grad3(int hash, float x, float y, float z) {
  int h = hash & 15;
  float u = h < 8 ? x : y;
  float v = h < 4 ? y : (h == 12 || h == 14) ? x : z;
  precise float r = ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
  return r;
}

// Perlin's published 4D selection, literally: h >> 3 picks the three axes, and case 0 repeats
// case 3 (y, z, w).
float grad4(int hash, float x, float y, float z, float w) {
  int h = hash & 31;
  float a = y, b = z, c = w;
  switch (h >> 3) {
    case 1: a = w; b = x; c = y; break;
    case 2: a = z; b = w; c = x; break;
    case 3: a = y; b = z; c = w; break;
  }
  precise float r = ((h & 4) == 0 ? -a : a) + ((h & 2) == 0 ? -b : b) + ((h & 1) == 0 ? -c : c);
  return r;
}

float improved_noise3(int X, int Y, int Z, float x, float y, float z) {
  float u = fade(x), v = fade(y), w = fade(z);
  int A = perm(X) + Y, AA = perm(A) + Z, AB = perm(A + 1) + Z;
  int B = perm(X + 1) + Y, BA = perm(B) + Z, BB = perm(B + 1) + Z;
  precise float x1 = x - 1.0, y1 = y - 1.0, z1 = z - 1.0;
  return lerp(w,
              lerp(v, lerp(u, grad3(perm(AA), x, y, z), grad3(perm(BA), x1, y, z)),
                   lerp(u, grad3(perm(AB), x, y1, z), grad3(perm(BB), x1, y1, z))),
              lerp(v,
                   lerp(u, grad3(perm(AA + 1), x, y, z1), grad3(perm(BA + 1), x1, y, z1)),
                   lerp(u, grad3(perm(AB + 1), x, y1, z1), grad3(perm(BB + 1), x1, y1, z1))));
}

float improved_noise4(int X, int Y, int Z, int W, float x, float y, float z, float w) {
  float a = fade(x), b = fade(y), c = fade(z), d = fade(w);
  int A = perm(X) + Y, AA = perm(A) + Z, AB = perm(A + 1) + Z;
  int B = perm(X + 1) + Y, BA = perm(B) + Z, BB = perm(B + 1) + Z;
  int AAA = perm(AA) + W, AAB = perm(AA + 1) + W, ABA = perm(AB) + W, ABB = perm(AB + 1) + W;
  int BAA = perm(BA) + W, BAB = perm(BA + 1) + W, BBA = perm(BB) + W, BBB = perm(BB + 1) + W;
  precise float x1 = x - 1.0, y1 = y - 1.0, z1 = z - 1.0, w1 = w - 1.0;
  return lerp(
      d,
      lerp(c,
           lerp(b, lerp(a, grad4(perm(AAA), x, y, z, w), grad4(perm(BAA), x1, y, z, w)),
                lerp(a, grad4(perm(ABA), x, y1, z, w), grad4(perm(BBA), x1, y1, z, w))),
           lerp(b, lerp(a, grad4(perm(AAB), x, y, z1, w), grad4(perm(BAB), x1, y, z1, w)),
                lerp(a, grad4(perm(ABB), x, y1, z1, w), grad4(perm(BBB), x1, y1, z1, w)))),
      lerp(c,
           lerp(b, lerp(a, grad4(perm(AAA + 1), x, y, z, w1), grad4(perm(BAA + 1), x1, y, z, w1)),
                lerp(a, grad4(perm(ABA + 1), x, y1, z, w1), grad4(perm(BBA + 1), x1, y1, z, w1))),
           lerp(b, lerp(a, grad4(perm(AAB + 1), x, y, z1, w1), grad4(perm(BAB + 1), x1, y, z1, w1)),
                lerp(a, grad4(perm(ABB + 1), x, y1, z1, w1), grad4(perm(BBB + 1), x1, y1, z1, w1)))));
}

float improved_noise(int dims, lattice_coord x, lattice_coord y, lattice_coord z, lattice_coord w) {
  if (dims == 4) {
    return improved_noise4(x.cell, y.cell, z.cell, w.cell, x.frac, y.frac, z.frac, w.frac);
  }
  return improved_noise3(x.cell, y.cell, z.cell, x.frac, y.frac, z.frac);
}
