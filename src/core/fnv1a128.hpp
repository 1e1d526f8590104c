// FNV-1a with 128-bit state (offset basis and prime from the FNV specification): the digest the
// caches of run-time compiled kernels are keyed by. Not a cryptographic hash: it tells apart the
// inputs a cache sees by accident, not those an adversary crafts (who could as well write the
// cache directory).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace vknoise::detail {

class fnv1a128 {
 public:
  void update(std::string_view bytes) {
    for (const char c : bytes) {
      state_ ^= static_cast<unsigned char>(c);
      state_ *= kPrime;
    }
  }
  // A number as 8 bytes, little-endian.
  void update(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      state_ ^= (value >> (8 * i)) & 0xFF;
      state_ *= kPrime;
    }
  }
  // A length-prefixed field, so that consecutive fields cannot run into each other.
  void update_field(std::string_view bytes) {
    update(std::uint64_t{bytes.size()});
    update(bytes);
  }

  std::array<std::uint8_t, 16> digest() const {
    std::array<std::uint8_t, 16> out{};
    for (int i = 0; i < 16; ++i) out[i] = static_cast<std::uint8_t>(state_ >> (8 * (15 - i)));
    return out;
  }
  std::string hex() const { return to_hex(digest()); }

  static std::string to_hex(const std::array<std::uint8_t, 16>& bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(32);
    for (const std::uint8_t b : bytes) {
      out.push_back(kDigits[b >> 4]);
      out.push_back(kDigits[b & 15]);
    }
    return out;
  }

 private:
  using u128 = unsigned __int128;
  static constexpr u128 kPrime = (u128{1} << 88) | 0x13B;
  u128 state_ = (u128{0x6c62272e07bb0142ull} << 64) | 0x62b821756295c58dull;
};

}  // namespace vknoise::detail
