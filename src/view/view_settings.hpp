// What the window shows and how: the view mode, the field as `vknoise render`'s own options
// describe it (the same flags, parsed by the same code), and the view's own settings. The panel
// edits these, --set key=value presets them, and render_command() turns the field on screen back
// into the `vknoise render` command line that writes it to a file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli/common_options.hpp"
#include "cli/field_options.hpp"
#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::view {

enum class view_mode { slice, heightfield, volume, ocean, clouds };
enum class colour_map { gray, viridis, diverging };

const char* mode_name(view_mode mode);
const char* colour_map_name(colour_map map);

struct view_settings {
  view_mode mode = view_mode::slice;
  cli::field_options field;    // --dims, --origin, --step, --graph and the noise options
  cli::common_options common;  // --seed, --permutation

  colour_map colours = colour_map::gray;
  bool panel = true;    // the Dear ImGui panel over the picture
  bool play = true;     // time runs
  double speed = 0.25;  // noise units a second along the time axis (z in 3D, w in 4D)
  double loop = 0;      // > 0: time wraps to 0 after this many noise units
  double time = 0;      // where time is now, added to the origin on the time axis
  bool diff = false;    // the CPU mirror's difference as a heat map (slice) and its maximum

  std::uint32_t grid = 256;   // heightfield: samples per side
  std::uint32_t volume = 64;  // volume: samples per side; clouds: across the ground
  std::uint32_t layers = 32;  // clouds: samples through the layer
  int scene_octaves = 4;      // clouds: fBm octaves of the density
  // clouds: the directory of a baked texture set (--textures, cloud_texture_set.hpp), raymarched
  // instead of the live field; empty: the live field. Fixed for the run (no --set key).
  std::string textures;
  double yaw = 0.6, pitch = 0.6, distance = 1.6;  // orbit camera (radians, box sides)
  double relief = 0.25;                           // heightfield height, volume density gain
};

// --set key=value, the keys being render's flags without their dashes (dims, origin, step, graph,
// noise, fractal, octaves, persistence, lacunarity, period, interpolation, cellular-distance,
// cellular-return, cellular-jitter, flow-angle, flow-advection, warp, smooth,
// octave-offsets, seed, permutation) and the view's own: mode, colormap, panel, play, speed,
// loop, time, diff, grid, volume, layers, scene-octaves, yaw, pitch, distance, relief. Flags take
// on/off. errc::invalid_argument naming the key for an unknown key or a malformed value (the
// field's values are checked when the field is built, as render checks them).
status apply_setting(view_settings& settings, std::string_view assignment);

// A slice dragged by (dx, dy) pixels and zoomed by `scroll` wheel steps (0.9x the step each)
// around the pixel (cursor_x, cursor_y): the sample under the cursor stays under it. `shown` is
// the field on screen (its origin and step); the settings' --origin and --step change.
void pan_and_zoom(view_settings& settings, const field_spec& shown, double dx, double dy,
                  double scroll, double cursor_x, double cursor_y);

// The orbit camera dragged by (dx, dy) pixels and moved by `scroll` wheel steps: yaw and pitch
// turn 0.01 radian a pixel (pitch within +-1.5), distance 0.9x a step (within 0.5..20).
void orbit(view_settings& settings, double dx, double dy, double scroll);

// The axis time moves along: z for a 3D field, w for a 4D one; none for 1D and 2D.
std::optional<int> time_axis(int dims);

// `vknoise render ... --out FILE` writing exactly `shown` (its size, origin and step as they are
// on screen, time included), with the settings' --graph and --seed / --permutation; a line
// beginning "none:" for a graph field that no --graph file holds (the clouds scene's density) and
// for the baked clouds, which sample textures rather than a field.
// The shortest text that reads back as `v` exactly (the panel's and the command's numbers).
std::string exact_number(double v);
// The first `dims` of them, comma separated: render's --origin and --step.
std::string exact_numbers(const std::array<double, 4>& values, int dims);

std::string render_command(const view_settings& settings, const field_spec& shown,
                           const std::string& out);

}  // namespace vknoise::view
