// The sum over octaves, the twin of src/core/fractal.hpp. The including kernel defines
// `float octave_noise(uint o)` and `dual octave_noise_d(uint o)` (the basis noise of octave o at
// its sample, and its gradient form) before this file.

#include "octave_term.glsl"

float fractal_sum(int fractal, fractal_constants f) {
  // A single octave is the basis noise itself (a loop costs llvmpipe about 40%).
  if (fractal == VKNOISE_FRACTAL_NONE) return octave_noise(0);
  precise float sum = 0.0, amp = 1.0;
  float ridge_weight = 1.0;
  for (uint o = 0; o < f.octaves; ++o) {
    sum = sum + amp * octave_term(fractal, octave_noise(o), ridge_weight);
    amp = amp * f.persistence;
  }
  precise float value = sum * f.inv_norm;
  if (fractal == VKNOISE_FRACTAL_RIDGED) value = value * 2.0 - 1.0;
  return value;
}

// The gradient form (fractal none or fbm): octave o's derivative enters scaled by
// slope_o = (persistence * lacunarity)^o, accumulated like amp.
dual fractal_sum_d(int fractal, fractal_constants f) {
  if (fractal == VKNOISE_FRACTAL_NONE) return octave_noise_d(0);
  precise float sum = 0.0, amp = 1.0, slope = 1.0;
  precise vec4 dsum = vec4(0.0);
  for (uint o = 0; o < f.octaves; ++o) {
    dual n = octave_noise_d(o);
    sum = sum + amp * n.v;
    dsum = dsum + slope * n.d;
    amp = amp * f.persistence;
    slope = slope * f.persistence * f.lacunarity;
  }
  precise float v = sum * f.inv_norm;
  precise vec4 d = dsum * f.inv_norm;
  return dual(v, d);
}
