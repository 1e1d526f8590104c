// Domain warp, written once for both precisions (twin of shaders/warp.glsl): a sample at p reads
// the noise at p + amplitude * (w_0(p), .., w_{dims-1}(p)), where w_a is the basis noise (one
// octave, same kind) at p + warp_offset[a]. The float path never rebuilds a position: it moves a
// lattice coordinate the host reduced (cell, frac) by a float distance, so precision at 1e6 is
// kept; the double reference adds the displacement to the position. Octave o moves by
// amplitude * w * lacunarity^o, which is the octave position of the warped point exactly.
#pragma once

#include <cmath>

#include "core/lattice.hpp"

namespace vknoise::detail {

// The offset of warp component a's noise, per axis: far apart, so the components are unrelated.
// Exactly representable in float, so both precisions add the same number.
inline constexpr double warp_offset[4][4] = {{5.25, 1.75, 9.5, 3.125},
                                             {13.5, 7.25, 2.625, 11.75},
                                             {21.125, 17.5, 6.75, 19.25},
                                             {29.75, 23.375, 14.5, 27.625}};

// A lattice coordinate moved by delta (with the natural period 256: warp excludes periods).
template <class real>
inline lattice_axis<real> displace(const lattice_axis<real>& a, real delta) {
  const real s = a.frac + delta;
  const real whole = std::floor(s);
  const int cell = (a.cell + static_cast<int>(whole)) & 255;
  return {cell, (cell + 1) & 255, (cell + 255) & 255, (cell + 2) & 255, s - whole};
}

// lacunarity^octave by repeated multiplication in `real`: the factor of octave o's displacement.
template <class real>
inline real octave_factor(real lacunarity, int octave) {
  real scale = real(1);
  for (int o = 0; o < octave; ++o) scale = scale * lacunarity;
  return scale;
}

// The displacement of an octave's coordinate on one axis: amplitude * w * lacunarity^octave.
template <class real>
inline real warp_delta(real amplitude, real w, real lacunarity, int octave) {
  return amplitude * w * octave_factor(lacunarity, octave);
}

}  // namespace vknoise::detail
