// Scalar shaping functions shared by the presets' colour functions.
#pragma once

#include <algorithm>

namespace vknoise::presets {

inline double clamp01(double t) {
  return std::clamp(t, 0.0, 1.0);
}

// 0 below edge0, 1 above edge1, Hermite's smooth S-curve in between (edge0 < edge1).
inline double smoothstep(double edge0, double edge1, double t) {
  const double s = clamp01((t - edge0) / (edge1 - edge0));
  return s * s * (3.0 - 2.0 * s);
}

}  // namespace vknoise::presets
