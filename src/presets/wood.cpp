// Wood: rings from the contour lines of low-frequency noise (Elias: g = 20 * noise,
// grain = g - floor(g)), darkened along the board by fine noise stretched in x.
#include <cmath>

#include "presets/builtin_presets.hpp"

namespace vknoise::presets {
namespace {

constexpr double ring_density = 20.0;
constexpr double fibre_strength = 0.12;

// One ring as grain goes 0 -> 1: pale early wood darkening slowly into the dark late wood, then
// back to pale. The ends match, so the colour is continuous where g crosses an integer (the CPU
// and GPU values of g may fall on either side).
constexpr ramp_stop ring_ramp[] = {
    {0.00, {214, 170, 112}}, {0.55, {194, 146, 90}},  {0.80, {150, 98, 52}},
    {0.90, {118, 72, 36}},   {1.00, {214, 170, 112}},
};

colour paint_wood(const preset_samples& samples, std::uint32_t x, std::uint32_t y) {
  const double g = samples.at(0, x, y) * ring_density;
  const double grain = g - std::floor(g);
  const double fibre = samples.at(1, x, y);  // about -1..1
  return scaled(sample_ramp(ring_ramp, grain), 1.0 - fibre_strength * (0.5 + 0.5 * fibre));
}

}  // namespace

preset wood_preset() {
  preset_layer rings;  // plain Improved Noise at a low frequency, stretched along the board
  rings.frequency = {0.3, 1.0};
  preset_layer fibres;
  fibres.frequency = {4.0, 48.0};  // stretched along x, the board's length
  fibres.z_offset = 17.3;
  return {
      "wood",    "rings: g = 20 * noise, grain = g - floor(g)", 1.0 / 128, 0.37, 0, {rings, fibres},
      paint_wood};
}

}  // namespace vknoise::presets
