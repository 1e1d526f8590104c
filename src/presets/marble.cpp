// Marble: veins from a cosine across x, bent by turbulence (Perlin 1985; Elias's
// "texture = cosine(x + perlin(x, y, z))"): cos(x * frequency + turbulence * strength).
#include <cmath>

#include "presets/builtin_presets.hpp"

namespace vknoise::presets {
namespace {

constexpr double vein_frequency = 3.5;  // radians per unit of x: over 2 veins per 4 units
constexpr double turbulence_strength = 9.0;

// (cos + 1) / 2: 0 in a vein, 1 in the pale stone between veins. The dark end is short so veins
// stay thin.
constexpr ramp_stop marble_ramp[] = {
    {0.00, {52, 50, 64}},    {0.02, {84, 82, 96}},    {0.07, {162, 160, 166}},
    {0.22, {220, 217, 211}}, {1.00, {247, 245, 240}},
};

colour paint_marble(const preset_samples& samples, std::uint32_t x, std::uint32_t y) {
  const double turbulence = samples.at(0, x, y);
  const double wave =
      std::cos(samples.position_x(x) * vein_frequency + turbulence * turbulence_strength);
  return sample_ramp(marble_ramp, (wave + 1.0) * 0.5);
}

}  // namespace

preset marble_preset() {
  noise_spec turbulence;
  turbulence.fractal = fractal_kind::turbulence;
  turbulence.octaves = 6;
  turbulence.persistence = 0.5;
  turbulence.octave_offsets = true;
  return {
      "marble",    "veined stone: cos(x * 3.5 + 9 * turbulence)", 1.0 / 64, 0.37, 0, {{turbulence}},
      paint_marble};
}

}  // namespace vknoise::presets
