// The one boundary where the library's errors (result.hpp) become Python exceptions:
//   errc::invalid_argument, errc::out_of_range          ValueError
//   errc::no_device, vulkan_error, timeout, io_error    RuntimeError
//   errc::cancelled                                     RuntimeError (a stop library_calls.hpp
//                                                       did not ask for; its own raise there)
//   errc::out_of_memory                                 MemoryError
// each with the library's message. Every binding returns through these, so no error reaches
// Python any other way, and none is ever lost.
#pragma once

#include <utility>

#include "vknoise/result.hpp"

namespace vknoise::python {

[[noreturn]] void raise(const error& e);

inline void check(const status& done) {
  if (!done) raise(done.error_value());
}

template <class T>
T value_of(result<T>&& r) {
  if (!r) raise(r.error_value());
  return std::move(r).value();
}

}  // namespace vknoise::python
