// Errors are values: every fallible vknoise call returns result<T> (or status), never throws across
// the API, never prints and never exits. The message is one human-readable line that names the
// failing call, e.g. "vkAllocateMemory failed: VK_ERROR_OUT_OF_DEVICE_MEMORY".
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace vknoise {

enum class errc {
  invalid_argument,  // a parameter is outside its documented domain
  out_of_range,      // a size, count or coordinate exceeds a documented or device limit
  no_device,         // no Vulkan loader, no device, or no suitable device
  vulkan_error,      // a Vulkan call returned an error
  timeout,           // a fence wait exceeded context_options::fence_timeout_ns
  io_error,          // a file could not be written
  out_of_memory,     // a host allocation failed
  cancelled,         // the call's stop_check asked it to stop (stop_check.hpp)
};

struct error {
  errc code;
  std::string message;
};

template <class T>
class [[nodiscard]] result {
 public:
  result(T value) : state_(std::move(value)) {}
  result(error e) : state_(std::move(e)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  const T& value() const& { return std::get<0>(state_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const error& error_value() const { return std::get<1>(state_); }
  const std::string& message() const { return error_value().message; }

 private:
  std::variant<T, error> state_;
};

// status: a result that carries no value.
template <>
class [[nodiscard]] result<void> {
 public:
  result() = default;
  result(error e) : error_(std::move(e)), ok_(false) {}

  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const error& error_value() const { return error_; }
  const std::string& message() const { return error_.message; }

 private:
  error error_{errc::invalid_argument, {}};
  bool ok_ = true;
};

using status = result<void>;

inline error make_error(errc code, std::string message) {
  return error{code, std::move(message)};
}

}  // namespace vknoise
