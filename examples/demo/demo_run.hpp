// What every demo's main does around its frame loop: parse the options, create vknoise's context
// (with the validation layer under --validate), run the loop, report the per-frame times, and fail
// if the validation layer said anything.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "compute_pass.hpp"
#include "demo_options.hpp"
#include "frame_output.hpp"
#include "vknoise/context.hpp"

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

}  // namespace demo
