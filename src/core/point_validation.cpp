#include "core/point_validation.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace vknoise::detail {
namespace {

template <class real>
using bits_of = std::conditional_t<sizeof(real) == 8, std::uint64_t, std::uint32_t>;

bool in_domain(const noise_spec& noise, int axis, double coordinate) {
  return std::isfinite(coordinate) &&
         max_octave_position(noise, axis, std::fabs(coordinate)) < max_abs_coordinate;
}

// Whether some |values[j]| is not below below[j] (a NaN never is), on bit patterns: the patterns
// of non-negative doubles order as the numbers do (infinity's above every finite one, NaN's above
// infinity's), and magnitude - bound has its top bit clear exactly when magnitude >= bound.
// Integer operations without an early exit, which the compiler vectorises even for the baseline
// x86-64 (SSE2).
// The same holds for floats' patterns.
template <class real>
bool any_outside(const real* values, const bits_of<real>* below, std::size_t n) {
  using bits = bits_of<real>;
  constexpr bits sign_bit = bits{1} << (sizeof(bits) * 8 - 1);
  bits outside = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const bits magnitude = std::bit_cast<bits>(values[j]) & ~sign_bit;
    outside |= ~(magnitude - below[j]);
  }
  return (outside & sign_bit) != 0;
}

// The least float not below `bound`: `bound` rounded up (infinity past the largest float).
float float_at_or_above(double bound) {
  float f = static_cast<float>(bound);
  if (static_cast<double>(f) < bound) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return f;
}

template <class real>
std::size_t first_outside_of(const noise_spec& noise, int dims, bool bounded, const real* bounds,
                             std::span<const real> coordinates) {
  const std::size_t n = coordinates.size();
  if (!bounded) {
    for (std::size_t i = 0; i < n; ++i) {
      if (!in_domain(noise, static_cast<int>(i % dims), coordinates[i])) return i;
    }
    return n;
  }
  // Whole blocks of 16 points at once, then the block that holds the first coordinate outside,
  // one by one.
  constexpr std::size_t block_points = 16;
  const std::size_t block = block_points * static_cast<std::size_t>(dims);
  bits_of<real> below[block_points * 4];
  for (std::size_t j = 0; j < block; ++j) below[j] = std::bit_cast<bits_of<real>>(bounds[j % dims]);
  std::size_t i = 0;
  while (i + block <= n && !any_outside(coordinates.data() + i, below, block)) i += block;
  for (; i < n; ++i) {
    if (!(std::fabs(coordinates[i]) < bounds[i % dims])) return i;
  }
  return n;
}

}  // namespace

status validate_point_arguments(const noise_spec& noise, int dims, std::size_t coordinates,
                                std::size_t output_size) {
  if (dims < 1 || dims > 4) {
    return make_error(errc::invalid_argument,
                      "dims is " + std::to_string(dims) + "; it must be 1 to 4");
  }
  if (status valid = validate(noise, dims); !valid) return valid;
  const std::size_t channels = static_cast<std::size_t>(channel_count(noise, dims));
  if (coordinates % dims != 0 || output_size != coordinates / dims * channels) {
    return make_error(errc::invalid_argument,
                      "eval needs " + std::to_string(dims) + " coordinates per point and " +
                          std::to_string(channels) + " output value(s) per point");
  }
  return {};
}

point_domain::point_domain(const noise_spec& noise, int dims, std::size_t coordinates)
    : noise_(noise), dims_(dims) {
  // Finding the bounds costs about as much as checking a few hundred coordinates one by one.
  if (coordinates < 256) return;
  bounded_ = true;
  for (int axis = 0; axis < dims; ++axis) {
    if (noise.period[axis] != 0) {
      // octave_position of the reduced coordinate, which rounding can bring up to the period.
      noise_spec reduced = noise;
      reduced.period[axis] = 0;
      double largest = 0;
      for (int o = 0; o < noise.octaves; ++o) {
        largest = std::max(largest, octave_position(reduced, axis, o, noise.period[axis]));
      }
      if (!(largest < max_abs_coordinate)) bounded_ = false;
      below_[axis] = std::numeric_limits<double>::infinity();
      continue;
    }
    const auto inside = [&](std::uint64_t bits) {
      return max_octave_position(noise, axis, std::bit_cast<double>(bits)) < max_abs_coordinate;
    };
    std::uint64_t low = 0;
    std::uint64_t high = std::bit_cast<std::uint64_t>(std::numeric_limits<double>::infinity());
    while (low < high) {  // the least pattern that is not inside lies in [low, high]
      const std::uint64_t middle = low + (high - low) / 2;
      if (inside(middle)) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    below_[axis] = std::bit_cast<double>(low);
  }
  for (int axis = 0; axis < dims; ++axis) below_float_[axis] = float_at_or_above(below_[axis]);
}

std::size_t point_domain::first_outside(std::span<const double> coordinates) const {
  return first_outside_of(noise_, dims_, bounded_, below_, coordinates);
}

std::size_t point_domain::first_outside(std::span<const float> coordinates) const {
  return first_outside_of(noise_, dims_, bounded_, below_float_, coordinates);
}

error point_outside_domain(std::size_t index) {
  return make_error(errc::out_of_range, "point " + std::to_string(index) +
                                            " has a coordinate that is not finite or whose "
                                            "octaves leave +-2^31");
}

status validate_points(const noise_spec& noise, int dims, std::span<const double> points,
                       std::size_t output_size) {
  if (status valid = validate_point_arguments(noise, dims, points.size(), output_size); !valid) {
    return valid;
  }
  const point_domain domain(noise, dims, points.size());
  if (const std::size_t i = domain.first_outside(points); i < points.size()) {
    return point_outside_domain(i / dims);
  }
  return {};
}

}  // namespace vknoise::detail
