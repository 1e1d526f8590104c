// Which basis noise a sample uses: one switch over (kind, dims), shared by the reference and the
// mirror; on the GPU a graph kernel's noise node calls its basis directly (graph_glsl_basis.cpp,
// the tables bound buffers).
#pragma once

#include <array>
#include <cstdint>

#include "core/cellular_noise.hpp"
#include "core/cellular_periods.hpp"
#include "core/classic_noise.hpp"
#include "core/flow_noise.hpp"
#include "core/improved_noise.hpp"
#include "core/lattice.hpp"
#include "core/simplex_noise.hpp"
#include "core/value_noise.hpp"
#include "core/warp.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::detail {

// The reference's axis of a position for basis `kind`: split modulo the period; or whole, for
// simplex noise as it is, for flow noise reduced modulo its period where the axis has one
// (`periodic`; octave_coordinate's double twin).
inline lattice_axis<double> reference_axis_of(noise_kind kind, double x, std::uint64_t period,
                                              bool periodic) {
  if (kind == noise_kind::flow) {
    return whole_axis(flow_reduce_position(x, periodic ? static_cast<std::uint32_t>(period) : 0));
  }
  return kind == noise_kind::simplex ? whole_axis(x) : split_axis(x, period);
}

// A float-path axis moved by delta (a warp's displacement): a lattice coordinate by displace(), a
// whole position by adding delta to it (whole_moved in shaders/warp.glsl).
template <class real>
inline lattice_axis<real> moved_axis(noise_kind kind, const lattice_axis<real>& a, real delta) {
  return reads_whole_position(kind) ? whole_axis(a.frac + delta) : displace(a, delta);
}

template <class real>
struct basis_setup {
  noise_kind kind;
  int dims;
  const std::int32_t* perm;  // the doubled permutation table
  const real* classic;       // classic: 256 x 4 gradients of dimension dims
  bool value_smooth;
  int value_interpolation;  // value_linear, value_cosine or value_cubic
  cellular_setup<real> cellular{};
  // cellular: the periods (0: none) and the integer lacunarity its octaves' cells wrap at
  // (cellular_octave_periods).
  std::array<std::uint32_t, 4> period{0, 0, 0, 0};
  std::uint32_t lacunarity = 1;
  // flow: the angle (radians) and the fractal's lacunarity (real's: octave o turns its gradients
  // round(lacunarity^o) times as fast, flow_octave_angle).
  real flow_angle = real(0);
  real flow_lacunarity = real(2);
};

// Flow noise's periods at octave o as flow_noise takes them: 0 where the axis has none, else
// period * lacunarity^o.
template <class real>
std::array<std::int32_t, 4> flow_octave_periods(const basis_setup<real>& b, int octave) {
  std::array<std::int32_t, 4> p{};
  const std::array<std::uint32_t, 4> wrapped =
      cellular_octave_periods(b.period, b.lacunarity, octave);
  for (int a = 0; a < 4; ++a) p[a] = b.period[a] == 0 ? 0 : static_cast<std::int32_t>(wrapped[a]);
  return p;
}

// A spec's periods and, where one is set, its lacunarity (an integer then, as validate() asks).
template <class real>
void set_cellular_periods(basis_setup<real>& b, const noise_spec& spec) {
  b.period = spec.period;
  bool periodic = false;
  for (const std::uint32_t p : spec.period) periodic = periodic || p != 0;
  b.lacunarity = periodic ? static_cast<std::uint32_t>(spec.lacunarity) : 1;
}

template <class real>
real basis_noise(const basis_setup<real>& b, int octave, const lattice_axis<real>& x,
                 const lattice_axis<real>& y, const lattice_axis<real>& z,
                 const lattice_axis<real>& w) {
  const std::int32_t* perm = b.perm;
  switch (b.kind) {
    case noise_kind::cellular:
      return cellular_noise<real>(perm, b.cellular, b.dims, x, y, z, w,
                                  cellular_octave_periods(b.period, b.lacunarity, octave).data());
    case noise_kind::flow: {
      // Its axes carry the whole coordinate in frac (whole_axis).
      const std::array<std::int32_t, 4> period = flow_octave_periods(b, octave);
      const real angle = flow_octave_angle(b.flow_angle, b.flow_lacunarity, octave);
      return b.dims == 2 ? flow_noise2<real>(perm, x.frac, y.frac, period.data(), angle)
                         : flow_noise3<real>(perm, x.frac, y.frac, z.frac, period.data(), angle);
    }
    case noise_kind::simplex:
      // Its axes carry the whole coordinate in frac (whole_axis).
      switch (b.dims) {
        case 2:
          return simplex_noise2<real>(perm, x.frac, y.frac);
        case 3:
          return simplex_noise3<real>(perm, x.frac, y.frac, z.frac);
        default:
          return simplex_noise4<real>(perm, x.frac, y.frac, z.frac, w.frac);
      }
    case noise_kind::improved4_balanced:
      return improved_noise4<real, true>(perm, x, y, z, w);
    case noise_kind::classic:
      switch (b.dims) {
        case 1:
          return classic_noise1<real>(perm, b.classic, x);
        case 2:
          return classic_noise2<real>(perm, b.classic, x, y);
        case 3:
          return classic_noise3<real>(perm, b.classic, x, y, z);
        default:
          return classic_noise4<real>(perm, b.classic, x, y, z, w);
      }
    case noise_kind::value: {
      const bool s = b.value_smooth;
      const int i = b.value_interpolation;
      switch (b.dims) {
        case 1:
          return value_noise1<real>(octave, s, i, x);
        case 2:
          return value_noise2<real>(octave, s, i, x, y);
        case 3:
          return value_noise3<real>(octave, s, i, x, y, z);
        default:
          return value_noise4<real>(octave, s, i, x, y, z, w);
      }
    }
    default:
      switch (b.dims) {
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
}

// The gradient form (value noise has none; cellular noise's only for f1, f2 and f2-f1).
template <class real>
dual<real> basis_noise_d(const basis_setup<real>& b, int octave, const lattice_axis<real>& x,
                         const lattice_axis<real>& y, const lattice_axis<real>& z,
                         const lattice_axis<real>& w) {
  const std::int32_t* perm = b.perm;
  if (b.kind == noise_kind::cellular) {
    return cellular_noise_d<real>(perm, b.cellular, b.dims, x, y, z, w,
                                  cellular_octave_periods(b.period, b.lacunarity, octave).data());
  }
  if (b.kind == noise_kind::flow) {
    const std::array<std::int32_t, 4> period = flow_octave_periods(b, octave);
    const real angle = flow_octave_angle(b.flow_angle, b.flow_lacunarity, octave);
    return b.dims == 2 ? flow_noise2_d<real>(perm, x.frac, y.frac, period.data(), angle)
                       : flow_noise3_d<real>(perm, x.frac, y.frac, z.frac, period.data(), angle);
  }
  if (b.kind == noise_kind::simplex) {
    switch (b.dims) {
      case 2:
        return simplex_noise2_d<real>(perm, x.frac, y.frac);
      case 3:
        return simplex_noise3_d<real>(perm, x.frac, y.frac, z.frac);
      default:
        return simplex_noise4_d<real>(perm, x.frac, y.frac, z.frac, w.frac);
    }
  }
  if (b.kind == noise_kind::improved4_balanced) {
    return improved_noise4_d<real, true>(perm, x, y, z, w);
  }
  if (b.kind == noise_kind::classic) {
    switch (b.dims) {
      case 1:
        return classic_noise1_d<real>(perm, b.classic, x);
      case 2:
        return classic_noise2_d<real>(perm, b.classic, x, y);
      case 3:
        return classic_noise3_d<real>(perm, b.classic, x, y, z);
      default:
        return classic_noise4_d<real>(perm, b.classic, x, y, z, w);
    }
  }
  switch (b.dims) {
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
