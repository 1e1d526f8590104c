// The built-in presets, one file each; preset_table.cpp lists them.
#pragma once

#include "presets/preset.hpp"

namespace vknoise::presets {

preset marble_preset();
preset wood_preset();
preset clouds_preset();
preset fire_preset();
preset terrain_preset();

}  // namespace vknoise::presets
