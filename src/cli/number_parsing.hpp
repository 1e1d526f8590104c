// Strict number parsing for command-line values and input lines: the whole text must be the
// number, so "12abc", "" and "1e" are rejected instead of silently read as a prefix.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace vknoise::cli {

// Decimal digits only (no sign, no spaces), at most `max`.
std::optional<std::uint64_t> parse_unsigned(std::string_view text, std::uint64_t max);

// Anything strtod accepts (decimal, exponent, hex float, inf, nan), and nothing more.
std::optional<double> parse_double(std::string_view text);

}  // namespace vknoise::cli
