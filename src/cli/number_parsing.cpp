#include "cli/number_parsing.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <string>

namespace vknoise::cli {

std::optional<std::uint64_t> parse_unsigned(std::string_view text, std::uint64_t max) {
  if (text.empty()) return std::nullopt;
  std::uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (digit > max || value > (max - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

std::optional<double> parse_double(std::string_view text) {
  // strtod skips leading whitespace; a value is the number only.
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return std::nullopt;
  const std::string terminated(text);  // strtod needs a terminator; text may be a view
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(terminated.c_str(), &end);
  // ERANGE is fine: overflow gives +-HUGE_VAL, which callers reject as non-finite, and
  // underflow gives the nearest representable value.
  if (end != terminated.c_str() + terminated.size()) return std::nullopt;
  return value;
}

}  // namespace vknoise::cli
