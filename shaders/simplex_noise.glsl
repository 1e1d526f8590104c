// Gustavson's simplex noise in float, the twin of src/core/simplex_noise.hpp: the same functions
// in the same order under the same names (see there for the Java each line follows). Every
// floating-point value is `precise` (SPIR-V NoContraction) so that no driver fuses a multiply and
// an add: with that, the result is bit-identical to the C++ float mirror. Requires perm(i)
// (permutation.glsl), lattice_axis and dual (improved_noise.glsl) before inclusion.
//
// A simplex noise's axes carry the whole coordinate in frac (whole_axis): its skewed lattice
// reads the coordinate as one number, never split into cells.

// Gustavson's grad3 (the 12 midpoints of a cube's edges) and grad4 (one coordinate 0, three +-1).
const ivec3 simplex_grad3[12] =
    ivec3[12](ivec3(1, 1, 0), ivec3(-1, 1, 0), ivec3(1, -1, 0), ivec3(-1, -1, 0), ivec3(1, 0, 1),
              ivec3(-1, 0, 1), ivec3(1, 0, -1), ivec3(-1, 0, -1), ivec3(0, 1, 1), ivec3(0, -1, 1),
              ivec3(0, 1, -1), ivec3(0, -1, -1));
const ivec4 simplex_grad4[32] =
    ivec4[32](ivec4(0, 1, 1, 1), ivec4(0, 1, 1, -1), ivec4(0, 1, -1, 1), ivec4(0, 1, -1, -1),
              ivec4(0, -1, 1, 1), ivec4(0, -1, 1, -1), ivec4(0, -1, -1, 1), ivec4(0, -1, -1, -1),
              ivec4(1, 0, 1, 1), ivec4(1, 0, 1, -1), ivec4(1, 0, -1, 1), ivec4(1, 0, -1, -1),
              ivec4(-1, 0, 1, 1), ivec4(-1, 0, 1, -1), ivec4(-1, 0, -1, 1), ivec4(-1, 0, -1, -1),
              ivec4(1, 1, 0, 1), ivec4(1, 1, 0, -1), ivec4(1, -1, 0, 1), ivec4(1, -1, 0, -1),
              ivec4(-1, 1, 0, 1), ivec4(-1, 1, 0, -1), ivec4(-1, -1, 0, 1), ivec4(-1, -1, 0, -1),
              ivec4(1, 1, 1, 0), ivec4(1, 1, -1, 0), ivec4(1, -1, 1, 0), ivec4(1, -1, -1, 0),
              ivec4(-1, 1, 1, 0), ivec4(-1, 1, -1, 0), ivec4(-1, -1, 1, 0), ivec4(-1, -1, -1, 0));

// The skew and unskew factors: the double values rounded to float, written with the nine digits
// that name that float exactly.
const float simplex_f2 = 0.366025418;  // 0.5 * (sqrt(3) - 1)
const float simplex_g2 = 0.211324871;  // (3 - sqrt(3)) / 6
const float simplex_f3 = 0.333333343;  // 1 / 3
const float simplex_g3 = 0.166666672;  // 1 / 6
const float simplex_f4 = 0.309017003;  // (sqrt(5) - 1) / 4
const float simplex_g4 = 0.138196602;  // (5 - sqrt(5)) / 20
// Java's 2.0 * G2, 3.0 * G3, ...: the float products (which the mirror computes), as literals.
// Written out because glslang folds a constant expression such as simplex_3g4 in double from
// the literal's decimal value, and rounds only the result: 3 * G4 came out one float apart.
const float simplex_2g2 = 0.422649741;
const float simplex_2g3 = 0.333333343;
const float simplex_3g3 = 0.5;
const float simplex_2g4 = 0.276393205;
const float simplex_3g4 = 0.414589822;
const float simplex_4g4 = 0.55278641;

// The D + 1 corners of the simplex holding a point: each corner's offset (components beyond D
// are 0) and its gradient index.
struct simplex_cell {
  vec4 off[5];
  int gi[5];
};

// Gustavson's rank ordering of three coordinates (simplex_order3 in simplex_noise.hpp).
struct simplex_rank3 {
  ivec3 first;
  ivec3 second;
};

simplex_rank3 simplex_order3(float x, float y, float z) {
  if (x >= y) {
    if (y >= z) return simplex_rank3(ivec3(1, 0, 0), ivec3(1, 1, 0));  // X Y Z
    if (x >= z) return simplex_rank3(ivec3(1, 0, 0), ivec3(1, 0, 1));  // X Z Y
    return simplex_rank3(ivec3(0, 0, 1), ivec3(1, 0, 1));              // Z X Y
  }
  if (y < z) return simplex_rank3(ivec3(0, 0, 1), ivec3(0, 1, 1));     // Z Y X
  if (x < z) return simplex_rank3(ivec3(0, 1, 0), ivec3(0, 1, 1));     // Y Z X
  return simplex_rank3(ivec3(0, 1, 0), ivec3(1, 1, 0));                // Y X Z
}

simplex_cell simplex_cell2(float xin, float yin) {
  precise float s = (xin + yin) * simplex_f2;
  precise float xs = xin + s, ys = yin + s;
  int i = saturating_floor(xs);
  int j = saturating_floor(ys);
  precise float t = float(i + j) * simplex_g2;
  precise float X0 = float(i) - t;
  precise float Y0 = float(j) - t;
  precise float x0 = xin - X0;
  precise float y0 = yin - Y0;
  int i1, j1;
  if (x0 > y0) {
    i1 = 1;
    j1 = 0;
  } else {
    i1 = 0;
    j1 = 1;
  }
  simplex_cell c;
  for (int k = 0; k < 5; ++k) {
    c.off[k] = vec4(0.0);
    c.gi[k] = 0;
  }
  precise vec4 o1 = vec4(x0 - float(i1) + simplex_g2, y0 - float(j1) + simplex_g2, 0.0, 0.0);
  precise vec4 o2 = vec4(x0 - 1.0 + simplex_2g2, y0 - 1.0 + simplex_2g2, 0.0, 0.0);
  c.off[0] = vec4(x0, y0, 0.0, 0.0);
  c.off[1] = o1;
  c.off[2] = o2;
  int ii = i & 255;
  int jj = j & 255;
  c.gi[0] = perm(ii + perm(jj)) % 12;
  c.gi[1] = perm(ii + i1 + perm(jj + j1)) % 12;
  c.gi[2] = perm(ii + 1 + perm(jj + 1)) % 12;
  return c;
}

simplex_cell simplex_cell3(float xin, float yin, float zin) {
  precise float s = (xin + yin + zin) * simplex_f3;
  precise float xs = xin + s, ys = yin + s, zs = zin + s;
  int i = saturating_floor(xs);
  int j = saturating_floor(ys);
  int k = saturating_floor(zs);
  precise float t = float(i + j + k) * simplex_g3;
  precise float X0 = float(i) - t;
  precise float Y0 = float(j) - t;
  precise float Z0 = float(k) - t;
  precise float x0 = xin - X0;
  precise float y0 = yin - Y0;
  precise float z0 = zin - Z0;
  simplex_rank3 rank = simplex_order3(x0, y0, z0);
  int i1 = rank.first.x, j1 = rank.first.y, k1 = rank.first.z;
  int i2 = rank.second.x, j2 = rank.second.y, k2 = rank.second.z;
  simplex_cell c;
  c.off[4] = vec4(0.0);
  c.gi[4] = 0;
  precise vec4 o1 = vec4(x0 - float(i1) + simplex_g3, y0 - float(j1) + simplex_g3,
                         z0 - float(k1) + simplex_g3, 0.0);
  precise vec4 o2 = vec4(x0 - float(i2) + simplex_2g3, y0 - float(j2) + simplex_2g3,
                         z0 - float(k2) + simplex_2g3, 0.0);
  precise vec4 o3 =
      vec4(x0 - 1.0 + simplex_3g3, y0 - 1.0 + simplex_3g3, z0 - 1.0 + simplex_3g3, 0.0);
  c.off[0] = vec4(x0, y0, z0, 0.0);
  c.off[1] = o1;
  c.off[2] = o2;
  c.off[3] = o3;
  int ii = i & 255;
  int jj = j & 255;
  int kk = k & 255;
  c.gi[0] = perm(ii + perm(jj + perm(kk))) % 12;
  c.gi[1] = perm(ii + i1 + perm(jj + j1 + perm(kk + k1))) % 12;
  c.gi[2] = perm(ii + i2 + perm(jj + j2 + perm(kk + k2))) % 12;
  c.gi[3] = perm(ii + 1 + perm(jj + 1 + perm(kk + 1))) % 12;
  return c;
}

simplex_cell simplex_cell4(float x, float y, float z, float w) {
  precise float s = (x + y + z + w) * simplex_f4;
  precise float xs = x + s, ys = y + s, zs = z + s, ws = w + s;
  int i = saturating_floor(xs);
  int j = saturating_floor(ys);
  int k = saturating_floor(zs);
  int l = saturating_floor(ws);
  precise float t = float(i + j + k + l) * simplex_g4;
  precise float X0 = float(i) - t;
  precise float Y0 = float(j) - t;
  precise float Z0 = float(k) - t;
  precise float W0 = float(l) - t;
  precise float x0 = x - X0;
  precise float y0 = y - Y0;
  precise float z0 = z - Z0;
  precise float w0 = w - W0;
  // Rank the four coordinates by six pairwise comparisons (ties go to the later axis).
  int rankx = 0, ranky = 0, rankz = 0, rankw = 0;
  if (x0 > y0) ++rankx; else ++ranky;
  if (x0 > z0) ++rankx; else ++rankz;
  if (x0 > w0) ++rankx; else ++rankw;
  if (y0 > z0) ++ranky; else ++rankz;
  if (y0 > w0) ++ranky; else ++rankw;
  if (z0 > w0) ++rankz; else ++rankw;
  // Rank 3 is the largest coordinate: corner 1 steps along it, corner 2 also along rank 2, ...
  ivec4 rank = ivec4(rankx, ranky, rankz, rankw);
  ivec4 c1 = ivec4(greaterThanEqual(rank, ivec4(3)));
  ivec4 c2 = ivec4(greaterThanEqual(rank, ivec4(2)));
  ivec4 c3 = ivec4(greaterThanEqual(rank, ivec4(1)));
  simplex_cell c;
  c.off[0] = vec4(x0, y0, z0, w0);
  precise vec4 o1 = vec4(x0 - float(c1.x) + simplex_g4, y0 - float(c1.y) + simplex_g4,
                         z0 - float(c1.z) + simplex_g4, w0 - float(c1.w) + simplex_g4);
  precise vec4 o2 = vec4(x0 - float(c2.x) + simplex_2g4, y0 - float(c2.y) + simplex_2g4,
                         z0 - float(c2.z) + simplex_2g4, w0 - float(c2.w) + simplex_2g4);
  precise vec4 o3 = vec4(x0 - float(c3.x) + simplex_3g4, y0 - float(c3.y) + simplex_3g4,
                         z0 - float(c3.z) + simplex_3g4, w0 - float(c3.w) + simplex_3g4);
  precise vec4 o4 = vec4(x0 - 1.0 + simplex_4g4, y0 - 1.0 + simplex_4g4, z0 - 1.0 + simplex_4g4,
                         w0 - 1.0 + simplex_4g4);
  c.off[1] = o1;
  c.off[2] = o2;
  c.off[3] = o3;
  c.off[4] = o4;
  int ii = i & 255;
  int jj = j & 255;
  int kk = k & 255;
  int ll = l & 255;
  c.gi[0] = perm(ii + perm(jj + perm(kk + perm(ll)))) % 32;
  c.gi[1] = perm(ii + c1.x + perm(jj + c1.y + perm(kk + c1.z + perm(ll + c1.w)))) % 32;
  c.gi[2] = perm(ii + c2.x + perm(jj + c2.y + perm(kk + c2.z + perm(ll + c2.w)))) % 32;
  c.gi[3] = perm(ii + c3.x + perm(jj + c3.y + perm(kk + c3.z + perm(ll + c3.w)))) % 32;
  c.gi[4] = perm(ii + 1 + perm(jj + 1 + perm(kk + 1 + perm(ll + 1)))) % 32;
  return c;
}

// The gradient of a corner: grad3 for 2D (its x and y) and 3D, grad4 for 4D. grad3's index is
// clamped although 2D and 3D never exceed 11: a compiler may evaluate both arms, and an index
// out of bounds there would be undefined behaviour it could reason from (lavapipe's did, and
// 4D went wrong).
ivec4 simplex_gradient(int dims, int gi) {
  if (dims == 4) return simplex_grad4[gi];
  return ivec4(simplex_grad3[min(gi, 11)], 0);
}

// Java's dot(g, x, y, ...): the products added left to right.
float simplex_dot(int dims, ivec4 g, vec4 d) {
  precise float r = float(g[0]) * d[0];
  for (int a = 1; a < dims; ++a) r = r + float(g[a]) * d[a];
  return r;
}

// Java's t = r - x*x - y*y - ..., subtracted left to right.
float simplex_falloff(int dims, float r, vec4 d) {
  precise float t = r;
  for (int a = 0; a < dims; ++a) t = t - d[a] * d[a];
  return t;
}

// The noise from a cell: each corner's contribution, summed left to right, then scaled; its
// gradient (scaled) in `grad` (components beyond dims 0).
float simplex_sum(int dims, simplex_cell c, float r, float scale, out vec4 grad) {
  precise float n[5];
  precise vec4 g_sum = vec4(0.0);
  for (int corner = 0; corner <= dims; ++corner) {
    vec4 d = c.off[corner];
    float t = simplex_falloff(dims, r, d);
    if (t < 0.0) {
      n[corner] = 0.0;
    } else {
      ivec4 g = simplex_gradient(dims, c.gi[corner]);
      precise float t2 = t * t;
      float dot = simplex_dot(dims, g, d);
      n[corner] = t2 * t2 * dot;
      // -8 t^3 (g . d) d + t^4 g
      precise float a = -8.0 * (t2 * t) * dot;
      precise float b = t2 * t2;
      for (int k = 0; k < dims; ++k) g_sum[k] = g_sum[k] + (a * d[k] + b * float(g[k]));
    }
  }
  precise float sum = n[0];
  for (int corner = 1; corner <= dims; ++corner) sum = sum + n[corner];
  precise vec4 scaled = scale * g_sum;
  grad = scaled;
  precise float value = scale * sum;
  return value;
}

float simplex_noise2(float x, float y) {
  vec4 unused;
  return simplex_sum(2, simplex_cell2(x, y), 0.5, 70.0, unused);
}

float simplex_noise3(float x, float y, float z) {
  vec4 unused;
  return simplex_sum(3, simplex_cell3(x, y, z), 0.6, 32.0, unused);
}

float simplex_noise4(float x, float y, float z, float w) {
  vec4 unused;
  return simplex_sum(4, simplex_cell4(x, y, z, w), 0.6, 27.0, unused);
}

dual simplex_noise2_d(float x, float y) {
  dual r;
  r.v = simplex_sum(2, simplex_cell2(x, y), 0.5, 70.0, r.d);
  return r;
}

dual simplex_noise3_d(float x, float y, float z) {
  dual r;
  r.v = simplex_sum(3, simplex_cell3(x, y, z), 0.6, 32.0, r.d);
  return r;
}

dual simplex_noise4_d(float x, float y, float z, float w) {
  dual r;
  r.v = simplex_sum(4, simplex_cell4(x, y, z, w), 0.6, 27.0, r.d);
  return r;
}
