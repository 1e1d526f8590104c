// Where `vknoise render` writes a field: the format follows the file name's extension.
#pragma once

#include <span>
#include <string>

#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

enum class output_format {
  png,  // 8-bit grayscale, 2D fields only
  raw,  // float32 little-endian, the field's layout
};

// errc::invalid_argument for an extension other than .png or .raw (any case).
result<output_format> output_format_for(const std::string& path);

// Everything that can be checked before rendering: the format fits the field
// (errc::invalid_argument / errc::out_of_range) and the file can be created (errc::io_error).
status check_output(const std::string& path, output_format format, const field_spec& field);

// Writes atomically: the file is complete or absent. `remapped` values are in [0, 1] rather than
// [-1, 1] (a PNG maps that range to black..white).
status write_output(const std::string& path, output_format format, const field_spec& field,
                    std::span<const float> values, bool remapped);

}  // namespace vknoise::cli
