// Which noise_specs are valid for a number of dims (validate, noise_spec.hpp): every rule a
// sample relies on, checked once up front, each refusal naming the field at fault.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/axis_names.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise {
namespace {

int min_dims(noise_kind kind) {
  switch (kind) {
    case noise_kind::improved4_balanced:
      return 4;
    case noise_kind::simplex:
      return 2;
    default:
      return 1;
  }
}

bool any_period(const noise_spec& noise) {
  for (std::uint32_t p : noise.period) {
    if (p != 0) return true;
  }
  return false;
}

}  // namespace

status validate(const noise_spec& noise, int dims) {
  if (dims < min_dims(noise.kind) || dims > 4) {
    return make_error(
        errc::invalid_argument,
        std::string(noise_kind_name(noise.kind)) + " noise has dims " +
            (min_dims(noise.kind) == 4 ? std::string("4")
                                       : std::to_string(min_dims(noise.kind)) + " to 4") +
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
                        std::string("the ") + detail::axis_names[axis] + " period is " +
                            std::to_string(noise.period[axis]) + "; periods are 1 to 256");
    }
  }
  if (noise.kind == noise_kind::simplex && any_period(noise)) {
    return make_error(errc::invalid_argument,
                      "simplex noise has no period: its skewed lattice does not tile on an "
                      "integer grid (leave the periods at 0)");
  }
  if (!std::isfinite(noise.warp) || noise.warp < 0) {
    return make_error(errc::invalid_argument, "warp must be a finite number >= 0");
  }
  if (noise.warp > 0 && any_period(noise)) {
    return make_error(errc::invalid_argument,
                      "a warp moves points across the tile's edge; it cannot be combined with a "
                      "period");
  }
  if (noise.warp > 0 && noise.kind == noise_kind::simplex) {
    return make_error(errc::invalid_argument,
                      "simplex noise is not warped here (use a graph's warp nodes)");
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

}  // namespace vknoise
