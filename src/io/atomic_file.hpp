// Writing a file so that it appears complete or not at all (core/staged_file.hpp), for the command
// line: each temporary file is also in the signal registry (temporary_file_registry.hpp), so an
// interrupted run leaves none behind. A writer that opens the temporary file by name itself
// (OpenVDB) close()s it first and writes to temporary_path(); one that lends it to another
// program (ffmpeg) hands over descriptor().
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <utility>

#include "core/staged_file.hpp"
#include "vknoise/result.hpp"

namespace vknoise::io {

class atomic_file : public detail::staged_file {
 public:
  // Creates the temporary file now, so an unwritable directory is reported before any work.
  static result<atomic_file> create(const std::string& path);

 private:
  explicit atomic_file(detail::staged_file file) : staged_file(std::move(file)) {}
};

// The whole file in one call.
status write_file_atomically(const std::string& path, std::span<const std::byte> bytes);

// Checks up front that `path` could be written (creates and removes a temporary file next to it).
status check_writable(const std::string& path);

}  // namespace vknoise::io
