#include "presets/render_preset.hpp"

#include <cmath>
#include <limits>
#include <new>
#include <string>
#include <utility>

namespace vknoise::presets {
namespace {

constexpr std::uint32_t max_side = std::numeric_limits<std::uint32_t>::max();

}  // namespace

result<std::vector<field_spec>> preset_fields(const preset& p, const preset_frame& frame) {
  if (frame.width == 0 || frame.height == 0) {
    return make_error(errc::invalid_argument, "a preset image needs a width and height >= 1");
  }
  const std::uint64_t margin = p.margin;
  if (frame.width > max_side - 2 * margin || frame.height > max_side - 2 * margin) {
    return make_error(errc::out_of_range, "the " + std::string(p.name) + " preset reads " +
                                              std::to_string(margin) +
                                              " samples beyond each edge; the image is too large");
  }
  const double z = frame.z.value_or(p.z);
  const std::array<double, 2> step = frame.step.value_or(std::array<double, 2>{p.step, p.step});
  if (!std::isfinite(z) || !std::isfinite(step[0]) || !std::isfinite(step[1])) {
    return make_error(errc::invalid_argument, "the preset's z and step must be finite numbers");
  }

  std::vector<field_spec> fields;
  for (const preset_layer& layer : p.layers) {
    field_spec field;
    field.dims = 3;
    field.size = {frame.width + p.margin * 2, frame.height + p.margin * 2, 1, 1};
    // The layer scales image positions, origin included, so that every layer (and every image
    // of a preset) samples one consistent pattern wherever the frame lies.
    for (int axis = 0; axis < 2; ++axis) {
      const double first = frame.origin[axis] - static_cast<double>(margin) * step[axis];
      field.origin[axis] = first * layer.frequency[axis];
      field.step[axis] = step[axis] * layer.frequency[axis];
    }
    field.origin[2] = z + layer.z_offset;
    field.step[2] = 1.0;  // one sample on z: unused
    field.noise = layer.noise;
    if (auto valid = validate(field); !valid) return valid.error_value();
    fields.push_back(field);
  }
  return fields;
}

result<std::vector<std::uint8_t>> render_preset(const preset& p, const preset_frame& frame,
                                                const field_renderer& fill) {
  auto fields = preset_fields(p, frame);
  if (!fields) return fields.error_value();
  const std::array<double, 2> step = frame.step.value_or(std::array<double, 2>{p.step, p.step});

  std::vector<std::vector<float>> values;
  std::vector<std::uint8_t> rgb;
  try {
    for (const field_spec& field : *fields) values.emplace_back(sample_count(field));
    rgb.resize(std::size_t{frame.width} * frame.height * 3);
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot allocate a " + std::to_string(frame.width) +
                                               "x" + std::to_string(frame.height) + " " +
                                               std::string(p.name) + " image");
  }
  std::vector<std::span<const float>> layers;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (auto filled = fill((*fields)[i], values[i]); !filled) return filled.error_value();
    layers.emplace_back(values[i]);
  }

  const preset_samples samples(frame.width, frame.height, p.margin, frame.origin, step,
                               std::move(layers));
  std::uint8_t* out = rgb.data();
  for (std::uint32_t y = 0; y < frame.height; ++y) {
    for (std::uint32_t x = 0; x < frame.width; ++x, out += 3) {
      store_rgb8(p.paint(samples, x, y), out);
    }
  }
  return rgb;
}

}  // namespace vknoise::presets
