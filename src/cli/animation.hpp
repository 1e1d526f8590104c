// --time T0:T1 --frames N [--loop]: a field animated along one more noise axis, time.
//
// A field of `dims` axes gains a time axis at index `dims`: a 2D field (NXxNY) becomes frames of
// 3D noise (x, y, t) with z size 1 and z = t; a 3D volume becomes frames of 4D noise (x, y, z, t).
// Frame k sits at t = T0 + k * step, with step = (T1 - T0) / N under --loop (frame N would
// equal frame 0) and (T1 - T0) / (N - 1) otherwise (N = 1: T0). The time is expressed as origin
// T0, that step and region k on the time axis, so frame k is computed exactly as sample k of one
// long field: frames are reproducible and do not depend on how many were rendered.
//
// --loop sets the noise's period on the time axis to T1 - T0, which must then be an integer
// from 1 to 256: the animation wraps around seamlessly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cli/parser.hpp"
#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

struct animation_options {
  std::optional<std::string> time;
  std::optional<std::string> frames;
  bool loop = false;
};

void add_animation_options(CLI::App& app, animation_options& options);

struct animation {
  double t0 = 0.0;
  double step = 0.0;  // between frames
  std::uint32_t frames = 1;
  bool loop = false;
  std::uint32_t period = 0;  // the time axis's period with --loop: T1 - T0
};

// No value without --time (a plain render); errc::invalid_argument naming the flag otherwise.
result<std::optional<animation>> parse_animation(const animation_options& options);

// The field of every frame: `field` with a time axis added (origin, step and period set; size 1).
// errc::invalid_argument when the field already has 4 axes.
result<field_spec> animated_field(const field_spec& field, const animation& plan);

// Frame `index` of an animated field: region `index` on its time axis.
field_spec frame_field(const field_spec& animated, std::uint32_t index);

// Frames 0 to `frames` - 1 of an animated field as one field: size `frames` on its time axis, so
// frame k is its slice k (for the formats that hold every frame in one file).
field_spec all_frames(const field_spec& animated, std::uint32_t frames);

}  // namespace vknoise::cli
