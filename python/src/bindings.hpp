// The parts of the _vknoise extension, one concept each, registered by module.cpp. The Python
// package vknoise (python/vknoise) builds its documented API on them.
#pragma once

#include <pybind11/pybind11.h>

namespace vknoise::python {

void bind_backend(pybind11::module_& m);  // Backend, devices()
void bind_specs(pybind11::module_& m);    // NoiseSpec, Table, Graph
void bind_field(pybind11::module_& m);    // Field, fill, the reference and mirror, _time_fill
void bind_eval(pybind11::module_& m);     // eval at points

}  // namespace vknoise::python
