// A texture preset: a noise graph of three outputs (red, green, blue in [0, 1], graphs/NAME.json,
// embedded in the tool) and the plane of 3D space it is rendered on by default.
//
// `vknoise render --preset NAME --size WxH` is `vknoise render --graph graphs/NAME.json --size WxH
// --origin 0,0,Z --step STEP` with the preset's z and step (the user's --origin x,y[,z] and --step
// override them): one code path, so the two commands write the same bytes.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace vknoise::presets {

struct preset {
  std::string_view name;
  std::string_view summary;  // one phrase for --help
  double step;               // default distance between pixels, on both axes
  double z;                  // default z of the plane (off the integer lattice planes)
  std::string_view graph;    // the graph's JSON text
};

// The built-in presets: marble, wood, clouds, fire, terrain, in that order.
std::span<const preset> all_presets();

// nullptr when no preset has that name.
const preset* find_preset(std::string_view name);

// The names joined by `separator`, e.g. "marble|wood|clouds|fire|terrain".
std::string preset_names(std::string_view separator);

}  // namespace vknoise::presets
