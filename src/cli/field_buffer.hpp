// Host memory for a whole field. Fields can be far larger than memory (validate() only bounds
// their byte count by 2^62), so running out is an expected error, not a crash.
#pragma once

#include <cstdio>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/field_options.hpp"
#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

template <class T>
result<std::vector<T>> allocate_field_buffer(const field_spec& field) {
  const std::uint64_t count = sample_count(field);
  try {
    return std::vector<T>(count);
  } catch (const std::bad_alloc&) {
  } catch (const std::length_error&) {
  }
  char bytes[32];
  std::snprintf(bytes, sizeof bytes, "%.3g GiB",
                static_cast<double>(count) * sizeof(T) / (1024.0 * 1024.0 * 1024.0));
  return make_error(errc::out_of_memory, "cannot allocate " + std::string(bytes) + " for a " +
                                             format_size(field) + " field");
}

}  // namespace vknoise::cli
