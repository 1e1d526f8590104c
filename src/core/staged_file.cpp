#include "core/staged_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdint>
#include <ctime>
#include <string_view>
#include <system_error>
#include <utility>

#include "core/splitmix64.hpp"

namespace vknoise::detail {
namespace {

error io_error(const std::string& path, int error_number) {
  return make_error(errc::io_error,
                    "cannot write " + path + ": " + std::generic_category().message(error_number));
}

constexpr std::string_view temporary_infix = ".tmp.";
constexpr std::size_t suffix_length = 6;

// Six characters that make a temporary name unlikely to collide; O_EXCL makes collisions safe.
// One sequence per process, seeded by the clock and the process id, shared by every thread.
std::string random_suffix() {
  static std::atomic<std::uint64_t> state{
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
      (static_cast<std::uint64_t>(::getpid()) << 32)};
  std::uint64_t z = splitmix64::mix(state.fetch_add(splitmix64::increment) + splitmix64::increment);
  static constexpr char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string suffix;
  for (std::size_t i = 0; i < suffix_length; ++i, z /= 62) suffix += alphabet[z % 62];
  return suffix;
}

std::atomic<const temporary_file_tracker*> process_tracker{nullptr};

// "." + name + ".tmp." + suffix within NAME_MAX.
constexpr std::size_t max_name_part = NAME_MAX - 1 - temporary_infix.size() - suffix_length;

// The target's name as its temporary name holds it: whole, or its first max_name_part bytes, cut
// before a UTF-8 continuation byte so that the name stays valid text where it was.
std::string name_part(const std::string& base) {
  if (base.size() <= max_name_part) return base;
  std::size_t length = max_name_part;
  while (length > 0 && (static_cast<unsigned char>(base[length]) & 0xC0) == 0x80) --length;
  return base.substr(0, length);
}

bool is_suffix_character(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

// ".<name ending in target_suffix>.tmp.XXXXXX"
bool is_temporary_name(std::string_view name, std::string_view target_suffix) {
  const std::size_t fixed = 1 + target_suffix.size() + temporary_infix.size() + suffix_length;
  if (name.size() <= fixed || name.front() != '.') return false;
  const std::string_view suffix = name.substr(name.size() - suffix_length);
  if (!std::all_of(suffix.begin(), suffix.end(), is_suffix_character)) return false;
  const std::string_view rest = name.substr(0, name.size() - suffix_length);
  return rest.ends_with(std::string(target_suffix) + std::string(temporary_infix));
}

}  // namespace

void set_process_temporary_file_tracker(const temporary_file_tracker* tracker) {
  process_tracker.store(tracker);
}

std::size_t remove_stale_temporary_files(const std::string& directory,
                                         const std::string& target_suffix, long min_age_seconds) {
  DIR* listing = ::opendir(directory.c_str());
  if (!listing) return 0;
  const std::time_t now = std::time(nullptr);
  std::size_t removed = 0;
  while (const dirent* entry = ::readdir(listing)) {
    if (!is_temporary_name(entry->d_name, target_suffix)) continue;
    struct stat info {};
    if (::fstatat(::dirfd(listing), entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (!S_ISREG(info.st_mode) || now - info.st_mtime <= min_age_seconds) continue;
    if (::unlinkat(::dirfd(listing), entry->d_name, 0) == 0) ++removed;
  }
  ::closedir(listing);
  return removed;
}

result<staged_file> staged_file::create(const std::string& target,
                                        const temporary_file_tracker* tracker) {
  if (!tracker) tracker = process_tracker.load();
  const std::size_t slash = target.rfind('/');
  const std::string directory = slash == std::string::npos ? "" : target.substr(0, slash + 1);
  const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (base.empty() || (exists && S_ISDIR(existing.st_mode))) return io_error(target, EISDIR);
  // The temporary name would fit (name_part), the target's cannot: refused now, not at the rename.
  if (base.size() > NAME_MAX) return io_error(target, ENAMETOOLONG);
  // Renaming over a device, a fifo or a socket would replace it with a regular file (as root,
  // even /dev/null): only regular files are replaced.
  if (exists && !S_ISREG(existing.st_mode)) {
    return make_error(errc::io_error, "cannot write " + target + ": not a regular file");
  }

  // Not mkstemp: it creates the file with mode 0600, and the result should get the usual
  // permissions (0666 minus the umask) like any other file the user creates.
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string temporary =
        directory + "." + name_part(base) + std::string(temporary_infix) + random_suffix();
    const int token = tracker ? tracker->track(temporary) : -1;
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return staged_file(target, std::move(temporary), fd, tracker, token);
    const int error_number = errno;
    if (tracker) tracker->untrack(token);
    if (error_number != EEXIST) return io_error(target, error_number);
  }
  return io_error(target, EEXIST);
}

staged_file::staged_file(std::string target, std::string temporary_path, int fd,
                         const temporary_file_tracker* tracker, int token)
    : target_(std::move(target)),
      temporary_path_(std::move(temporary_path)),
      fd_(fd),
      tracker_(tracker),
      token_(token) {}

staged_file::staged_file(staged_file&& other) noexcept
    : target_(std::move(other.target_)),
      temporary_path_(std::exchange(other.temporary_path_, {})),
      fd_(std::exchange(other.fd_, -1)),
      tracker_(std::exchange(other.tracker_, nullptr)),
      token_(std::exchange(other.token_, -1)) {}

staged_file::~staged_file() {
  discard();
}

void staged_file::untrack() {
  if (tracker_) tracker_->untrack(token_);
  tracker_ = nullptr;
  token_ = -1;
}

void staged_file::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_path_.empty()) ::unlink(temporary_path_.c_str());
  temporary_path_.clear();
  untrack();
}

status staged_file::fail(int error_number) {
  discard();
  return io_error(target_, error_number);
}

status staged_file::write(std::span<const std::byte> bytes) {
  if (fd_ < 0) return io_error(target_, EBADF);
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

status staged_file::close() {
  if (fd_ < 0) return temporary_path_.empty() ? io_error(target_, EBADF) : status{};
  // close() can report a deferred write error (NFS, quotas); the descriptor is gone either way.
  const int closed = ::close(std::exchange(fd_, -1));
  if (closed != 0 && errno != EINTR) return fail(errno);
  return {};
}

status staged_file::commit() {
  if (temporary_path_.empty()) return io_error(target_, EBADF);
  if (status closed = close(); !closed) return closed;
  if (::rename(temporary_path_.c_str(), target_.c_str()) != 0) return fail(errno);
  temporary_path_.clear();
  untrack();
  return {};
}

status write_file_atomically(const std::string& path, std::span<const std::byte> bytes,
                             const temporary_file_tracker* tracker) {
  auto file = staged_file::create(path, tracker);
  if (!file) return file.error_value();
  if (status written = file->write(bytes); !written) return written;
  return file->commit();
}

}  // namespace vknoise::detail
