// 16-bit grayscale PNG files through libpng, for heightmaps that need more than 256 levels.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::io {

// `values` holds width * height samples, row y = 0 first. Values in [low, 1] map to [0, 65535] as
// round((v - low) / (1 - low) * 65535), clamped, like write_png_gray8; NaN becomes 0. The file is
// written atomically. errc::out_of_range for an empty image or one beyond libpng's 2^31-1 rows
// or columns; errc::invalid_argument for a wrong value count.
status write_png_gray16(const std::string& path, std::uint32_t width, std::uint32_t height,
                        std::span<const float> values, float low = -1.0f);

}  // namespace vknoise::io
