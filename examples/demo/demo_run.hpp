// What every demo's main does around its frame loop: parse the options, create vknoise's context
// (with the validation layer under --validate), run the loop, report the per-frame times, and fail
// if the validation layer said anything.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "compute_pass.hpp"
#include "demo_options.hpp"
#include "frame_output.hpp"
#include "scenes/scene.hpp"
#include "vknoise/context.hpp"
#include "vknoise/field.hpp"

namespace demo {

using clock_point = std::chrono::steady_clock::time_point;

// Wall-clock milliseconds per stage, summed over frames.
struct timings {
  double noise_ms = 0, shade_ms = 0, write_ms = 0;
  unsigned frames = 0;
  void add(clock_point start, clock_point noise_done, clock_point shade_done, clock_point end);
};

// Prints "error: <message>" to stderr and returns the exit status 1.
int fail(const std::string& message);

// An animated demo: each frame, vknoise renders the scene's field at the frame's time (12 frames
// a second) on the GPU, the host copies it into the shader's input, the scene's shader shades it,
// and the picture is saved as <name>_NNNN.png, then all frames as <name>.gif. With --window the
// scene runs live instead, as `vknoise view --mode <name>` (one shading implementation for both).
int main(int argc, char** argv, const vknoise::scenes::scene& scene);

}  // namespace demo
