// vknoise render --preset NAME: a colour texture (src/presets) instead of a field of noise values.
//
// The preset sets the noise itself, so --dims, --noise, --fractal, --octaves, --persistence,
// --lacunarity, --period, --octave-offsets and --remap are errors with it rather than silently
// ignored. --size takes WxH, --origin x,y or x,y,z (z picks the slice of 3D noise; each preset has
// its own default), --step S or x,y (default: the preset's), and --out must name a .png.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

#include "cli/common_options.hpp"
#include "cli/field_options.hpp"

namespace vknoise::cli {

void add_preset_option(CLI::App& app, std::optional<std::string>& target);

// The whole render for `vknoise render --preset NAME`: returns the process exit code and prints
// at most one error line.
int run_preset_render(const std::string& name, const field_options& field,
                      const common_options& common, const std::optional<std::string>& remap,
                      const std::string& out);

}  // namespace vknoise::cli
