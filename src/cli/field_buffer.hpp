// Host memory for a whole field. Fields can be far larger than memory (validate() only bounds
// their byte count by 2^62), so running out is an expected error, not a crash.
#pragma once

#include <cstdint>
#include <cstdio>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/sysinfo.h>

#include "cli/field_options.hpp"
#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

// "512 MiB", "2 EiB": a byte count for a message.
inline std::string format_bytes(double bytes) {
  static constexpr const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int unit = 0;
  for (; bytes >= 1024.0 && unit < 6; ++unit) bytes /= 1024.0;
  char text[32];
  std::snprintf(text, sizeof text, "%.3g %s", bytes, units[unit]);
  return text;
}

// RAM plus swap: a buffer beyond it cannot be backed whatever the overcommit policy says, so it is
// refused without asking the allocator (which, under AddressSanitizer, aborts on such requests
// instead of throwing std::bad_alloc).
inline std::uint64_t memory_ceiling_bytes() {
  struct sysinfo info {};
  if (::sysinfo(&info) != 0) return UINT64_MAX;
  return (std::uint64_t{info.totalram} + info.totalswap) * info.mem_unit;
}

template <class T>
result<std::vector<T>> allocate_field_buffer(const field_spec& field) {
  const std::uint64_t count = value_count(field);
  try {
    if (count <= memory_ceiling_bytes() / sizeof(T)) return std::vector<T>(count);
  } catch (const std::bad_alloc&) {
  } catch (const std::length_error&) {
  }
  return make_error(errc::out_of_memory, "cannot allocate " +
                                             format_bytes(static_cast<double>(count) * sizeof(T)) +
                                             " for a " + format_size(field) + " field");
}

}  // namespace vknoise::cli
