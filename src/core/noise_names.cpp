// The names of noise_spec's enumerations, one switch per enumeration, so that error messages, the
// command line's choices and reports all print the same words.
#include "vknoise/noise_spec.hpp"

namespace vknoise {

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

}  // namespace vknoise
