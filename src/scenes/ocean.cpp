#include "ocean_shade_spv.hpp"
#include "scenes/scene.hpp"

namespace vknoise::scenes {
namespace {

// Mirrors the push-constant block of ocean_shade.comp (std430: twelve 4-byte scalars).
struct ocean_params {
  std::uint32_t width, height, grid_n;
  float time, tile, amplitude, stretch, pad0;
  float sun_x, sun_y, sun_z, pad1;
};
static_assert(sizeof(ocean_params) == 48);

constexpr double period = 4.0;  // noise units per tile: the field repeats exactly

}  // namespace

scene ocean(std::uint32_t grid_n) {
  return scene{"ocean",
               vknoise::spirv::ocean_shade,
               2024,
               [grid_n](double t) {
                 field_spec f;
                 f.dims = 3;
                 f.size = {grid_n, grid_n, 1, 1};
                 // x, y across the sea; the third axis is time, so the waves change shape as well
                 // as drift.
                 f.origin = {0.0, t * 0.15, t * 0.6, 0.0};
                 f.step = {period / grid_n, period / grid_n, 1.0, 1.0};
                 f.noise.fractal = fractal_kind::fbm;
                 f.noise.octaves = 5;
                 f.noise.persistence = 0.45;
                 f.noise.octave_offsets = true;
                 f.noise.period = {static_cast<std::uint32_t>(period),
                                   static_cast<std::uint32_t>(period), 0, 0};
                 f.noise.gradient = true;  // value, d/dx, d/dy, d/dt: the normals come for free
                 return f;
               },
               sizeof(ocean_params),
               [grid_n](double t, std::uint32_t width, std::uint32_t height, void* out) {
                 *static_cast<ocean_params*>(out) = ocean_params{
                     width, height, grid_n, static_cast<float>(t), 20.0f, 1.0f, 2.0f, 0.0f, -0.3f,
                     0.35f, -1.0f,  0.0f};
               }};
}

}  // namespace vknoise::scenes
