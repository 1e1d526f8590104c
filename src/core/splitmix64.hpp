// SplitMix64 (Steele, Lea, Flood 2014): the one generator behind every seeded table, fixed so that
// a seed means the same table on every platform and compiler (permutation.hpp and
// classic_gradients.hpp document the draws), and behind the temporary files' random names
// (staged_file.cpp).
#pragma once

#include <cstdint>

namespace vknoise::detail {

class splitmix64 {
 public:
  // The state advances by this constant (2^64 / golden ratio) before each output.
  static constexpr std::uint64_t increment = 0x9E3779B97F4A7C15ull;

  // The output for an advanced state. On its own so that a state shared between threads, a
  // std::atomic advanced with fetch_add(increment), draws the same sequence as next().
  static std::uint64_t mix(std::uint64_t state) {
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  explicit splitmix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    state_ += increment;
    return mix(state_);
  }

  // Unbiased draw in [0, n): reject the top 2^64 mod n values so every residue is equally likely.
  std::uint64_t uniform(std::uint64_t n) {
    const std::uint64_t rejected = (0 - n) % n;  // 2^64 mod n
    const std::uint64_t limit = 0 - rejected;    // 2^64 - (2^64 mod n), 0 meaning 2^64
    for (;;) {
      const std::uint64_t r = next();
      if (limit == 0 || r < limit) return r % n;
    }
  }

  // (next() >> 11) * 2^-52 - 1: the 53-bit integer converts exactly, the scaling by a power of two
  // is exact, and k * 2^-52 - 1 is a multiple of 2^-52 in [-1, 1), so exact too.
  double coordinate() { return static_cast<double>(next() >> 11) * 0x1p-52 - 1.0; }

 private:
  std::uint64_t state_;
};

}  // namespace vknoise::detail
