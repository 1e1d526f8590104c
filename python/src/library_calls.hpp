// The one way the bindings call into the library without the GIL, so that every such call can be
// interrupted and none can crash the interpreter's exit:
//   Ctrl-C    while the GIL is released the main thread cannot run Python's signal handlers, so
//             the stop_check handed to the library (stop_check.hpp) takes the GIL back for a
//             moment on the main thread, at most every 20 ms, and runs them
//             (PyErr_CheckSignals). When a handler raises (KeyboardInterrupt), the library stops
//             within about 0.1 s and that exception is raised from the call. Other threads never
//             run signal handlers, as in Python.
//   exit      shutdown(), run at interpreter exit (atexit), makes every running call stop
//             (errc::cancelled, raised as RuntimeError in its thread), waits for them to leave the
//             library, refuses new ones, and then destroys the shared backends. A thread that
//             comes back from the library once the interpreter is finalizing, where Python
//             would end it with pthread_exit (which unwinds through the bindings' noexcept
//             destructors and aborts the process: "terminate called without an active
//             exception"), is parked instead: it waits for the process to end, holding nothing.
#pragma once

#include <functional>

#include "vknoise/result.hpp"
#include "vknoise/stop_check.hpp"

namespace vknoise::python {

// Runs work(should_stop) with the GIL released (call with it held) and returns its status, after
// raising, with the GIL held again, the exception a signal handler raised (the library returned
// errc::cancelled for it), or RuntimeError when the call was stopped or refused because the
// interpreter is exiting. `work` must not touch Python objects; it passes should_stop to the
// library calls that take one.
status without_gil(const std::function<status(const stop_check& should_stop)>& work);

// At interpreter exit (with the GIL): stops and waits for the calls under way (at most 30 s),
// refuses later ones, and destroys the backends shared by calls that name a backend.
void shutdown();

// After fork(), in the child (with the GIL): the thread that forked is the main thread now.
void after_fork_in_child();

}  // namespace vknoise::python
