// The graph nodes' arithmetic and shaping, the twin of src/graph/graph_ops.hpp (same functions,
// same order, same names). Constants come from the graph's constant words (graph_bindings.glsl):
// where the C++ twin takes an array, these take the word it starts at.

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

float graph_mix(float a, float b, float t) {
  precise float r = a + t * (b - a);
  return r;
}

float graph_clamp(float x, float lo, float hi) { return graph_min(graph_max(x, lo), hi); }

float graph_select(float a, float b, float control, float threshold) {
  return control < threshold ? a : b;
}

float graph_blend(float a, float b, float control, float lo, float inv) {
  precise float s = graph_clamp((control - lo) * inv, 0.0, 1.0);
  precise float t = s * s * (3.0 - 2.0 * s);
  return graph_mix(a, b, t);
}

float graph_remap(float x, float from_lo, float factor, float to_lo) {
  precise float r = to_lo + (x - from_lo) * factor;
  return r;
}

float graph_terrace(float x, float steps, float inv) {
  precise float scaled = x * steps;
  precise float r = floor(scaled) * inv;
  return r;
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
