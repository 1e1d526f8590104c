// Vulkan objects that abandoned GPU work may still use (after a wait failed or timed out) cannot be
// destroyed when their owner goes away. They are handed to the context, which destroys them when it
// is destroyed itself, once a bounded wait for its queue has succeeded (~context says what is left
// alive when it does not). Errors of waits in destructors, which no caller can receive, go to the
// context's on_teardown_error hook.
#pragma once

#include <functional>

#include "vknoise/context.hpp"

namespace vknoise {

struct context_internals {
  static void defer_destruction(const context& ctx, std::function<void()> destroy);
  static void report_teardown_error(const context& ctx, const error& e);
};

}  // namespace vknoise
