// Clouds: fbm from a blue sky to white, through a soft contrast curve so that thin cloud fades
// out instead of veiling the whole sky.
#include "presets/builtin_presets.hpp"
#include "presets/shaping.hpp"

namespace vknoise::presets {
namespace {

constexpr colour sky{74, 132, 212};
constexpr colour cloud{250, 251, 253};

colour paint_clouds(const preset_samples& samples, std::uint32_t x, std::uint32_t y) {
  const double density = smoothstep(-0.15, 0.45, samples.at(0, x, y));
  return mix(sky, cloud, density);
}

}  // namespace

preset clouds_preset() {
  noise_spec fbm;
  fbm.fractal = fractal_kind::fbm;
  fbm.octaves = 7;
  fbm.persistence = 0.5;
  fbm.octave_offsets = true;
  return {"clouds", "fbm from sky blue to white", 1.0 / 64, 0.37, 0, {{fbm}}, paint_clouds};
}

}  // namespace vknoise::presets
