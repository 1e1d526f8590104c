// Which basis noise a sample uses, the twin of src/core/basis.hpp. `kind` and `dims` are
// specialization constants, so the driver keeps one branch.
float basis_noise(int kind, int dims, lattice_axis x, lattice_axis y, lattice_axis z,
                  lattice_axis w) {
  if (kind == VKNOISE_NOISE_IMPROVED4_BALANCED) return improved_noise4(true, x, y, z, w);
  switch (dims) {
    case 1: return improved_noise1(x);
    case 2: return improved_noise2(x, y);
    case 3: return improved_noise3(x, y, z);
    default: return improved_noise4(false, x, y, z, w);
  }
}

// The gradient form of basis_noise, the twin of basis_noise_d() in src/core/basis.hpp.
dual basis_noise_d(int kind, int dims, lattice_axis x, lattice_axis y, lattice_axis z,
                   lattice_axis w) {
  if (kind == VKNOISE_NOISE_IMPROVED4_BALANCED) return improved_noise4_d(true, x, y, z, w);
  switch (dims) {
    case 1: return improved_noise1_d(x);
    case 2: return improved_noise2_d(x, y);
    case 3: return improved_noise3_d(x, y, z);
    default: return improved_noise4_d(false, x, y, z, w);
  }
}
