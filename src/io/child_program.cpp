#include "io/child_program.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <system_error>
#include <utility>

extern char** environ;

namespace vknoise::io {
namespace {

class descriptor {
 public:
  explicit descriptor(int fd = -1) : fd_(fd) {}
  ~descriptor() { reset(); }
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

// The last `max_bytes` of what the program wrote into the memory file `fd`.
std::string tail_of(int fd, std::size_t max_bytes) {
  struct stat info {};
  if (fd < 0 || ::fstat(fd, &info) != 0 || info.st_size <= 0) return {};
  const auto size = static_cast<std::size_t>(info.st_size);
  const std::size_t start = size > max_bytes ? size - max_bytes : 0;
  std::string text(size - start, '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n =
        ::pread(fd, text.data() + got, text.size() - got, static_cast<off_t>(start + got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

// Writes every buffer to the socket `fd`; false once the reader has gone (EPIPE) or another error.
bool feed(int fd, std::span<const std::vector<std::uint8_t>> input) {
  for (const auto& buffer : input) {
    const std::uint8_t* data = buffer.data();
    std::size_t left = buffer.size();
    while (left > 0) {
      // MSG_NOSIGNAL: a program that ends early is an EPIPE here, not a SIGPIPE that ends us.
      const ssize_t n = ::send(fd, data, left, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      data += n;
      left -= static_cast<std::size_t>(n);
    }
  }
  return true;
}

}  // namespace

program_run run_program(const program_call& call) {
  program_run run;
  std::vector<std::string> arguments = call.arguments;
  std::vector<char*> argv;
  for (auto& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);

  const descriptor out(::memfd_create("program-stdout", MFD_CLOEXEC));
  const descriptor err(::memfd_create("program-stderr", MFD_CLOEXEC));
  // The input goes through a socket rather than a pipe, for send()'s MSG_NOSIGNAL.
  int input_fds[2] = {-1, -1};
  if (out.get() < 0 || err.get() < 0 ||
      (!call.input.empty() &&
       ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, input_fds) != 0)) {
    run.start_error = errno;
    return run;
  }
  descriptor input_read(input_fds[0]);
  descriptor input_write(input_fds[1]);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (input_read.get() >= 0) {
    posix_spawn_file_actions_adddup2(&actions, input_read.get(), STDIN_FILENO);
  } else {
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&actions, out.get(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.get(), STDERR_FILENO);
  if (call.lent_fd >= 0) posix_spawn_file_actions_adddup2(&actions, call.lent_fd, 3);
  // The program starts with every signal unblocked (this thread may block some).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  // Only the program holds its end now: when it exits, writing fails instead of blocking.
  input_read.reset();
  if (spawned != 0) {
    run.start_error = spawned;
    return run;
  }
  run.started = true;
  run.input_complete = input_write.get() < 0 || feed(input_write.get(), call.input);
  input_write.reset();  // end of input
  while (::waitpid(pid, &run.wait_status, 0) < 0 && errno == EINTR) {
  }
  run.out = tail_of(out.get(), call.max_output_bytes);
  run.err = tail_of(err.get(), call.max_output_bytes);
  return run;
}

bool succeeded(const program_run& run) {
  return run.started && run.input_complete && WIFEXITED(run.wait_status) &&
         WEXITSTATUS(run.wait_status) == 0;
}

std::string describe_failure(const program_run& run) {
  if (!run.started) {
    return "could not be started: " + std::generic_category().message(run.start_error);
  }
  if (WIFSIGNALED(run.wait_status)) {
    return "killed by signal " + std::to_string(WTERMSIG(run.wait_status));
  }
  if (WIFEXITED(run.wait_status) && WEXITSTATUS(run.wait_status) != 0) {
    return "exit status " + std::to_string(WEXITSTATUS(run.wait_status));
  }
  if (!run.input_complete) return "stopped reading its input";
  return "succeeded";
}

std::string last_line(const std::string& text, std::size_t max_length) {
  std::string line, fallback;
  std::size_t end = text.size();
  // From the end: the first line with text, unless it ends in "--" (ffmpeg's "Error initializing
  // output stream 0:0 -- " whose reason is the line before), then the line before it.
  while (end > 0) {
    const std::size_t last = text.find_last_not_of(" \t\r\n", end - 1);
    if (last == std::string::npos) break;
    const std::size_t newline = text.find_last_of("\r\n", last);
    const std::size_t begin = newline == std::string::npos ? 0 : newline + 1;
    line = text.substr(begin, last + 1 - begin);
    if (!line.ends_with("--")) break;
    if (fallback.empty()) fallback = line;
    line.clear();
    end = begin;
  }
  if (line.empty()) line = fallback;
  // "[mp4 @ 0x55d0c0a8] message": the address says nothing to a user.
  if (line.starts_with('[')) {
    const std::size_t close = line.find("] ");
    if (close != std::string::npos && line.find(" @ 0x") < close) line.erase(0, close + 2);
  }
  if (line.size() > max_length) line = line.substr(0, max_length - 3) + "...";
  return line;
}

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  const std::string_view directories = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= directories.size()) {
    const std::size_t end = std::min(directories.find(':', start), directories.size());
    const std::string_view directory = directories.substr(start, end - start);
    std::string candidate(directory.empty() ? std::string_view(".") : directory);
    candidate.append("/").append(program);
    if (::access(candidate.c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace vknoise::io
