#include "vulkan/fault_injection.hpp"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace vknoise::vk {
namespace {

struct fault_state {
  std::mutex mutex;
  std::string spec;  // the value the count belongs to
  unsigned long calls = 0;
};

std::optional<VkResult> result_named(const std::string& name) {
  for (VkResult r :
       {VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY, VK_ERROR_DEVICE_LOST,
        VK_ERROR_INITIALIZATION_FAILED, VK_ERROR_UNKNOWN, VK_TIMEOUT}) {
    if (name == vk_result_name(r)) return r;
  }
  return std::nullopt;
}

}  // namespace

std::optional<VkResult> injected_fault(const char* call) {
  const char* env = std::getenv("VKNOISE_FAULT");
  if (!env || !*env) return std::nullopt;
  const std::string spec = env;
  const std::size_t equals = spec.find('=');
  if (equals == std::string::npos || spec.compare(0, equals, call) != 0 ||
      equals != std::strlen(call)) {
    return std::nullopt;
  }
  const std::size_t at = spec.find('@', equals);
  const auto result = result_named(spec.substr(equals + 1, at - equals - 1));
  if (!result) return std::nullopt;
  const unsigned long nth =
      at == std::string::npos ? 1 : std::strtoul(spec.c_str() + at + 1, nullptr, 10);
  static fault_state state;
  std::lock_guard lock(state.mutex);
  if (state.spec != spec) {
    state.spec = spec;
    state.calls = 0;
  }
  return ++state.calls >= nth ? result : std::nullopt;
}

}  // namespace vknoise::vk
