// vknoise_clouds: an animated layer of clouds. Each frame, vknoise renders a 4D fBm density
// volume (x, z across the sky, altitude, time) on the GPU; clouds_march.comp, on the same device,
// raymarches it from the ground with Beer-Lambert lighting; the frames are saved as PNGs and an
// animated preview.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

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
  auto renderer = vknoise::gpu_renderer::create(ctx);
  if (!renderer) return demo::fail(renderer.message());
  const auto table = vknoise::permutation_table::from_seed(7);
  std::vector<float> volume(vknoise::value_count(density(0)));
  const std::size_t input_bytes[] = {volume.size() * sizeof(float)};
  auto pass = demo::compute_pass::create(ctx, vknoise::spirv::clouds_march, input_bytes, o.width,
                                         o.height, sizeof(clouds_params));
  if (!pass) return demo::fail(pass.message());
  auto out = demo::frame_output::create(o.out_dir, "clouds", o.width, o.height);
  if (!out) return demo::fail(out.message());

  for (std::uint32_t frame = 0; frame < o.frames; ++frame) {
    const auto start = std::chrono::steady_clock::now();
    if (auto s = (*renderer)->fill(density(frame), table, volume); !s) {
      return demo::fail(s.message());
    }
    std::memcpy((*pass)->input(0), volume.data(), input_bytes[0]);  // the upload
    const auto filled = std::chrono::steady_clock::now();
    const float wind = static_cast<float>(frame * seconds_per_frame * 0.6);
    const clouds_params params{o.width, o.height, n_ground, n_height, 6.0f,  1.0f,
                               1.6f,    -0.1f,    0.4f,     0.35f,    -1.0f, wind};
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
  return demo::main("vknoise_clouds", argc, argv, run);
}
