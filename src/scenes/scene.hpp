// A scene: a field vknoise renders every frame and the compute shader that shades it into a
// picture, the one recipe behind both the file-writing demo (examples/ocean, examples/clouds) and
// the window's live mode of the same name (vknoise view --mode ocean|clouds).
//
// The shader reads the field at set 0 binding 0 (floats in the layout of field.hpp) and writes
// RGBA8 pixels packed in uints at binding 1 (width * height, row 0 at the top), local size 8x8,
// with `params` as its push constants.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "vknoise/field.hpp"

namespace vknoise::scenes {

struct scene {
  const char* name;
  std::span<const std::uint32_t> shader;  // SPIR-V
  std::uint64_t seed;                     // the permutation table's
  std::function<field_spec(double seconds)> field;
  std::size_t params_bytes;
  std::function<void(double seconds, std::uint32_t width, std::uint32_t height, void* params)>
      params;
};

// The ocean: a periodic 5-octave fBm heightfield of (x, y, t), grid_n x grid_n samples with
// their analytic derivatives, ray cast and lit.
scene ocean(std::uint32_t grid_n = 256);

// The clouds' sky, one for the live clouds and the window's clouds of a baked texture set: the
// direction towards the sun (not normalised), the wind's drift in world units a second, and the
// altitude of the layer's bottom.
struct clouds_sky {
  float sun_x, sun_y, sun_z;
  double wind_per_second;
  float base;
};
inline constexpr clouds_sky clouds_sky_of_scenes{0.4f, 0.35f, -1.0f, 0.6, 1.0f};

// The clouds: a 4D Perlin-Worley density volume (ground x, ground z, altitude, time) of n_ground x
// n_ground x n_height samples, Perlin fBm of `octaves` octaves (1..16) remapped by a Worley fBm
// (graphs/perlin_worley.json's recipe), raymarched from the ground.
scene clouds(std::uint32_t n_ground = 64, std::uint32_t n_height = 32, int octaves = 4);

}  // namespace vknoise::scenes
