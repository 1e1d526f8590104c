// The window binds each of its storage buffers whole to a shading pass: the field, the picture and
// the slice's overlay (the mirror difference, one float a pixel). A binding may not exceed the
// device's maxStorageBufferRange (lavapipe: 2^27 bytes, 128 MiB), so every frame's plan is kept
// within it:
//   - the picture follows the window; a window whose picture would not fit (a slice's field grows
//     with it too) is drawn from the largest picture of the same shape that fits, scaled up by
//     the blit into the window;
//   - a field that is too large on its own (heightfield grid, volume, clouds layers) is an error:
//     refused at start (exit 2), or, changed in the panel, the last good settings stay.
// A --size whose picture does not fit is refused at start, before the first frame.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "view/view_frame.hpp"

namespace vknoise::view {

// The bytes of the largest buffer the plan binds that grows with the picture (the picture, its
// overlay and, in a slice, the field), per pixel.
std::uint64_t bytes_per_picture_pixel(const view_settings& settings, const frame_plan& plan);

// A width x height picture scaled down, keeping its shape, until `bytes_per_pixel` times its
// pixels fit in `limit` bytes (unchanged when they already do; at least 1x1).
std::pair<std::uint32_t, std::uint32_t> fitted_picture(std::uint32_t width, std::uint32_t height,
                                                       std::uint64_t bytes_per_pixel,
                                                       std::uint64_t limit);

// Why the plan's buffers do not fit in `limit` bytes each, naming the setting to change.
struct storage_excess_reason {
  bool picture;  // the buffer that does not fit grows with the picture (--size, the window)
  std::string message;
};
// Nothing when they fit.
std::optional<storage_excess_reason> storage_excess(const view_settings& settings,
                                                    const frame_plan& plan, std::uint64_t limit);

}  // namespace vknoise::view
