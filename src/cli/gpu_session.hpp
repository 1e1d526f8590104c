// A Vulkan context and a renderer on it: what eval, render and check need for the GPU path.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "vknoise/context.hpp"
#include "vknoise/gpu_renderer.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

struct gpu_session {
  std::unique_ptr<context> vulkan;
  std::unique_ptr<gpu_renderer> renderer;  // declared last: destroyed before its context
};

// No device index: the library honours VKNOISE_DEVICE, else picks the preferred device.
result<gpu_session> open_gpu_session(std::optional<std::uint32_t> device_index);

}  // namespace vknoise::cli
