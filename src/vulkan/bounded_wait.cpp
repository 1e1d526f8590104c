#include "vulkan/bounded_wait.hpp"

#include <volk.h>

#include <string>

#include "vulkan/context_impl.hpp"
#include "vulkan/fault_injection.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {
namespace {

std::string duration_text(std::uint64_t ns) {
  if (ns >= 1'000'000'000ull) return std::to_string(ns / 1'000'000'000ull) + " s";
  if (ns >= 1'000'000ull) return std::to_string(ns / 1'000'000ull) + " ms";
  return std::to_string(ns) + " ns";
}

status checked_wait(std::uint64_t timeout_ns, const char* call, VkResult result) {
  if (result == VK_TIMEOUT) {
    return make_error(errc::timeout,
                      std::string(call) + " timed out after " + duration_text(timeout_ns));
  }
  return check(result, call);
}

}  // namespace

status wait_for_fence(const context& ctx, VkFence fence) {
  return wait_for_fence(ctx, fence, ctx.options().fence_timeout_ns);
}

status wait_for_fence(const context& ctx, VkFence fence, std::uint64_t timeout_ns) {
  const auto fault = injected_fault("vkWaitForFences");
  return checked_wait(
      timeout_ns, "vkWaitForFences",
      fault ? *fault
            : device_table(ctx).vkWaitForFences(ctx.device(), 1, &fence, VK_TRUE, timeout_ns));
}

status wait_for_timeline(const context& ctx, VkSemaphore semaphore, std::uint64_t value) {
  VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  info.semaphoreCount = 1;
  info.pSemaphores = &semaphore;
  info.pValues = &value;
  const auto fault = injected_fault("vkWaitSemaphores");
  return checked_wait(ctx.options().fence_timeout_ns, "vkWaitSemaphores",
                      fault ? *fault
                            : device_table(ctx).vkWaitSemaphores(ctx.device(), &info,
                                                                 ctx.options().fence_timeout_ns));
}

}  // namespace vknoise::vk
