// A texture preset: the noise fields it reads and how it turns them into a pixel's colour.
//
// Every preset colours a plane of 3D noise at a fixed z, as the articles do with "3D noise at a
// fixed z": pixel (x, y) sits at image position (origin_x + x * step_x, origin_y + y * step_y).
// A layer is one field of noise over that plane, sampled at image position * frequency (per
// axis: stretching one axis stretches the pattern along it) and at z + z_offset.
//
// Presets whose colours must agree between the CPU reference and the GPU (to one level per
// channel) keep their colour functions continuous in the noise values: a hard edge such as
// g - floor(g) would turn the backends' 1e-7 difference into a full jump in colour.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "presets/colour_ramp.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::presets {

struct preset_layer {
  noise_spec noise;
  std::array<double, 2> frequency{1.0, 1.0};  // x, y: layer position = image position * frequency
  double z_offset = 0.0;                      // so that two layers of one noise are unrelated
};

// The values a colour function reads: every layer over the image, plus `margin` samples beyond
// each edge (for finite differences), and where each pixel sits.
class preset_samples {
 public:
  preset_samples(std::uint32_t width, std::uint32_t height, std::uint32_t margin,
                 std::array<double, 2> origin, std::array<double, 2> step,
                 std::vector<std::span<const float>> layers);

  // Layer `layer` at pixel (x, y); x and y may lie up to margin() outside the image.
  float at(std::size_t layer, std::int64_t x, std::int64_t y) const;

  std::uint32_t width() const { return width_; }
  std::uint32_t height() const { return height_; }
  std::uint32_t margin() const { return margin_; }
  // The image position of a pixel and the distance between neighbours, per axis.
  double position_x(std::int64_t x) const { return origin_[0] + static_cast<double>(x) * step_[0]; }
  double position_y(std::int64_t y) const { return origin_[1] + static_cast<double>(y) * step_[1]; }
  const std::array<double, 2>& step() const { return step_; }

 private:
  std::uint32_t width_, height_, margin_;
  std::array<double, 2> origin_, step_;
  std::vector<std::span<const float>> layers_;
};

using colour_function = colour (*)(const preset_samples& samples, std::uint32_t x, std::uint32_t y);

struct preset {
  std::string_view name;
  std::string_view summary;  // one phrase for --help
  double step;               // default distance between pixels, on both axes
  double z;                  // default z of the plane (off the integer lattice planes)
  std::uint32_t margin;      // samples beyond each edge that the colour function reads
  std::vector<preset_layer> layers;
  colour_function paint;
};

// The built-in presets: marble, wood, clouds, fire, terrain, in that order.
std::span<const preset> all_presets();

// nullptr when no preset has that name.
const preset* find_preset(std::string_view name);

// The names joined by `separator`, e.g. "marble|wood|clouds|fire|terrain".
std::string preset_names(std::string_view separator);

}  // namespace vknoise::presets
