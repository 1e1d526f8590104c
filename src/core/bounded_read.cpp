#include "core/bounded_read.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace vknoise::detail {
namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory";
  if (S_ISFIFO(mode)) return "is a FIFO, not a regular file";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

error failure(std::string why) {
  return make_error(errc::io_error, std::move(why));
}

class descriptor {
 public:
  explicit descriptor(int fd) : fd_(fd) {}
  ~descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::string describe_byte_limit(std::size_t bytes) {
  std::string text;
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) {
    text = std::to_string(bytes >> 20) + " MiB (";
  } else if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) {
    text = std::to_string(bytes >> 10) + " KiB (";
  } else {
    return std::to_string(bytes) + " bytes";
  }
  return text + std::to_string(bytes) + " bytes)";
}

result<std::string> read_regular_file(const std::filesystem::path& path, std::size_t max_bytes) {
  // O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer. O_NOCTTY: a terminal
  // named by mistake must not become the controlling one.
  descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (fd.get() < 0) return failure(std::generic_category().message(errno));
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) return failure(std::generic_category().message(errno));
  if (!S_ISREG(info.st_mode)) return failure(kind_of(info.st_mode));
  std::string text;
  // Read to the end rather than trusting st_size: the file may grow or shrink meanwhile. One
  // byte past the limit tells a file at the limit from a longer one.
  char buffer[16384];
  for (;;) {
    const ssize_t got = ::read(fd.get(), buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return failure(std::generic_category().message(errno));
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
    if (text.size() > max_bytes) return failure("larger than " + describe_byte_limit(max_bytes));
  }
  return text;
}

}  // namespace vknoise::detail
