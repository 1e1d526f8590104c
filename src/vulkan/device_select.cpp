#include "vulkan/device_select.hpp"

#include <volk.h>

#include <cstdlib>
#include <string>

#include "vulkan/vk_check.hpp"

namespace vknoise {

const char* device_type_name(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return "virtual GPU";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return "CPU";
    default:
      return "other";
  }
}

int device_type_preference(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return 3;
    default:
      return 4;
  }
}

namespace vk {

float_controls float_controls_of(VkPhysicalDevice device, std::uint32_t instance_api_version) {
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(device, &props);
  if (props.apiVersion < VK_API_VERSION_1_2 || instance_api_version < VK_API_VERSION_1_2) return {};
  VkPhysicalDeviceFloatControlsProperties controls{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
  VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  properties.pNext = &controls;
  vkGetPhysicalDeviceProperties2(device, &properties);
  return {controls.shaderSignedZeroInfNanPreserveFloat32 == VK_TRUE,
          controls.shaderDenormPreserveFloat32 == VK_TRUE};
}

namespace {

device_candidate describe(VkPhysicalDevice handle, std::uint32_t index,
                          std::uint32_t instance_api_version) {
  device_candidate c;
  c.handle = handle;
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(handle, &props);
  c.info.index = index;
  c.info.name = props.deviceName;
  c.info.type = props.deviceType;
  c.info.api_version = props.apiVersion;
  const float_controls controls = float_controls_of(handle, instance_api_version);
  c.info.keeps_signed_zeros = controls.signed_zero_inf_nan_preserve;
  c.info.keeps_denormals = controls.denorm_preserve;

  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(handle, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(handle, &count, families.data());
  bool has_compute = false;
  for (std::uint32_t f = 0; f < count; ++f) {
    if (families[f].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      has_compute = true;
      c.compute_family = f;
      c.timestamp_valid_bits = families[f].timestampValidBits;
      break;
    }
  }
  if (props.apiVersion < VK_API_VERSION_1_1) {
    c.info.reason = "needs Vulkan 1.1";
  } else if (!has_compute) {
    c.info.reason = "has no compute queue";
  } else {
    c.info.suitable = true;
    c.info.reason = std::string("suitable ") + device_type_name(props.deviceType);
  }
  return c;
}

}  // namespace

result<std::vector<device_candidate>> describe_devices(VkInstance instance,
                                                       std::uint32_t instance_api_version) {
  std::uint32_t count = 0;
  VKNOISE_TRY(
      check(vkEnumeratePhysicalDevices(instance, &count, nullptr), "vkEnumeratePhysicalDevices"));
  std::vector<VkPhysicalDevice> handles(count);
  VKNOISE_TRY(check(vkEnumeratePhysicalDevices(instance, &count, handles.data()),
                    "vkEnumeratePhysicalDevices"));
  if (count == 0) {
    return make_error(errc::no_device, "no Vulkan device found; use --backend cpu");
  }
  std::vector<device_candidate> candidates;
  int best = -1;
  for (std::uint32_t i = 0; i < count; ++i) {
    candidates.push_back(describe(handles[i], i, instance_api_version));
    const device_info& info = candidates.back().info;
    if (info.suitable && (best < 0 || device_type_preference(info.type) <
                                          device_type_preference(candidates[best].info.type))) {
      best = static_cast<int>(i);
    }
  }
  if (best >= 0) {
    candidates[best].info.preferred = true;
    candidates[best].info.reason += " (preferred: discrete > integrated > virtual > CPU)";
  }
  return candidates;
}

result<device_candidate> choose_device(const std::vector<device_candidate>& candidates,
                                       std::optional<std::uint32_t> requested) {
  if (requested) {
    if (*requested >= candidates.size()) {
      return make_error(
          errc::invalid_argument,
          "device " + std::to_string(*requested) + " does not exist; there " +
              (candidates.size() == 1 ? "is 1 device"
                                      : "are " + std::to_string(candidates.size()) + " devices") +
              " (see vknoise info)");
    }
    const device_candidate& c = candidates[*requested];
    if (!c.info.suitable) {
      return make_error(errc::no_device, "device " + std::to_string(*requested) + " (" +
                                             c.info.name + ") " + c.info.reason);
    }
    return c;
  }
  for (const device_candidate& c : candidates) {
    if (c.info.preferred) return c;
  }
  return make_error(errc::no_device,
                    "no Vulkan device has Vulkan 1.1 and a compute queue; use --backend cpu");
}

result<std::optional<std::uint32_t>> requested_device(const context_options& options) {
  if (options.device_index) return options.device_index;
  const char* env = std::getenv("VKNOISE_DEVICE");
  if (!env || !*env) return std::optional<std::uint32_t>{};
  char* end = nullptr;
  const unsigned long long value = std::strtoull(env, &end, 10);
  if (*end != '\0' || env[0] == '-' || value > 0xFFFFFFFFull) {
    return make_error(errc::invalid_argument,
                      std::string("VKNOISE_DEVICE=") + env + " is not a device index");
  }
  return std::optional<std::uint32_t>{static_cast<std::uint32_t>(value)};
}

}  // namespace vk
}  // namespace vknoise
