#include <array>
#include <cstdlib>

#include "presets/embedded_graphs.hpp"
#include "presets/preset.hpp"

namespace vknoise::presets {
namespace {

std::string_view graph_text(std::string_view name) {
  for (const embedded_graph& g : embedded_graphs()) {
    if (g.name == name) return g.json;
  }
  std::abort();  // src/presets/CMakeLists.txt embeds every preset's graph
}

}  // namespace

std::span<const preset> all_presets() {
  // The steps and z are the graphs' own: terrain's slopes are differences over its step, and
  // fire's gradient spans y from 0 to 4 (256 pixels of step 1/64).
  static const std::array<preset, 5> table{{
      {"marble", "veined stone: cos(x * 3.5 + 9 * turbulence)", 1.0 / 64, 0.37,
       graph_text("marble")},
      {"wood", "rings: g = 20 * noise, grain = g - floor(g)", 1.0 / 128, 0.37, graph_text("wood")},
      {"clouds", "fbm from sky blue to white", 1.0 / 64, 0.37, graph_text("clouds")},
      {"fire", "turbulence over a vertical gradient", 1.0 / 64, 0.37, graph_text("fire")},
      {"terrain", "fbm height map with hill shading", 1.0 / 64, 0.37, graph_text("terrain")},
  }};
  return table;
}

const preset* find_preset(std::string_view name) {
  for (const preset& p : all_presets()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string preset_names(std::string_view separator) {
  std::string names;
  for (const preset& p : all_presets()) {
    if (!names.empty()) names += separator;
    names += p.name;
  }
  return names;
}

}  // namespace vknoise::presets
