// One octave's term of a fractal sum, the twin of octave_term() in src/core/fractal.hpp: the graph
// kernels' fractal nodes (graph_glsl_basis.cpp) sum these.

float octave_term(int fractal, float n, inout float ridge_weight) {
  precise float r;
  if (fractal == VKNOISE_FRACTAL_TURBULENCE) {
    r = abs(n);
  } else if (fractal == VKNOISE_FRACTAL_BILLOW) {
    r = 2.0 * abs(n) - 1.0;
  } else if (fractal == VKNOISE_FRACTAL_RIDGED) {
    precise float s = 1.0 - abs(n);
    s = s * s;
    s = s * ridge_weight;
    ridge_weight = clamp(s * 2.0, 0.0, 1.0);
    r = s;
  } else {  // none, fbm
    r = n;
  }
  return r;
}
