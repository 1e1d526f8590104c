// Colours for the presets: piecewise-linear RGB gradients ("ramps") and the step to 8-bit bytes.
#pragma once

#include <cstdint>
#include <span>

namespace vknoise::presets {

// Channels on the 0..255 scale of the output, in double so that mixing does not round early.
struct colour {
  double r = 0, g = 0, b = 0;
};

// a at t = 0, b at t = 1, straight in between (t is not clamped).
colour mix(const colour& a, const colour& b, double t);
colour scaled(const colour& c, double factor);

// One point of a ramp: the colour at position `at`.
struct ramp_stop {
  double at;
  colour value;
};

// The ramp's colour at t: linear between the two stops around t, the end colours beyond the
// ends. Stops are sorted by `at` (equal positions make a hard edge); the ramp is not empty.
colour sample_ramp(std::span<const ramp_stop> ramp, double t);

// Rounds each channel to the nearest byte, clamped to 0..255 (NaN becomes 0), into out[0..2].
void store_rgb8(const colour& c, std::uint8_t* out);

}  // namespace vknoise::presets
