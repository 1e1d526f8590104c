// Which physical device a context uses, and why.
#pragma once

#include <optional>
#include <vector>

#include "vknoise/context.hpp"

namespace vknoise::vk {

struct device_candidate {
  device_info info;
  VkPhysicalDevice handle = VK_NULL_HANDLE;
  std::uint32_t compute_family = 0;
  std::uint32_t timestamp_valid_bits = 0;
};

// Every physical device of `instance` (instance-level functions must be loaded), with the
// preferred one marked: discrete, then integrated, then virtual GPU, then CPU; ties by index.
result<std::vector<device_candidate>> describe_devices(VkInstance instance);

// The candidate to use: `requested` (from options or VKNOISE_DEVICE) or the preferred one.
result<device_candidate> choose_device(const std::vector<device_candidate>& candidates,
                                       std::optional<std::uint32_t> requested);

// The device index requested through options or the VKNOISE_DEVICE environment variable.
result<std::optional<std::uint32_t>> requested_device(const context_options& options);

}  // namespace vknoise::vk
