#include "cpu/kept_threads.hpp"

#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

namespace vknoise::cpu {
namespace {

struct kept_threads {
  explicit kept_threads(kept_threads* before) : owner(getpid()), abandoned(before) {}

  const pid_t owner;                 // the process whose threads these are
  kept_threads* const abandoned;     // the parent's, kept reachable (never used)
  std::mutex in_use;                 // held by the call that uses the threads
  unsigned started = 0;              // threads 1 .. started exist (under in_use)
  std::mutex m;                      // guards what follows
  std::condition_variable wake;      // a new call's work was published
  std::condition_variable finished;  // running reached 0
  std::uint64_t call_number = 0;
  std::atomic<std::uint64_t> published{0};  // call_number, read without the lock
  unsigned taking_part = 0;                 // threads 1 .. taking_part - 1 may join this call
  bool open = false;                        // until the caller's own part returns
  unsigned running = 0;                     // threads in this call's body
  void (*call)(void*, unsigned) = nullptr;
  void* context = nullptr;

  void serve(unsigned index) {
    std::uint64_t seen = 0;
    for (;;) {
      // Before blocking, look out for the next call a while: calls that follow closely (a frame
      // loop, tiles, a benchmark) then find this thread awake on its own core, where a thread
      // woken from sleep tends to be placed on the caller's.
      for (int round = 0; round < look_out_rounds; ++round) {
        if (published.load(std::memory_order_relaxed) != seen) break;
        std::this_thread::yield();
      }
      std::unique_lock lock(m);
      wake.wait(lock, [&] { return call_number != seen; });
      seen = call_number;
      if (index >= taking_part || !open) continue;  // late: the caller took what was left
      ++running;
      void (*const body)(void*, unsigned) = call;
      void* const with = context;
      lock.unlock();
      body(with, index);
      lock.lock();
      if (--running == 0) finished.notify_one();
    }
  }

  static constexpr int look_out_rounds = 200;  // a yield is about a microsecond when idle
};

std::atomic<kept_threads*> current{nullptr};

// This process's kept threads (made on first use, and again in a child after fork), or null
// without memory for them.
kept_threads* of_this_process() {
  kept_threads* known = current.load(std::memory_order_acquire);
  while (known == nullptr || known->owner != getpid()) {
    kept_threads* made = new (std::nothrow) kept_threads(known);
    if (made == nullptr) return nullptr;
    if (current.compare_exchange_strong(known, made, std::memory_order_acq_rel)) return made;
    delete made;  // another thread of this process made them first: `known` is theirs
  }
  return known;
}

}  // namespace

bool run_on_kept_threads(unsigned threads, void (*call)(void*, unsigned), void* context) {
  kept_threads* kept = of_this_process();
  if (kept == nullptr) return false;
  std::unique_lock use(kept->in_use, std::try_to_lock);
  if (!use.owns_lock()) return false;
  try {
    for (; kept->started + 1 < threads; ++kept->started) {
      std::thread(&kept_threads::serve, kept, kept->started + 1).detach();
    }
  } catch (const std::system_error&) {
    return false;
  } catch (const std::bad_alloc&) {
    return false;
  }
  {
    std::lock_guard lock(kept->m);
    kept->call = call;
    kept->context = context;
    kept->taking_part = threads;
    kept->open = true;
    kept->published.store(++kept->call_number, std::memory_order_relaxed);
  }
  kept->wake.notify_all();
  call(context, 0);
  std::unique_lock lock(kept->m);
  kept->open = false;
  kept->finished.wait(lock, [&] { return kept->running == 0; });
  return true;
}

}  // namespace vknoise::cpu
