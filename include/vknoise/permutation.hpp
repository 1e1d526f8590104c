// The permutation table that hashes lattice cells: a permutation of 0..255.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "vknoise/export.h"
#include "vknoise/result.hpp"

namespace vknoise {

class VKNOISE_API permutation_table {
 public:
  // Perlin's canonical table from the 2002 reference implementation.
  static permutation_table perlin();

  // A table shuffled from a seed, identical on every platform and compiler:
  //   state = seed; next() is SplitMix64 (Steele, Lea, Flood 2014):
  //     state += 0x9E3779B97F4A7C15; z = state;
  //     z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
  //     return z ^ (z >> 31);
  //   Start from the identity 0..255 and run Fisher-Yates from the top:
  //     for i = 255 down to 1: j = uniform(i + 1); swap(p[i], p[j])
  //   where uniform(n) draws r = next() until r < 2^64 - (2^64 mod n), then returns r mod n
  //   (rejection, so every j is exactly equally likely).
  static permutation_table from_seed(std::uint64_t seed);

  // A caller's table: exactly 256 values, each of 0..255 once. Otherwise errc::invalid_argument
  // naming the first bad index (wrong length, out of range, or a duplicate).
  static result<permutation_table> from_values(std::span<const int> values);

  const std::array<std::uint8_t, 256>& values() const { return values_; }

  // The table doubled to 512 entries (doubled[i] == values()[i & 255]) so that the hash chain
  // p[p[X] + Y] + ... never needs a wrap. This is also the layout uploaded to the GPU.
  const std::array<std::int32_t, 512>& doubled() const { return doubled_; }

  bool operator==(const permutation_table& other) const { return values_ == other.values_; }

 private:
  VKNOISE_HIDDEN explicit permutation_table(const std::array<std::uint8_t, 256>& values);
  std::array<std::uint8_t, 256> values_;
  std::array<std::int32_t, 512> doubled_;
};

}  // namespace vknoise
