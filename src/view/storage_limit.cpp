#include "view/storage_limit.hpp"

#include <algorithm>
#include <cmath>

namespace vknoise::view {
namespace {

constexpr std::uint64_t bytes_per_value = sizeof(float);

std::string over_limit(std::uint64_t bytes, std::uint64_t limit) {
  return "needs a storage buffer of " + std::to_string(bytes) +
         " bytes, more than this device binds (maxStorageBufferRange: " + std::to_string(limit) +
         " bytes)";
}

std::string samples_of(const field_spec& field) {
  std::string text;
  for (int axis = 0; axis < 4 && (axis == 0 || field.size[axis] > 1); ++axis) {
    if (axis > 0) text += "x";
    text += std::to_string(field.size[axis]);
  }
  return text;
}

// The setting that sizes a field which does not grow with the picture.
const char* field_setting(view_mode mode) {
  switch (mode) {
    case view_mode::heightfield:
    case view_mode::ocean:
      return "grid";
    case view_mode::volume:
      return "volume";
    case view_mode::clouds:
      return "volume or layers";
    case view_mode::slice:
      break;
  }
  return "--size";
}

}  // namespace

std::uint64_t bytes_per_picture_pixel(const view_settings& settings, const frame_plan& plan) {
  // The picture is RGBA8 and the overlay one float a pixel; a slice's field has one sample a pixel.
  std::uint64_t per_pixel = 4;
  if (settings.mode == view_mode::slice) {
    per_pixel = std::max<std::uint64_t>(
        per_pixel, bytes_per_value * static_cast<std::uint64_t>(channel_count(plan.field)));
  }
  return per_pixel;
}

std::pair<std::uint32_t, std::uint32_t> fitted_picture(std::uint32_t width, std::uint32_t height,
                                                       std::uint64_t bytes_per_pixel,
                                                       std::uint64_t limit) {
  const auto fits = [&](std::uint64_t w, std::uint64_t h) {
    return w * h * bytes_per_pixel <= limit;
  };
  if (fits(width, height)) return {width, height};
  const double scale = std::sqrt(static_cast<double>(limit) /
                                 (static_cast<double>(width) * height * bytes_per_pixel));
  auto w = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(width * scale));
  auto h = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(height * scale));
  // The square root's rounding may leave it a row or column over.
  while (!fits(w, h) && (w > 1 || h > 1)) {
    if (w >= h && w > 1) {
      --w;
    } else {
      --h;
    }
  }
  return {w, h};
}

std::optional<storage_excess_reason> storage_excess(const view_settings& settings,
                                                    const frame_plan& plan, std::uint64_t limit) {
  const std::uint64_t pixels = std::uint64_t{plan.width} * plan.height;
  const std::uint64_t picture_bytes = pixels * bytes_per_picture_pixel(settings, plan);
  if (picture_bytes > limit) {
    return storage_excess_reason{
        true, "a " + std::to_string(plan.width) + "x" + std::to_string(plan.height) + " picture " +
                  over_limit(picture_bytes, limit) + ": at most " +
                  std::to_string(limit / bytes_per_picture_pixel(settings, plan)) + " pixels"};
  }
  const std::uint64_t field_bytes = value_count(plan.field) * bytes_per_value;
  if (field_bytes > limit) {
    return storage_excess_reason{false, std::string("the ") + mode_name(settings.mode) +
                                            " view's field of " + samples_of(plan.field) +
                                            " samples, " +
                                            std::to_string(channel_count(plan.field)) +
                                            " channel(s), " + over_limit(field_bytes, limit) +
                                            ": choose a smaller " + field_setting(settings.mode)};
  }
  return std::nullopt;
}

}  // namespace vknoise::view
