// Terrain: fbm as a height map, coloured by height (water, sand, grass, rock, snow) and shaded as
// hills lit from the upper left.
#include <cmath>

#include "presets/builtin_presets.hpp"
#include "presets/shaping.hpp"

namespace vknoise::presets {
namespace {

constexpr double relief = 0.25;  // height units per noise unit, for the slopes of the shading

constexpr ramp_stop height_ramp[] = {
    {-0.45, {16, 38, 104}},  {-0.03, {52, 104, 170}}, {0.00, {214, 202, 144}},
    {0.025, {96, 156, 64}},  {0.16, {46, 104, 46}},   {0.24, {118, 106, 92}},
    {0.31, {150, 140, 130}}, {0.34, {244, 244, 248}},
};

// Brightness of the surface at a pixel, 1 on flat ground. The slope comes from central finite
// differences of the height field (the preset renders one sample beyond each edge for them).
double hill_shade(const preset_samples& samples, std::uint32_t x, std::uint32_t y) {
  const std::int64_t ix = x, iy = y;
  const double dx =
      (samples.at(0, ix + 1, iy) - samples.at(0, ix - 1, iy)) / (2.0 * samples.step()[0]) * relief;
  const double dy =
      (samples.at(0, ix, iy + 1) - samples.at(0, ix, iy - 1)) / (2.0 * samples.step()[1]) * relief;
  // Surface normal (-dx, -dy, 1) against a light from the upper left (y grows downwards).
  constexpr double lx = -0.5, ly = -0.5, lz = 0.7071067811865476;
  const double lit = (-dx * lx - dy * ly + lz) / std::sqrt(dx * dx + dy * dy + 1.0);
  return 0.35 + 0.65 * clamp01(lit) / lz;
}

colour paint_terrain(const preset_samples& samples, std::uint32_t x, std::uint32_t y) {
  const double height = samples.at(0, x, y);
  // Water is flat: the shading fades in over the shore so the colour stays continuous.
  const double land = smoothstep(-0.01, 0.0, height);
  const double shade = 1.0 + (hill_shade(samples, x, y) - 1.0) * land;
  return scaled(sample_ramp(height_ramp, height), shade);
}

}  // namespace

preset terrain_preset() {
  noise_spec fbm;
  fbm.fractal = fractal_kind::fbm;
  fbm.octaves = 8;
  fbm.persistence = 0.5;
  fbm.octave_offsets = true;
  return {"terrain", "fbm height map with hill shading", 1.0 / 64, 0.37, 1, {{fbm}}, paint_terrain};
}

}  // namespace vknoise::presets
