#include "arrays.hpp"

namespace py = pybind11;

namespace vknoise::python {

std::string shape_text(const std::vector<std::int64_t>& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    text += (i ? ", " : "") + std::to_string(shape[i]);
  }
  return text + (shape.size() == 1 ? ",)" : ")");
}

py::array checked_output(const py::object& out, const std::vector<std::int64_t>& shape,
                         const char* dtype_name, const py::dtype& dtype) {
  if (!py::isinstance<py::array>(out)) {
    throw py::type_error(std::string("out= must be a NumPy array, not ") +
                         py::str(py::type::of(out).attr("__name__")).cast<std::string>());
  }
  auto array = py::reinterpret_borrow<py::array>(out);
  if (!array.dtype().is(dtype) && !array.dtype().equal(dtype)) {
    throw py::value_error(std::string("out= must have dtype ") + dtype_name + ", not " +
                          py::str(array.dtype()).cast<std::string>());
  }
  std::vector<std::int64_t> given(array.shape(), array.shape() + array.ndim());
  if (given != shape) {
    throw py::value_error("out= must have shape " + shape_text(shape) + ", not " +
                          shape_text(given));
  }
  const int flags = py::detail::array_proxy(array.ptr())->flags;
  if (!(flags & py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_)) {
    throw py::value_error(
        "out= must be C-contiguous (numpy.ascontiguousarray makes a copy, "
        "which out= would not write back to)");
  }
  if (!(flags & py::detail::npy_api::NPY_ARRAY_ALIGNED_)) {
    throw py::value_error("out= must be aligned");
  }
  if (!array.writeable()) throw py::value_error("out= is read-only");
  return array;
}

}  // namespace vknoise::python
