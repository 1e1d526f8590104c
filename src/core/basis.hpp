// Which basis noise a sample uses: one switch over (kind, dims), shared by the reference and the
// mirror, the twin of basis_noise() in shaders/noise.glsl.
#pragma once

#include "core/improved_noise.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::detail {

template <class real>
real basis_noise(noise_kind kind, int dims, const std::int32_t* perm, const lattice_axis<real>& x,
                 const lattice_axis<real>& y, const lattice_axis<real>& z,
                 const lattice_axis<real>& w) {
  if (kind == noise_kind::improved4_balanced) {
    return improved_noise4<real, true>(perm, x, y, z, w);
  }
  switch (dims) {
    case 1:
      return improved_noise1<real>(perm, x);
    case 2:
      return improved_noise2<real>(perm, x, y);
    case 3:
      return improved_noise3<real>(perm, x, y, z);
    default:
      return improved_noise4<real, false>(perm, x, y, z, w);
  }
}

// The gradient form, the twin of basis_noise_d() in shaders/noise.glsl.
template <class real>
dual<real> basis_noise_d(noise_kind kind, int dims, const std::int32_t* perm,
                         const lattice_axis<real>& x, const lattice_axis<real>& y,
                         const lattice_axis<real>& z, const lattice_axis<real>& w) {
  if (kind == noise_kind::improved4_balanced) {
    return improved_noise4_d<real, true>(perm, x, y, z, w);
  }
  switch (dims) {
    case 1:
      return improved_noise1_d<real>(perm, x);
    case 2:
      return improved_noise2_d<real>(perm, x, y);
    case 3:
      return improved_noise3_d<real>(perm, x, y, z);
    default:
      return improved_noise4_d<real, false>(perm, x, y, z, w);
  }
}

}  // namespace vknoise::detail
