// The error of a call whose stop_check said stop (stop_check.hpp), one line for every path.
#pragma once

#include <string>

#include "vknoise/result.hpp"

namespace vknoise::detail {

// errc::cancelled, "<call>: cancelled".
inline error cancelled(const char* call) {
  return make_error(errc::cancelled, std::string(call) + ": cancelled");
}

}  // namespace vknoise::detail
