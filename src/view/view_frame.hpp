// What one frame of each view mode computes: the field vknoise records (the settings' field, or a
// scene's), the picture's size and the shading pass's push constants.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "view/view_settings.hpp"
#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise::view {

struct frame_plan {
  field_spec field;
  permutation_table table = permutation_table::perlin();
  std::uint32_t width = 0, height = 0;  // the picture
  std::span<const std::uint32_t> shader;
  std::vector<std::byte> params;  // the shader's push constants
  float low = -1, high = 1;       // the values the field is meant to span (graphs state theirs)
};

// The settings' field as render's options describe it (parsed by render's own code: the graph
// file read, --seed's classic gradients set) and the permutation table of --seed /
// --permutation. Errors: those of cli::parse_field and cli::parse_noise_seed.
struct settings_field {
  field_spec field;
  permutation_table table = permutation_table::perlin();
};
result<settings_field> parse_settings_field(const view_settings& settings);

// `base` is the settings' field as render's options describe it (its size is ignored), `table`
// the permutation table of --seed / --permutation, `seconds` the scenes' clock. Errors:
// errc::invalid_argument for a mode the field cannot show (a heightfield needs 2 dims or more, a
// volume 3 or more), and those of validate(field).
result<frame_plan> plan_frame(const view_settings& settings, const field_spec& base,
                              const permutation_table& table, std::uint32_t width,
                              std::uint32_t height, double seconds);

// Everything the settings decide that can be wrong, checked before any window opens: the field
// (parse_settings_field) and whether the mode can show it (plan_frame).
status check_settings(const view_settings& settings);

}  // namespace vknoise::view
