// The window's frame loop. Each frame, in one command buffer on the window's queue:
//   1. vknoise's recorder writes the frame's field into the field buffer (recorder::record on the
//      borrowed device: no host round trip),
//   2. the mode's shading pass turns it into the picture buffer (RGBA8),
//   3. the picture is copied into the canvas image and blitted into the swapchain image,
//   4. the panel is drawn over it, and the image is presented.
// Two frames are in flight, each with its own command buffer, fence (waited for with a bound,
// never the whole device), semaphores, timestamp queries and host readback buffers (the field for
// the readouts and exports, the picture for screenshots), read once the slot's fence says the
// frame is done. Headless (no window), steps 3 and 4 are left out and frames are counted by
// fences alone.
#pragma once

#include "view/vulkan_loader.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "view/cloud_texture_set.hpp"
#include "view/view_settings.hpp"
#include "view/window_device.hpp"

namespace vknoise::view {

struct run_options {
  view_settings settings;
  std::uint32_t width = 960, height = 540;  // the window's first size; the picture's headless
  std::uint32_t frames = 0;                 // 0: until the window is closed (or a signal)
  std::string screenshot;                   // the last frame's picture as a .png
  std::string save_field;  // the last frame's field, through render's writers (by extension)
  struct resize {
    std::uint32_t frame, width, height;
  };
  std::optional<resize> resize_at;  // --resize-at N:WxH
  bool immediate = false;           // present without vertical sync (scripted runs)
  // The baked clouds' textures as read from settings.textures (none without --textures),
  // uploaded once at start.
  std::shared_ptr<const cloud_texture_set> cloud_set;
};

// Runs the loop until `options.frames` frames, the window's close or `stop` (then one more frame,
// captured). Prints the mode and device once started (a size or field refused at start prints
// nothing), one line per graph reload or graph error and, at the end, the frame times.
// Errors: those of building the field (a field or graph the settings describe that is invalid at
// start), errc::invalid_argument for a --size or field whose buffers exceed the device's
// maxStorageBufferRange (storage_limit.hpp), errc::vulkan_error, errc::timeout, errc::io_error for
// a screenshot or export.
status run_loop(window_device& device, const run_options& options, const std::atomic<bool>& stop);

}  // namespace vknoise::view
