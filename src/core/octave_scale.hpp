// Octave o's frequency factor, lacunarity^o, multiplied out one octave at a time in double: the
// one computation behind octave_position and octave_period (noise_spec.hpp) and the fast path's
// per-octave constants, so that all of them scale by the same double.
#pragma once

#include "vknoise/noise_spec.hpp"

namespace vknoise::detail {

inline double octave_scale(const noise_spec& noise, int octave) {
  double scale = 1.0;
  for (int o = 0; o < octave; ++o) scale *= noise.lacunarity;
  return scale;
}

}  // namespace vknoise::detail
