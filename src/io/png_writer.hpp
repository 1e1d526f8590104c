// 8-bit PNG files: grayscale for a 2D slice of noise, RGB for a coloured texture.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::io {

// errc::out_of_range when the image is too large for the in-memory encoder (checked by
// write_png_gray8 too; call it first to fail before rendering).
status check_png_gray8_size(std::uint32_t width, std::uint32_t height);

// `values` holds width * height samples, row y = 0 first. Values in [low, 1] map to [0, 255] as
// round((v - low) / (1 - low) * 255), clamped (low -1: noise; low 0: noise remapped to [0, 1]);
// NaN becomes 0. The file is written atomically.
status write_png_gray8(const std::string& path, std::uint32_t width, std::uint32_t height,
                       std::span<const float> values, float low = -1.0f);

// The same limit for an RGB image (three bytes per pixel, so about a third of the pixels).
status check_png_rgb8_size(std::uint32_t width, std::uint32_t height);

// `rgb` holds width * height pixels of three bytes (red, green, blue), row y = 0 first; the PNG
// has colour type 2 and bit depth 8. The file is written atomically.
status write_png_rgb8(const std::string& path, std::uint32_t width, std::uint32_t height,
                      std::span<const std::uint8_t> rgb);

}  // namespace vknoise::io
