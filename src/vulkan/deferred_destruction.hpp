// Vulkan objects that abandoned GPU work may still use (after a wait failed or timed out) cannot be
// destroyed when their owner goes away. They are handed to the context, which destroys them when it
// is destroyed itself, after waiting for the device (owned) or its queue (borrowed) to be idle.
#pragma once

#include <functional>

#include "vknoise/context.hpp"

namespace vknoise {

struct context_internals {
  static void defer_destruction(const context& ctx, std::function<void()> destroy);
  // Waits for idle and runs what was deferred; from ~context.
  static void destroy_deferred(context& ctx);
};

}  // namespace vknoise
