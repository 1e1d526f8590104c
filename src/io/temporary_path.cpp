#include "io/temporary_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <system_error>
#include <utility>

#include "io/temporary_file_registry.hpp"

namespace vknoise::io {
namespace {

error io_error(const std::string& path, int error_number) {
  return make_error(errc::io_error,
                    "cannot write " + path + ": " + std::generic_category().message(error_number));
}

}  // namespace

result<temporary_path> temporary_path::reserve(const std::string& target) {
  const std::size_t slash = target.rfind('/');
  const std::string directory = slash == std::string::npos ? "" : target.substr(0, slash + 1);
  const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
  struct stat existing {};
  if (base.empty() || (::stat(target.c_str(), &existing) == 0 && S_ISDIR(existing.st_mode))) {
    return io_error(target, EISDIR);
  }
  // As atomic_file: never rename over a device, a fifo or a socket.
  if (::stat(target.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
    return make_error(errc::io_error, "cannot write " + target + ": not a regular file");
  }
  // Like atomic_file's names; O_EXCL makes a collision (another process, another call) safe.
  static std::atomic<unsigned> counter{0};
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string temporary = directory + "." + base + ".tmp." + std::to_string(::getpid()) + "_" +
                            std::to_string(counter.fetch_add(1));
    const registered_file file = create_registered_file(temporary);
    if (file.fd >= 0) {
      ::close(file.fd);
      return temporary_path(target, std::move(temporary), file.slot);
    }
    if (errno != EEXIST) return io_error(target, errno);
  }
  return io_error(target, EEXIST);
}

temporary_path::temporary_path(std::string target, std::string temporary, int registry_slot)
    : target_(std::move(target)),
      temporary_path_(std::move(temporary)),
      registry_slot_(registry_slot) {}

temporary_path::temporary_path(temporary_path&& other) noexcept
    : target_(std::move(other.target_)),
      temporary_path_(std::exchange(other.temporary_path_, {})),
      registry_slot_(std::exchange(other.registry_slot_, -1)) {}

temporary_path::~temporary_path() {
  discard();
}

void temporary_path::discard() {
  if (!temporary_path_.empty()) std::remove(temporary_path_.c_str());
  temporary_path_.clear();
  unregister_temporary_file(registry_slot_);
  registry_slot_ = -1;
}

status temporary_path::commit() {
  if (std::rename(temporary_path_.c_str(), target_.c_str()) != 0) {
    const int error_number = errno;
    discard();
    return io_error(target_, error_number);
  }
  temporary_path_.clear();
  unregister_temporary_file(registry_slot_);
  registry_slot_ = -1;
  return {};
}

}  // namespace vknoise::io
