// Renders a preset to 8-bit RGB through any field renderer, so that the same code colours the
// CPU reference's fields and the GPU's.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "presets/preset.hpp"
#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::presets {

// Fills `out` (sample_count(field) floats) with the field, e.g. vknoise::fill_reference with a
// table bound, or gpu_renderer::fill.
using field_renderer = std::function<status(const field_spec& field, std::span<float> out)>;

// Which part of the preset's plane to render.
struct preset_frame {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::array<double, 2> origin{0.0, 0.0};     // image position of pixel (0, 0)
  std::optional<double> z;                    // default: the preset's z
  std::optional<std::array<double, 2>> step;  // default: the preset's step on both axes
};

// The fields render_preset fills, one per layer: dims 3, (width + 2 * margin) x (height + 2 *
// margin) samples, each checked with vknoise::validate (its errors: errc::invalid_argument or
// errc::out_of_range, e.g. an origin beyond the noise's domain). errc::invalid_argument for a
// zero width or height or a non-finite z or step; errc::out_of_range when the margin overflows
// 32 bits.
result<std::vector<field_spec>> preset_fields(const preset& p, const preset_frame& frame);

// width * height pixels of three bytes (red, green, blue), row 0 first. The errors are those of
// preset_fields, errc::out_of_memory, and whatever `fill` returns.
result<std::vector<std::uint8_t>> render_preset(const preset& p, const preset_frame& frame,
                                                const field_renderer& fill);

}  // namespace vknoise::presets
