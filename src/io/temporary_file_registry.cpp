#include "io/temporary_file_registry.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstring>

namespace vknoise::io {
namespace {

// A signal handler may only touch lock-free atomics and make system calls.
static_assert(std::atomic<bool>::is_always_lock_free);

struct slot {
  std::atomic<bool> claimed{false};  // owned by a writer
  std::atomic<bool> ready{false};    // path is complete and may be removed
  bool directory = false;            // written before ready is set
  std::array<char, 4096> path{};
};

// Output files, the kernel cache's files (several threads may compile at once) and a directory.
std::array<slot, 32> slots;

int claim(const std::string& path, bool directory) {
  if (path.size() >= slots[0].path.size()) return -1;
  for (int i = 0; i < static_cast<int>(slots.size()); ++i) {
    bool expected = false;
    if (!slots[i].claimed.compare_exchange_strong(expected, true)) continue;
    std::memcpy(slots[i].path.data(), path.c_str(), path.size() + 1);
    slots[i].directory = directory;
    slots[i].ready.store(true, std::memory_order_release);
    return i;
  }
  return -1;
}

// The entries of the directory open at `fd`, unlinked with getdents64: opendir() and readdir()
// may allocate, which a signal handler must not. A few rounds, in case files appear meanwhile.
void remove_directory(const char* path) {
  for (int round = 0; round < 4; ++round) {
    const int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    alignas(8) char buffer[4096];
    for (;;) {
      const long got = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
      if (got <= 0) break;
      for (long at = 0; at < got;) {
        const auto* entry = reinterpret_cast<const struct dirent64*>(buffer + at);
        const char* name = entry->d_name;
        if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) {
          ::unlinkat(fd, name, 0);
        }
        at += entry->d_reclen;
      }
    }
    ::close(fd);
    if (::rmdir(path) == 0) return;
  }
}

}  // namespace

int register_temporary_file(const std::string& path) {
  return claim(path, false);
}

int register_temporary_directory(const std::string& path) {
  return claim(path, true);
}

void unregister_temporary_file(int slot_index) {
  if (slot_index < 0) return;
  slots[slot_index].ready.store(false, std::memory_order_release);
  slots[slot_index].claimed.store(false, std::memory_order_release);
}

void remove_pending_temporary_files() {
  for (slot& s : slots) {
    if (s.ready.load(std::memory_order_acquire) && !s.directory) ::unlink(s.path.data());
  }
  for (slot& s : slots) {
    if (s.ready.load(std::memory_order_acquire) && s.directory) remove_directory(s.path.data());
  }
}

}  // namespace vknoise::io
