#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "clouds_march_spv.hpp"
#include "scenes/scene.hpp"
#include "vknoise/graph.hpp"

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

// The density: Perlin-Worley noise (graphs/perlin_worley.json's recipe) over (ground x, ground z,
// altitude, time), an fBm of `octaves` octaves remapped onto [worley, 1] by an inverted 2-octave
// Worley fBm, both periodic across the ground so the shader can repeat the tile to the horizon.
// Centred on 0 (minus 0.75) for the shader's threshold. One graph per octave count, parsed once:
// the window asks for the scene every frame.
std::shared_ptr<const graph> density_graph(int octaves) {
  static std::mutex mutex;
  static std::map<int, std::shared_ptr<const graph>> made;
  const std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<const graph>& g = made[octaves];
  if (g) return g;
  const std::string json = R"({"vknoise_graph": 1, "name": "clouds_density", "dims": 4,
    "nodes": {
      "p": {"kind": "position"},
      "perlin_noise": {"kind": "noise", "at": "p", "period": [4, 4, 0, 0]},
      "perlin_fbm": {"kind": "fractal", "noise": "perlin_noise", "type": "fbm", "octaves": )" +
                           std::to_string(octaves) + R"(, "octave_offsets": true},
      "perlin_01": {"kind": "remap", "in": "perlin_fbm", "from": [-0.35, 0.35], "to": [0, 1]},
      "perlin": {"kind": "clamp", "in": "perlin_01", "lo": 0, "hi": 1},
      "worley_noise": {"kind": "noise", "basis": "cellular", "at": "p", "period": [4, 4, 0, 0]},
      "worley_fbm": {"kind": "fractal", "noise": "worley_noise", "type": "fbm", "octaves": 2},
      "worley_inverted": {"kind": "remap", "in": "worley_fbm", "from": [0.2, 0.8], "to": [1, 0]},
      "worley": {"kind": "clamp", "in": "worley_inverted", "lo": 0, "hi": 1},
      "perlin_worley": {"kind": "mix", "a": "worley", "b": 1, "t": "perlin"},
      "density": {"kind": "add", "a": "perlin_worley", "b": -0.75}},
    "outputs": {"density": "density"}})";
  auto parsed = graph::parse(json);
  // The text is fixed but for the octaves, which the caller keeps in 1..16.
  if (!parsed) return nullptr;
  g = std::make_shared<const graph>(std::move(parsed).value());
  return g;
}

}  // namespace

scene clouds(std::uint32_t n_ground, std::uint32_t n_height, int octaves) {
  const std::shared_ptr<const graph> density = density_graph(octaves);
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
                 f.noise_graph = density;
                 return f;
               },
               sizeof(clouds_params),
               [=](double t, std::uint32_t width, std::uint32_t height, void* out) {
                 const clouds_sky& sky = clouds_sky_of_scenes;
                 const float wind = static_cast<float>(t * sky.wind_per_second);
                 *static_cast<clouds_params*>(out) =
                     clouds_params{width, height, n_ground,  n_height,  6.0f,      sky.base,
                                   1.6f,  -0.1f,  sky.sun_x, sky.sun_y, sky.sun_z, wind};
               }};
}

}  // namespace vknoise::scenes
