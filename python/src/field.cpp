// Fields: vknoise.field's compiled half (Field, fill), the reference and mirror fills that
// vknoise.check compares with, and _time_fill, the C++ timing the Python benchmark compares with.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <span>
#include <vector>

#include "arrays.hpp"
#include "backend_pool.hpp"
#include "bindings.hpp"
#include "cpu/field_pieces.hpp"
#include "errors.hpp"
#include "library_calls.hpp"
#include "specs.hpp"

namespace py = pybind11;

namespace vknoise::python {
namespace {

field_request make_field_request(int dims, std::array<std::uint32_t, 4> size,
                                 std::array<double, 4> origin, std::array<double, 4> step,
                                 std::array<std::uint64_t, 4> region, const py::object& noise,
                                 const seeded_table& table) {
  const graph_handle* g = nullptr;
  const noise_spec* spec = nullptr;
  if (py::isinstance<graph_handle>(noise)) {
    g = noise.cast<const graph_handle*>();
  } else if (py::isinstance<noise_spec>(noise)) {
    spec = noise.cast<const noise_spec*>();
  } else {
    throw py::type_error("noise must be a NoiseSpec or a Graph");
  }
  return value_of(make_field(dims, size, origin, step, region, spec, g, table));
}

// The field into `out` (allocated when None), with the GIL released while it computes.
py::array fill(backend_pool& pool, const field_request& field, const py::object& out) {
  py::array values = out.is_none()
                         ? py::array(py::dtype::of<float>(), field.shape())
                         : checked_output(out, field.shape(), "float32", py::dtype::of<float>());
  const std::span<float> span(static_cast<float*>(values.mutable_data()),
                              static_cast<std::size_t>(value_count(field.spec)));
  check(without_gil([&](const stop_check& should_stop) -> status {
    auto backend = pool.take();
    if (!backend) return backend.error_value();
    return (*backend)->fill(field.spec, field.table.table, span, nullptr, should_stop);
  }));
  return values;
}

// Samples per piece of fill_cpu: a few milliseconds of the reference's work.
constexpr std::uint64_t cpu_fill_piece_samples = 4096;

// The double reference, unrounded, and the float mirror: what vknoise check compares with.
template <class T>
py::array fill_cpu(const field_request& field) {
  py::array_t<T> values(field.shape());
  const std::span<T> span(values.mutable_data(), static_cast<std::size_t>(value_count(field.spec)));
  check(without_gil([&](const stop_check& should_stop) -> status {
    if (status valid = validate(field.spec, span.size()); !valid) return valid;
    // In pieces (the same values), so that Ctrl-C lands between them.
    constexpr const char* call = std::is_same_v<T, double> ? "fill_reference" : "fill_mirror";
    return cpu::fill_in_pieces(field.spec, span, cpu_fill_piece_samples, should_stop, call,
                               [&](const field_spec& piece, std::span<T> part) {
                                 if constexpr (std::is_same_v<T, double>) {
                                   return fill_reference(piece, field.table.table, part);
                                 } else {
                                   return fill_mirror(piece, field.table.table, part);
                                 }
                               });
  }));
  return values;
}

// compute_backend::fill timed in C++, `repeats` times after one untimed fill, into `out` (the
// same memory a Python call writes, so both pay the same page and TLB costs) or a buffer of its
// own: seconds per fill. The measure the Python call's overhead is judged against; it passes the
// same stop check as fill() (which cuts the GPU's work into smaller chunks), so that only the
// call's own overhead differs.
std::vector<double> time_fill(backend_pool& pool, const field_request& field, int repeats,
                              const py::object& out) {
  if (repeats < 1) throw py::value_error("repeats must be >= 1");
  py::array values = out.is_none()
                         ? py::array(py::dtype::of<float>(), field.shape())
                         : checked_output(out, field.shape(), "float32", py::dtype::of<float>());
  const std::span<float> span(static_cast<float*>(values.mutable_data()),
                              static_cast<std::size_t>(value_count(field.spec)));
  std::vector<double> seconds;
  check(without_gil([&](const stop_check& should_stop) -> status {
    auto backend = pool.take();
    if (!backend) return backend.error_value();
    for (int run = -1; run < repeats; ++run) {
      const auto start = std::chrono::steady_clock::now();
      const status done =
          (*backend)->fill(field.spec, field.table.table, span, nullptr, should_stop);
      if (!done) return done;
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      if (run >= 0) seconds.push_back(took.count());
    }
    return {};
  }));
  return seconds;
}

}  // namespace

void bind_field(py::module_& m) {
  py::class_<field_request>(m, "Field")
      .def(py::init(&make_field_request), py::kw_only(), py::arg("dims"), py::arg("size"),
           py::arg("origin"), py::arg("step"), py::arg("region"), py::arg("noise"),
           py::arg("table"))
      .def_property_readonly("shape",
                             [](const field_request& f) {
                               const auto shape = f.shape();
                               py::tuple t(shape.size());
                               for (std::size_t i = 0; i < shape.size(); ++i) t[i] = shape[i];
                               return t;
                             })
      .def_property_readonly("channels",
                             [](const field_request& f) { return channel_count(f.spec); })
      .def_property_readonly("dims", [](const field_request& f) { return f.spec.dims; });
  m.def("fill", &fill, py::arg("backend"), py::arg("field"), py::arg("out") = py::none());
  m.def("fill_reference", &fill_cpu<double>, py::arg("field"));
  m.def("fill_mirror", &fill_cpu<float>, py::arg("field"));
  m.def("_time_fill", &time_fill, py::arg("backend"), py::arg("field"), py::arg("repeats") = 5,
        py::arg("out") = py::none());
}

}  // namespace vknoise::python
