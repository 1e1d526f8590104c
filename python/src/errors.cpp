#include "errors.hpp"

#include <pybind11/pybind11.h>

namespace vknoise::python {

void raise(const error& e) {
  switch (e.code) {
    case errc::invalid_argument:
    case errc::out_of_range:
      throw pybind11::value_error(e.message);
    case errc::out_of_memory:
      // pybind11 has no C++ type for MemoryError: set it and let the dispatcher find it set.
      PyErr_SetString(PyExc_MemoryError, e.message.c_str());
      throw pybind11::error_already_set();
    case errc::no_device:
    case errc::vulkan_error:
    case errc::timeout:
    case errc::io_error:
    case errc::cancelled:  // stops the bindings ask for are raised by library_calls.hpp
      break;
  }
  throw std::runtime_error(e.message);  // pybind11 translates it to RuntimeError
}

}  // namespace vknoise::python
