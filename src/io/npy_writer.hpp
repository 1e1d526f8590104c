// NumPy .npy files (format version 1.0), readable with numpy.load.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::io {

// The header padded as the format requires: magic, version, length and the dictionary, a multiple
// of 64 bytes in all, ending in '\n'. dtype float32 in host byte order ('<f4' on little-endian
// hosts), C order, `shape` from the slowest axis to the fastest.
std::string npy_header(std::span<const std::uint64_t> shape);

// Writes the header and `values` atomically; errc::invalid_argument unless the product of `shape`
// is values.size().
status write_npy_float32(const std::string& path, std::span<const std::uint64_t> shape,
                         std::span<const float> values);

}  // namespace vknoise::io
