// Stopping a long computation early: a Ctrl-C in an interactive session, a cancelled job, an
// interpreter that exits while a thread is still filling.
//
// The calls that may take long take a stop_check: compute_backend::fill and eval,
// fill_fast and eval_fast (cpu_options::should_stop), gpu_renderer::fill and eval. They ask it
// between chunks of their work; when it answers true they stop, wait for what they have in flight
// (the GPU's submitted chunks, the CPU's other threads finishing their current chunk), and return
// errc::cancelled with the message "<call>: cancelled". `out` is then partly written: which values
// are is unspecified. An empty stop_check (the default) is never asked.
//
// How often: a call with a stop_check cuts its work so that each chunk takes at most a few tens of
// milliseconds on lavapipe and on one CPU core at the sizes of a typical noise field, so a call
// stops within about 0.1 s of the first true answer (a noise graph of many expensive nodes may
// take longer per chunk). On the GPU a dispatch cannot be interrupted, so a call with a check
// dispatches at most stop_check_chunk_samples sample-octaves at a time (below) instead of its
// usual, larger chunks; on lavapipe that costs nothing measurable. The CPU paths cut their work
// the same way with or without a check. Asking costs one call of the function per chunk.
//
// Threading: the check is only ever called on the thread that made the call (never on the fast
// path's worker threads), one call at a time, so it may use that thread's state (an interpreter's
// lock, thread-local data). To stop a call from another thread or from a signal handler, make the
// check read a flag that they set:
//   std::atomic<bool> stop{false};
//   backend.fill(field, table, out, nullptr, [&stop] { return stop.load(); });
#pragma once

#include <cstdint>
#include <functional>

namespace vknoise {

using stop_check = std::function<bool()>;

// GPU calls with a stop_check dispatch at most this many samples times octaves per chunk on a
// device that is a CPU implementation (VK_PHYSICAL_DEVICE_TYPE_CPU: lavapipe, where such a chunk
// takes a few tens of milliseconds), and stop_check_gpu_chunk_factor times as many on any other.
inline constexpr std::uint64_t stop_check_chunk_samples = std::uint64_t{1} << 18;
inline constexpr std::uint64_t stop_check_gpu_chunk_factor = 16;

}  // namespace vknoise
