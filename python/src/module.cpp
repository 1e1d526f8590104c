// _vknoise: the compiled half of the vknoise package. Every call converts its arguments, releases
// the GIL while the library computes, and turns the library's errors into exceptions
// (errors.hpp).
#include <pybind11/pybind11.h>

#include "backend_pool.hpp"
#include "bindings.hpp"

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
  m.def("_release_cached_backends", &vknoise::python::release_cached_pools,
        pybind11::call_guard<pybind11::gil_scoped_release>(),
        "Destroys the backends shared by calls that name a backend (run at exit).");
}
