#include "io/atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <system_error>
#include <utility>

#include "core/splitmix64.hpp"
#include "io/temporary_file_registry.hpp"

namespace vknoise::io {
namespace {

using detail::splitmix64;

error io_error(const std::string& path, int error_number) {
  return make_error(errc::io_error,
                    "cannot write " + path + ": " + std::generic_category().message(error_number));
}

// Six characters that make a temporary name unlikely to collide; O_EXCL makes collisions safe.
std::string random_suffix() {
  static std::atomic<std::uint64_t> state{
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
      (static_cast<std::uint64_t>(::getpid()) << 32)};
  std::uint64_t z = splitmix64::mix(state.fetch_add(splitmix64::increment) + splitmix64::increment);
  static constexpr char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string suffix;
  for (int i = 0; i < 6; ++i, z /= 62) suffix += alphabet[z % 62];
  return suffix;
}

}  // namespace

result<atomic_file> atomic_file::create(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::string directory = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  struct stat target {};
  if (base.empty() || (::stat(path.c_str(), &target) == 0 && S_ISDIR(target.st_mode))) {
    return io_error(path, EISDIR);
  }
  // Renaming over a device, a fifo or a socket would replace it with a regular file (as root,
  // even /dev/null): only regular files are replaced.
  if (::stat(path.c_str(), &target) == 0 && !S_ISREG(target.st_mode)) {
    return make_error(errc::io_error, "cannot write " + path + ": not a regular file");
  }

  // Not mkstemp: it creates the file with mode 0600, and the result should get the usual
  // permissions (0666 minus the umask) like any other file the user creates.
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string temporary_path = directory + "." + base + ".tmp." + random_suffix();
    const registered_file file = create_registered_file(temporary_path);
    if (file.fd >= 0) return atomic_file(path, std::move(temporary_path), file.fd, file.slot);
    if (errno != EEXIST) return io_error(path, errno);
  }
  return io_error(path, EEXIST);
}

atomic_file::atomic_file(std::string path, std::string temporary_path, int fd, int registry_slot)
    : path_(std::move(path)),
      temporary_path_(std::move(temporary_path)),
      fd_(fd),
      registry_slot_(registry_slot) {}

atomic_file::atomic_file(atomic_file&& other) noexcept
    : path_(std::move(other.path_)),
      temporary_path_(std::move(other.temporary_path_)),
      fd_(std::exchange(other.fd_, -1)),
      registry_slot_(std::exchange(other.registry_slot_, -1)) {
  other.temporary_path_.clear();
}

atomic_file::~atomic_file() {
  discard();
}

void atomic_file::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_path_.empty()) ::unlink(temporary_path_.c_str());
  temporary_path_.clear();
  unregister_temporary_file(registry_slot_);
  registry_slot_ = -1;
}

status atomic_file::fail(int error_number) {
  discard();
  return io_error(path_, error_number);
}

status atomic_file::write(std::span<const std::byte> bytes) {
  if (fd_ < 0) return io_error(path_, EBADF);
  while (!bytes.empty()) {
    // Linux transfers at most about 2 GiB per call; larger requests are merely partial writes.
    const std::size_t request = std::min<std::size_t>(bytes.size(), std::size_t{1} << 30);
    const ssize_t written = ::write(fd_, bytes.data(), request);
    if (written < 0) {
      if (errno == EINTR) continue;
      return fail(errno);
    }
    if (written == 0) return fail(ENOSPC);
    bytes = bytes.subspan(static_cast<std::size_t>(written));
  }
  return {};
}

status atomic_file::commit() {
  if (fd_ < 0) return io_error(path_, EBADF);
  // close() can report a deferred write error (NFS, quotas); the descriptor is gone either way.
  const int closed = ::close(std::exchange(fd_, -1));
  if (closed != 0 && errno != EINTR) return fail(errno);
  if (::rename(temporary_path_.c_str(), path_.c_str()) != 0) return fail(errno);
  temporary_path_.clear();
  unregister_temporary_file(registry_slot_);
  registry_slot_ = -1;
  return {};
}

status write_file_atomically(const std::string& path, std::span<const std::byte> bytes) {
  auto file = atomic_file::create(path);
  if (!file) return file.error_value();
  if (auto written = file->write(bytes); !written) return written;
  return file->commit();
}

status check_writable(const std::string& path) {
  auto file = atomic_file::create(path);
  if (!file) return file.error_value();
  return {};  // the destructor removes the probe
}

}  // namespace vknoise::io
