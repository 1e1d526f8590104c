// NoiseSpec, Table and Graph: the descriptions a field or an eval computes from.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "errors.hpp"
#include "specs.hpp"

namespace py = pybind11;

namespace vknoise::python {
namespace {

const char* outputs_name(graph_outputs outputs) {
  switch (outputs) {
    case graph_outputs::gradient:
      return "gradient";
    case graph_outputs::curl:
      return "curl";
    case graph_outputs::values:
      break;
  }
  return "values";
}

graph_handle graph_from_state(const py::tuple& state) {
  if (state.size() != 2) throw py::value_error("Graph: a pickled state is (json, outputs)");
  auto g = value_of(parse_graph(state[0].cast<std::string>()));
  const auto outputs = state[1].cast<std::string>();
  return outputs == "values" ? g : value_of(with_outputs(g, outputs));
}

}  // namespace

void bind_specs(py::module_& m) {
  py::class_<noise_spec>(m, "NoiseSpec")
      .def(py::init([](std::string noise, std::optional<std::string> fractal,
                       std::optional<int> octaves, std::optional<double> persistence,
                       std::optional<double> lacunarity, std::array<std::uint32_t, 4> period,
                       bool octave_offsets, bool gradient, std::optional<double> warp,
                       std::optional<std::string> interpolation, bool smooth,
                       std::optional<std::string> distance, std::optional<std::string> returns,
                       std::optional<double> jitter, std::optional<double> angle,
                       std::optional<double> advection) {
             return value_of(make_noise({noise, fractal, octaves, persistence, lacunarity, period,
                                         octave_offsets, gradient, warp, interpolation, smooth,
                                         distance, returns, jitter, angle, advection}));
           }),
           py::kw_only(), py::arg("noise") = "improved", py::arg("fractal") = py::none(),
           py::arg("octaves") = py::none(), py::arg("persistence") = py::none(),
           py::arg("lacunarity") = py::none(),
           py::arg("period") = std::array<std::uint32_t, 4>{0, 0, 0, 0},
           py::arg("octave_offsets") = false, py::arg("gradient") = false,
           py::arg("warp") = py::none(), py::arg("interpolation") = py::none(),
           py::arg("smooth") = false, py::arg("distance") = py::none(),
           py::arg("returns") = py::none(), py::arg("jitter") = py::none(),
           py::arg("angle") = py::none(), py::arg("advection") = py::none())
      .def("validate", [](const noise_spec& n, int dims) { check(validate(n, dims)); })
      .def("channels", [](const noise_spec& n, int dims) { return channel_count(n, dims); })
      .def_property_readonly("noise", [](const noise_spec& n) { return noise_kind_name(n.kind); })
      .def_property_readonly("fractal",
                             [](const noise_spec& n) { return fractal_kind_name(n.fractal); })
      .def_readonly("octaves", &noise_spec::octaves)
      .def_readonly("persistence", &noise_spec::persistence)
      .def_readonly("lacunarity", &noise_spec::lacunarity)
      .def_readonly("period", &noise_spec::period)
      .def_readonly("gradient", &noise_spec::gradient)
      .def_readonly("warp", &noise_spec::warp)
      .def_property_readonly("distance",
                             [](const noise_spec& n) { return cellular_distance_name(n.distance); })
      .def_property_readonly("returns",
                             [](const noise_spec& n) { return cellular_return_name(n.returns); })
      .def_readonly("jitter", &noise_spec::jitter)
      .def_readonly("angle", &noise_spec::angle)
      .def_readonly("advection", &noise_spec::advection);

  py::class_<seeded_table>(m, "Table")
      .def(py::init(
               [](std::optional<std::uint64_t> seed, std::optional<std::vector<int>> permutation) {
                 return value_of(make_table(seed, permutation));
               }),
           py::kw_only(), py::arg("seed") = py::none(), py::arg("permutation") = py::none())
      .def_property_readonly("values",
                             [](const seeded_table& t) {
                               const auto& v = t.table.values();
                               return std::vector<int>(v.begin(), v.end());
                             })
      .def_readonly("classic_seed", &seeded_table::classic_seed);

  py::class_<graph_handle>(m, "Graph")
      .def_static(
          "from_json", [](const std::string& json) { return value_of(parse_graph(json)); },
          py::arg("text"))
      .def_static(
          "load",
          [](const py::object& path) {
            return value_of(load_graph(py::str(py::module_::import("os").attr("fsdecode")(path))));
          },
          py::arg("path"))
      .def(
          "with_outputs",
          [](const graph_handle& g, const std::string& what) {
            return value_of(with_outputs(g, what));
          },
          py::arg("outputs"))
      .def_property_readonly("dims", [](const graph_handle& g) { return g.g->dims(); })
      .def_property_readonly("channels", [](const graph_handle& g) { return g.g->channels(); })
      .def_property_readonly("output_names",
                             [](const graph_handle& g) { return g.g->output_names(); })
      .def_property_readonly("outputs",
                             [](const graph_handle& g) { return outputs_name(g.outputs); })
      .def_property_readonly("contract",
                             [](const graph_handle& g) {
                               return g.g->contract() == graph_contract::exact ? "exact"
                                                                               : "bounded";
                             })
      .def_property_readonly("bound", [](const graph_handle& g) { return g.g->bound(); })
      .def_property_readonly("range", [](const graph_handle& g) { return g.g->range(); })
      .def_property_readonly("json", [](const graph_handle& g) { return g.json; })
      .def(py::pickle(
          [](const graph_handle& g) { return py::make_tuple(g.json, outputs_name(g.outputs)); },
          &graph_from_state))
      .def("__repr__", [](const graph_handle& g) {
        return "vknoise.Graph(dims=" + std::to_string(g.g->dims()) +
               ", channels=" + std::to_string(g.g->channels()) + ")";
      });
}

}  // namespace vknoise::python
