#include "clouds_march_spv.hpp"
#include "scenes/scene.hpp"

namespace vknoise::scenes {
namespace {

// Mirrors the push-constant block of clouds_march.comp (std430: twelve 4-byte scalars).
struct clouds_params {
  std::uint32_t width, height, n_u, n_h;
  float tile, base, top, coverage;
  float sun_x, sun_y, sun_z, wind;
};
static_assert(sizeof(clouds_params) == 48);

constexpr double period = 4.0;  // noise units per tile across the ground

}  // namespace

scene clouds(std::uint32_t n_ground, std::uint32_t n_height, int octaves) {
  return scene{"clouds",
               vknoise::spirv::clouds_march,
               7,
               [=](double t) {
                 field_spec f;
                 f.dims = 4;
                 f.size = {n_ground, n_ground, n_height, 1};
                 // The fourth axis is time: the clouds billow and dissolve rather than only drift.
                 f.origin = {0.0, 0.0, 0.0, t * 0.5};
                 f.step = {period / n_ground, period / n_ground, 1.5 / n_height, 1.0};
                 f.noise.fractal = fractal_kind::fbm;
                 f.noise.octaves = octaves;
                 f.noise.persistence = 0.5;
                 f.noise.octave_offsets = true;
                 // Periodic across the ground so the shader can repeat the tile to the horizon.
                 f.noise.period = {static_cast<std::uint32_t>(period),
                                   static_cast<std::uint32_t>(period), 0, 0};
                 return f;
               },
               sizeof(clouds_params),
               [=](double t, std::uint32_t width, std::uint32_t height, void* out) {
                 const float wind = static_cast<float>(t * 0.6);
                 *static_cast<clouds_params*>(out) =
                     clouds_params{width, height, n_ground, n_height, 6.0f,  1.0f,
                                   1.6f,  -0.1f,  0.4f,     0.35f,    -1.0f, wind};
               }};
}

}  // namespace vknoise::scenes
