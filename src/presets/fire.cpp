// Fire: a vertical gradient, hot at the bottom, eaten away by turbulence. The noise is stretched
// vertically so the cool gaps between flames rise as tongues.
#include "presets/builtin_presets.hpp"

namespace vknoise::presets {
namespace {

constexpr double gradient_strength = 1.35;
constexpr double turbulence_strength = 1.6;

constexpr ramp_stop fire_ramp[] = {
    {0.00, {0, 0, 0}},     {0.20, {96, 8, 0}},     {0.40, {204, 38, 0}},
    {0.60, {250, 124, 6}}, {0.80, {255, 214, 60}}, {1.00, {255, 255, 226}},
};

colour paint_fire(const preset_samples& samples, std::uint32_t x, std::uint32_t y) {
  // 0 at the top row, 1 at the bottom row, whatever the image's size.
  const double depth = samples.height() > 1 ? static_cast<double>(y) / (samples.height() - 1) : 1.0;
  const double heat = depth * gradient_strength - samples.at(0, x, y) * turbulence_strength;
  return sample_ramp(fire_ramp, heat);
}

}  // namespace

preset fire_preset() {
  preset_layer turbulence;
  turbulence.noise.fractal = fractal_kind::turbulence;
  turbulence.noise.octaves = 6;
  turbulence.noise.persistence = 0.5;
  turbulence.noise.octave_offsets = true;
  turbulence.frequency = {1.0, 0.5};
  return {"fire",    "turbulence over a vertical gradient", 1.0 / 64, 0.37, 0, {turbulence},
          paint_fire};
}

}  // namespace vknoise::presets
