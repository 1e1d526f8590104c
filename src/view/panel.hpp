// The Dear ImGui panel over the picture: every field option of `vknoise render` (through the
// view's settings), the view's own settings, the readouts, export and the equivalent command.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "view/field_stats.hpp"
#include "view/view_settings.hpp"

namespace vknoise::view {

// What the panel shows besides the settings.
struct readouts {
  double frame_ms = 0, noise_ms = 0, shade_ms = 0, panel_ms = 0, present_ms = 0;
  double record_ms = 0;  // the host's recording of the frame (its noise inputs included)
  double samples_per_second = 0;
  std::optional<field_stats> stats;
  std::optional<float> mirror_max;  // with diff on: the largest |GPU - CPU mirror|
  std::string device;
  std::string error;    // the last field or graph error, shown in red (the last good field stays)
  std::string command;  // the equivalent `vknoise render` line
  std::string saved;    // what the last save wrote
};

// What the user asked for this frame.
struct panel_requests {
  bool settings_changed = false;               // the field must be parsed again
  std::optional<std::string> save_field;       // a path: render's writers, by its extension
  std::optional<std::string> save_screenshot;  // a .png path
  bool print_command = false;
};

// Paths and other text the panel keeps between frames.
struct panel_state {
  std::string field_path = "view_field.npy";
  std::string screenshot_path = "view.png";
};

// Between ImGui::NewFrame and ImGui::Render.
panel_requests draw_panel(view_settings& settings, const readouts& r, panel_state& state);

}  // namespace vknoise::view
