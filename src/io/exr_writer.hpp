// OpenEXR images of float samples, for heightmaps and 2D fields with their derivatives.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::io {

// `values` holds width * height pixels of channel_names.size() adjacent floats, row y = 0 first
// (EXR's default INCREASING_Y line order puts it at the top). Every channel is FLOAT (32-bit),
// compressed with ZIP, lossless. The file is written atomically. errc::invalid_argument for no
// channels or a wrong value count; errc::out_of_range for a side beyond INT_MAX.
status write_exr_float(const std::string& path, std::uint32_t width, std::uint32_t height,
                       std::span<const std::string> channel_names, std::span<const float> values);

}  // namespace vknoise::io
