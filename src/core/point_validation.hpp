// The checks every point evaluation makes (gpu_renderer::eval and eval_fast), so that both refuse
// the same inputs with the same messages.
#pragma once

#include <cstddef>
#include <span>

#include "vknoise/noise_spec.hpp"
#include "vknoise/result.hpp"

namespace vknoise::detail {

// errc::invalid_argument for dims outside 1..4, a noise spec that validate(noise, dims) rejects,
// or sizes other than dims coordinates per point and channel_count(noise, dims) output values per
// point.
status validate_point_arguments(const noise_spec& noise, int dims, std::size_t coordinates,
                                std::size_t output_size);

// Which coordinates lie in the domain: finite, with max_octave_position(noise, axis,
// |coordinate|) < max_abs_coordinate. For many coordinates that is one comparison each against a
// per-axis bound, found once: without a period max_octave_position is b' * scale_o + offset_o
// (b' = b + 8 * warp) maximised over the octaves, every term >= 0 and every rounding monotone, so
// it never decreases as b grows, and the coordinates inside are exactly those below the least b
// (a double, found by bisection of the ordered bit patterns) where it reaches max_abs_coordinate.
// With a period the position is first reduced into [0, period]: when the largest octave position
// that allows is inside, every finite coordinate is; else each coordinate gets the full check.
class point_domain {
 public:
  // noise and dims as validate_point_arguments accepts them; `coordinates`, how many the caller
  // will check in all, decides whether finding the bounds pays.
  point_domain(const noise_spec& noise, int dims, std::size_t coordinates);

  // The index of the first coordinate outside the domain, or coordinates.size(); `coordinates`
  // holds whole points (dims coordinates each). Thread-safe.
  std::size_t first_outside(std::span<const double> coordinates) const;
  // The same for float coordinates, each judged as the double it widens to (exactly).
  std::size_t first_outside(std::span<const float> coordinates) const;

  // Whether first_outside compares each coordinate with a bound per axis (a coordinate c of axis
  // a is inside exactly when |c| < bounds()[a], or float_bounds()[a] for a float), so that a
  // caller may make the same comparisons its own way.
  bool bounded() const { return bounded_; }
  const double* bounds() const { return below_; }
  const float* float_bounds() const { return below_float_; }

 private:
  noise_spec noise_;
  int dims_;
  bool bounded_ = false;  // below_ decides; else the full check per coordinate
  double below_[4] = {0, 0, 0, 0};
  // below_ rounded up to a float: for a float f, |f| < below_ exactly when |f| < below_float_, as
  // no float lies in [below_, below_float_).
  float below_float_[4] = {0, 0, 0, 0};
};

// The errc::out_of_range error that names point `index` as outside the domain.
error point_outside_domain(std::size_t index);

// validate_point_arguments, then point_outside_domain for the first point outside the domain.
status validate_points(const noise_spec& noise, int dims, std::span<const double> points,
                       std::size_t output_size);

}  // namespace vknoise::detail
