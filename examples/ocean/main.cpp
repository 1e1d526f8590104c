// vknoise_ocean: an animated ocean. Each frame, vknoise renders a periodic fBm heightfield of
// (x, y, t) with its analytic derivatives on the GPU; ocean_shade.comp, on the same device, ray
// casts and shades it; the frames are saved as PNGs (and an animated preview).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

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
  auto renderer = vknoise::gpu_renderer::create(ctx);
  if (!renderer) return demo::fail(renderer.message());
  const auto table = vknoise::permutation_table::from_seed(2024);
  std::vector<float> field(vknoise::value_count(heightfield(0)));
  const std::size_t input_bytes[] = {field.size() * sizeof(float)};
  auto pass = demo::compute_pass::create(ctx, vknoise::spirv::ocean_shade, input_bytes, o.width,
                                         o.height, sizeof(ocean_params));
  if (!pass) return demo::fail(pass.message());
  auto out = demo::frame_output::create(o.out_dir, "ocean", o.width, o.height);
  if (!out) return demo::fail(out.message());

  for (std::uint32_t frame = 0; frame < o.frames; ++frame) {
    const auto start = std::chrono::steady_clock::now();
    // The renderer writes host memory; the copy into the mapped input buffer is the upload.
    if (auto s = (*renderer)->fill(heightfield(frame), table, field); !s) {
      return demo::fail(s.message());
    }
    std::memcpy((*pass)->input(0), field.data(), input_bytes[0]);
    const auto filled = std::chrono::steady_clock::now();
    const ocean_params params{
        o.width, o.height, grid_n, static_cast<float>(frame * seconds_per_frame),
        20.0f,   1.0f,     2.0f,   0.0f,
        -0.3f,   0.35f,    -1.0f,  0.0f};
    if (auto s = (*pass)->run(&params); !s) return demo::fail(s.message());
    const auto shaded = std::chrono::steady_clock::now();
    if (auto s = out->write(frame, (*pass)->pixels()); !s) return demo::fail(s.message());
    time.add(start, filled, shaded, std::chrono::steady_clock::now());
  }
  if (auto s = out->finish(8); !s) return demo::fail(s.message());
  std::printf("wrote %u frames, last %s\n", o.frames, out->last_path().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return demo::main("vknoise_ocean", argc, argv, run);
}
