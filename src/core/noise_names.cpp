// The names of noise_spec's enumerations (noise_spec.hpp): one switch per enumeration, so that
// the command line, Python, the window, the graph JSON, error messages and reports all print and
// accept the same words.
#include <algorithm>

#include "vknoise/noise_spec.hpp"

namespace vknoise {
namespace {

constexpr noise_kind kNoiseKinds[] = {
    noise_kind::improved, noise_kind::improved4_balanced, noise_kind::classic, noise_kind::value,
    noise_kind::simplex,  noise_kind::cellular,           noise_kind::flow};
constexpr fractal_kind kFractalKinds[] = {fractal_kind::none, fractal_kind::fbm,
                                          fractal_kind::turbulence, fractal_kind::ridged,
                                          fractal_kind::billow};
constexpr value_interpolation kInterpolations[] = {
    value_interpolation::linear, value_interpolation::cosine, value_interpolation::cubic};
constexpr cellular_distance kDistances[] = {
    cellular_distance::euclidean, cellular_distance::euclidean2, cellular_distance::manhattan,
    cellular_distance::chebyshev};
constexpr cellular_return kReturns[] = {cellular_return::f1,          cellular_return::f2,
                                        cellular_return::f2_minus_f1, cellular_return::f1_times_f2,
                                        cellular_return::f1_over_f2,  cellular_return::cell};

// `name` equals `canonical` with each '-' of canonical also matched by '_'.
bool same_name(std::string_view name, std::string_view canonical) {
  return std::equal(
      name.begin(), name.end(), canonical.begin(), canonical.end(),
      [](char given, char wanted) { return given == wanted || (wanted == '-' && given == '_'); });
}

template <typename Enum, std::size_t N>
std::optional<Enum> from_name(std::string_view name, const Enum (&values)[N],
                              const char* (*name_of)(Enum)) {
  for (const Enum value : values) {
    if (same_name(name, name_of(value))) return value;
  }
  return std::nullopt;
}

template <typename Enum, std::size_t N>
std::string choices(const Enum (&values)[N], const char* (*name_of)(Enum)) {
  std::string text;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) text += i + 1 == N ? " or " : ", ";
    text += name_of(values[i]);
  }
  return text;
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
    case noise_kind::simplex:
      return "simplex";
    case noise_kind::cellular:
      return "cellular";
    case noise_kind::flow:
      return "flow";
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

const char* cellular_distance_name(cellular_distance distance) {
  switch (distance) {
    case cellular_distance::euclidean:
      return "euclidean";
    case cellular_distance::euclidean2:
      return "euclidean2";
    case cellular_distance::manhattan:
      return "manhattan";
    case cellular_distance::chebyshev:
      return "chebyshev";
  }
  return "?";
}

const char* cellular_return_name(cellular_return returns) {
  switch (returns) {
    case cellular_return::f1:
      return "f1";
    case cellular_return::f2:
      return "f2";
    case cellular_return::f2_minus_f1:
      return "f2-f1";
    case cellular_return::f1_times_f2:
      return "f1*f2";
    case cellular_return::f1_over_f2:
      return "f1/f2";
    case cellular_return::cell:
      return "cell";
  }
  return "?";
}

std::optional<noise_kind> noise_kind_from_name(std::string_view name) {
  return from_name(name, kNoiseKinds, noise_kind_name);
}
std::optional<fractal_kind> fractal_kind_from_name(std::string_view name) {
  return from_name(name, kFractalKinds, fractal_kind_name);
}
std::optional<value_interpolation> value_interpolation_from_name(std::string_view name) {
  return from_name(name, kInterpolations, value_interpolation_name);
}

std::optional<cellular_distance> cellular_distance_from_name(std::string_view name) {
  return from_name(name, kDistances, cellular_distance_name);
}
// The returns' symbols also spelled as words, for places where '-', '*' and '/' are awkward
// (identifiers, shell globs).
std::optional<cellular_return> cellular_return_from_name(std::string_view name) {
  if (name == "f2_minus_f1") return cellular_return::f2_minus_f1;
  if (name == "f1_times_f2") return cellular_return::f1_times_f2;
  if (name == "f1_over_f2") return cellular_return::f1_over_f2;
  return from_name(name, kReturns, cellular_return_name);
}

std::span<const noise_kind> all_noise_kinds() {
  return kNoiseKinds;
}
std::span<const fractal_kind> all_fractal_kinds() {
  return kFractalKinds;
}
std::span<const value_interpolation> all_value_interpolations() {
  return kInterpolations;
}

std::span<const cellular_distance> all_cellular_distances() {
  return kDistances;
}
std::span<const cellular_return> all_cellular_returns() {
  return kReturns;
}

std::string noise_kind_choices() {
  return choices(kNoiseKinds, noise_kind_name);
}
std::string fractal_kind_choices() {
  return choices(kFractalKinds, fractal_kind_name);
}
std::string value_interpolation_choices() {
  return choices(kInterpolations, value_interpolation_name);
}

std::string cellular_distance_choices() {
  return choices(kDistances, cellular_distance_name);
}
std::string cellular_return_choices() {
  return choices(kReturns, cellular_return_name);
}

}  // namespace vknoise
