// One sample of a noise_spec, in double (the reference) and in float (the mirror): the basis
// noise of each octave's coordinates (octave_coordinates.cpp), warped and summed by the templates
// the two precisions share.
#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

#include "core/basis.hpp"
#include "core/fractal.hpp"
#include "core/lattice.hpp"
#include "core/warp.hpp"
#include "vknoise/classic_gradients.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise {
namespace {

// Classic noise's tables for one seed, flattened per dimension, in both precisions. Building
// them takes microseconds, a sample nanoseconds: each thread keeps the last seed's.
struct classic_tables {
  std::uint64_t seed = 0;
  bool built = false;
  std::array<std::array<double, 1024>, 4> reference;
  std::array<std::array<float, 1024>, 4> mirror;
};

const classic_tables& classic_tables_for(std::uint64_t seed) {
  thread_local classic_tables tables;
  if (!tables.built || tables.seed != seed) {
    const classic_gradients gradients = classic_gradients::from_seed(seed);
    for (int dims = 1; dims <= 4; ++dims) {
      for (int i = 0; i < 256; ++i) {
        for (int k = 0; k < 4; ++k) {
          tables.reference[dims - 1][4 * i + k] = gradients.table(dims)[i][k];
        }
      }
      tables.mirror[dims - 1] = gradients.float_table(dims);
    }
    tables.seed = seed;
    tables.built = true;
  }
  return tables;
}

template <class real>
detail::basis_setup<real> basis_setup_for(const noise_spec& noise, int dims,
                                          const permutation_table& table) {
  const real* classic = nullptr;
  if (noise.kind == noise_kind::classic) {
    const classic_tables& t = classic_tables_for(noise.classic_seed);
    if constexpr (std::is_same_v<real, double>) {
      classic = t.reference[dims - 1].data();
    } else {
      classic = t.mirror[dims - 1].data();
    }
  }
  detail::basis_setup<real> basis{noise.kind,
                                  dims,
                                  table.doubled().data(),
                                  classic,
                                  noise.value_smooth,
                                  static_cast<int>(noise.interpolation)};
  basis.cellular = {noise.distance, noise.returns, static_cast<real>(noise.jitter)};
  detail::set_cellular_periods(basis, noise);
  basis.flow_angle = static_cast<real>(noise.angle);
  basis.flow_lacunarity = static_cast<real>(noise.lacunarity);
  return basis;
}

detail::lattice_axis<double> reference_axis(const noise_spec& noise, int axis, int octave,
                                            double x) {
  return detail::reference_axis_of(noise.kind, octave_position(noise, axis, octave, x),
                                   octave_period(noise, axis, octave), noise.period[axis] != 0);
}

// Octave o's axes: from the position in double, or from reduce_point's coordinates in float.
struct reference_axes {
  detail::lattice_axis<double> a[4] = {};
  reference_axes(const noise_spec& noise, int dims, const double* position, int o) {
    for (int axis = 0; axis < dims; ++axis)
      a[axis] = reference_axis(noise, axis, o, position[axis]);
  }
};

struct mirror_axes {
  detail::lattice_axis<float> a[4];
  mirror_axes(const lattice_coord* coords, int o) {
    for (int axis = 0; axis < 4; ++axis) {
      const lattice_coord& c = coords[o * 4 + axis];
      a[axis] = detail::to_axis(c, c.frac);
    }
  }
};

template <class real>
void write_channels(const detail::dual<real>& r, int dims, real* out) {
  out[0] = r.v;
  for (int axis = 0; axis < dims; ++axis) out[1 + axis] = r.d[axis];
}

}  // namespace

double sample_reference(const noise_spec& noise, int dims, const double* position,
                        const permutation_table& table) {
  const auto f = detail::make_fractal_params<double>(noise);
  const auto basis = basis_setup_for<double>(noise, dims, table);
  // The warp moves the position itself (warp.hpp), by noise read at the unwarped one.
  // position holds dims values only; the axes beyond stay 0.
  double warped[4] = {0, 0, 0, 0};
  std::copy_n(position, dims, warped);
  if (noise.warp > 0) {
    for (int a = 0; a < dims; ++a) {
      detail::lattice_axis<double> w[4] = {};
      for (int b = 0; b < dims; ++b) {
        w[b] = detail::split_axis(position[b] + detail::warp_offset[a][b], 256);
      }
      warped[a] = position[a] + noise.warp * detail::basis_noise(basis, 0, w[0], w[1], w[2], w[3]);
    }
  }
  if (noise.advection > 0) {
    return detail::advected_sum(f, noise.advection, [&](int o, const double* shift) {
      reference_axes x(noise, dims, warped, o);
      for (int a = 0; a < dims; ++a) x.a[a] = detail::moved_axis(noise.kind, x.a[a], shift[a]);
      return detail::basis_noise_d(basis, o, x.a[0], x.a[1], x.a[2], x.a[3]);
    });
  }
  return detail::fractal_sum(f, [&](int o) {
    const reference_axes x(noise, dims, warped, o);
    return detail::basis_noise(basis, o, x.a[0], x.a[1], x.a[2], x.a[3]);
  });
}

float sample_mirror(const noise_spec& noise, int dims, const lattice_coord* coords,
                    const permutation_table& table) {
  const auto f = detail::make_fractal_params<float>(noise);
  const auto basis = basis_setup_for<float>(noise, dims, table);
  // The warp moves each octave's reduced coordinate (warp.hpp), as the kernels do.
  const float amplitude = static_cast<float>(noise.warp);
  float w[4] = {0, 0, 0, 0};
  if (noise.warp > 0) {
    const mirror_axes x0(coords, 0);
    for (int a = 0; a < dims; ++a) {
      detail::lattice_axis<float> moved[4] = {x0.a[0], x0.a[1], x0.a[2], x0.a[3]};
      for (int b = 0; b < dims; ++b) {
        moved[b] = detail::displace(x0.a[b], static_cast<float>(detail::warp_offset[a][b]));
      }
      w[a] = detail::basis_noise(basis, 0, moved[0], moved[1], moved[2], moved[3]);
    }
  }
  if (noise.advection > 0) {
    return detail::advected_sum(
        f, static_cast<float>(noise.advection), [&](int o, const float* shift) {
          mirror_axes x(coords, o);
          for (int a = 0; a < dims; ++a) {
            x.a[a] = detail::moved_axis(noise.kind, x.a[a], shift[a]);
          }
          return detail::basis_noise_d(basis, o, x.a[0], x.a[1], x.a[2], x.a[3]);
        });
  }
  return detail::fractal_sum(f, [&](int o) {
    mirror_axes x(coords, o);
    if (noise.warp > 0) {
      for (int b = 0; b < dims; ++b) {
        x.a[b] = detail::displace(x.a[b], detail::warp_delta(amplitude, w[b], f.lacunarity, o));
      }
    }
    return detail::basis_noise(basis, o, x.a[0], x.a[1], x.a[2], x.a[3]);
  });
}

void sample_reference(const noise_spec& noise, int dims, const double* position,
                      const permutation_table& table, double* out) {
  if (!noise.gradient) {
    out[0] = sample_reference(noise, dims, position, table);
    return;
  }
  const auto f = detail::make_fractal_params<double>(noise);
  const auto basis = basis_setup_for<double>(noise, dims, table);
  const auto octave = [&](int o) {
    const reference_axes x(noise, dims, position, o);
    return detail::basis_noise_d(basis, o, x.a[0], x.a[1], x.a[2], x.a[3]);
  };
  write_channels(detail::fractal_sum_d(f, octave), dims, out);
}

void sample_mirror(const noise_spec& noise, int dims, const lattice_coord* coords,
                   const permutation_table& table, float* out) {
  if (!noise.gradient) {
    out[0] = sample_mirror(noise, dims, coords, table);
    return;
  }
  const auto f = detail::make_fractal_params<float>(noise);
  const auto basis = basis_setup_for<float>(noise, dims, table);
  const auto octave = [&](int o) {
    const mirror_axes x(coords, o);
    return detail::basis_noise_d(basis, o, x.a[0], x.a[1], x.a[2], x.a[3]);
  };
  write_channels(detail::fractal_sum_d(f, octave), dims, out);
}

}  // namespace vknoise
