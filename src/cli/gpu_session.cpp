#include "cli/gpu_session.hpp"

#include <utility>

namespace vknoise::cli {

result<gpu_session> open_gpu_session(std::optional<std::uint32_t> device_index) {
  context_options options;
  options.device_index = device_index;
  auto vulkan = context::create(options);
  if (!vulkan) return vulkan.error_value();
  auto renderer = gpu_renderer::create(**vulkan);
  if (!renderer) return renderer.error_value();
  return gpu_session{std::move(vulkan).value(), std::move(renderer).value()};
}

}  // namespace vknoise::cli
