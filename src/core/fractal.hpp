// The sum over octaves, written once for both precisions (twin of the graph kernels' fractal
// nodes, graph_glsl_basis.cpp, same order). The basis noise of octave o comes from a callable, so
// the reference, the mirror and the GPU kernel share this accumulation exactly.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "core/improved_noise.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::detail {

template <class real>
struct fractal_params {
  fractal_kind fractal;
  int octaves;
  real persistence;
  real lacunarity;
  real norm;      // sum of persistence^o over the octaves, accumulated in `real`
  real inv_norm;  // 1 / norm, computed on the host: the GPU never divides
};

template <class real>
fractal_params<real> make_fractal_params(const noise_spec& noise) {
  fractal_params<real> f{noise.fractal,
                         noise.octaves,
                         static_cast<real>(noise.persistence),
                         static_cast<real>(noise.lacunarity),
                         real(0),
                         real(0)};
  real amp = real(1);
  for (int o = 0; o < noise.octaves; ++o) {
    f.norm = f.norm + amp;
    amp = amp * f.persistence;
  }
  f.inv_norm = real(1) / f.norm;
  return f;
}

template <class real>
inline real octave_term(fractal_kind fractal, real n, real& ridge_weight) {
  switch (fractal) {
    case fractal_kind::turbulence:
      return std::fabs(n);
    case fractal_kind::billow:
      return real(2) * std::fabs(n) - real(1);
    case fractal_kind::ridged: {
      real s = real(1) - std::fabs(n);
      s = s * s;
      s = s * ridge_weight;
      ridge_weight = std::clamp(s * real(2), real(0), real(1));
      return s;
    }
    default:  // none, fbm
      return n;
  }
}

template <class real, class BasisOfOctave>
real fractal_sum(const fractal_params<real>& f, BasisOfOctave&& basis_of_octave) {
  // A single octave is the basis noise itself (the GLSL twin skips its loop there too).
  if (f.fractal == fractal_kind::none) return basis_of_octave(0);
  real sum = real(0), amp = real(1), ridge_weight = real(1);
  for (int o = 0; o < f.octaves; ++o) {
    sum = sum + amp * octave_term(f.fractal, basis_of_octave(o), ridge_weight);
    amp = amp * f.persistence;
  }
  // The reference divides as the formula says; the float path multiplies by the host's 1/norm.
  real value = std::is_same_v<real, double> ? sum / f.norm : sum * f.inv_norm;
  if (f.fractal == fractal_kind::ridged) value = value * real(2) - real(1);
  return value;
}

// The gradient form (fractal none or fbm). Octave o samples n(p * lacunarity^o + offset), so its
// derivative enters scaled by slope_o = (persistence * lacunarity)^o, accumulated like amp.
template <class real, class BasisOfOctaveD>
dual<real> fractal_sum_d(const fractal_params<real>& f, BasisOfOctaveD&& basis_of_octave_d) {
  if (f.fractal == fractal_kind::none) return basis_of_octave_d(0);
  real sum = real(0), amp = real(1), slope = real(1);
  real dsum[4] = {real(0), real(0), real(0), real(0)};
  for (int o = 0; o < f.octaves; ++o) {
    const dual<real> n = basis_of_octave_d(o);
    sum = sum + amp * n.v;
    for (int i = 0; i < 4; ++i) dsum[i] = dsum[i] + slope * n.d[i];
    amp = amp * f.persistence;
    slope = slope * f.persistence * f.lacunarity;
  }
  dual<real> r;
  constexpr bool reference = std::is_same_v<real, double>;
  r.v = reference ? sum / f.norm : sum * f.inv_norm;
  for (int i = 0; i < 4; ++i) r.d[i] = reference ? dsum[i] / f.norm : dsum[i] * f.inv_norm;
  return r;
}

// Perlin & Neyret's pseudo-advection (flow noise under fbm with advection > 0): octave o samples
// its position minus advection * G_o, G_o the sum over the coarser octaves of amp_i times their
// gradients (each in its own octave's lattice units), so finer detail is carried along the
// coarser flow. basis_of_octave_d(o, shift) samples octave o with each axis a moved by shift[a]
// = -(advection * G[a]) and returns the value and gradient. The GLSL twin is the advected loop of
// graph_glsl_basis.cpp's fractal statement, operation for operation.
template <class real, class BasisOfOctaveD>
real advected_sum(const fractal_params<real>& f, real advection,
                  BasisOfOctaveD&& basis_of_octave_d) {
  real sum = real(0), amp = real(1);
  real G[4] = {real(0), real(0), real(0), real(0)};
  for (int o = 0; o < f.octaves; ++o) {
    real shift[4];
    for (int a = 0; a < 4; ++a) shift[a] = -(advection * G[a]);
    const dual<real> n = basis_of_octave_d(o, shift);
    sum = sum + amp * n.v;
    for (int a = 0; a < 4; ++a) G[a] = G[a] + amp * n.d[a];
    amp = amp * f.persistence;
  }
  return std::is_same_v<real, double> ? sum / f.norm : sum * f.inv_norm;
}

}  // namespace vknoise::detail
