// Perlin's classic gradient noise (1985) in float, the twin of src/core/classic_noise.hpp: the
// same functions in the same order under the same names (see there for the why of each). Every
// floating-point value computed here is `precise` (SPIR-V NoContraction) so that no driver fuses
// a multiply and an add: with that, the result is bit-identical to the C++ float mirror.
//
// Requires, before inclusion: perm(i) (permutation.glsl), lattice_axis and lerp
// (improved_noise.glsl), and the function
//   vec4 classic_gradient(int index)
// defined by the including kernel: gradient `index` (0..255) of the table of the noise's
// dimension, i.e. vknoise::classic_gradients::float_table(dims) elements 4 * index .. 4 * index + 3
// (components beyond the dimension are 0). The kernel chooses where the table lives (storage or
// uniform buffer, one table per dimension or one selected per pipeline).

// Perlin's s_curve, evaluated as (t * t) * (3 - (2 * t)).
float scurve(float t) {
  precise float r = t * t * (3.0 - 2.0 * t);
  return r;
}

// Gradient (hash & 255) dotted with the corner-to-point vector, the products added left to right.
float classic_grad1(int hash, float x) {
  vec4 g = classic_gradient(hash & 255);
  precise float r = x * g.x;
  return r;
}

float classic_grad2(int hash, float x, float y) {
  vec4 g = classic_gradient(hash & 255);
  precise float r = x * g.x + y * g.y;
  return r;
}

float classic_grad3(int hash, float x, float y, float z) {
  vec4 g = classic_gradient(hash & 255);
  precise float r = x * g.x + y * g.y + z * g.z;
  return r;
}

float classic_grad4(int hash, float x, float y, float z, float w) {
  vec4 g = classic_gradient(hash & 255);
  precise float r = x * g.x + y * g.y + z * g.z + w * g.w;
  return r;
}

// Perlin's noise1: the slopes at both ends, blended.
float classic_noise1(lattice_axis x) {
  float sx = scurve(x.frac);
  float x0 = x.frac;
  precise float x1 = x0 - 1.0;
  return lerp(sx, classic_grad1(perm(x.cell), x0), classic_grad1(perm(x.next), x1));
}

// Perlin's noise2.
float classic_noise2(lattice_axis x, lattice_axis y) {
  float sx = scurve(x.frac), sy = scurve(y.frac);
  int A = perm(x.cell) + y.cell, AB = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB = perm(x.next) + y.next;
  float x0 = x.frac, y0 = y.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0;
  return lerp(sy, lerp(sx, classic_grad2(perm(A), x0, y0), classic_grad2(perm(B), x1, y0)),
              lerp(sx, classic_grad2(perm(AB), x0, y1), classic_grad2(perm(BB), x1, y1)));
}

float classic_noise3(lattice_axis x, lattice_axis y, lattice_axis z) {
  float sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac);
  int A = perm(x.cell) + y.cell, AB_ = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB_ = perm(x.next) + y.next;
  int AA = perm(A) + z.cell, AB = perm(AB_) + z.cell;
  int BA = perm(B) + z.cell, BB = perm(BB_) + z.cell;
  int AA1 = perm(A) + z.next, AB1 = perm(AB_) + z.next;
  int BA1 = perm(B) + z.next, BB1 = perm(BB_) + z.next;
  float x0 = x.frac, y0 = y.frac, z0 = z.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0;
  return lerp(sz,
              lerp(sy, lerp(sx, classic_grad3(perm(AA), x0, y0, z0), classic_grad3(perm(BA), x1, y0, z0)),
                   lerp(sx, classic_grad3(perm(AB), x0, y1, z0), classic_grad3(perm(BB), x1, y1, z0))),
              lerp(sy, lerp(sx, classic_grad3(perm(AA1), x0, y0, z1), classic_grad3(perm(BA1), x1, y0, z1)),
                   lerp(sx, classic_grad3(perm(AB1), x0, y1, z1), classic_grad3(perm(BB1), x1, y1, z1))));
}

float classic_noise4(lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w) {
  float sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac), sw = scurve(w.frac);
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
  return lerp(
      sw,
      lerp(sz,
           lerp(sy, lerp(sx, classic_grad4(perm(AAA), x0, y0, z0, w0), classic_grad4(perm(BAA), x1, y0, z0, w0)),
                lerp(sx, classic_grad4(perm(ABA), x0, y1, z0, w0), classic_grad4(perm(BBA), x1, y1, z0, w0))),
           lerp(sy, lerp(sx, classic_grad4(perm(AAB), x0, y0, z1, w0), classic_grad4(perm(BAB), x1, y0, z1, w0)),
                lerp(sx, classic_grad4(perm(ABB), x0, y1, z1, w0), classic_grad4(perm(BBB), x1, y1, z1, w0)))),
      lerp(sz,
           lerp(sy, lerp(sx, classic_grad4(perm(AAA1), x0, y0, z0, w1), classic_grad4(perm(BAA1), x1, y0, z0, w1)),
                lerp(sx, classic_grad4(perm(ABA1), x0, y1, z0, w1), classic_grad4(perm(BBA1), x1, y1, z0, w1))),
           lerp(sy, lerp(sx, classic_grad4(perm(AAB1), x0, y0, z1, w1), classic_grad4(perm(BAB1), x1, y0, z1, w1)),
                lerp(sx, classic_grad4(perm(ABB1), x0, y1, z1, w1), classic_grad4(perm(BBB1), x1, y1, z1, w1)))));
}
