// _vknoise: the compiled half of the vknoise package. Every call converts its arguments, releases
// the GIL while the library computes, and turns the library's errors into exceptions
// (errors.hpp).
#include <pybind11/pybind11.h>

#include "backend_pool.hpp"
#include "bindings.hpp"
#include "library_calls.hpp"

#ifndef VKNOISE_VERSION
#error "VKNOISE_VERSION is set by python/CMakeLists.txt"
#endif

PYBIND11_MODULE(_vknoise, m) {
  m.doc() = "vknoise's compiled core; use the vknoise package, which documents the API.";
  m.attr("__version__") = VKNOISE_VERSION;
  vknoise::python::bind_backend(m);
  vknoise::python::bind_specs(m);
  vknoise::python::bind_field(m);
  vknoise::python::bind_eval(m);
  m.def("_shutdown", &vknoise::python::shutdown,
        "Stops the calls under way, refuses new ones and destroys the shared backends (run at "
        "exit).");
  m.def("_after_fork_in_child", &vknoise::python::after_fork_in_child,
        "Notes the child's main thread after fork() (os.register_at_fork).");
}
