#include <array>

#include "presets/builtin_presets.hpp"
#include "presets/preset.hpp"

namespace vknoise::presets {

std::span<const preset> all_presets() {
  static const std::array<preset, 5> table{marble_preset(), wood_preset(), clouds_preset(),
                                           fire_preset(), terrain_preset()};
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
