// Domain warp, the twin of src/core/warp.hpp (see there for the why): the offsets of the warp
// components' noises, and moving a lattice coordinate by a float distance.

const float warp_offset[4][4] = float[4][4](float[4](5.25, 1.75, 9.5, 3.125),
                                            float[4](13.5, 7.25, 2.625, 11.75),
                                            float[4](21.125, 17.5, 6.75, 19.25),
                                            float[4](29.75, 23.375, 14.5, 27.625));

// A lattice coordinate moved by delta (with the natural period 256: warp excludes periods).
lattice_axis displace(lattice_axis a, float delta) {
  precise float s = a.frac + delta;
  float whole = floor(s);
  int cell = (a.cell + int(whole)) & 255;
  precise float frac = s - whole;
  return lattice_axis(cell, (cell + 1) & 255, (cell + 255) & 255, (cell + 2) & 255, frac);
}

// A whole position moved by delta (simplex and flow noise: moved_axis in src/core/basis.hpp).
lattice_axis whole_moved(lattice_axis a, float delta) {
  precise float x = a.frac + delta;
  return whole_axis(x);
}

// lacunarity^octave by repeated multiplication: the factor of octave o's displacement.
float octave_factor(float lacunarity, int octave) {
  precise float scale = 1.0;
  for (int o = 0; o < octave; ++o) scale = scale * lacunarity;
  return scale;
}

// The displacement of an octave's coordinate on one axis: amplitude * w * lacunarity^octave.
float warp_delta(float amplitude, float w, float lacunarity, int octave) {
  precise float r = amplitude * w * octave_factor(lacunarity, octave);
  return r;
}
