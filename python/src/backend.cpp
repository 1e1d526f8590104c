// vknoise.Backend and vknoise.devices().
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "backend_pool.hpp"
#include "bindings.hpp"
#include "errors.hpp"
#include "library_calls.hpp"
#include "vknoise/context.hpp"

namespace py = pybind11;

namespace vknoise::python {
namespace {

std::shared_ptr<backend_pool> make_pool(const std::string& kind,
                                        std::optional<std::uint32_t> device, unsigned threads,
                                        bool validation) {
  result<std::shared_ptr<backend_pool>> pool = error{errc::invalid_argument, {}};
  check(without_gil([&](const stop_check&) -> status {  // auto lists the devices
    pool = backend_pool::create({kind, device, threads, validation});
    return {};
  }));
  return value_of(std::move(pool));
}

std::shared_ptr<backend_pool> shared_pool(const std::string& kind,
                                          std::optional<std::uint32_t> device, unsigned threads) {
  result<std::shared_ptr<backend_pool>> pool = error{errc::invalid_argument, {}};
  check(without_gil([&](const stop_check&) -> status {
    pool = cached_pool({kind, device, threads, false});
    return {};
  }));
  return value_of(std::move(pool));
}

py::list devices() {
  result<std::vector<device_info>> listed = error{errc::invalid_argument, {}};
  check(without_gil([&](const stop_check&) -> status {
    listed = list_devices();
    return {};
  }));
  py::list out;
  // No loader or no device is an answer here, not an error: there are none.
  if (!listed && listed.error_value().code == errc::no_device) return out;
  for (const device_info& d : value_of(std::move(listed))) {
    py::dict entry;
    entry["index"] = d.index;
    entry["name"] = d.name;
    entry["type"] = device_type_name(d.type);
    entry["api_version"] = std::to_string(VK_API_VERSION_MAJOR(d.api_version)) + "." +
                           std::to_string(VK_API_VERSION_MINOR(d.api_version)) + "." +
                           std::to_string(VK_API_VERSION_PATCH(d.api_version));
    entry["suitable"] = d.suitable;
    entry["preferred"] = d.preferred;
    entry["reason"] = d.reason;
    entry["keeps_signed_zeros"] = d.keeps_signed_zeros;
    entry["keeps_denormals"] = d.keeps_denormals;
    out.append(entry);
  }
  return out;
}

}  // namespace

void bind_backend(py::module_& m) {
  py::class_<backend_pool, std::shared_ptr<backend_pool>>(m, "Backend")
      .def(py::init(&make_pool), py::arg("kind") = "auto", py::kw_only(),
           py::arg("device") = py::none(), py::arg("threads") = 0u, py::arg("validation") = false)
      .def_property_readonly("kind", &backend_pool::name)
      .def_property_readonly("reason", &backend_pool::reason)
      .def_property_readonly("device",
                             [](const backend_pool& p) { return p.options().vulkan.device_index; })
      .def_property_readonly("threads", [](const backend_pool& p) { return p.options().threads; })
      .def_property_readonly("validation",
                             [](const backend_pool& p) { return p.options().vulkan.validation; })
      .def_property_readonly("created", &backend_pool::created)
      .def("validation_messages", &backend_pool::validation_messages)
      .def("__enter__", [](std::shared_ptr<backend_pool> p) { return p; })
      .def("__exit__", [](backend_pool& p, const py::args&) { p.close(); })
      .def("close",
           [](backend_pool& p) {
             check(without_gil([&](const stop_check&) -> status {
               p.close();
               return {};
             }));
           })
      .def("__repr__", [](const backend_pool& p) {
        return "vknoise.Backend('" + p.name() + "'" +
               (p.options().vulkan.validation ? ", validation=True" : "") + ")";
      });
  m.def("_shared_backend", &shared_pool, py::arg("kind"), py::arg("device") = py::none(),
        py::arg("threads") = 0u);
  m.def("devices", &devices);
}

}  // namespace vknoise::python
