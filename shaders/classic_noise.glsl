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

// Perlin's noise2: one lookup after perm[X] + Y (improved_corners2 takes two).
corners2 classic_corners2(lattice_axis x, lattice_axis y) {
  int A = perm(x.cell) + y.cell, AB = perm(x.cell) + y.next;
  int B = perm(x.next) + y.cell, BB = perm(x.next) + y.next;
  return corners2(ivec4(perm(A), perm(B), perm(AB), perm(BB)));
}

float classic_noise2(lattice_axis x, lattice_axis y) {
  corners2 c = classic_corners2(x, y);
  float sx = scurve(x.frac), sy = scurve(y.frac);
  float x0 = x.frac, y0 = y.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0;
  return lerp(sy, lerp(sx, classic_grad2(c.q0.x, x0, y0), classic_grad2(c.q0.y, x1, y0)),
              lerp(sx, classic_grad2(c.q0.z, x0, y1), classic_grad2(c.q0.w, x1, y1)));
}

// 3D and 4D corners hash exactly as Improved Noise's (improved_corners3/4).
float classic_noise3(lattice_axis x, lattice_axis y, lattice_axis z) {
  corners3 c = improved_corners3(x, y, z);
  float sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac);
  float x0 = x.frac, y0 = y.frac, z0 = z.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0;
  return lerp(sz,
              lerp(sy, lerp(sx, classic_grad3(c.q0.x, x0, y0, z0), classic_grad3(c.q0.y, x1, y0, z0)),
                   lerp(sx, classic_grad3(c.q0.z, x0, y1, z0), classic_grad3(c.q0.w, x1, y1, z0))),
              lerp(sy, lerp(sx, classic_grad3(c.q1.x, x0, y0, z1), classic_grad3(c.q1.y, x1, y0, z1)),
                   lerp(sx, classic_grad3(c.q1.z, x0, y1, z1), classic_grad3(c.q1.w, x1, y1, z1))));
}

// One w-slice (corners lo/hi) of classic_noise4.
float classic_cube4(ivec4 lo, ivec4 hi, float sx, float sy, float sz, float x0, float x1, float y0,
                    float y1, float z0, float z1, float w) {
  return lerp(sz,
              lerp(sy, lerp(sx, classic_grad4(lo.x, x0, y0, z0, w), classic_grad4(lo.y, x1, y0, z0, w)),
                   lerp(sx, classic_grad4(lo.z, x0, y1, z0, w), classic_grad4(lo.w, x1, y1, z0, w))),
              lerp(sy, lerp(sx, classic_grad4(hi.x, x0, y0, z1, w), classic_grad4(hi.y, x1, y0, z1, w)),
                   lerp(sx, classic_grad4(hi.z, x0, y1, z1, w), classic_grad4(hi.w, x1, y1, z1, w))));
}

float classic_noise4(lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w) {
  corners4 c = improved_corners4(x, y, z, w);
  float sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac), sw = scurve(w.frac);
  float x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0, w1 = w0 - 1.0;
  return lerp(sw, classic_cube4(c.q0, c.q1, sx, sy, sz, x0, x1, y0, y1, z0, z1, w0),
              classic_cube4(c.q2, c.q3, sx, sy, sz, x0, x1, y0, y1, z0, z1, w1));
}

// --- Gradient forms (see improved_noise.glsl's): the value part is the value form's operations.

// d/dt scurve(t) = 6 t (1 - t).
float dscurve(float t) {
  precise float r = 6.0 * t * (1.0 - t);
  return r;
}

// A corner's term g . (p - c) is linear in p: its gradient is g itself.
dual classic_grad_d(int dims, int hash, float x, float y, float z, float w) {
  float v = dims == 1   ? classic_grad1(hash, x)
            : dims == 2 ? classic_grad2(hash, x, y)
            : dims == 3 ? classic_grad3(hash, x, y, z)
                        : classic_grad4(hash, x, y, z, w);
  return dual(v, classic_gradient(hash & 255));
}

dual classic_noise1_d(lattice_axis x) {
  float sx = scurve(x.frac), dsx = dscurve(x.frac);
  float x0 = x.frac;
  precise float x1 = x0 - 1.0;
  return lerp_d(sx, dsx, 0, classic_grad_d(1, perm(x.cell), x0, 0.0, 0.0, 0.0),
                classic_grad_d(1, perm(x.next), x1, 0.0, 0.0, 0.0));
}

dual classic_noise2_d(lattice_axis x, lattice_axis y) {
  corners2 c = classic_corners2(x, y);
  float sx = scurve(x.frac), sy = scurve(y.frac), dsx = dscurve(x.frac), dsy = dscurve(y.frac);
  float x0 = x.frac, y0 = y.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0;
  return lerp_d(sy, dsy, 1,
                lerp_d(sx, dsx, 0, classic_grad_d(2, c.q0.x, x0, y0, 0.0, 0.0),
                       classic_grad_d(2, c.q0.y, x1, y0, 0.0, 0.0)),
                lerp_d(sx, dsx, 0, classic_grad_d(2, c.q0.z, x0, y1, 0.0, 0.0),
                       classic_grad_d(2, c.q0.w, x1, y1, 0.0, 0.0)));
}

dual classic_noise3_d(lattice_axis x, lattice_axis y, lattice_axis z) {
  corners3 c = improved_corners3(x, y, z);
  float sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac);
  float dsx = dscurve(x.frac), dsy = dscurve(y.frac), dsz = dscurve(z.frac);
  float x0 = x.frac, y0 = y.frac, z0 = z.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0;
  return lerp_d(sz, dsz, 2,
                lerp_d(sy, dsy, 1,
                       lerp_d(sx, dsx, 0, classic_grad_d(3, c.q0.x, x0, y0, z0, 0.0), classic_grad_d(3, c.q0.y, x1, y0, z0, 0.0)),
                       lerp_d(sx, dsx, 0, classic_grad_d(3, c.q0.z, x0, y1, z0, 0.0), classic_grad_d(3, c.q0.w, x1, y1, z0, 0.0))),
                lerp_d(sy, dsy, 1,
                       lerp_d(sx, dsx, 0, classic_grad_d(3, c.q1.x, x0, y0, z1, 0.0), classic_grad_d(3, c.q1.y, x1, y0, z1, 0.0)),
                       lerp_d(sx, dsx, 0, classic_grad_d(3, c.q1.z, x0, y1, z1, 0.0), classic_grad_d(3, c.q1.w, x1, y1, z1, 0.0))));
}

// One w-slice (corners lo/hi) of classic_noise4_d.
dual classic_cube4_d(ivec4 lo, ivec4 hi, float sx, float dsx, float sy, float dsy, float sz,
                     float dsz, float x0, float x1, float y0, float y1, float z0, float z1, float w) {
  return lerp_d(sz, dsz, 2,
                lerp_d(sy, dsy, 1,
                       lerp_d(sx, dsx, 0, classic_grad_d(4, lo.x, x0, y0, z0, w), classic_grad_d(4, lo.y, x1, y0, z0, w)),
                       lerp_d(sx, dsx, 0, classic_grad_d(4, lo.z, x0, y1, z0, w), classic_grad_d(4, lo.w, x1, y1, z0, w))),
                lerp_d(sy, dsy, 1,
                       lerp_d(sx, dsx, 0, classic_grad_d(4, hi.x, x0, y0, z1, w), classic_grad_d(4, hi.y, x1, y0, z1, w)),
                       lerp_d(sx, dsx, 0, classic_grad_d(4, hi.z, x0, y1, z1, w), classic_grad_d(4, hi.w, x1, y1, z1, w))));
}

dual classic_noise4_d(lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w) {
  corners4 c = improved_corners4(x, y, z, w);
  float sx = scurve(x.frac), sy = scurve(y.frac), sz = scurve(z.frac), sw = scurve(w.frac);
  float dsx = dscurve(x.frac), dsy = dscurve(y.frac), dsz = dscurve(z.frac), dsw = dscurve(w.frac);
  float x0 = x.frac, y0 = y.frac, z0 = z.frac, w0 = w.frac;
  precise float x1 = x0 - 1.0, y1 = y0 - 1.0, z1 = z0 - 1.0, w1 = w0 - 1.0;
  return lerp_d(sw, dsw, 3,
                classic_cube4_d(c.q0, c.q1, sx, dsx, sy, dsy, sz, dsz, x0, x1, y0, y1, z0, z1, w0),
                classic_cube4_d(c.q2, c.q3, sx, dsx, sy, dsy, sz, dsz, x0, x1, y0, y1, z0, z1, w1));
}
