// The checks every point evaluation makes before it computes anything (gpu_renderer::eval and
// eval_fast), so that both refuse the same inputs with the same messages.
#pragma once

#include <cstddef>
#include <span>

#include "vknoise/noise_spec.hpp"
#include "vknoise/result.hpp"

namespace vknoise::detail {

// errc::invalid_argument for dims outside 1..4, a noise spec that validate(noise, dims) rejects,
// or sizes other than dims coordinates per point and channel_count(noise, dims) output values per
// point; errc::out_of_range naming the first point with a coordinate that is not finite or whose
// octaves leave +-max_abs_coordinate (max_octave_position(noise, axis, |coordinate|)).
status validate_points(const noise_spec& noise, int dims, std::span<const double> points,
                       std::size_t output_size);

}  // namespace vknoise::detail
