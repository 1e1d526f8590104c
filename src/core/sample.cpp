// A sample of a noise_spec: octave positions and periods, the host-side reduction, and the
// reference and mirror evaluations built from the shared templates.
#include <cmath>
#include <string>

#include "core/basis.hpp"
#include "core/fractal.hpp"
#include "core/lattice.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise {
namespace {

constexpr const char* kAxisNames[4] = {"x", "y", "z", "t"};

int min_dims(noise_kind kind) {
  return kind == noise_kind::improved4_balanced ? 4 : 1;
}

bool any_period(const noise_spec& noise) {
  for (std::uint32_t p : noise.period) {
    if (p != 0) return true;
  }
  return false;
}

double octave_scale(const noise_spec& noise, int octave) {
  double scale = 1.0;
  for (int o = 0; o < octave; ++o) scale *= noise.lacunarity;
  return scale;
}

}  // namespace

const char* noise_kind_name(noise_kind kind) {
  switch (kind) {
    case noise_kind::improved:
      return "improved";
    case noise_kind::improved4_balanced:
      return "improved4-balanced";
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
  for (int axis = 0; axis < 4; ++axis) {
    if (noise.period[axis] > 256) {
      return make_error(errc::invalid_argument,
                        std::string("the ") + kAxisNames[axis] + " period is " +
                            std::to_string(noise.period[axis]) + "; periods are 1 to 256");
    }
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
  const double scaled = x * octave_scale(noise, octave);
  return noise.octave_offsets ? scaled + octave * octave_offset[axis] : scaled;
}

std::uint64_t octave_period(const noise_spec& noise, int axis, int octave) {
  if (noise.period[axis] == 0) return 256;
  return static_cast<std::uint64_t>(noise.period[axis] * octave_scale(noise, octave));
}

double max_octave_position(const noise_spec& noise, int axis, double bound) {
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

double sample_reference(const noise_spec& noise, int dims, const double* position,
                        const permutation_table& table) {
  const auto f = detail::make_fractal_params<double>(noise);
  return detail::fractal_sum(f, [&](int o) {
    detail::lattice_axis<double> axes[4] = {};
    for (int axis = 0; axis < dims; ++axis) {
      axes[axis] = detail::split_axis(octave_position(noise, axis, o, position[axis]),
                                      octave_period(noise, axis, o));
    }
    return detail::basis_noise<double>(noise.kind, dims, table.doubled().data(), axes[0], axes[1],
                                       axes[2], axes[3]);
  });
}

float sample_mirror(const noise_spec& noise, int dims, const lattice_coord* coords,
                    const permutation_table& table) {
  const auto f = detail::make_fractal_params<float>(noise);
  return detail::fractal_sum(f, [&](int o) {
    detail::lattice_axis<float> axes[4];
    for (int axis = 0; axis < 4; ++axis) {
      const lattice_coord& c = coords[o * 4 + axis];
      axes[axis] = detail::to_axis(c, c.frac);
    }
    return detail::basis_noise<float>(noise.kind, dims, table.doubled().data(), axes[0], axes[1],
                                      axes[2], axes[3]);
  });
}

}  // namespace vknoise
