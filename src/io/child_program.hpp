// Running an external program (ffmpeg, ffprobe) the way the command line's writers need it: its
// standard input fed from memory, its standard output and error captured rather than shown (in
// anonymous memory files, so that a chatty program can never block on a full pipe while it is
// being fed), and optionally one open file of ours lent to it as its descriptor 3 (/dev/fd/3).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace vknoise::io {

struct program_call {
  std::vector<std::string> arguments;  // arguments[0] is looked up on PATH
  // Written to the program's standard input, one buffer after the other; none: /dev/null.
  std::span<const std::vector<std::uint8_t>> input;
  int lent_fd = -1;                        // when >= 0, the program's descriptor 3
  std::size_t max_output_bytes = 1 << 20;  // the last this many bytes of each output are kept
};

struct program_run {
  bool started = false;  // false: it could not be started (start_error is the errno)
  int start_error = 0;
  int wait_status = 0;          // as waitpid() returns it
  bool input_complete = false;  // every input byte was taken (false: it closed its input early)
  std::string out, err;         // its standard output and error (their last max_output_bytes)
};

// Runs the program to its end. Its standard input is a socket written with MSG_NOSIGNAL: a program
// that ends early makes the writes fail with EPIPE, and no SIGPIPE is raised; the process's signal
// actions and masks are left alone.
program_run run_program(const program_call& call);

// Started, exited with status 0, and took all its input.
bool succeeded(const program_run& run);

// "exit status 1", "killed by signal 9", "could not be started: <reason>", "stopped reading its
// input": why a run did not succeed.
std::string describe_failure(const program_run& run);

// The last non-empty line of `text` (skipping one that ends in "--", which ffmpeg prints after the
// line with the reason), without the "[muxer @ 0x55d0c0a8]" that ffmpeg puts before its
// component's messages, at most `max_length` bytes.
std::string last_line(const std::string& text, std::size_t max_length = 160);

// Whether `program` is an executable on PATH.
bool on_path(const std::string& program);

}  // namespace vknoise::io
