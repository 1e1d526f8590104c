// Perlin's Improved Noise in float, the twin of src/core/improved_noise.hpp: the same functions in
// the same order under the same names. Every floating-point value is `precise` (SPIR-V
// NoContraction) so that no driver fuses a multiply and an add: with that, the result is
// bit-identical to the C++ float mirror. Requires perm(i) (permutation.glsl) before inclusion.

// As the host stores it (vknoise::lattice_coord): four table indices in one uint (cell, next,
// prev, next2 from the low byte up), then the fraction.
struct lattice_coord {
  uint cells;
  float frac;
};

struct lattice_axis {
  int cell, next, prev, next2;
  float frac;
};

lattice_axis decode(lattice_coord c) {
  return lattice_axis(int(c.cells & 255u), int((c.cells >> 8) & 255u), int((c.cells >> 16) & 255u),
                      int(c.cells >> 24), c.frac);
}

float fade(float t) {
  precise float r = t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
  return r;
}

float lerp(float t, float a, float b) {
  precise float r = a + t * (b - a);
  return r;
}

// The two 1D directions +-1, chosen by the low bit of the hash.
float grad1(int hash, float x) { return (hash & 1) == 0 ? x : -x; }

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

// Balanced 4D: h >> 3 names the axis left out (x, y, z, w).
float grad4_balanced(int hash, float x, float y, float z, float w) {
  int h = hash & 31;
  float a = y, b = z, c = w;
  switch (h >> 3) {
    case 1: a = x; b = z; c = w; break;
    case 2: a = x; b = y; c = w; break;
    case 3: a = x; b = y; c = z; break;
  }
  precise float r = ((h & 4) == 0 ? -a : a) + ((h & 2) == 0 ? -b : b) + ((h & 1) == 0 ? -c : c);
  return r;
}

float improved_noise1(lattice_axis x) {
  float u = fade(x.frac);
  precise float x1 = x.frac - 1.0;
  return lerp(u, grad1(perm(x.cell), x.frac), grad1(perm(x.next), x1));
}

// Perlin's ImprovedNoise2D: noise3's hashing with Z = 0 and no z interpolation.
float improved_noise2(lattice_axis x, lattice_axis y) {
  float u = fade(x.frac), v = fade(y.frac);
  int A = perm(x.cell) + y.cell, AB = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB = perm(x.next) + y.next;
  float x0 = x.frac, y0 = y.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0;
  return lerp(v, lerp(u, grad3(perm(perm(A)), x0, y0, 0.0), grad3(perm(perm(B)), x1, y0, 0.0)),
              lerp(u, grad3(perm(perm(AB)), x0, y1, 0.0), grad3(perm(perm(BB)), x1, y1, 0.0)));
}

float improved_noise3(lattice_axis x, lattice_axis y, lattice_axis z) {
  float u = fade(x.frac), v = fade(y.frac), w = fade(z.frac);
  int A = perm(x.cell) + y.cell, AB_ = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB_ = perm(x.next) + y.next;
  int AA = perm(A) + z.cell, AB = perm(AB_) + z.cell;
  int BA = perm(B) + z.cell, BB = perm(BB_) + z.cell;
  int AA1 = perm(A) + z.next, AB1 = perm(AB_) + z.next;
  int BA1 = perm(B) + z.next, BB1 = perm(BB_) + z.next;
  float x0 = x.frac, y0 = y.frac, z0 = z.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0;
  return lerp(w,
              lerp(v, lerp(u, grad3(perm(AA), x0, y0, z0), grad3(perm(BA), x1, y0, z0)),
                   lerp(u, grad3(perm(AB), x0, y1, z0), grad3(perm(BB), x1, y1, z0))),
              lerp(v, lerp(u, grad3(perm(AA1), x0, y0, z1), grad3(perm(BA1), x1, y0, z1)),
                   lerp(u, grad3(perm(AB1), x0, y1, z1), grad3(perm(BB1), x1, y1, z1))));
}

// balanced == false is Perlin's ImprovedNoise4D; true swaps in grad4_balanced.
float grad4_of(bool balanced, int hash, float x, float y, float z, float w) {
  return balanced ? grad4_balanced(hash, x, y, z, w) : grad4(hash, x, y, z, w);
}

float improved_noise4(bool balanced, lattice_axis x, lattice_axis y, lattice_axis z,
                      lattice_axis w) {
  float a = fade(x.frac), b = fade(y.frac), c = fade(z.frac), d = fade(w.frac);
  int A = perm(x.cell) + y.cell, AB_ = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB_ = perm(x.next) + y.next;
  int AA = perm(A) + z.cell, AB = perm(AB_) + z.cell;
  int BA = perm(B) + z.cell, BB = perm(BB_) + z.cell;
  int AA1 = perm(A) + z.next, AB1 = perm(AB_) + z.next;
  int BA1 = perm(B) + z.next, BB1 = perm(BB_) + z.next;
  int AAA = perm(AA) + w.cell, AAB = perm(AA1) + w.cell;
  int ABA = perm(AB) + w.cell, ABB = perm(AB1) + w.cell;
  int BAA = perm(BA) + w.cell, BAB = perm(BA1) + w.cell;
  int BBA = perm(BB) + w.cell, BBB = perm(BB1) + w.cell;
  int AAA1 = perm(AA) + w.next, AAB1 = perm(AA1) + w.next;
  int ABA1 = perm(AB) + w.next, ABB1 = perm(AB1) + w.next;
  int BAA1 = perm(BA) + w.next, BAB1 = perm(BA1) + w.next;
  int BBA1 = perm(BB) + w.next, BBB1 = perm(BB1) + w.next;
  float x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0, w1 = w0 - 1.0;
  bool q = balanced;
  return lerp(
      d,
      lerp(c,
           lerp(b, lerp(a, grad4_of(q, perm(AAA), x0, y0, z0, w0), grad4_of(q, perm(BAA), x1, y0, z0, w0)),
                lerp(a, grad4_of(q, perm(ABA), x0, y1, z0, w0), grad4_of(q, perm(BBA), x1, y1, z0, w0))),
           lerp(b, lerp(a, grad4_of(q, perm(AAB), x0, y0, z1, w0), grad4_of(q, perm(BAB), x1, y0, z1, w0)),
                lerp(a, grad4_of(q, perm(ABB), x0, y1, z1, w0), grad4_of(q, perm(BBB), x1, y1, z1, w0)))),
      lerp(c,
           lerp(b, lerp(a, grad4_of(q, perm(AAA1), x0, y0, z0, w1), grad4_of(q, perm(BAA1), x1, y0, z0, w1)),
                lerp(a, grad4_of(q, perm(ABA1), x0, y1, z0, w1), grad4_of(q, perm(BBA1), x1, y1, z0, w1))),
           lerp(b, lerp(a, grad4_of(q, perm(AAB1), x0, y0, z1, w1), grad4_of(q, perm(BAB1), x1, y0, z1, w1)),
                lerp(a, grad4_of(q, perm(ABB1), x0, y1, z1, w1), grad4_of(q, perm(BBB1), x1, y1, z1, w1)))));
}
