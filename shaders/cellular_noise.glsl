// Worley's cellular noise in float, the twin of src/core/cellular_noise.hpp: the same functions in
// the same order under the same names (see there for the definition, the window radii, the
// visiting order and the proof that the pruning is exact). Every floating-point value is
// `precise` (SPIR-V NoContraction) so that no driver fuses a multiply and an add, and sqrt and
// `/` are rounded_sqrt and rounded_div (rounded_float.glsl), the correctly rounded results that
// the C++ mirror's std::sqrt and `/` give: with that, the result is bit-identical to the mirror.
// Requires perm(i) (permutation.glsl), lattice_axis and dual (improved_noise.glsl) and
// rounded_float.glsl before inclusion.
//
// The C++ cellular_setup arrives as three parameters: distance and returns are the integer
// values of vknoise::cellular_distance and vknoise::cellular_return (declaration order).

const int cellular_euclidean = 0;
const int cellular_euclidean2 = 1;
const int cellular_manhattan = 2;
const int cellular_chebyshev = 3;

const int cellular_f1 = 0;
const int cellular_f2 = 1;
const int cellular_f2_minus_f1 = 2;
const int cellular_f1_times_f2 = 3;
const int cellular_f1_over_f2 = 4;
const int cellular_cell = 5;

// The window radius R per axis.
int cellular_radius(int dims, int distance) {
  if (distance == cellular_manhattan) return dims + 1;
  if (distance == cellular_chebyshev) return 2;
  return dims == 4 ? 3 : 2;
}

// The i-th offset of an axis's loop: 0, -1, +1, -2, +2, ...
int cellular_offset(int i) { return (i & 1) != 0 ? -((i + 1) >> 1) : (i >> 1); }

// The neighbour's cell (cell + k) mod period, for cell in [0, period) and |k| <= 8.
int cellular_wrap(int cell, int k, uint period) {
  int p = int(period);
  return (cell + k + 8 * p) % p;
}

// The feature point's offset in its cell on axis a.
float cellular_point(int h, int a, float jitter) {
  precise float n = float(perm(h + 2 * a) * 256 + perm(h + 2 * a + 1));
  precise float q = (n + 0.5) * 1.52587890625e-05;  // / 65536, exactly (2^-16)
  precise float o = 0.5 + jitter * (q - 0.5);
  return o;
}

// The value of the cell with hash h.
float cellular_cell_value(int h, int dims) {
  precise float n = float(perm(h + 2 * dims) * 256 + perm(h + 2 * dims + 1));
  precise float v = (n + 0.5) * 3.0517578125e-05 - 1.0;  // / 32768, exactly (2^-15)
  return v;
}

// One axis's term added to a distance (or a bound) under the metric; euclidean searches by
// squares.
float cellular_accumulate(int distance, float acc, float t) {
  precise float r;
  if (distance == cellular_manhattan) {
    r = acc + abs(t);
  } else if (distance == cellular_chebyshev) {
    r = abs(t) > acc ? abs(t) : acc;
  } else {
    r = acc + t * t;
  }
  return r;
}

// A lower bound on |d_a| for any point of the slab at offset k (lo, hi: the offsets' extremes).
float cellular_axis_bound(int k, float lo, float hi, float frac) {
  precise float lower = (float(k) + lo) - frac;
  precise float upper = (float(k) + hi) - frac;
  precise float b = 0.0;
  if (lower > b) b = lower;
  if (-upper > b) b = -upper;
  return b;
}

// The two nearest points: their searched distances (squares for euclidean), their d vectors
// (0 beyond dims), and the nearest's cell hash.
struct cellular_search {
  float f1, f2;
  vec4 d1, d2;
  int h1;
};

cellular_search cellular_find(int dims, int distance, float jitter, lattice_axis x,
                              lattice_axis y, lattice_axis z, lattice_axis w, uvec4 period) {
  int cell[4] = int[4](x.cell, y.cell, z.cell, w.cell);
  float frac[4] = float[4](x.frac, y.frac, z.frac, w.frac);
  int R = cellular_radius(dims, distance);
  int n[4];
  for (int a = 0; a < 4; ++a) n[a] = a < dims ? 2 * R + 1 : 1;
  precise float lo = 0.5 + jitter * -0.5;
  precise float hi = 0.5 + jitter * 0.5;
  cellular_search r;
  r.f1 = 1e30;  // above any distance in the window
  r.f2 = 1e30;
  r.d1 = vec4(0.0);
  r.d2 = vec4(0.0);
  r.h1 = 0;
  for (int i0 = 0; i0 < n[0]; ++i0) {
    int k0 = cellular_offset(i0);
    float b0 = cellular_accumulate(distance, 0.0, cellular_axis_bound(k0, lo, hi, frac[0]));
    if (b0 > r.f2) continue;
    int p0 = perm(cellular_wrap(cell[0], k0, period[0]));
    for (int i1 = 0; i1 < n[1]; ++i1) {
      int k1 = cellular_offset(i1);
      float b1 = cellular_accumulate(distance, b0, cellular_axis_bound(k1, lo, hi, frac[1]));
      if (b1 > r.f2) continue;
      int p1 = perm(p0 + cellular_wrap(cell[1], k1, period[1]));
      for (int i2 = 0; i2 < n[2]; ++i2) {
        int k2 = cellular_offset(i2);
        float b2 = b1;
        int p2 = p1;
        if (dims >= 3) {
          b2 = cellular_accumulate(distance, b1, cellular_axis_bound(k2, lo, hi, frac[2]));
          if (b2 > r.f2) continue;
          p2 = perm(p1 + cellular_wrap(cell[2], k2, period[2]));
        }
        for (int i3 = 0; i3 < n[3]; ++i3) {
          int k3 = cellular_offset(i3);
          int h = p2;
          if (dims >= 4) {
            float b3 = cellular_accumulate(distance, b2, cellular_axis_bound(k3, lo, hi, frac[3]));
            if (b3 > r.f2) continue;
            h = perm(p2 + cellular_wrap(cell[3], k3, period[3]));
          }
          int k[4] = int[4](k0, k1, k2, k3);
          precise vec4 d = vec4(0.0);
          float dist = 0.0;
          for (int a = 0; a < 4; ++a) {
            if (a < dims) {
              precise float da = (float(k[a]) + cellular_point(h, a, jitter)) - frac[a];
              d[a] = da;
              dist = cellular_accumulate(distance, dist, da);
            }
          }
          if (dist < r.f1) {
            r.f2 = r.f1;
            r.d2 = r.d1;
            r.f1 = dist;
            r.d1 = d;
            r.h1 = h;
          } else if (dist < r.f2) {
            r.f2 = dist;
            r.d2 = d;
          }
        }
      }
    }
  }
  return r;
}

// A searched distance as returned: the root of the square for euclidean.
float cellular_finish(int distance, float f) {
  return distance == cellular_euclidean ? rounded_sqrt(f) : f;
}

float cellular_value(int dims, int distance, int returns, cellular_search r) {
  float f1 = cellular_finish(distance, r.f1);
  float f2 = cellular_finish(distance, r.f2);
  precise float v;
  switch (returns) {
    case cellular_f1: v = f1; break;
    case cellular_f2: v = f2; break;
    case cellular_f2_minus_f1: v = f2 - f1; break;
    case cellular_f1_times_f2: v = f1 * f2; break;
    case cellular_f1_over_f2: v = rounded_div(f1, f2); break;
    default: v = cellular_cell_value(r.h1, dims); break;
  }
  return v;
}

float cellular_noise(int dims, int distance, int returns, float jitter, lattice_axis x,
                     lattice_axis y, lattice_axis z, lattice_axis w, uvec4 period) {
  return cellular_value(dims, distance, returns,
                        cellular_find(dims, distance, jitter, x, y, z, w, period));
}

// The gradient of the distance F (as returned) to the point at d.
vec4 cellular_gradient(int distance, int dims, float F, vec4 d) {
  bool found = false;
  precise vec4 g = vec4(0.0);
  for (int a = 0; a < 4; ++a) {
    if (a >= dims) continue;
    if (distance == cellular_euclidean) {
      if (F != 0.0) g[a] = rounded_div(-d[a], F);
    } else if (distance == cellular_euclidean2) {
      g[a] = -2.0 * d[a];
    } else if (distance == cellular_manhattan) {
      g[a] = d[a] > 0.0 ? -1.0 : d[a] < 0.0 ? 1.0 : 0.0;
    } else if (!found && abs(d[a]) == F) {
      found = true;
      g[a] = d[a] > 0.0 ? -1.0 : d[a] < 0.0 ? 1.0 : 0.0;
    }
  }
  return g;
}

dual cellular_noise_d(int dims, int distance, int returns, float jitter, lattice_axis x,
                      lattice_axis y, lattice_axis z, lattice_axis w, uvec4 period) {
  cellular_search r = cellular_find(dims, distance, jitter, x, y, z, w, period);
  dual out_ = dual(cellular_value(dims, distance, returns, r), vec4(0.0));
  vec4 g1 = cellular_gradient(distance, dims, cellular_finish(distance, r.f1), r.d1);
  vec4 g2 = cellular_gradient(distance, dims, cellular_finish(distance, r.f2), r.d2);
  precise vec4 g = vec4(0.0);
  if (returns == cellular_f1) {
    g = g1;
  } else if (returns == cellular_f2) {
    g = g2;
  } else if (returns == cellular_f2_minus_f1) {
    g = g2 - g1;
  }
  out_.d = g;
  return out_;
}
