// vknoise_ocean: an animated ocean. Each frame, vknoise renders a periodic fBm heightfield of
// (x, y, t) with its analytic derivatives on the GPU; ocean_shade.comp, on the same device, ray
// casts and shades it; the frames are saved as PNGs (and an animated preview).

#include "demo_options.hpp"
#include "demo_run.hpp"
#include "ocean_shade_spv.hpp"
#include "vknoise/vknoise.hpp"

namespace {

// Mirrors the push-constant block of ocean_shade.comp (std430: twelve 4-byte scalars).
struct ocean_params {
  std::uint32_t width, height, grid_n;
  float time, tile, amplitude, stretch, pad0;
  float sun_x, sun_y, sun_z, pad1;
};
static_assert(sizeof(ocean_params) == 48);

constexpr std::uint32_t grid_n = 256;  // heightfield samples per side, whatever the image size
constexpr double period = 4.0;         // noise units per tile: the field repeats exactly
constexpr double seconds_per_frame = 1.0 / 12.0;

vknoise::field_spec heightfield(std::uint32_t frame) {
  vknoise::field_spec f;
  f.dims = 3;
  f.size = {grid_n, grid_n, 1, 1};
  const double t = frame * seconds_per_frame;
  // x, y across the sea; the third axis is time, so the waves change shape as well as drift.
  f.origin = {0.0, t * 0.15, t * 0.6, 0.0};
  f.step = {period / grid_n, period / grid_n, 1.0, 1.0};
  f.noise.fractal = vknoise::fractal_kind::fbm;
  f.noise.octaves = 5;
  f.noise.persistence = 0.45;
  f.noise.octave_offsets = true;
  f.noise.period = {static_cast<std::uint32_t>(period), static_cast<std::uint32_t>(period), 0, 0};
  f.noise.gradient = true;  // value, d/dx, d/dy, d/dt: the normals come for free
  return f;
}

int run(const demo::options& o, vknoise::context& ctx, demo::timings& time) {
  demo::animation a{"ocean",
                    vknoise::spirv::ocean_shade,
                    2024,
                    heightfield,
                    sizeof(ocean_params),
                    [&o](std::uint32_t frame, void* out) {
                      *static_cast<ocean_params*>(out) = ocean_params{
                          o.width, o.height, grid_n, static_cast<float>(frame * seconds_per_frame),
                          20.0f,   1.0f,     2.0f,   0.0f,
                          -0.3f,   0.35f,    -1.0f,  0.0f};
                    }};
  return demo::run_animation(o, ctx, time, a);
}

}  // namespace

int main(int argc, char** argv) {
  return demo::main("vknoise_ocean", argc, argv, run);
}
