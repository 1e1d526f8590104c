#include "cli/auto_backend.hpp"

namespace vknoise::cli {
namespace {

// The library's errors end in advice ("...; use --backend cpu") that auto follows anyway.
std::string without_advice(const std::string& message) {
  return message.substr(0, message.find("; "));
}

backend_choice for_device(const device_info& device, const std::string& which) {
  const std::string named = which + ", " + device.name + ",";
  if (!device.suitable) {
    return {backend::cpu, named + " cannot run the GPU path: " + device.reason};
  }
  switch (device.type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return {backend::gpu,
              named + " is " +
                  (device.type == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU ? "a discrete GPU"
                                                                       : "an integrated GPU")};
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return {backend::cpu, named + " is a CPU implementation; the fast CPU path is faster there"};
    default:
      return {backend::cpu, named + " is a " + device_type_name(device.type) +
                                " device; auto takes the GPU only when it is a discrete or an "
                                "integrated one"};
  }
}

}  // namespace

result<backend_choice> choose_auto_backend(const result<std::vector<device_info>>& devices,
                                           std::optional<std::uint32_t> requested) {
  if (!devices) {
    return backend_choice{backend::cpu,
                          "Vulkan is not available: " + without_advice(devices.message())};
  }
  if (requested) {
    for (const device_info& device : devices.value()) {
      if (device.index == *requested) {
        return for_device(device, "Vulkan device " + std::to_string(device.index));
      }
    }
    return make_error(errc::no_device,
                      "device " + std::to_string(*requested) + " does not exist (" +
                          std::to_string(devices.value().size()) + " found; see vknoise info)");
  }
  for (const device_info& device : devices.value()) {
    if (device.preferred) return for_device(device, "the preferred Vulkan device");
  }
  return backend_choice{backend::cpu, "no Vulkan device has Vulkan 1.1 and a compute queue"};
}

}  // namespace vknoise::cli
