// Fault injection for tests: the environment variable VKNOISE_FAULT="call=RESULT[@N]" (for example
// "vkQueueSubmit=VK_ERROR_DEVICE_LOST@2") makes the N-th call of `call` in this process, and every
// later one, return RESULT without reaching Vulkan (N defaults to 1). Hooked calls: the points
// where real devices fail, vkAllocateMemory, vkQueueSubmit, vkWaitForFences and vkWaitSemaphores.
// Changing the variable's value restarts the count. Unset, it costs one getenv per hooked call.
#pragma once

#include <optional>

#include "vknoise/context.hpp"

namespace vknoise::vk {

std::optional<VkResult> injected_fault(const char* call);

}  // namespace vknoise::vk
