// Which basis noise a sample uses, the twin of src/core/basis.hpp. The kernel declares the
// specialization constants kind, dims, value_smooth and value_interpolation, so the driver keeps
// one branch; the tables are bound buffers (permutation.glsl).

float basis_noise(int octave, lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w) {
  if (kind == VKNOISE_NOISE_IMPROVED4_BALANCED) return improved_noise4(true, x, y, z, w);
  if (kind == VKNOISE_NOISE_CLASSIC) {
    switch (dims) {
      case 1: return classic_noise1(x);
      case 2: return classic_noise2(x, y);
      case 3: return classic_noise3(x, y, z);
      default: return classic_noise4(x, y, z, w);
    }
  }
  if (kind == VKNOISE_NOISE_VALUE) {
    bool s = value_smooth != 0;
    switch (dims) {
      case 1: return value_noise1(octave, s, value_interpolation, x);
      case 2: return value_noise2(octave, s, value_interpolation, x, y);
      case 3: return value_noise3(octave, s, value_interpolation, x, y, z);
      default: return value_noise4(octave, s, value_interpolation, x, y, z, w);
    }
  }
  switch (dims) {
    case 1: return improved_noise1(x);
    case 2: return improved_noise2(x, y);
    case 3: return improved_noise3(x, y, z);
    default: return improved_noise4(false, x, y, z, w);
  }
}

// The gradient form, the twin of basis_noise_d() in src/core/basis.hpp (value noise has none).
dual basis_noise_d(lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w) {
  if (kind == VKNOISE_NOISE_IMPROVED4_BALANCED) return improved_noise4_d(true, x, y, z, w);
  if (kind == VKNOISE_NOISE_CLASSIC) {
    switch (dims) {
      case 1: return classic_noise1_d(x);
      case 2: return classic_noise2_d(x, y);
      case 3: return classic_noise3_d(x, y, z);
      default: return classic_noise4_d(x, y, z, w);
    }
  }
  switch (dims) {
    case 1: return improved_noise1_d(x);
    case 2: return improved_noise2_d(x, y);
    case 3: return improved_noise3_d(x, y, z);
    default: return improved_noise4_d(false, x, y, z, w);
  }
}
