// The periods cellular noise's cells wrap at in each octave: the twin of
// src/core/cellular_periods.hpp (see there).
uvec4 cellular_octave_periods(uvec4 period, uint lacunarity, int octave) {
  uvec4 p = period;
  for (int o = 0; o < octave; ++o) {
    p = p * lacunarity;
  }
  return mix(p, uvec4(256u), equal(p, uvec4(0u)));
}
