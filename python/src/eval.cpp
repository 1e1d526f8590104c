// Noise at scattered points: compute_backend::eval, the batched points path of every backend,
// into float64 (the reference's doubles unrounded, the float paths' values widened), as
// vknoise eval prints them. float32 points go to the fast CPU path's float entry as they are
// (eval_fast, which gives the values of the same points widened); elsewhere they are widened
// first.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <span>
#include <vector>

#include "arrays.hpp"
#include "backend_pool.hpp"
#include "bindings.hpp"
#include "errors.hpp"
#include "library_calls.hpp"
#include "specs.hpp"
#include "vknoise/cpu_fill.hpp"

namespace py = pybind11;

namespace vknoise::python {
namespace {

// `points`: a C-contiguous float64 or float32 array (N, dims), which the vknoise package makes of
// whatever NumPy converts; checked again here, as the memory is read without the GIL.
py::array eval(backend_pool& pool, const py::object& noise, const py::array& points,
               const seeded_table& table) {
  const bool is_float = points.dtype().equal(py::dtype::of<float>());
  if (!(is_float || points.dtype().equal(py::dtype::of<double>())) || points.ndim() != 2 ||
      !(py::detail::array_proxy(points.ptr())->flags &
        py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_)) {
    throw py::value_error(
        "points must be a C-contiguous float64 or float32 array of shape (N, dims)");
  }
  const auto count = static_cast<std::size_t>(points.shape(0));
  const int dims = static_cast<int>(points.shape(1));
  const graph_handle* g = nullptr;
  noise_spec spec;
  int channels = 1;
  if (py::isinstance<graph_handle>(noise)) {
    g = noise.cast<const graph_handle*>();
    if (dims != g->g->dims()) {
      throw py::value_error("points have " + std::to_string(dims) +
                            " coordinates each; the graph's dims are " +
                            std::to_string(g->g->dims()));
    }
    channels = g->g->channels();
  } else if (py::isinstance<noise_spec>(noise)) {
    spec = noise.cast<noise_spec>();
    spec.classic_seed = table.classic_seed;
    check(validate(spec, dims));
    channels = channel_count(spec, dims);
  } else {
    throw py::type_error("noise must be a NoiseSpec or a Graph");
  }
  std::vector<std::int64_t> shape{static_cast<std::int64_t>(count)};
  if (channels > 1) shape.push_back(channels);
  py::array_t<double> values(shape);
  const std::span<double> out(values.mutable_data(), count * channels);
  if (is_float && !g && pool.options().kind == backend_kind::cpu_fast) {
    const std::span<const float> in(static_cast<const float*>(points.data()), count * dims);
    check(without_gil([&](const stop_check& should_stop) -> status {
      std::vector<float> narrow(out.size());
      cpu_options options;
      options.threads = pool.options().threads;
      options.should_stop = should_stop;
      if (status s = eval_fast(spec, dims, in, table.table, narrow, options); !s) return s;
      std::copy(narrow.begin(), narrow.end(), out.begin());
      return {};
    }));
    return values;
  }
  std::vector<double> widened;
  if (is_float) {
    const auto* f = static_cast<const float*>(points.data());
    widened.assign(f, f + count * dims);
  }
  const std::span<const double> in(
      is_float ? widened.data() : static_cast<const double*>(points.data()), count * dims);
  check(without_gil([&](const stop_check& should_stop) -> status {
    auto backend = pool.take();
    if (!backend) return backend.error_value();
    if (g) return (*backend)->eval(*g->g, in, table.table, out, should_stop);
    return (*backend)->eval(spec, dims, in, table.table, out, should_stop);
  }));
  return values;
}

}  // namespace

void bind_eval(py::module_& m) {
  m.def("eval", &eval, py::arg("backend"), py::arg("noise"), py::arg("points"), py::arg("table"));
}

}  // namespace vknoise::python
