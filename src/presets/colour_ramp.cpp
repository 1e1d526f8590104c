#include "presets/colour_ramp.hpp"

#include <cmath>

namespace vknoise::presets {
namespace {

std::uint8_t to_byte(double channel) {
  if (!(channel > 0.0)) return 0;  // also NaN
  if (channel >= 255.0) return 255;
  return static_cast<std::uint8_t>(std::lround(channel));
}

}  // namespace

colour mix(const colour& a, const colour& b, double t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

colour scaled(const colour& c, double factor) {
  return {c.r * factor, c.g * factor, c.b * factor};
}

colour sample_ramp(std::span<const ramp_stop> ramp, double t) {
  if (!(t > ramp.front().at)) return ramp.front().value;  // also NaN
  for (std::size_t i = 1; i < ramp.size(); ++i) {
    const ramp_stop& low = ramp[i - 1];
    const ramp_stop& high = ramp[i];
    if (t <= high.at) {
      const double span = high.at - low.at;
      return span > 0.0 ? mix(low.value, high.value, (t - low.at) / span) : high.value;
    }
  }
  return ramp.back().value;
}

void store_rgb8(const colour& c, std::uint8_t* out) {
  out[0] = to_byte(c.r);
  out[1] = to_byte(c.g);
  out[2] = to_byte(c.b);
}

}  // namespace vknoise::presets
