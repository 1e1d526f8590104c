// Reading a small input file (a graph, a permutation table) that may be anything a user can name:
// a FIFO, a directory, a device such as /dev/zero, a file being rewritten or removed. The file is
// opened without blocking (a FIFO with no writer would block open() forever), only a regular file
// is accepted, and at most `max_bytes` are read, so a huge or endless file costs nothing.
//
// Errors are errc::io_error with the reason alone ("is a directory", "is a FIFO, not a regular
// file", "larger than 1 MiB (1048576 bytes)", or strerror's text); the caller names the file and
// what it was for. Thread-safe; async-signal-safe it is not.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::detail {

// The whole content of the regular file at `path`, at most `max_bytes` bytes.
result<std::string> read_regular_file(const std::filesystem::path& path, std::size_t max_bytes);

// "1 MiB (1048576 bytes)", "64 KiB (65536 bytes)": a size limit as the messages spell it.
std::string describe_byte_limit(std::size_t bytes);

}  // namespace vknoise::detail
