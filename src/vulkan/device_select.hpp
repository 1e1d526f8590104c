// Which physical device a context uses, and why.
#pragma once

#include <optional>
#include <vector>

#include "vknoise/context.hpp"
#include "vulkan/spirv_float_controls.hpp"

namespace vknoise::vk {

struct device_candidate {
  device_info info;
  VkPhysicalDevice handle = VK_NULL_HANDLE;
  std::uint32_t compute_family = 0;
  std::uint32_t timestamp_valid_bits = 0;
};

// Every physical device of `instance` (instance-level functions must be loaded), with the
// preferred one marked: discrete, then integrated, then virtual GPU, then CPU; ties by index.
// `instance_api_version`: the apiVersion the instance was created with.
result<std::vector<device_candidate>> describe_devices(VkInstance instance,
                                                       std::uint32_t instance_api_version);

// The candidate to use: `requested` (from options or VKNOISE_DEVICE) or the preferred one.
result<device_candidate> choose_device(const std::vector<device_candidate>& candidates,
                                       std::optional<std::uint32_t> requested);

// The 32-bit float controls of a device for kernels (spirv_float_controls.hpp): those it has,
// where the device and the instance (created with `instance_api_version`) are Vulkan 1.2, where
// they are core and need no enabling; none otherwise.
float_controls float_controls_of(VkPhysicalDevice device, std::uint32_t instance_api_version);

// The device index requested through options or the VKNOISE_DEVICE environment variable.
result<std::optional<std::uint32_t>> requested_device(const context_options& options);

}  // namespace vknoise::vk
