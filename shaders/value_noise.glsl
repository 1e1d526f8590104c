// Hugo Elias's value noise in float, the twin of src/core/value_noise.hpp: the same functions in
// the same order under the same names (see there for the why of each). Every floating-point
// value is `precise` (SPIR-V NoContraction) so that no driver fuses a multiply and an add: with
// that, the result is bit-identical to the C++ float mirror. Integer arithmetic is in uint, where
// wrap-around is defined. Requires lattice_axis and lerp (improved_noise.glsl) before inclusion.
// (`smooth` is a GLSL keyword, hence `smoothed`.)

// The `interpolation` argument of the functions below.
const int value_linear = 0;
const int value_cosine = 1;
const int value_cubic = 2;

// Elias's IntNoise; d = 2^30 - t split into 16-bit halves so both conversions are exact and the
// only rounding is the add.
float value_hash(int n) {
  uint m = uint(n);
  m = (m << 13) ^ m;
  uint t = (m * (m * m * 15731u + 789221u) + 1376312589u) & 0x7fffffffu;
  int d = int(1073741824u - t);
  // 2^-14 and 2^-30, exactly.
  precise float r =
      float(d >> 16) * 6.103515625e-05 + float(d & 65535) * 9.31322574615478515625e-10;
  return r;
}

// Elias's n = x + 57 * y, extended with 131 * z, 197 * w and 1013 * octave; axes at or beyond
// dims add nothing.
float lattice_value(int octave, int dims, int x, int y, int z, int w) {
  uint n = uint(x);
  if (dims > 1) n += 57u * uint(y);
  if (dims > 2) n += 131u * uint(z);
  if (dims > 3) n += 197u * uint(w);
  n += 1013u * uint(octave);
  return value_hash(int(n));
}

// Elias's SmoothNoise_1D: center / 2 + prev / 4 + next / 4, applied along each axis in turn.
float smooth_value(float prev, float center, float next) {
  precise float r = center * 0.5 + prev * 0.25 + next * 0.25;
  return r;
}

// cos(pi * x) for x in [0, 1]: -2u * (1 + (1 - 4u^2) * r(u^2)), u = x - 1/2.
float cos_pi(float x) {
  precise float u = x - 0.5;
  precise float v = u * u;
  precise float r = -9.8687729171844135e-08;
  r = r * v + 2.7147472486858159e-06;
  r = r * v + -5.7609163908780117e-05;
  r = r * v + 9.0690157723709882e-04;
  r = r * v + -1.0041510432081754e-02;
  r = r * v + 7.2397688557078571e-02;
  r = r * v + -3.0067108284539854e-01;
  r = r * v + 5.7079632679489662e-01;
  precise float sine = (u + u) * (1.0 + (1.0 - 4.0 * v) * r);
  return -sine;
}

// Elias's Linear_Interpolate, as lerp.
float interpolate_linear(float a, float b, float x) { return lerp(x, a, b); }

// Elias's Cosine_Interpolate: f = (1 - cos(pi * x)) / 2, then a to b by f.
float interpolate_cosine(float a, float b, float x) {
  precise float f = (1.0 - cos_pi(x)) * 0.5;
  return lerp(f, a, b);
}

// Elias's Cubic_Interpolate, P x^3 + Q x^2 + R x + S by Horner.
float interpolate_cubic(float v0, float v1, float v2, float v3, float x) {
  precise float P = (v3 - v2) - (v0 - v1);
  precise float Q = (v0 - v1) - P;
  precise float R = v2 - v0;
  float S = v1;
  precise float r = ((P * x + Q) * x + R) * x + S;
  return r;
}

// How many cells beyond c and c + 1 an axis reads on each side.
int value_reach(bool smoothed, int interpolation) {
  return (smoothed ? 1 : 0) + (interpolation == value_cubic ? 1 : 0);
}

// Cell c + k of an axis, k in [-2, 3]; -2 and 3 are exact only on axes that wrap at a multiple
// of 256 (validation allows smoothing with cubic interpolation only there).
int axis_cell(lattice_axis a, int k) {
  switch (k) {
    case -2: return (a.prev - 1) & 255;
    case -1: return a.prev;
    case 0: return a.cell;
    case 1: return a.next;
    case 2: return a.next2;
    default: return (a.next2 + 1) & 255;
  }
}

// One axis of InterpolatedNoise: v[i] is the value at cell c - 2 + i.
float interpolate_axis(bool smoothed, int interpolation, float v[6], float t) {
  float v0 = v[1], v1 = v[2], v2 = v[3], v3 = v[4];
  if (smoothed) {
    v1 = smooth_value(v[1], v[2], v[3]);
    v2 = smooth_value(v[2], v[3], v[4]);
    if (interpolation == value_cubic) {
      v0 = smooth_value(v[0], v[1], v[2]);
      v3 = smooth_value(v[3], v[4], v[5]);
    }
  }
  if (interpolation == value_cubic) return interpolate_cubic(v0, v1, v2, v3, t);
  if (interpolation == value_cosine) return interpolate_cosine(v1, v2, t);
  return interpolate_linear(v1, v2, t);
}

// InterpolatedNoise in 1 to 4 dimensions: x first, then y, z and w. Unread entries stay 0.
float value_noise1(int octave, bool smoothed, int interpolation, lattice_axis x) {
  int r = value_reach(smoothed, interpolation);
  float vx[6] = float[6](0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
  for (int i = -r; i <= 1 + r; ++i) {
    vx[i + 2] = lattice_value(octave, 1, axis_cell(x, i), 0, 0, 0);
  }
  return interpolate_axis(smoothed, interpolation, vx, x.frac);
}

float value_noise2(int octave, bool smoothed, int interpolation, lattice_axis x, lattice_axis y) {
  int r = value_reach(smoothed, interpolation);
  float vx[6] = float[6](0.0, 0.0, 0.0, 0.0, 0.0, 0.0), vy[6] = vx;
  for (int j = -r; j <= 1 + r; ++j) {
    for (int i = -r; i <= 1 + r; ++i) {
      vx[i + 2] = lattice_value(octave, 2, axis_cell(x, i), axis_cell(y, j), 0, 0);
    }
    vy[j + 2] = interpolate_axis(smoothed, interpolation, vx, x.frac);
  }
  return interpolate_axis(smoothed, interpolation, vy, y.frac);
}

float value_noise3(int octave, bool smoothed, int interpolation, lattice_axis x, lattice_axis y,
                   lattice_axis z) {
  int r = value_reach(smoothed, interpolation);
  float vx[6] = float[6](0.0, 0.0, 0.0, 0.0, 0.0, 0.0), vy[6] = vx, vz[6] = vx;
  for (int k = -r; k <= 1 + r; ++k) {
    for (int j = -r; j <= 1 + r; ++j) {
      for (int i = -r; i <= 1 + r; ++i) {
        vx[i + 2] = lattice_value(octave, 3, axis_cell(x, i), axis_cell(y, j), axis_cell(z, k), 0);
      }
      vy[j + 2] = interpolate_axis(smoothed, interpolation, vx, x.frac);
    }
    vz[k + 2] = interpolate_axis(smoothed, interpolation, vy, y.frac);
  }
  return interpolate_axis(smoothed, interpolation, vz, z.frac);
}

float value_noise4(int octave, bool smoothed, int interpolation, lattice_axis x, lattice_axis y,
                   lattice_axis z, lattice_axis w) {
  int r = value_reach(smoothed, interpolation);
  float vx[6] = float[6](0.0, 0.0, 0.0, 0.0, 0.0, 0.0), vy[6] = vx, vz[6] = vx, vw[6] = vx;
  for (int l = -r; l <= 1 + r; ++l) {
    for (int k = -r; k <= 1 + r; ++k) {
      for (int j = -r; j <= 1 + r; ++j) {
        for (int i = -r; i <= 1 + r; ++i) {
          vx[i + 2] = lattice_value(octave, 4, axis_cell(x, i), axis_cell(y, j), axis_cell(z, k),
                                    axis_cell(w, l));
        }
        vy[j + 2] = interpolate_axis(smoothed, interpolation, vx, x.frac);
      }
      vz[k + 2] = interpolate_axis(smoothed, interpolation, vy, y.frac);
    }
    vw[l + 2] = interpolate_axis(smoothed, interpolation, vz, z.frac);
  }
  return interpolate_axis(smoothed, interpolation, vw, w.frac);
}
