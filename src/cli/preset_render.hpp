// vknoise render --preset NAME: a colour texture, the render of the preset's noise graph
// (src/presets, graphs/NAME.json embedded in the tool) through the same code as --graph.
//
// The preset sets the noise itself, so --dims, --noise, --fractal, --octaves, --persistence,
// --lacunarity, --period, --octave-offsets, --region and --remap are errors with it rather than
// silently ignored. --size takes WxH, --origin x,y or x,y,z (z picks the plane of 3D space; each
// preset has its own default), --step S or x,y (default: the preset's), and --out must name a
// .png.
#pragma once

#include <optional>
#include <string>

#include "cli/field_options.hpp"
#include "cli/parser.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

void add_preset_option(CLI::App& app, std::optional<std::string>& target);

// The field options that render preset `name` as a graph: its graph parsed into
// noise.given_graph, dims 3, --size as given, --origin x,y,z with the preset's z unless given,
// --step with the preset's step unless given. errc::invalid_argument (a usage error) for an
// unknown preset, a flag that does not apply, a --size, --origin or --step not of a plane, and an
// --out other than .png.
result<field_options> preset_field_options(const std::string& name, const field_options& given,
                                           const std::optional<std::string>& remap,
                                           const std::string& out);

}  // namespace vknoise::cli
