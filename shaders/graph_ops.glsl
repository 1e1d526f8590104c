// The graph nodes' arithmetic and shaping, the twin of src/graph/graph_ops.hpp (same functions,
// same order, same names): each op's value graph_NAME and its derivative rule graph_NAME_d, on
// vec4 gradients and mat4 Jacobians (column c: component c's gradient). Constants come from the
// graph's constant words (graph_bindings.glsl): where the C++ twin takes an array, these take the
// word it starts at. Every result is `precise` (NoContraction), so nothing is fused.

// std::min and std::max exactly, which GLSL's min and max are not: they may return either zero
// of a tie between -0 and +0, and either operand when one is a NaN.
float graph_min(float a, float b) { return b < a ? b : a; }
float graph_max(float a, float b) { return a < b ? b : a; }

lattice_axis graph_float_axis(float x) {
  float whole = floor(x);
  float bounded = graph_min(graph_max(whole, -2147483648.0), 2147483520.0);
  int cell = bounded == bounded ? int(bounded) & 255 : 0;
  precise float frac = x - whole;
  return lattice_axis(cell, (cell + 1) & 255, (cell + 255) & 255, (cell + 2) & 255, frac);
}

// ---- Vector ops: their Jacobians from the input's.

mat4 graph_scale_d(mat4 in_, vec4 factor) {
  precise mat4 r;
  for (int c = 0; c < 4; ++c) r[c] = in_[c] * factor[c];
  return r;
}

// The matrix's words from `base` (width x width, row-major) times v.
vec4 graph_rotate(uint base, int width, vec4 v) {
  vec4 r = vec4(0.0);
  for (int a = 0; a < width; ++a) {
    precise float sum = graph_float(base + uint(a * width)) * v[0];
    for (int b = 1; b < width; ++b) sum = sum + graph_float(base + uint(a * width + b)) * v[b];
    r[a] = sum;
  }
  return r;
}

mat4 graph_rotate_d(uint base, int width, mat4 in_) {
  mat4 r = mat4(0.0);
  for (int a = 0; a < width; ++a) {
    precise vec4 sum = graph_float(base + uint(a * width)) * in_[0];
    for (int b = 1; b < width; ++b) sum = sum + graph_float(base + uint(a * width + b)) * in_[b];
    r[a] = sum;
  }
  return r;
}

mat4 graph_warp_d(mat4 in_, float amplitude, mat4 by) {
  precise mat4 r;
  for (int c = 0; c < 4; ++c) r[c] = in_[c] + amplitude * by[c];
  return r;
}

// ---- Scalar ops, each value then its derivative rule.

vec4 graph_component_d(mat4 in_, int axis) { return in_[axis]; }

float graph_add(float a, float b) {
  precise float r = a + b;
  return r;
}

vec4 graph_add_d(float a, vec4 ga, float b, vec4 gb) {
  precise vec4 r = ga + gb;
  return r;
}

float graph_sub(float a, float b) {
  precise float r = a - b;
  return r;
}

vec4 graph_sub_d(float a, vec4 ga, float b, vec4 gb) {
  precise vec4 r = ga - gb;
  return r;
}

float graph_mul(float a, float b) {
  precise float r = a * b;
  return r;
}

vec4 graph_mul_d(float a, vec4 ga, float b, vec4 gb) {
  precise vec4 r = ga * b + a * gb;
  return r;
}

vec4 graph_div_d(float a, vec4 ga, float b, vec4 gb) {
  precise vec4 r = (ga * b - a * gb) / (b * b);
  return r;
}

vec4 graph_div_by_constant_d(vec4 ga, float reciprocal) {
  precise vec4 r = ga * reciprocal;
  return r;
}

vec4 graph_min_d(float a, vec4 ga, float b, vec4 gb) { return b < a ? gb : ga; }

vec4 graph_max_d(float a, vec4 ga, float b, vec4 gb) { return a < b ? gb : ga; }

float graph_neg(float x) { return -x; }

vec4 graph_neg_d(float x, vec4 gx) { return -gx; }

float graph_abs(float x) { return abs(x); }

vec4 graph_abs_d(float a, vec4 ga) { return a < 0.0 ? -ga : ga; }

float graph_floor(float x) { return floor(x); }

// Zero almost everywhere (and undefined at the integers).
vec4 graph_floor_d(float x, vec4 gx) { return vec4(0.0); }

float graph_clamp(float x, float lo, float hi) { return graph_min(graph_max(x, lo), hi); }

vec4 graph_clamp_d(float x, vec4 gx, float lo, vec4 glo, float hi, vec4 ghi) {
  float m = x < lo ? lo : x;
  vec4 gm = x < lo ? glo : gx;
  return hi < m ? ghi : gm;
}

float graph_mix(float a, float b, float t) {
  precise float r = a + t * (b - a);
  return r;
}

vec4 graph_mix_d(float a, vec4 ga, float b, vec4 gb, float t, vec4 gt) {
  precise vec4 r = ga + (gt * (b - a) + t * (gb - ga));
  return r;
}

float graph_select(float a, float b, float control, float threshold) {
  return control < threshold ? a : b;
}

vec4 graph_select_d(float a, vec4 ga, float b, vec4 gb, float control, vec4 gc,
                    float threshold) {
  return control < threshold ? ga : gb;
}

float graph_smoothstep(float x, float lo, float inv) {
  precise float s = graph_clamp((x - lo) * inv, 0.0, 1.0);
  precise float t = s * s * (3.0 - 2.0 * s);
  return t;
}

vec4 graph_smoothstep_d(float x, vec4 gx, float lo, float inv) {
  precise float raw = (x - lo) * inv;
  float m = raw < 0.0 ? 0.0 : raw;
  float s = 1.0 < m ? 1.0 : m;
  precise float dt = s * (6.0 - 6.0 * s);
  precise vec4 gm = raw < 0.0 ? vec4(0.0) : gx * inv;
  precise vec4 r = (1.0 < m ? vec4(0.0) : gm) * dt;
  return r;
}

float graph_blend(float a, float b, float control, float lo, float inv) {
  return graph_mix(a, b, graph_smoothstep(control, lo, inv));
}

vec4 graph_blend_d(float a, vec4 ga, float b, vec4 gb, float control, vec4 gc, float lo,
                   float inv) {
  return graph_mix_d(a, ga, b, gb, graph_smoothstep(control, lo, inv),
                     graph_smoothstep_d(control, gc, lo, inv));
}

float graph_remap(float x, float from_lo, float factor, float to_lo) {
  precise float r = to_lo + (x - from_lo) * factor;
  return r;
}

vec4 graph_remap_d(float x, vec4 gx, float from_lo, float factor, float to_lo) {
  precise vec4 r = gx * factor;
  return r;
}

float graph_terrace(float x, float steps, float inv) {
  precise float scaled = x * steps;
  precise float r = floor(scaled) * inv;
  return r;
}

// Zero almost everywhere, as floor's.
vec4 graph_terrace_d(float x, vec4 gx, float steps, float inv) { return vec4(0.0); }

float graph_pingpong(float x, float strength) {
  precise float t = x * strength;
  precise float half_t = t * 0.5;
  precise float r = t - floor(half_t) * 2.0;
  precise float reflected = 2.0 - r;
  return r < 1.0 ? r : reflected;
}

vec4 graph_pingpong_d(float x, vec4 gx, float strength, vec4 gstrength) {
  precise float t = x * strength;
  precise float half_t = t * 0.5;
  precise float r = t - floor(half_t) * 2.0;
  vec4 g = graph_mul_d(x, gx, strength, gstrength);
  return r < 1.0 ? g : -g;
}

// FastNoise2's MinSmooth and MaxSmooth, without its fused multiply-add; inv = 1 / k and
// k_sixth = k / 6 from the host.
float graph_smooth_min(float a, float b, float k, float inv, float k_sixth) {
  precise float h = graph_max(k - abs(a - b), 0.0) * inv;
  precise float r = graph_min(a, b) - h * h * h * k_sixth;
  return r;
}

vec4 graph_smooth_min_d(float a, vec4 ga, float b, vec4 gb, float k, float inv, float k_sixth) {
  precise float d = a - b;
  precise float h = graph_max(k - abs(d), 0.0) * inv;
  precise vec4 gd = ga - gb;
  precise vec4 gh = 0.0 < d ? -gd * inv : gd * inv;
  precise vec4 r = graph_min_d(a, ga, b, gb) - gh * (3.0 * h * h * k_sixth);
  return r;
}

float graph_smooth_max(float a, float b, float k, float inv, float k_sixth) {
  return -graph_smooth_min(-a, -b, k, inv, k_sixth);
}

vec4 graph_smooth_max_d(float a, vec4 ga, float b, vec4 gb, float k, float inv, float k_sixth) {
  return -graph_smooth_min_d(-a, -ga, -b, -gb, k, inv, k_sixth);
}

// The segment of a piecewise function at x, found without a loop or a branch: the number of
// stops after the first whose position is <= x (positions strictly increase, so they are a
// prefix; count - 1 means beyond the last stop), by binary lifting over at most 64 stops. A loop
// per curve or ramp use made the kernel of a large graph take minutes to compile on lavapipe.
int graph_segment(uint stops, int stride, int count, float x) {
  int i = 0;
  for (int step = 32; step > 0; step >>= 1) {
    int k = min(i + step, count - 1);
    i = graph_float(stops + uint(k * stride)) <= x ? k : i;
  }
  return i;
}

// Words from `base`: the stop count, the stops (stride values each), the segments' reciprocals.
float graph_piecewise(uint base, int stride, int channel, float x) {
  int count = int(graph_uint(base));
  uint stops = base + 1u;
  uint inv = stops + uint(count * stride);
  int i = graph_segment(stops, stride, count, x);
  int lo_index = min(i, count - 2);
  uint lo = stops + uint(lo_index * stride);
  uint hi = lo + uint(stride);
  precise float t = (x - graph_float(lo)) * graph_float(inv + uint(lo_index));
  float inside = graph_mix(graph_float(lo + 1u + uint(channel)), graph_float(hi + 1u + uint(channel)), t);
  float first = graph_float(stops + 1u + uint(channel));
  float last = graph_float(stops + uint((count - 1) * stride + 1 + channel));
  return !(x > graph_float(stops)) ? first : (i == count - 1 ? last : inside);
}

// The slope of graph_piecewise at x: its segment's (v[i+1] - v[i]) / (p[i+1] - p[i]), 0 beyond
// the ends (where the function is constant).
float graph_piecewise_slope(uint base, int stride, int channel, float x) {
  int count = int(graph_uint(base));
  uint stops = base + 1u;
  uint inv = stops + uint(count * stride);
  int i = graph_segment(stops, stride, count, x);
  int lo_index = min(i, count - 2);
  uint lo = stops + uint(lo_index * stride);
  uint hi = lo + uint(stride);
  precise float inside = graph_float(inv + uint(lo_index)) * (graph_float(hi + 1u + uint(channel)) - graph_float(lo + 1u + uint(channel)));
  return !(x > graph_float(stops)) || i == count - 1 ? 0.0 : inside;
}

vec4 graph_curve_d(uint base, float x, vec4 gx) {
  precise vec4 r = gx * graph_piecewise_slope(base, 2, 0, x);
  return r;
}

mat4 graph_ramp_d(uint base, float x, vec4 gx) {
  precise mat4 r = mat4(0.0);
  for (int c = 0; c < 3; ++c) r[c] = gx * graph_piecewise_slope(base, 4, c, x);
  return r;
}

// ---- The bounded ops: GLSL's functions, which round within the graph's bound.

float graph_sqrt(float x) { return sqrt(x); }

vec4 graph_sqrt_d(float x, vec4 gx) {
  precise vec4 r = gx * (0.5 / sqrt(x));
  return r;
}

float graph_pow(float a, float b) { return pow(a, b); }

vec4 graph_pow_d(float a, vec4 ga, float b, vec4 gb) {
  precise vec4 r = ga * (b * pow(a, b - 1.0)) + gb * (log(a) * pow(a, b));
  return r;
}

float graph_sin(float x) { return sin(x); }

vec4 graph_sin_d(float x, vec4 gx) {
  precise vec4 r = gx * cos(x);
  return r;
}

float graph_cos(float x) { return cos(x); }

vec4 graph_cos_d(float x, vec4 gx) {
  precise vec4 r = gx * (-sin(x));
  return r;
}
