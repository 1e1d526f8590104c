#include "core/point_validation.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace vknoise::detail {
namespace {

bool in_domain(const noise_spec& noise, int axis, double coordinate) {
  return std::isfinite(coordinate) &&
         max_octave_position(noise, axis, std::fabs(coordinate)) < max_abs_coordinate;
}

// Per axis, the bound B with in_domain(x) == (|x| < B) for every x, or none where no such bound
// exists in a form this code finds.
//
// Without a period, max_octave_position(noise, axis, b) is b' * scale_o + offset_o (b' = b + 8 *
// warp) maximised over the octaves, every term >= 0 and every rounding monotone, so it never
// decreases as b grows: the coordinates in the domain are exactly those below the least b (a
// double, found by bisection of the ordered bit patterns) where it reaches max_abs_coordinate.
// With a period, the position is first reduced into [0, period]: when the largest octave
// position that allows is inside the domain, every finite coordinate is (B = infinity); else
// each coordinate needs the full check.
struct coordinate_bounds {
  double below[4] = {0, 0, 0, 0};
  bool exact = true;
};

coordinate_bounds bounds_of(const noise_spec& noise, int dims) {
  coordinate_bounds bounds;
  for (int axis = 0; axis < dims; ++axis) {
    if (noise.period[axis] != 0) {
      // octave_position of the reduced coordinate, which rounding can bring up to the period.
      noise_spec reduced = noise;
      reduced.period[axis] = 0;
      double largest = 0;
      for (int o = 0; o < noise.octaves; ++o) {
        largest = std::max(largest, octave_position(reduced, axis, o, noise.period[axis]));
      }
      if (!(largest < max_abs_coordinate)) bounds.exact = false;
      bounds.below[axis] = std::numeric_limits<double>::infinity();
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
    bounds.below[axis] = std::bit_cast<double>(low);
  }
  return bounds;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
// A copy for x86-64-v3 (AVX2), picked at load time where the CPU has it (GCC ifunc): the compiler
// vectorises the count there, which the baseline's SSE2 cannot.
#define VKNOISE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define VKNOISE_VECTOR_CLONES
#endif

// How many of values[0, n) satisfy |value| < below[j] (false for NaN), without an early exit.
VKNOISE_VECTOR_CLONES
std::size_t count_below(const double* values, const double* below, std::size_t n) {
  std::size_t inside = 0;
  for (std::size_t j = 0; j < n; ++j) inside += std::fabs(values[j]) < below[j];
  return inside;
}

// The first coordinate (index into points) outside the domain, or points.size().
std::size_t first_outside(const noise_spec& noise, int dims, std::span<const double> points) {
  const std::size_t n = points.size();
  // Finding the bounds costs about as much as checking a few hundred coordinates one by one.
  const coordinate_bounds bounds = n < 256 ? coordinate_bounds{{}, false} : bounds_of(noise, dims);
  if (!bounds.exact) {
    for (std::size_t i = 0; i < n; ++i) {
      if (!in_domain(noise, static_cast<int>(i % dims), points[i])) return i;
    }
    return n;
  }
  // Whole blocks of 16 points, counted, then the block that holds the first coordinate outside,
  // one by one.
  constexpr std::size_t block_points = 16;
  const std::size_t block = block_points * static_cast<std::size_t>(dims);
  double below[block_points * 4];
  for (std::size_t j = 0; j < block; ++j) below[j] = bounds.below[j % dims];
  std::size_t i = 0;
  for (; i + block <= n; i += block) {
    if (count_below(points.data() + i, below, block) != block) break;
  }
  for (; i < n; ++i) {
    if (!(std::fabs(points[i]) < bounds.below[i % dims])) return i;
  }
  return n;
}

}  // namespace

status validate_points(const noise_spec& noise, int dims, std::span<const double> points,
                       std::size_t output_size) {
  if (dims < 1 || dims > 4) {
    return make_error(errc::invalid_argument,
                      "dims is " + std::to_string(dims) + "; it must be 1 to 4");
  }
  if (status valid = validate(noise, dims); !valid) return valid;
  const std::size_t channels = static_cast<std::size_t>(channel_count(noise, dims));
  if (points.size() % dims != 0 || output_size != points.size() / dims * channels) {
    return make_error(errc::invalid_argument,
                      "eval needs " + std::to_string(dims) + " coordinates per point and " +
                          std::to_string(channels) + " output value(s) per point");
  }
  if (const std::size_t i = first_outside(noise, dims, points); i < points.size()) {
    return make_error(errc::out_of_range, "point " + std::to_string(i / dims) +
                                              " has a coordinate that is not finite or whose "
                                              "octaves leave +-2^31");
  }
  return {};
}

}  // namespace vknoise::detail
