#include "library_calls.hpp"

#include <pybind11/pybind11.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <new>
#include <stdexcept>

#if defined(__GLIBCXX__)
#include <cxxabi.h>
#endif

#include "backend_pool.hpp"

namespace py = pybind11;

namespace vknoise::python {
namespace {

// How often the main thread runs signal handlers during a call, and how long exit waits.
constexpr auto signal_interval = std::chrono::milliseconds(20);
constexpr auto exit_wait = std::chrono::seconds(30);

struct running_calls {
  std::mutex mutex;
  std::condition_variable none_left;
  std::size_t count = 0;
};

// Never destroyed: threads parked at exit may still hold a reference when static destructors run.
// Replaced in a forked child, whose copy of the mutex may have been held by a thread of the parent.
running_calls* calls_instance = new running_calls;
running_calls& calls() {
  return *calls_instance;
}

std::atomic<bool> exiting{false};
std::atomic<unsigned long> main_thread{0};

unsigned long main_thread_ident() {
  return py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
}

bool interpreter_finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing();
#else
  return _Py_IsFinalizing();
#endif
}

[[noreturn]] void park_forever() {
  for (;;) pause();
}

// Takes the GIL back after a call. Python ends a thread other than the finalizing (main) one that
// asks for it once finalization has begun (pthread_exit, which unwinds the stack as the exception
// abi::__forced_unwind); that unwinding would cross noexcept destructors and abort. Such a thread
// is parked instead: seen finalizing here, or caught ending if finalization begins meanwhile.
void take_gil_back(PyThreadState* state, bool on_main_thread) {
  if (!on_main_thread && interpreter_finalizing()) park_forever();
#if defined(__GLIBCXX__)
  try {
    PyEval_RestoreThread(state);
  } catch (abi::__forced_unwind&) {
    park_forever();  // never leaves the handler, so the unwinding need not be resumed
  }
#else
  PyEval_RestoreThread(state);
#endif
}

// The exception a signal handler raised during a call, kept until the call returns.
struct raised_exception {
  PyObject* type = nullptr;
  PyObject* value = nullptr;
  PyObject* traceback = nullptr;
  explicit operator bool() const { return type != nullptr; }
};

}  // namespace

status without_gil(const std::function<status(const stop_check& should_stop)>& work) {
  if (main_thread == 0) main_thread = main_thread_ident();
  if (exiting) throw std::runtime_error("vknoise: the interpreter is exiting");
  const bool on_main_thread = PyThread_get_thread_ident() == main_thread;
  {
    std::lock_guard lock(calls().mutex);
    ++calls().count;
  }
  raised_exception raised;
  bool stopped_by_exit = false;
  auto last_look = std::chrono::steady_clock::now() - signal_interval;
  PyThreadState* state = PyEval_SaveThread();
  const stop_check should_stop = [&]() -> bool {
    if (exiting.load(std::memory_order_relaxed)) {
      stopped_by_exit = true;
      return true;
    }
    if (!on_main_thread) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_look < signal_interval) return false;
    last_look = now;
    // The main thread is the one that finalizes, so it may always take the GIL back.
    PyEval_RestoreThread(state);
    const bool handler_raised = PyErr_CheckSignals() != 0;
    if (handler_raised) PyErr_Fetch(&raised.type, &raised.value, &raised.traceback);
    state = PyEval_SaveThread();
    return handler_raised;
  };
  status done;
  {
    // Whatever `work` does, the call ends and the GIL comes back before anything else here.
    struct call_end {
      PyThreadState*& state;
      bool on_main_thread;
      ~call_end() {
        {
          std::lock_guard lock(calls().mutex);
          if (--calls().count == 0) calls().none_left.notify_all();
        }
        take_gil_back(state, on_main_thread);
      }
    } end{state, on_main_thread};
    try {
      done = work(should_stop);
    } catch (const std::bad_alloc&) {  // the library returns errors; a binding's vector may throw
      done = make_error(errc::out_of_memory, "out of host memory");
    }
  }
  if (raised) {
    PyErr_Restore(raised.type, raised.value, raised.traceback);
    throw py::error_already_set();
  }
  if (stopped_by_exit && !done && done.error_value().code == errc::cancelled) {
    throw std::runtime_error("vknoise: the interpreter is exiting; the call was stopped");
  }
  return done;
}

void shutdown() {
  exiting = true;
  {
    py::gil_scoped_release release;  // the calls under way need the GIL to return
    std::unique_lock lock(calls().mutex);
    calls().none_left.wait_for(lock, exit_wait, [] { return calls().count == 0; });
  }
  py::gil_scoped_release release;
  release_cached_pools();
}

void after_fork_in_child() {
  main_thread = main_thread_ident();
  // The parent's calls under way have no thread here, and its lock may have been held.
  calls_instance = new running_calls;
}

}  // namespace vknoise::python
