// NumPy arrays the library writes into or reads from: checked, never converted behind the
// caller's back where the caller gave the memory (out=), so a write always lands in place.
#pragma once

#include <pybind11/numpy.h>

#include <cstdint>
#include <string>
#include <vector>

namespace vknoise::python {

// `out` itself when it is a writeable, C-contiguous, aligned float32 array of exactly `shape`;
// otherwise ValueError (TypeError when it is no NumPy array) naming what is wrong.
pybind11::array checked_output(const pybind11::object& out, const std::vector<std::int64_t>& shape,
                               const char* dtype_name, const pybind11::dtype& dtype);

std::string shape_text(const std::vector<std::int64_t>& shape);

}  // namespace vknoise::python
