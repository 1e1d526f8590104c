// Fault injection for tests, compiled in only when the build is configured with
// -DVKNOISE_FAULT_INJECTION=ON (the default where vknoise is built as the top-level project with
// its tests, VKNOISE_BUILD_TESTS; OFF for a subproject or a build without tests, so an installed
// package has none). Without it, injected_fault() is a constant "no fault" that compiles to
// nothing: no getenv, no lock, no count.
//
// With it, the environment variable VKNOISE_FAULT="call=RESULT[@N]" (for example
// "vkQueueSubmit=VK_ERROR_DEVICE_LOST@2") makes the N-th call of `call` in this process, and every
// later one, return RESULT without reaching Vulkan (N defaults to 1). Hooked calls: the points
// where real devices fail, vkAllocateMemory, vkQueueSubmit, vkWaitForFences and vkWaitSemaphores.
// Changing the variable's value restarts the count. Unset, it costs one getenv per hooked call.
#pragma once

#include <optional>

#include "vknoise/context.hpp"

namespace vknoise::vk {

#if VKNOISE_FAULT_INJECTION
std::optional<VkResult> injected_fault(const char* call);
#else
constexpr std::optional<VkResult> injected_fault(const char*) {
  return std::nullopt;
}
#endif

}  // namespace vknoise::vk
