// Every host wait of vknoise: at most the context's fence_timeout_ns, then errc::timeout naming the
// call; any other result is errc::vulkan_error naming it. Both go through fault injection.
#pragma once

#include <cstdint>

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::vk {

status wait_for_fence(const context& ctx, VkFence fence);
// The same for at most timeout_ns (0: only looks), for a wait that follows another on the same
// queue: "timed out after <timeout_ns>".
status wait_for_fence(const context& ctx, VkFence fence, std::uint64_t timeout_ns);
status wait_for_timeline(const context& ctx, VkSemaphore semaphore, std::uint64_t value);

}  // namespace vknoise::vk
