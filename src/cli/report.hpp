// How the tool fails: exactly one line on stderr, prefixed "vknoise: ", and a non-zero exit.
#pragma once

#include <string>
#include <string_view>

#include "vknoise/result.hpp"

namespace vknoise::cli {

inline constexpr int exit_success = 0;
inline constexpr int exit_runtime_error = 1;  // the environment failed: device, file, memory
inline constexpr int exit_usage_error = 2;    // the command line or the input was wrong

// Prints the message (line breaks flattened, so it stays one line) and returns exit_code.
int report_error(int exit_code, std::string_view message);

// exit_usage_error for errc::invalid_argument (something the user gave is malformed),
// exit_runtime_error for every other error.
int exit_code_for(errc code);

// A quoted, printable, at most ~40-character echo of user text for error messages.
std::string quoted_excerpt(std::string_view text);

}  // namespace vknoise::cli
