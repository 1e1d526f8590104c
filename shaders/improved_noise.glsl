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

// An axis of a basis that reads its coordinate whole (simplex and flow noise): the position itself
// in frac, no cells (whole_axis in src/core/lattice.hpp).
lattice_axis whole_axis(float x) {
  return lattice_axis(0, 0, 0, 0, x);
}

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

// The gradient hashes of a cell's corners, x fastest: corner i has offset
// (i & 1, (i >> 1) & 1, (i >> 2) & 1, (i >> 3) & 1); h[0..3] in q0, h[4..7] in q1, and so on.
struct corners2 {
  ivec4 q0;
};
struct corners3 {
  ivec4 q0, q1;
};
struct corners4 {
  ivec4 q0, q1, q2, q3;
};

// Perlin's ImprovedNoise2D hashing: noise3's with Z = 0 (perm[A] + 0 is perm[A]).
corners2 improved_corners2(lattice_axis x, lattice_axis y) {
  int A = perm(x.cell) + y.cell, AB = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB = perm(x.next) + y.next;
  return corners2(ivec4(perm(perm(A)), perm(perm(B)), perm(perm(AB)), perm(perm(BB))));
}

corners3 improved_corners3(lattice_axis x, lattice_axis y, lattice_axis z) {
  int A = perm(x.cell) + y.cell, AB_ = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB_ = perm(x.next) + y.next;
  int AA = perm(A) + z.cell, AB = perm(AB_) + z.cell;
  int BA = perm(B) + z.cell, BB = perm(BB_) + z.cell;
  int AA1 = perm(A) + z.next, AB1 = perm(AB_) + z.next;
  int BA1 = perm(B) + z.next, BB1 = perm(BB_) + z.next;
  return corners3(ivec4(perm(AA), perm(BA), perm(AB), perm(BB)),
                  ivec4(perm(AA1), perm(BA1), perm(AB1), perm(BB1)));
}

corners4 improved_corners4(lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w) {
  int A = perm(x.cell) + y.cell, AB_ = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB_ = perm(x.next) + y.next;
  int AA = perm(A) + z.cell, AB = perm(AB_) + z.cell;
  int BA = perm(B) + z.cell, BB = perm(BB_) + z.cell;
  int AA1 = perm(A) + z.next, AB1 = perm(AB_) + z.next;
  int BA1 = perm(B) + z.next, BB1 = perm(BB_) + z.next;
  // Corner (i, j, k) at w.cell hashes perm[..] + w.cell; at w.next, perm[..] + w.next.
  ivec4 low = ivec4(perm(AA), perm(BA), perm(AB), perm(BB));
  ivec4 high = ivec4(perm(AA1), perm(BA1), perm(AB1), perm(BB1));
  return corners4(
      ivec4(perm(low.x + w.cell), perm(low.y + w.cell), perm(low.z + w.cell), perm(low.w + w.cell)),
      ivec4(perm(high.x + w.cell), perm(high.y + w.cell), perm(high.z + w.cell), perm(high.w + w.cell)),
      ivec4(perm(low.x + w.next), perm(low.y + w.next), perm(low.z + w.next), perm(low.w + w.next)),
      ivec4(perm(high.x + w.next), perm(high.y + w.next), perm(high.z + w.next), perm(high.w + w.next)));
}

float improved_noise1(lattice_axis x) {
  float u = fade(x.frac);
  precise float x1 = x.frac - 1.0;
  return lerp(u, grad1(perm(x.cell), x.frac), grad1(perm(x.next), x1));
}

// Perlin's ImprovedNoise2D: noise3's hashing with Z = 0 and no z interpolation.
float improved_noise2(lattice_axis x, lattice_axis y) {
  corners2 c = improved_corners2(x, y);
  float u = fade(x.frac), v = fade(y.frac);
  float x0 = x.frac, y0 = y.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0;
  return lerp(v, lerp(u, grad3(c.q0.x, x0, y0, 0.0), grad3(c.q0.y, x1, y0, 0.0)),
              lerp(u, grad3(c.q0.z, x0, y1, 0.0), grad3(c.q0.w, x1, y1, 0.0)));
}

float improved_noise3(lattice_axis x, lattice_axis y, lattice_axis z) {
  corners3 c = improved_corners3(x, y, z);
  float u = fade(x.frac), v = fade(y.frac), w = fade(z.frac);
  float x0 = x.frac, y0 = y.frac, z0 = z.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0;
  return lerp(w,
              lerp(v, lerp(u, grad3(c.q0.x, x0, y0, z0), grad3(c.q0.y, x1, y0, z0)),
                   lerp(u, grad3(c.q0.z, x0, y1, z0), grad3(c.q0.w, x1, y1, z0))),
              lerp(v, lerp(u, grad3(c.q1.x, x0, y0, z1), grad3(c.q1.y, x1, y0, z1)),
                   lerp(u, grad3(c.q1.z, x0, y1, z1), grad3(c.q1.w, x1, y1, z1))));
}

// balanced == false is Perlin's ImprovedNoise4D; true swaps in grad4_balanced.
float grad4_of(bool balanced, int hash, float x, float y, float z, float w) {
  return balanced ? grad4_balanced(hash, x, y, z, w) : grad4(hash, x, y, z, w);
}

float improved_noise4(bool balanced, lattice_axis x, lattice_axis y, lattice_axis z,
                      lattice_axis w) {
  corners4 c = improved_corners4(x, y, z, w);
  float a = fade(x.frac), b = fade(y.frac), cz = fade(z.frac), d = fade(w.frac);
  float x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0, w1 = w0 - 1.0;
  bool q = balanced;
  return lerp(d,
              lerp(cz,
                   lerp(b, lerp(a, grad4_of(q, c.q0.x, x0, y0, z0, w0), grad4_of(q, c.q0.y, x1, y0, z0, w0)),
                        lerp(a, grad4_of(q, c.q0.z, x0, y1, z0, w0), grad4_of(q, c.q0.w, x1, y1, z0, w0))),
                   lerp(b, lerp(a, grad4_of(q, c.q1.x, x0, y0, z1, w0), grad4_of(q, c.q1.y, x1, y0, z1, w0)),
                        lerp(a, grad4_of(q, c.q1.z, x0, y1, z1, w0), grad4_of(q, c.q1.w, x1, y1, z1, w0)))),
              lerp(cz,
                   lerp(b, lerp(a, grad4_of(q, c.q2.x, x0, y0, z0, w1), grad4_of(q, c.q2.y, x1, y0, z0, w1)),
                        lerp(a, grad4_of(q, c.q2.z, x0, y1, z0, w1), grad4_of(q, c.q2.w, x1, y1, z0, w1))),
                   lerp(b, lerp(a, grad4_of(q, c.q3.x, x0, y0, z1, w1), grad4_of(q, c.q3.y, x1, y0, z1, w1)),
                        lerp(a, grad4_of(q, c.q3.z, x0, y1, z1, w1), grad4_of(q, c.q3.w, x1, y1, z1, w1)))));
}

// --- Gradient forms: the value and its partial derivatives ------------------------------------
// The value part performs exactly the operations of the value form, so it is bit-identical to it.

struct dual {
  float v;
  vec4 d;  // d/dx, d/dy, d/dz, d/dw (unused axes 0)
};

// d/dt fade(t) = 30 t^2 (t - 1)^2.
float dfade(float t) {
  precise float r = t * t * (t * (t * 30.0 - 60.0) + 30.0);
  return r;
}

// lerp(t, a, b) where t = fade(frac) of `axis` has derivative dt along that axis only.
dual lerp_d(float t, float dt, int axis, dual a, dual b) {
  precise float diff = b.v - a.v;
  precise float v = a.v + t * diff;
  precise vec4 d = a.d + t * (b.d - a.d);
  precise float along = d[axis] + dt * diff;
  d[axis] = along;
  return dual(v, d);
}

// A corner's contribution is linear in the offset, so its gradient is the direction itself,
// read back by evaluating the same function at the unit vectors.
dual grad1_d(int hash, float x) { return dual(grad1(hash, x), vec4(grad1(hash, 1.0), 0.0, 0.0, 0.0)); }

dual grad3_d(int hash, float x, float y, float z) {
  return dual(grad3(hash, x, y, z),
              vec4(grad3(hash, 1.0, 0.0, 0.0), grad3(hash, 0.0, 1.0, 0.0), grad3(hash, 0.0, 0.0, 1.0), 0.0));
}

dual grad4_d(bool balanced, int hash, float x, float y, float z, float w) {
  return dual(grad4_of(balanced, hash, x, y, z, w),
              vec4(grad4_of(balanced, hash, 1.0, 0.0, 0.0, 0.0), grad4_of(balanced, hash, 0.0, 1.0, 0.0, 0.0),
                   grad4_of(balanced, hash, 0.0, 0.0, 1.0, 0.0), grad4_of(balanced, hash, 0.0, 0.0, 0.0, 1.0)));
}

dual improved_noise1_d(lattice_axis x) {
  float u = fade(x.frac), du = dfade(x.frac);
  precise float x1 = x.frac - 1.0;
  return lerp_d(u, du, 0, grad1_d(perm(x.cell), x.frac), grad1_d(perm(x.next), x1));
}

dual improved_noise2_d(lattice_axis x, lattice_axis y) {
  corners2 c = improved_corners2(x, y);
  float u = fade(x.frac), v = fade(y.frac), du = dfade(x.frac), dv = dfade(y.frac);
  float x0 = x.frac, y0 = y.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0;
  return lerp_d(v, dv, 1,
                lerp_d(u, du, 0, grad3_d(c.q0.x, x0, y0, 0.0), grad3_d(c.q0.y, x1, y0, 0.0)),
                lerp_d(u, du, 0, grad3_d(c.q0.z, x0, y1, 0.0), grad3_d(c.q0.w, x1, y1, 0.0)));
}

dual improved_noise3_d(lattice_axis x, lattice_axis y, lattice_axis z) {
  corners3 c = improved_corners3(x, y, z);
  float u = fade(x.frac), v = fade(y.frac), w = fade(z.frac);
  float du = dfade(x.frac), dv = dfade(y.frac), dw = dfade(z.frac);
  float x0 = x.frac, y0 = y.frac, z0 = z.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0;
  return lerp_d(w, dw, 2,
                lerp_d(v, dv, 1,
                       lerp_d(u, du, 0, grad3_d(c.q0.x, x0, y0, z0), grad3_d(c.q0.y, x1, y0, z0)),
                       lerp_d(u, du, 0, grad3_d(c.q0.z, x0, y1, z0), grad3_d(c.q0.w, x1, y1, z0))),
                lerp_d(v, dv, 1,
                       lerp_d(u, du, 0, grad3_d(c.q1.x, x0, y0, z1), grad3_d(c.q1.y, x1, y0, z1)),
                       lerp_d(u, du, 0, grad3_d(c.q1.z, x0, y1, z1), grad3_d(c.q1.w, x1, y1, z1))));
}

// One w-slice (corners q0/q1 or q2/q3) of improved_noise4_d.
dual improved_cube4_d(bool q, ivec4 lo, ivec4 hi, float a, float da, float b, float db, float cz,
                      float dc, float x0, float x1, float y0, float y1, float z0, float z1,
                      float ww) {
  return lerp_d(cz, dc, 2,
                lerp_d(b, db, 1,
                       lerp_d(a, da, 0, grad4_d(q, lo.x, x0, y0, z0, ww), grad4_d(q, lo.y, x1, y0, z0, ww)),
                       lerp_d(a, da, 0, grad4_d(q, lo.z, x0, y1, z0, ww), grad4_d(q, lo.w, x1, y1, z0, ww))),
                lerp_d(b, db, 1,
                       lerp_d(a, da, 0, grad4_d(q, hi.x, x0, y0, z1, ww), grad4_d(q, hi.y, x1, y0, z1, ww)),
                       lerp_d(a, da, 0, grad4_d(q, hi.z, x0, y1, z1, ww), grad4_d(q, hi.w, x1, y1, z1, ww))));
}

dual improved_noise4_d(bool balanced, lattice_axis x, lattice_axis y, lattice_axis z,
                       lattice_axis w) {
  corners4 c = improved_corners4(x, y, z, w);
  float a = fade(x.frac), b = fade(y.frac), cz = fade(z.frac), d = fade(w.frac);
  float da = dfade(x.frac), db = dfade(y.frac), dc = dfade(z.frac), dd = dfade(w.frac);
  float x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0, w1 = w0 - 1.0;
  return lerp_d(d, dd, 3,
                improved_cube4_d(balanced, c.q0, c.q1, a, da, b, db, cz, dc, x0, x1, y0, y1, z0, z1, w0),
                improved_cube4_d(balanced, c.q2, c.q3, a, da, b, db, cz, dc, x0, x1, y0, y1, z0, z1, w1));
}
