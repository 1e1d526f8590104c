// Turning VkResults into vknoise errors that name the call: "vkCreateBuffer failed: VK_ERROR_...".
#pragma once

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::vk {

error vk_error(const char* call, VkResult result);

inline status check(VkResult result, const char* call) {
  if (result == VK_SUCCESS) return {};
  return vk_error(call, result);
}

}  // namespace vknoise::vk

// Returns from the enclosing function with the error when `expr` (a status) failed.
#define VKNOISE_TRY(expr)                                            \
  do {                                                               \
    if (::vknoise::status s_ = (expr); !s_) return s_.error_value(); \
  } while (0)
