// The library never lets an exception cross its API: host allocations that fail inside a public
// call (std::bad_alloc from a vector or a string) become errc::out_of_memory.
#pragma once

#include <new>

#include "vknoise/result.hpp"

namespace vknoise::detail {

template <class Body>
auto guard_allocations(Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "out of host memory");
  }
}

}  // namespace vknoise::detail
