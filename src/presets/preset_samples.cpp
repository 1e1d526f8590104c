#include <utility>

#include "presets/preset.hpp"

namespace vknoise::presets {

preset_samples::preset_samples(std::uint32_t width, std::uint32_t height, std::uint32_t margin,
                               std::array<double, 2> origin, std::array<double, 2> step,
                               std::vector<std::span<const float>> layers)
    : width_(width),
      height_(height),
      margin_(margin),
      origin_(origin),
      step_(step),
      layers_(std::move(layers)) {}

float preset_samples::at(std::size_t layer, std::int64_t x, std::int64_t y) const {
  const std::int64_t row_length = std::int64_t{width_} + 2 * std::int64_t{margin_};
  const std::int64_t index = (y + margin_) * row_length + (x + margin_);
  return layers_[layer][static_cast<std::size_t>(index)];
}

}  // namespace vknoise::presets
