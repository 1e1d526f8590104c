#include "io/mp4_writer.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include "io/atomic_file.hpp"

extern char** environ;

namespace vknoise::io {
namespace {

// Runs one ffmpeg encode with `codec_arguments`; true when it exited with status 0.
bool run_ffmpeg(const std::string& output, std::uint32_t width, std::uint32_t height,
                std::span<const std::vector<std::uint8_t>> frames, double fps,
                std::vector<std::string> codec_arguments) {
  char size[32], rate[32];
  std::snprintf(size, sizeof size, "%ux%u", width, height);
  std::snprintf(rate, sizeof rate, "%.17g", fps);
  std::vector<std::string> arguments = {
      "ffmpeg",   "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo",
      "-pix_fmt", "rgb24",        "-s",        size,    "-r",       rate, "-i", "-"};
  arguments.insert(arguments.end(), codec_arguments.begin(), codec_arguments.end());
  arguments.insert(arguments.end(), {"-f", "mp4", output});
  std::vector<char*> argv;
  for (auto& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);

  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], STDIN_FILENO);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "ffmpeg", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[0]);
  if (spawned != 0) {
    ::close(pipe_fds[1]);
    return false;
  }
  // A failing ffmpeg closes the pipe early: ignore SIGPIPE meanwhile and see EPIPE instead.
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  bool written = true;
  for (const auto& frame : frames) {
    const std::uint8_t* data = frame.data();
    std::size_t left = frame.size();
    while (written && left > 0) {
      const ssize_t n = ::write(pipe_fds[1], data, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0)
        written = false;
      else {
        data += n;
        left -= static_cast<std::size_t>(n);
      }
    }
    if (!written) break;
  }
  ::close(pipe_fds[1]);
  ::sigaction(SIGPIPE, &previous, nullptr);
  int wait_status = 0;
  while (::waitpid(pid, &wait_status, 0) < 0 && errno == EINTR) {
  }
  return written && WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0;
}

}  // namespace

bool ffmpeg_available() {
  const char* path = std::getenv("PATH");
  std::string directories = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= directories.size()) {
    const std::size_t end = std::min(directories.find(':', start), directories.size());
    std::string directory = directories.substr(start, end - start);
    if (directory.empty()) directory = ".";
    if (::access((directory + "/ffmpeg").c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

status write_mp4(const std::string& path, std::uint32_t width, std::uint32_t height,
                 std::span<const std::vector<std::uint8_t>> frames, double fps) {
  if (frames.empty() || !(fps > 0.0) || width == 0 || height == 0) {
    return make_error(errc::invalid_argument,
                      "write_mp4: needs frames, a positive size and fps > 0");
  }
  const std::size_t expected = std::size_t{width} * height * 3;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    if (frames[i].size() != expected) {
      return make_error(errc::invalid_argument, "write_mp4: frame " + std::to_string(i) + " has " +
                                                    std::to_string(frames[i].size()) +
                                                    " bytes, expected " + std::to_string(expected));
    }
  }
  if (!ffmpeg_available()) {
    return make_error(errc::io_error, "cannot write " + path +
                                          ": ffmpeg is not installed (apt-get install ffmpeg) or "
                                          "use .gif");
  }
  // ffmpeg opens the file by name: the temporary file is reserved, then closed.
  auto temporary = atomic_file::create(path);
  if (!temporary) return temporary.error_value();
  if (status closed = temporary->close(); !closed) return closed;
  // yuv420p, which players expect, needs even sides.
  const std::vector<std::string> h264 = {
      "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p"};
  const std::vector<std::string> mpeg4 = {
      "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "mpeg4", "-q:v", "2", "-pix_fmt", "yuv420p"};
  if (!run_ffmpeg(temporary->temporary_path(), width, height, frames, fps, h264) &&
      !run_ffmpeg(temporary->temporary_path(), width, height, frames, fps, mpeg4)) {
    return make_error(errc::io_error, "cannot write " + path + ": ffmpeg failed");
  }
  return temporary->commit();
}

}  // namespace vknoise::io
