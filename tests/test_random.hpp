// Seeded random numbers for the noise tests, the same on every platform: the library's own
// SplitMix64 (core/splitmix64.hpp) with the draws the tests want.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/splitmix64.hpp"

namespace vknoise_test {

struct splitmix {
  std::uint64_t state;
  std::uint64_t next() {
    state += vknoise::detail::splitmix64::increment;
    return vknoise::detail::splitmix64::mix(state);
  }
  // Uniform in [lo, hi).
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * (static_cast<double>(next() >> 11) * 0x1.0p-53);
  }
  int integer(int lo, int hi) {  // in [lo, hi]
    return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  // A multiple of 2^-frac_bits in [-range, range): exact in float for range * 2^frac_bits < 2^22.
  double dyadic(int range, int frac_bits) {
    const double scale = std::ldexp(1.0, frac_bits);
    const std::int64_t n = static_cast<std::int64_t>(
        next() % (2 * static_cast<std::uint64_t>(range) * static_cast<std::uint64_t>(scale)));
    return (static_cast<double>(n) - range * scale) / scale;
  }
};

}  // namespace vknoise_test
