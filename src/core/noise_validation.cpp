// Which noise_specs are valid for a number of dims (validate, noise_spec.hpp): every rule a
// sample relies on, checked once up front, each refusal naming the field at fault.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/axis_names.hpp"
#include "core/flow_noise.hpp"
#include "core/noise_validation.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise {
namespace {

int min_dims(noise_kind kind) {
  switch (kind) {
    case noise_kind::improved4_balanced:
      return 4;
    case noise_kind::simplex:
    case noise_kind::cellular:
    case noise_kind::flow:
      return 2;
    default:
      return 1;
  }
}

int max_dims(noise_kind kind) {
  return kind == noise_kind::flow ? 3 : 4;
}

std::string dims_range(noise_kind kind) {
  const int lo = min_dims(kind), hi = max_dims(kind);
  return lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
}

bool any_period(const noise_spec& noise) {
  for (std::uint32_t p : noise.period) {
    if (p != 0) return true;
  }
  return false;
}

}  // namespace

std::string detail::cellular_problem(const noise_spec& noise, bool gradient) {
  if (noise.kind != noise_kind::cellular) return {};
  if (!(noise.jitter >= 0 && noise.jitter <= 1)) {
    char given[32];
    std::snprintf(given, sizeof given, "%g", noise.jitter);
    return std::string("jitter is ") + given + "; it must be a number from 0 to 1";
  }
  if (gradient && noise.returns != cellular_return::f1 && noise.returns != cellular_return::f2 &&
      noise.returns != cellular_return::f2_minus_f1) {
    return std::string("cellular noise returning ") + cellular_return_name(noise.returns) +
           " has no gradient here (f1, f2 and f2-f1 have)";
  }
  for (int axis = 0; axis < 4; ++axis) {
    if (noise.period[axis] == 0 || noise.octaves == 1) continue;
    // Each octave's cells wrap at period * lacunarity^o, which the kernels keep as a cell index
    // below 256.
    double period = noise.period[axis];
    for (int o = 1; o < noise.octaves; ++o) period *= noise.lacunarity;
    if (period > 256) {
      return std::string("cellular noise's ") + detail::axis_names[axis] + " period " +
             std::to_string(noise.period[axis]) + " grows past 256 by its last octave (period * " +
             "lacunarity^(octaves-1) must stay within 256)";
    }
  }
  return {};
}

std::string detail::flow_problem(const noise_spec& noise, int dims, bool gradient) {
  // The angle is read in float: beyond float's range it would be infinite.
  if (!std::isfinite(noise.angle) || std::fabs(noise.angle) > 3.4e38) {
    return "the flow angle must be a finite number (radians) that float can hold";
  }
  if (!std::isfinite(noise.advection) || noise.advection < 0 || noise.advection > 3.4e38) {
    return "the flow advection must be a finite number >= 0";
  }
  if (noise.kind != noise_kind::flow) {
    if (noise.angle != 0 || noise.advection != 0) {
      return "a flow angle and advection apply to flow noise only";
    }
    return {};
  }
  if (noise.advection != 0 && noise.fractal != fractal_kind::fbm) {
    return "flow advection is a kind of fbm: it needs fractal fbm";
  }
  if (noise.advection != 0 && gradient) {
    return "an advected flow fbm has no gradient here (its octaves' positions depend on the "
           "coarser octaves' gradients, whose derivatives would need second derivatives)";
  }
  for (int axis = 0; axis < dims; ++axis) {
    if (!flow_period_supported(dims, axis, noise.period[axis])) {
      return "2D flow noise tiles on even y periods only (its lattice's rows alternate a "
             "half-cell shift), not " +
             std::to_string(noise.period[axis]);
    }
  }
  if (noise.warp > 0) return "flow noise is not warped here (use a graph's warp nodes)";
  return {};
}

status validate(const noise_spec& noise, int dims) {
  if (dims < min_dims(noise.kind) || dims > max_dims(noise.kind)) {
    return make_error(errc::invalid_argument, std::string(noise_kind_name(noise.kind)) +
                                                  " noise has dims " + dims_range(noise.kind) +
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
  if (const std::string problem = detail::cellular_problem(noise, noise.gradient);
      !problem.empty()) {
    return make_error(errc::invalid_argument, problem);
  }
  if (const std::string problem = detail::flow_problem(noise, dims, noise.gradient);
      !problem.empty()) {
    return make_error(errc::invalid_argument, problem);
  }
  return {};
}

}  // namespace vknoise
