#include "vulkan/vk_check.hpp"

#include <string>

namespace vknoise {

const char* vk_result_name(VkResult result) {
  switch (result) {
#define VKNOISE_NAME(r) \
  case r:               \
    return #r;
    VKNOISE_NAME(VK_SUCCESS)
    VKNOISE_NAME(VK_NOT_READY)
    VKNOISE_NAME(VK_TIMEOUT)
    VKNOISE_NAME(VK_EVENT_SET)
    VKNOISE_NAME(VK_EVENT_RESET)
    VKNOISE_NAME(VK_INCOMPLETE)
    VKNOISE_NAME(VK_ERROR_OUT_OF_HOST_MEMORY)
    VKNOISE_NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    VKNOISE_NAME(VK_ERROR_INITIALIZATION_FAILED)
    VKNOISE_NAME(VK_ERROR_DEVICE_LOST)
    VKNOISE_NAME(VK_ERROR_MEMORY_MAP_FAILED)
    VKNOISE_NAME(VK_ERROR_LAYER_NOT_PRESENT)
    VKNOISE_NAME(VK_ERROR_EXTENSION_NOT_PRESENT)
    VKNOISE_NAME(VK_ERROR_FEATURE_NOT_PRESENT)
    VKNOISE_NAME(VK_ERROR_INCOMPATIBLE_DRIVER)
    VKNOISE_NAME(VK_ERROR_TOO_MANY_OBJECTS)
    VKNOISE_NAME(VK_ERROR_FORMAT_NOT_SUPPORTED)
    VKNOISE_NAME(VK_ERROR_FRAGMENTED_POOL)
    VKNOISE_NAME(VK_ERROR_UNKNOWN)
    VKNOISE_NAME(VK_ERROR_OUT_OF_POOL_MEMORY)
    VKNOISE_NAME(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    VKNOISE_NAME(VK_ERROR_FRAGMENTATION)
    VKNOISE_NAME(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    VKNOISE_NAME(VK_PIPELINE_COMPILE_REQUIRED)
#undef VKNOISE_NAME
    default:
      return "VK_ERROR (unrecognised code)";
  }
}

namespace vk {

error vk_error(const char* call, VkResult result) {
  errc code = errc::vulkan_error;
  if (result == VK_TIMEOUT) code = errc::timeout;
  if (result == VK_ERROR_OUT_OF_HOST_MEMORY) code = errc::out_of_memory;
  return make_error(code, std::string(call) + " failed: " + vk_result_name(result));
}

}  // namespace vk
}  // namespace vknoise
