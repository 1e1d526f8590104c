// The threads of the fast CPU path (fill_fast, eval_fast): how many, and running a body on each.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "cpu/kept_threads.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/stop_check.hpp"

namespace vknoise::cpu {

// More threads than this gains nothing on any machine this runs on, and bounds what a careless
// `threads` value can ask for.
inline constexpr unsigned max_threads = 256;

// options.threads (0: every hardware thread), at most max_threads and at most `units` (>= 1).
inline unsigned thread_count(const cpu_options& options, std::uint64_t units) {
  unsigned threads = options.threads;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = std::min(threads, max_threads);
  return static_cast<unsigned>(std::min<std::uint64_t>(threads, std::max<std::uint64_t>(units, 1)));
}

// Runs body(0) .. body(threads - 1), body(0) on the calling thread and the others on threads of
// their own; a thread that cannot be started runs its body here instead. Returns false when some
// body ran out of memory.
template <class Body>
bool run_threads(unsigned threads, Body&& body) {
  std::atomic<bool> out_of_memory{false};
  const auto guarded = [&](unsigned i) {
    try {
      body(i);
    } catch (const std::bad_alloc&) {
      out_of_memory = true;
    }
  };
  std::vector<std::thread> workers;
  for (unsigned i = 1; i < threads; ++i) {
    try {
      workers.emplace_back(guarded, i);
    } catch (const std::system_error&) {
      guarded(i);
    } catch (const std::bad_alloc&) {
      guarded(i);
    }
  }
  guarded(0);
  for (std::thread& t : workers) t.join();
  return !out_of_memory;
}

// One call's cpu_options::should_stop, shared by its threads. Only the calling thread (worker 0)
// asks the check, as stop_check.hpp promises; every thread reads its answer, one relaxed atomic
// load per chunk.
class stop_flag {
 public:
  explicit stop_flag(const stop_check& check) : check_(check) {}
  // True once the check has answered true (asked here when `worker` is 0).
  bool should_stop(unsigned worker) {
    if (worker == 0 && check_ && !stopped_.load(std::memory_order_relaxed) && check_()) {
      stopped_.store(true, std::memory_order_relaxed);
    }
    return stopped_.load(std::memory_order_relaxed);
  }
  bool stopped() const { return stopped_.load(); }

 private:
  const stop_check& check_;
  std::atomic<bool> stopped_{false};
};

// Hands out [0, units) in chunks of `chunk` to whichever thread asks next, so that a thread that
// gets less CPU time (a busy machine) does less of the work instead of holding up the others.
// Each thread calls make_worker() once (its working memory lives in what that returns), then
// worker(begin, end) for each chunk it takes, until the units run out or `stop` (if given) says
// stop. Returns run_threads' answer.
// The threads are the kept ones (kept_threads.hpp), those that join in time, or, when another
// call has them, threads of this call's own.
template <class MakeWorker>
bool run_chunks(unsigned threads, std::uint64_t units, std::uint64_t chunk,
                MakeWorker&& make_worker, stop_flag* stop = nullptr) {
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> out_of_memory{false};
  auto body = [&](unsigned thread) {
    try {
      auto worker = make_worker();
      for (;;) {
        if (stop && stop->should_stop(thread)) return;
        const std::uint64_t begin = next.fetch_add(chunk);
        if (begin >= units) return;
        worker(begin, std::min(units, begin + chunk));
      }
    } catch (const std::bad_alloc&) {
      out_of_memory = true;
    }
  };
  using body_type = decltype(body);
  const auto call = [](void* context, unsigned i) { (*static_cast<body_type*>(context))(i); };
  if (threads > 1 && run_on_kept_threads(threads, call, &body)) {
    return !out_of_memory;
  }
  return run_threads(threads, body) && !out_of_memory;
}

// Rows per chunk for `threads` threads over `rows` rows of `row_cost` samples times octaves each:
// 64 chunks per thread (so that a slow thread does less), at most about max_chunk_cost of work
// each, so that a stop check is asked every few milliseconds.
inline constexpr std::uint64_t max_chunk_cost = std::uint64_t{1} << 18;
inline std::uint64_t rows_per_chunk(std::uint64_t rows, unsigned threads, std::uint64_t row_cost) {
  const std::uint64_t even = rows / (std::uint64_t{threads} * 64);
  const std::uint64_t bounded = max_chunk_cost / std::max<std::uint64_t>(row_cost, 1);
  return std::max<std::uint64_t>(1, std::min(even, bounded));
}

}  // namespace vknoise::cpu
