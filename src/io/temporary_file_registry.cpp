#include "io/temporary_file_registry.hpp"

#include <unistd.h>

#include <array>
#include <atomic>
#include <cstring>

namespace vknoise::io {
namespace {

// A signal handler may only touch lock-free atomics and call unlink().
static_assert(std::atomic<bool>::is_always_lock_free);

struct slot {
  std::atomic<bool> claimed{false};  // owned by a writer
  std::atomic<bool> ready{false};    // path is complete and may be unlinked
  std::array<char, 4096> path{};
};

std::array<slot, 16> slots;

}  // namespace

int register_temporary_file(const std::string& path) {
  if (path.size() >= slots[0].path.size()) return -1;
  for (int i = 0; i < static_cast<int>(slots.size()); ++i) {
    bool expected = false;
    if (!slots[i].claimed.compare_exchange_strong(expected, true)) continue;
    std::memcpy(slots[i].path.data(), path.c_str(), path.size() + 1);
    slots[i].ready.store(true, std::memory_order_release);
    return i;
  }
  return -1;
}

void unregister_temporary_file(int slot_index) {
  if (slot_index < 0) return;
  slots[slot_index].ready.store(false, std::memory_order_release);
  slots[slot_index].claimed.store(false, std::memory_order_release);
}

void remove_pending_temporary_files() {
  for (slot& s : slots) {
    if (s.ready.load(std::memory_order_acquire)) ::unlink(s.path.data());
  }
}

}  // namespace vknoise::io
