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

using frame_loop = std::function<int(const options&, vknoise::context&, timings&)>;
int main(const char* name, int argc, char** argv, const frame_loop& loop);

// An animated demo: each frame, vknoise renders field(frame) on the GPU, the host copies it into
// the shader's input, `shader` shades it with push constants params(frame) (params_bytes long),
// and the picture is saved as <name>_NNNN.png, then all frames as <name>.gif.
struct animation {
  const char* name;
  std::span<const std::uint32_t> shader;
  std::uint64_t seed;  // the permutation table's
  std::function<vknoise::field_spec(std::uint32_t frame)> field;
  std::size_t params_bytes;
  std::function<void(std::uint32_t frame, void* params)> params;
};

// The frame loop of an animation (the `loop` of main).
int run_animation(const options& o, vknoise::context& ctx, timings& time, const animation& a);

}  // namespace demo
