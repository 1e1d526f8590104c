// Flow noise in float, the twin of src/core/flow_noise.hpp: the same functions in the same order
// under the same names, the same operations in the same order (see there for the definition, the
// periods, the angle's reduction and the fractal). Every floating-point value is `precise`
// (SPIR-V NoContraction) so that no driver fuses a multiply and an add: with that, the result is
// bit-identical to the C++ float mirror. No sin, cos, sqrt, inversesqrt, normalize or division:
// they differ between devices. Requires perm(i) (permutation.glsl) and dual (improved_noise.glsl)
// before inclusion. int arithmetic wraps modulo 2^32, as the mirror's wrapping_add and wrapping_sub do;
// saturating_floor comes from int_arithmetic.glsl, simplex_order3 from simplex_noise.glsl.

// --- Constants: the C++ double values rounded to float, written with the nine digits that name
// that float exactly (each a literal, not a folded expression: glslang folds in double).
const float flow_two_pi = 6.28318548;
const float flow_two_over_pi = 0.636619747;
const float flow_pio2_1 = 1.5703125;
const float flow_pio2_2 = 0.000483751297;
const float flow_pio2_3 = 7.54979013e-08;
const float flow_two_pi_256 = 0.0245436933;
const float flow_two_pi_65536 = 9.58738019e-05;
const float flow_angle_limit = 105414360.0;  // flow_two_pi * 2^24
const float flow_angle_top = 52707180.0;     // flow_two_pi * 2^23
const float flow_scale2 = 10.5;
const float flow_scale3 = 36.0;
const float flow_sin_coef[7] =
    float[7](-0.166666672, 0.00833333377, -0.000198412701, 2.75573188e-06, -2.50521079e-08,
             1.60590444e-10, -7.64716361e-13);
const float flow_cos_coef[8] =
    float[8](-0.5, 0.0416666679, -0.00138888892, 2.48015876e-05, -2.755732e-07, 2.08767559e-09,
             -1.14707454e-11, 4.77947726e-14);

// --- Integer helpers -----------------------------------------------------------------------------

int flow_wrap(int a, int m) {
  return a >= 0 ? a % m : m - 1 - (-(a + 1)) % m;
}

// --- Angles, sine and cosine, square root ----------------------------------------------------

float flow_reduce_angle(float alpha) {
  bool neg = alpha < 0.0;
  precise float r = neg ? -alpha : alpha;
  if (!(r < flow_angle_limit)) return 0.0;
  precise float m = flow_angle_top;
  for (int k = 0; k < 24; ++k) {
    if (r >= m) r = r - m;
    m = m * 0.5;
  }
  precise float result = neg ? -r : r;
  return result;
}

// flow_octave_angle: the twin of flow_noise.hpp's (see there).
float flow_octave_angle(float angle, float lacunarity, int octave) {
  precise float freq = 1.0;
  for (int o = 0; o < octave; ++o) freq = freq * lacunarity;
  precise float r = freq + 0.5;
  int s = r < 1073741824.0 ? int(r) : 1073741824;
  precise float a = flow_reduce_angle(angle) * float(s);
  return a;
}

// (sin x, cos x) for |x| <= 8 pi.
vec2 flow_sincos(float x) {
  bool neg = x < 0.0;
  precise float a = neg ? -x : x;
  precise float qr = a * flow_two_over_pi + 0.5;
  int q = int(qr);
  precise float qf = float(q);
  precise float t = ((a - qf * flow_pio2_1) - qf * flow_pio2_2) - qf * flow_pio2_3;
  precise float t2 = t * t;
  precise float ps = flow_sin_coef[6];
  for (int k = 5; k >= 0; --k) ps = flow_sin_coef[k] + t2 * ps;
  precise float pc = flow_cos_coef[7];
  for (int k = 6; k >= 0; --k) pc = flow_cos_coef[k] + t2 * pc;
  precise float st = t + t * (t2 * ps);
  precise float ct = 1.0 + t2 * pc;
  precise vec2 r;
  switch (q & 3) {
    case 0:
      r = vec2(st, ct);
      break;
    case 1:
      r = vec2(ct, -st);
      break;
    case 2:
      r = vec2(-st, -ct);
      break;
    default:
      r = vec2(-ct, st);
      break;
  }
  if (neg) r.x = -r.x;
  return r;
}

// sqrt(x) for normal x > 0: the bit-pattern seed for 1/sqrt, three Newton steps, then x y.
float flow_sqrt(float x) {
  precise float y = intBitsToFloat(0x5f3759df - (floatBitsToInt(x) >> 1));
  precise float hx = 0.5 * x;
  for (int k = 0; k < 3; ++k) y = y * (1.5 - (hx * y) * y);
  precise float r = x * y;
  return r;
}

// --- Gradients -----------------------------------------------------------------------------------

vec2 flow_gradient2(int h, float alpha_r) {
  precise float angle = float(h) * flow_two_pi_256 + alpha_r;
  vec2 sc = flow_sincos(angle);
  return vec2(sc.y, sc.x);
}

vec3 flow_gradient3(int h, float alpha_r) {
  precise float sz = float(255 - 2 * h) * 0.00390625;
  precise float e = float((2 * h + 1) * (511 - 2 * h)) * 0.0000152587890625;
  precise float sz_prime = flow_sqrt(e);
  precise float az_angle = float((h * 40503) & 65535) * flow_two_pi_65536;
  vec2 az = flow_sincos(az_angle);
  precise float px = -(az.y * sz), py = -(az.x * sz), pz = sz_prime;
  precise float qx = az.x, qy = -az.y;
  precise float psi = float(perm(h)) * flow_two_pi_256 + alpha_r;
  vec2 rot = flow_sincos(psi);
  precise vec3 g = vec3(rot.y * px + rot.x * qx, rot.y * py + rot.x * qy, rot.y * pz);
  return g;
}

// --- Cells: each corner's offset p - V and its hash ---------------------------------------------

struct flow_cell_2d {
  vec2 off[3];
  int h[3];
};

struct flow_cell_3d {
  vec3 off[4];
  int h[4];
};

flow_cell_2d flow_cell2(float x, float y, ivec2 period) {
  precise float u = x + 0.5 * y;
  int i = saturating_floor(u), j = saturating_floor(y);
  precise float fu = u - float(i), fv = y - float(j);
  int o1 = fu >= fv ? 1 : 0;
  int ci[3] = int[3](i, i + o1, i + 1);
  int cj[3] = int[3](j, j + (1 - o1), j + 1);
  flow_cell_2d c;
  for (int k = 0; k < 3; ++k) {
    int X2 = (ci[k] + ci[k]) - cj[k], Y = cj[k];
    precise vec2 o = vec2(x - float(X2) * 0.5, y - float(Y));
    c.off[k] = o;
    if (period.x > 0) X2 = flow_wrap(X2, 2 * period.x);
    if (period.y > 0) Y = flow_wrap(Y, period.y);
    int iu = (X2 + Y) >> 1;
    c.h[k] = perm(perm(iu & 255) + (Y & 255));
  }
  return c;
}

flow_cell_3d flow_cell3(float x, float y, float z, ivec3 period) {
  precise float u = y + z, v = x + z, w = x + y;
  int i = saturating_floor(u), j = saturating_floor(v), k = saturating_floor(w);
  precise float fu = u - float(i);
  precise float fv = v - float(j);
  precise float fw = w - float(k);
  // The tetrahedron of the skewed unit cube: Gustavson's rank ordering of the fractions.
  simplex_rank3 rank = simplex_order3(fu, fv, fw);
  int i1 = rank.first.x, j1 = rank.first.y, k1 = rank.first.z;
  int i2 = rank.second.x, j2 = rank.second.y, k2 = rank.second.z;
  int ca[4] = int[4](i, i + i1, i + i2, i + 1);
  int cb[4] = int[4](j, j + j1, j + j2, j + 1);
  int cc[4] = int[4](k, k + k1, k + k2, k + 1);
  flow_cell_3d c;
  for (int n = 0; n < 4; ++n) {
    int X2 = (cb[n] + cc[n]) - ca[n];
    int Y2 = (ca[n] + cc[n]) - cb[n];
    int Z2 = (ca[n] + cb[n]) - cc[n];
    precise vec3 o = vec3(x - float(X2) * 0.5, y - float(Y2) * 0.5, z - float(Z2) * 0.5);
    c.off[n] = o;
    if (period.x > 0) X2 = flow_wrap(X2, 2 * period.x);
    if (period.y > 0) Y2 = flow_wrap(Y2, 2 * period.y);
    if (period.z > 0) Z2 = flow_wrap(Z2, 2 * period.z);
    int iu = (Y2 + Z2) >> 1;
    int iv = (X2 + Z2) >> 1;
    int iw = (X2 + Y2) >> 1;
    c.h[n] = perm(perm(perm(iu & 255) + (iv & 255)) + (iw & 255));
  }
  return c;
}

// --- Sums ------------------------------------------------------------------------------------------

float flow_sum2(flow_cell_2d c, float alpha_r, out vec2 grad) {
  precise float sum = 0.0;
  precise vec2 gs = vec2(0.0);
  for (int k = 0; k < 3; ++k) {
    vec2 d = c.off[k];
    precise float w = (0.8 - d.x * d.x) - d.y * d.y;
    if (w > 0.0) {
      vec2 g = flow_gradient2(c.h[k], alpha_r);
      precise float w2 = w * w, w4 = w2 * w2;
      precise float gd = g.x * d.x + g.y * d.y;
      sum = sum + w4 * gd;
      precise float a = -8.0 * (w2 * w) * gd;
      gs.x = gs.x + (a * d.x + w4 * g.x);
      gs.y = gs.y + (a * d.y + w4 * g.y);
    }
  }
  precise vec2 scaled = flow_scale2 * gs;
  grad = scaled;
  precise float value = flow_scale2 * sum;
  return value;
}

float flow_sum3(flow_cell_3d c, float alpha_r, out vec3 grad) {
  precise float sum = 0.0;
  precise vec3 gs = vec3(0.0);
  for (int k = 0; k < 4; ++k) {
    vec3 d = c.off[k];
    precise float w = ((0.5 - d.x * d.x) - d.y * d.y) - d.z * d.z;
    if (w > 0.0) {
      vec3 g = flow_gradient3(c.h[k], alpha_r);
      precise float w2 = w * w, w3 = w2 * w;
      precise float gd = (g.x * d.x + g.y * d.y) + g.z * d.z;
      sum = sum + w3 * gd;
      precise float a = -6.0 * w2 * gd;
      gs.x = gs.x + (a * d.x + w3 * g.x);
      gs.y = gs.y + (a * d.y + w3 * g.y);
      gs.z = gs.z + (a * d.z + w3 * g.z);
    }
  }
  precise vec3 scaled = flow_scale3 * gs;
  grad = scaled;
  precise float value = flow_scale3 * sum;
  return value;
}

// --- The basis -------------------------------------------------------------------------------------

float flow_noise2(vec2 p, ivec2 period, float alpha) {
  vec2 unused;
  return flow_sum2(flow_cell2(p.x, p.y, period), flow_reduce_angle(alpha), unused);
}

float flow_noise3(vec3 p, ivec3 period, float alpha) {
  vec3 unused;
  return flow_sum3(flow_cell3(p.x, p.y, p.z, period), flow_reduce_angle(alpha), unused);
}

dual flow_noise2_d(vec2 p, ivec2 period, float alpha) {
  vec2 g;
  float v = flow_sum2(flow_cell2(p.x, p.y, period), flow_reduce_angle(alpha), g);
  return dual(v, vec4(g, 0.0, 0.0));
}

dual flow_noise3_d(vec3 p, ivec3 period, float alpha) {
  vec3 g;
  float v = flow_sum3(flow_cell3(p.x, p.y, p.z, period), flow_reduce_angle(alpha), g);
  return dual(v, vec4(g, 0.0));
}
