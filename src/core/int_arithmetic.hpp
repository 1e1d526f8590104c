// Integer arithmetic as Java's and GLSL's int: additions wrap modulo 2^32, and a float's floor
// saturates at the int range, for the bases whose lattice index comes from a float coordinate
// (simplex_noise.hpp, flow_noise.hpp). The twin of shaders/int_arithmetic.glsl, where int
// additions wrap by themselves.
#pragma once

#include <cstdint>

namespace vknoise::detail {

inline std::int32_t wrapping_add(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}
inline std::int32_t wrapping_sub(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) - static_cast<std::uint32_t>(b));
}

// Java's fastfloor: xi = (int)x (toward zero, saturating at the int range, NaN 0), then xi - 1
// where x < xi. Written out because C++'s and GLSL's int() of a float out of range are undefined.
template <class real>
inline std::int32_t saturating_floor(real x) {
  std::int32_t xi = 0;
  if (x >= real(2147483648.0)) {
    xi = 2147483647;
  } else if (x <= real(-2147483648.0)) {
    xi = -2147483647 - 1;
  } else if (x == x) {
    xi = static_cast<std::int32_t>(x);
  }
  return x < static_cast<real>(xi) ? wrapping_add(xi, -1) : xi;
}

}  // namespace vknoise::detail
