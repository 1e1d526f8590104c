// Status codes, their names, and the thread-local message of the last failed call.
#include <string>

#include "c_api/handles.hpp"

namespace vknoise_c_api {
namespace {

thread_local std::string last_error;

}  // namespace

vknoise_status code_of(errc code) {
  switch (code) {
    case errc::invalid_argument:
      return VKNOISE_ERROR_INVALID_ARGUMENT;
    case errc::out_of_range:
      return VKNOISE_ERROR_OUT_OF_RANGE;
    case errc::no_device:
      return VKNOISE_ERROR_NO_DEVICE;
    case errc::vulkan_error:
      return VKNOISE_ERROR_VULKAN;
    case errc::timeout:
      return VKNOISE_ERROR_TIMEOUT;
    case errc::io_error:
      return VKNOISE_ERROR_IO;
    case errc::out_of_memory:
      return VKNOISE_ERROR_OUT_OF_MEMORY;
    case errc::cancelled:
      break;  // no C function takes a stop_check, so none is ever cancelled
  }
  return VKNOISE_ERROR_INTERNAL;
}

vknoise_status fail(vknoise_status code, std::string message) {
  last_error = std::move(message);
  return code;
}

vknoise_status fail(const error& e) {
  return fail(code_of(e.code), e.message);
}

vknoise_status report(const status& s) {
  return s ? VKNOISE_OK : fail(s.error_value());
}

}  // namespace vknoise_c_api

extern "C" const char* vknoise_status_string(vknoise_status status) noexcept {
  switch (status) {
    case VKNOISE_OK:
      return "VKNOISE_OK";
    case VKNOISE_ERROR_INVALID_ARGUMENT:
      return "VKNOISE_ERROR_INVALID_ARGUMENT";
    case VKNOISE_ERROR_OUT_OF_RANGE:
      return "VKNOISE_ERROR_OUT_OF_RANGE";
    case VKNOISE_ERROR_NO_DEVICE:
      return "VKNOISE_ERROR_NO_DEVICE";
    case VKNOISE_ERROR_VULKAN:
      return "VKNOISE_ERROR_VULKAN";
    case VKNOISE_ERROR_TIMEOUT:
      return "VKNOISE_ERROR_TIMEOUT";
    case VKNOISE_ERROR_IO:
      return "VKNOISE_ERROR_IO";
    case VKNOISE_ERROR_OUT_OF_MEMORY:
      return "VKNOISE_ERROR_OUT_OF_MEMORY";
    case VKNOISE_ERROR_INTERNAL:
      return "VKNOISE_ERROR_INTERNAL";
  }
  return "unknown vknoise_status";
}

extern "C" const char* vknoise_last_error_message(void) noexcept {
  return vknoise_c_api::last_error.c_str();
}
