// Progress of a long render on stderr: one line rewritten in place (carriage return) on a
// terminal, one plain line per step when stderr is a file or a pipe (logs stay readable), nothing
// when quiet. Errors must call finish() first so they never share a line with the meter.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace vknoise::cli {

class progress {
 public:
  // `unit` names a step ("frame", "slab"); `total` steps of `samples_per_step` samples each.
  progress(bool quiet, std::string unit, std::uint64_t total, std::uint64_t samples_per_step);
  ~progress() { finish(); }
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  // Step `done` (1-based, of total) is complete; `rendered` steps of it were computed in this run
  // (skipped ones do not count towards the rate).
  void step_done(std::uint64_t done, std::uint64_t rendered);
  // Ends a pending terminal line; safe to call more than once.
  void finish();
  // A line of its own (e.g. how many frames were skipped), never inside the meter's line.
  void note(const std::string& line);

 private:
  bool quiet_;
  bool terminal_;
  bool line_open_ = false;
  std::string unit_;
  std::uint64_t total_;
  std::uint64_t samples_per_step_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// "peak memory: 1.03 GiB" from getrusage (ru_maxrss), for a report at the end of a long render.
std::string peak_memory_line();

}  // namespace vknoise::cli
