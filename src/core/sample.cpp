// A sample of a noise_spec: octave positions and periods, the host-side reduction, and the
// reference and mirror evaluations built from the shared templates.
#include <cmath>
#include <cstdio>
#include <string>

#include <algorithm>
#include <array>

#include "core/basis.hpp"
#include "core/fractal.hpp"
#include "core/lattice.hpp"
#include "core/octave_scale.hpp"
#include "core/warp.hpp"
#include "vknoise/classic_gradients.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise {
namespace {

constexpr const char* kAxisNames[4] = {"x", "y", "z", "t"};

int min_dims(noise_kind kind) {
  return kind == noise_kind::improved4_balanced ? 4 : 1;
}

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
  return {noise.kind,
          dims,
          table.doubled().data(),
          classic,
          noise.value_smooth,
          static_cast<int>(noise.interpolation)};
}

bool any_period(const noise_spec& noise) {
  for (std::uint32_t p : noise.period) {
    if (p != 0) return true;
  }
  return false;
}

}  // namespace

const char* noise_kind_name(noise_kind kind) {
  switch (kind) {
    case noise_kind::improved:
      return "improved";
    case noise_kind::improved4_balanced:
      return "improved4-balanced";
    case noise_kind::classic:
      return "classic";
    case noise_kind::value:
      return "value";
  }
  return "?";
}

const char* value_interpolation_name(value_interpolation interpolation) {
  switch (interpolation) {
    case value_interpolation::linear:
      return "linear";
    case value_interpolation::cosine:
      return "cosine";
    case value_interpolation::cubic:
      return "cubic";
  }
  return "?";
}

const char* fractal_kind_name(fractal_kind kind) {
  switch (kind) {
    case fractal_kind::none:
      return "none";
    case fractal_kind::fbm:
      return "fbm";
    case fractal_kind::turbulence:
      return "turbulence";
    case fractal_kind::ridged:
      return "ridged";
    case fractal_kind::billow:
      return "billow";
  }
  return "?";
}

status validate(const noise_spec& noise, int dims) {
  if (dims < min_dims(noise.kind) || dims > 4) {
    return make_error(errc::invalid_argument, std::string(noise_kind_name(noise.kind)) +
                                                  " noise has dims " +
                                                  (min_dims(noise.kind) == 4 ? "4" : "1 to 4") +
                                                  ", not " + std::to_string(dims));
  }
  if (noise.octaves < 1 || noise.octaves > max_octaves) {
    return make_error(errc::invalid_argument, "octaves is " + std::to_string(noise.octaves) +
                                                  "; it must be 1 to " +
                                                  std::to_string(max_octaves));
  }
  if (noise.fractal == fractal_kind::none && noise.octaves != 1) {
    return make_error(errc::invalid_argument,
                      "octaves > 1 needs a fractal (fbm, turbulence, ridged or billow)");
  }
  if (!std::isfinite(noise.persistence) || !(noise.persistence > 0)) {
    return make_error(errc::invalid_argument, "persistence must be a finite number > 0");
  }
  if (!std::isfinite(noise.lacunarity) || !(noise.lacunarity > 0)) {
    return make_error(errc::invalid_argument, "lacunarity must be a finite number > 0");
  }
  if (noise.fractal != fractal_kind::none) {
    // The float path (mirror and GPU) accumulates amp_o = persistence^o, their sum and, for a
    // gradient, slope_o = (persistence * lacunarity)^o in float: an overflow there makes every
    // sample inf / inf = NaN.
    const float persistence = static_cast<float>(noise.persistence);
    const float lacunarity = static_cast<float>(noise.lacunarity);
    float amp = 1.0f, slope = 1.0f, norm = 0.0f;
    bool finite = true;
    for (int o = 0; o < noise.octaves; ++o) {
      norm = norm + amp;
      finite = finite && std::isfinite(amp) && std::isfinite(norm) &&
               (!noise.gradient || std::isfinite(slope));
      amp = amp * persistence;
      slope = slope * persistence * lacunarity;
    }
    if (!finite) {
      char given[32];
      std::snprintf(given, sizeof given, "%g", noise.persistence);
      return make_error(errc::invalid_argument,
                        std::string("persistence ") + given + " over " +
                            std::to_string(noise.octaves) +
                            " octaves overflows float: persistence^(octaves-1)" +
                            (noise.gradient ? " and (persistence*lacunarity)^(octaves-1)" : "") +
                            " must stay below 3.4e38");
    }
  }
  for (int axis = 0; axis < 4; ++axis) {
    if (noise.period[axis] > 256) {
      return make_error(errc::invalid_argument,
                        std::string("the ") + kAxisNames[axis] + " period is " +
                            std::to_string(noise.period[axis]) + "; periods are 1 to 256");
    }
  }
  if (!std::isfinite(noise.warp) || noise.warp < 0) {
    return make_error(errc::invalid_argument, "warp must be a finite number >= 0");
  }
  if (noise.warp > 0 && any_period(noise)) {
    return make_error(errc::invalid_argument,
                      "a warp moves points across the tile's edge; it cannot be combined with a "
                      "period");
  }
  if (noise.warp > 0 && noise.gradient) {
    return make_error(errc::invalid_argument, "a warped noise has no analytic gradient here");
  }
  if (noise.gradient && noise.kind == noise_kind::value) {
    return make_error(errc::invalid_argument,
                      "value noise has no analytic gradient (use improved or classic)");
  }
  if (noise.kind == noise_kind::value && noise.value_smooth &&
      noise.interpolation == value_interpolation::cubic) {
    for (int axis = 0; axis < dims; ++axis) {
      if (noise.period[axis] != 0 && noise.period[axis] != 256) {
        return make_error(errc::invalid_argument,
                          "smoothed cubic value noise reads two cells beyond its neighbours, "
                          "which only wrap exactly with period 256 (or none)");
      }
    }
  }
  if (noise.gradient && noise.fractal != fractal_kind::none && noise.fractal != fractal_kind::fbm) {
    return make_error(errc::invalid_argument,
                      std::string("a gradient is analytic for fractal none and fbm, not ") +
                          fractal_kind_name(noise.fractal));
  }
  if (any_period(noise) && noise.octaves > 1 &&
      (noise.lacunarity != std::floor(noise.lacunarity) || noise.lacunarity > 256)) {
    return make_error(errc::invalid_argument,
                      "a period needs an integer lacunarity (2 to 256), so that every octave's "
                      "period is an integer");
  }
  return {};
}

double octave_position(const noise_spec& noise, int axis, int octave, double x) {
  // On a periodic axis, reduce modulo the period first (exact in double): the octave's position
  // moves by a multiple of its own period, the same noise, and x and x + k * period now give
  // identical bits even when an offset is added after scaling.
  if (noise.period[axis] != 0) {
    const double period = noise.period[axis];
    x = std::fmod(x, period);
    if (x < 0) x += period;
  }
  const double scaled = x * detail::octave_scale(noise, octave);
  return noise.octave_offsets ? scaled + octave * octave_offset[axis] : scaled;
}

std::uint64_t octave_period(const noise_spec& noise, int axis, int octave) {
  if (noise.period[axis] == 0) return 256;
  return static_cast<std::uint64_t>(noise.period[axis] * detail::octave_scale(noise, octave));
}

double max_octave_position(const noise_spec& noise, int axis, double bound) {
  // A warp moves a point by at most warp * |w|, and |w| < 8 for every basis noise (value noise's
  // cubic reaches 1.5^4).
  bound += 8 * noise.warp;
  double largest = 0;
  for (int o = 0; o < noise.octaves; ++o) {
    largest = std::max(largest, std::fabs(octave_position(noise, axis, o, bound)));
    largest = std::max(largest, std::fabs(octave_position(noise, axis, o, -bound)));
  }
  return largest;
}

void reduce_point(const noise_spec& noise, int dims, const double* position, lattice_coord* out) {
  for (int o = 0; o < noise.octaves; ++o) {
    for (int axis = 0; axis < 4; ++axis) {
      out[o * 4 + axis] = axis < dims
                              ? reduce_coordinate(octave_position(noise, axis, o, position[axis]),
                                                  octave_period(noise, axis, o))
                              : lattice_coord{0, 0, 0, 0, 0.0f};
    }
  }
}

namespace {

detail::lattice_axis<double> reference_axis(const noise_spec& noise, int axis, int octave,
                                            double x) {
  return detail::split_axis(octave_position(noise, axis, octave, x),
                            octave_period(noise, axis, octave));
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
    return detail::basis_noise_d(basis, x.a[0], x.a[1], x.a[2], x.a[3]);
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
    return detail::basis_noise_d(basis, x.a[0], x.a[1], x.a[2], x.a[3]);
  };
  write_channels(detail::fractal_sum_d(f, octave), dims, out);
}

}  // namespace vknoise
