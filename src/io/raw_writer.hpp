// Raw float32 samples, little-endian, in the order given (for a field: x fastest, then y, z, t).
#pragma once

#include <span>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::io {

// Written atomically; the file holds exactly 4 * values.size() bytes.
status write_raw_float32_le(const std::string& path, std::span<const float> values);

}  // namespace vknoise::io
