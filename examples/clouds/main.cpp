// vknoise_clouds: an animated layer of clouds. Each frame, vknoise renders a 4D fBm density
// volume (x, z across the sky, altitude, time) on the GPU; clouds_march.comp, on the same device,
// raymarches it from the ground with Beer-Lambert lighting; the frames are saved as PNGs and an
// animated preview.

#include "clouds_march_spv.hpp"
#include "demo_options.hpp"
#include "demo_run.hpp"
#include "vknoise/vknoise.hpp"

namespace {

// Mirrors the push-constant block of clouds_march.comp (std430: twelve 4-byte scalars).
struct clouds_params {
  std::uint32_t width, height, n_u, n_h;
  float tile, base, top, coverage;
  float sun_x, sun_y, sun_z, wind;
};
static_assert(sizeof(clouds_params) == 48);

constexpr std::uint32_t n_ground = 64;  // volume samples across the ground, per side
constexpr std::uint32_t n_height = 32;  // and through the layer's thickness
constexpr double period = 4.0;          // noise units per tile across the ground
constexpr double seconds_per_frame = 1.0 / 12.0;

vknoise::field_spec density(std::uint32_t frame) {
  vknoise::field_spec f;
  f.dims = 4;
  f.size = {n_ground, n_ground, n_height, 1};
  // The fourth axis is time: the clouds billow and dissolve rather than only drift.
  f.origin = {0.0, 0.0, 0.0, frame * seconds_per_frame * 0.5};
  f.step = {period / n_ground, period / n_ground, 1.5 / n_height, 1.0};
  f.noise.fractal = vknoise::fractal_kind::fbm;
  f.noise.octaves = 4;
  f.noise.persistence = 0.5;
  f.noise.octave_offsets = true;
  // Periodic across the ground so the shader can repeat the tile to the horizon.
  f.noise.period = {static_cast<std::uint32_t>(period), static_cast<std::uint32_t>(period), 0, 0};
  return f;
}

int run(const demo::options& o, vknoise::context& ctx, demo::timings& time) {
  demo::animation a{"clouds",
                    vknoise::spirv::clouds_march,
                    7,
                    density,
                    sizeof(clouds_params),
                    [&o](std::uint32_t frame, void* out) {
                      const float wind = static_cast<float>(frame * seconds_per_frame * 0.6);
                      *static_cast<clouds_params*>(out) =
                          clouds_params{o.width, o.height, n_ground, n_height, 6.0f,  1.0f,
                                        1.6f,    -0.1f,    0.4f,     0.35f,    -1.0f, wind};
                    }};
  return demo::run_animation(o, ctx, time, a);
}

}  // namespace

int main(int argc, char** argv) {
  return demo::main("vknoise_clouds", argc, argv, run);
}
