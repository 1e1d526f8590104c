#include "view/panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vknoise/noise_spec.hpp"

namespace vknoise::view {
namespace {

// A render flag as a number: its text parsed (or `fallback` while the flag is not given), written
// back as text when the widget changes it.
bool int_flag(const char* label, std::optional<std::string>& flag, int fallback, int low,
              int high) {
  int v = flag ? std::atoi(flag->c_str()) : fallback;
  if (!ImGui::SliderInt(label, &v, low, high)) return false;
  flag = std::to_string(v);
  return true;
}

bool real_flag(const char* label, std::optional<std::string>& flag, double fallback, float speed,
               double low, double high) {
  double v = flag ? std::strtod(flag->c_str(), nullptr) : fallback;
  if (!ImGui::DragScalar(label, ImGuiDataType_Double, &v, speed, &low, &high, "%.6g")) {
    return false;
  }
  flag = exact_number(v);
  return true;
}

// A render flag that names one of `names`; while the flag is not given, render's default
// `fallback` is shown.
bool name_flag(const char* label, std::optional<std::string>& flag,
               std::span<const char* const> names, const char* fallback) {
  const std::string shown = flag ? *flag : fallback;
  int current = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (shown == names[i]) current = static_cast<int>(i);
  }
  if (!ImGui::Combo(label, &current, names.data(), static_cast<int>(names.size()))) return false;
  flag = names[static_cast<std::size_t>(current)];
  return true;
}

// The same for an enumeration of noise_spec.hpp, by the library's names of its values; a flag in
// the other accepted spelling ("improved4_balanced") shows as its value's entry.
template <typename Enum>
bool enum_flag(const char* label, std::optional<std::string>& flag, std::span<const Enum> values,
               const char* (*name_of)(Enum), std::optional<Enum> (*from_name)(std::string_view),
               Enum fallback) {
  std::vector<const char*> names;
  for (const Enum value : values) names.push_back(name_of(value));
  // The combo shows the flag by its value's name; the flag itself changes only when the user
  // picks an entry.
  std::optional<std::string> shown = flag;
  if (flag) {
    if (const std::optional<Enum> value = from_name(*flag)) shown = name_of(*value);
  }
  if (!name_flag(label, shown, names, name_of(fallback))) return false;
  flag = std::move(shown);
  return true;
}

// A text flag edited as text (paths, vectors): applied when the user presses Enter.
bool text_flag(const char* label, std::optional<std::string>& flag) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, "%s", flag ? flag->c_str() : "");
  if (!ImGui::InputText(label, buffer, sizeof buffer, ImGuiInputTextFlags_EnterReturnsTrue)) {
    return false;
  }
  if (buffer[0])
    flag = std::string(buffer);
  else
    flag.reset();
  return true;
}

bool path_field(const char* label, std::string& path) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, "%s", path.c_str());
  const bool changed = ImGui::InputText(label, buffer, sizeof buffer);
  if (changed) path = buffer;
  return changed;
}

bool field_options(view_settings& s) {
  bool changed = false;
  cli::noise_options& n = s.field.noise;
  // A graph file (reloaded when it changes on disk) replaces the noise options; clearing the
  // path brings them back.
  if (text_flag("graph file", n.graph)) {
    if (n.graph) s.field.dims.reset();  // a graph brings its own dims
    n.given_graph.reset();              // the old file's graph; the new one is read afresh
    changed = true;
  }
  if (!n.graph) {
    static constexpr const char* dims[] = {"1", "2", "3", "4"};
    changed |= name_flag("dims", s.field.dims, dims, "3");
    const noise_spec defaults;
    changed |= enum_flag("noise", n.noise, all_noise_kinds(), noise_kind_name, noise_kind_from_name,
                         defaults.kind);
    changed |= enum_flag("fractal", n.fractal, all_fractal_kinds(), fractal_kind_name,
                         fractal_kind_from_name, defaults.fractal);
    const auto fractal = n.fractal ? fractal_kind_from_name(*n.fractal) : std::nullopt;
    if (fractal && *fractal != fractal_kind::none) {
      changed |= int_flag("octaves", n.octaves, default_fractal_octaves, 1, max_octaves);
      changed |= real_flag("persistence", n.persistence, defaults.persistence, 0.005f, 0.01, 4.0);
      changed |= real_flag("lacunarity", n.lacunarity, defaults.lacunarity, 0.01f, 0.1, 8.0);
      changed |= ImGui::Checkbox("octave offsets", &n.octave_offsets);
    }
    if (n.noise && noise_kind_from_name(*n.noise) == noise_kind::value) {
      changed |= enum_flag("interpolation", n.interpolation, all_value_interpolations(),
                           value_interpolation_name, value_interpolation_from_name,
                           defaults.interpolation);
      changed |= ImGui::Checkbox("smooth", &n.smooth);
    }
    if (n.noise && noise_kind_from_name(*n.noise) == noise_kind::cellular) {
      changed |= enum_flag("distance", n.cellular_distance, all_cellular_distances(),
                           cellular_distance_name, cellular_distance_from_name, defaults.distance);
      changed |= enum_flag("return", n.cellular_return, all_cellular_returns(),
                           cellular_return_name, cellular_return_from_name, defaults.returns);
      changed |= real_flag("jitter", n.cellular_jitter, defaults.jitter, 0.005f, 0.0, 1.0);
    }
    if (n.noise && noise_kind_from_name(*n.noise) == noise_kind::flow) {
      changed |= real_flag("angle", n.flow_angle, defaults.angle, 0.01f, -1e6, 1e6);
      if (fractal == fractal_kind::fbm) {
        changed |= real_flag("advection", n.flow_advection, defaults.advection, 0.005f, 0.0, 4.0);
      }
    }
    changed |= real_flag("warp", n.warp, 0.0, 0.005f, 0.0, 16.0);
    changed |= text_flag("period (P or X,Y,..)", n.period);
  }
  changed |= text_flag("seed", s.common.seed);
  changed |= text_flag("origin (x,y,z[,w])", s.field.origin);
  changed |= real_flag("step", s.field.step, 1.0 / 32, 0.0001f, 1e-9, 1e6);
  return changed;
}

void time_options(view_settings& s) {
  ImGui::Checkbox("play", &s.play);
  ImGui::SameLine();
  if (ImGui::Button("rewind")) s.time = 0;
  ImGui::DragScalar("time", ImGuiDataType_Double, &s.time, 0.01f, nullptr, nullptr, "%.4f");
  ImGui::DragScalar("speed (units/s)", ImGuiDataType_Double, &s.speed, 0.01f, nullptr, nullptr,
                    "%.4f");
  const double zero = 0, big = 1e6;
  ImGui::DragScalar("loop after (0: never)", ImGuiDataType_Double, &s.loop, 0.05f, &zero, &big,
                    "%.3f");
}

void view_options(view_settings& s) {
  int mode = static_cast<int>(s.mode);
  const char* modes[] = {"slice", "heightfield", "volume", "ocean", "clouds"};
  if (ImGui::Combo("mode", &mode, modes, 5)) s.mode = static_cast<view_mode>(mode);
  if (s.mode == view_mode::slice) {
    int map = static_cast<int>(s.colours);
    const char* maps[] = {"gray", "viridis", "diverging"};
    if (ImGui::Combo("colour map", &map, maps, 3)) s.colours = static_cast<colour_map>(map);
  }
  if (s.mode == view_mode::heightfield || s.mode == view_mode::volume) {
    const double lo = -1.5, hi = 1.5;
    ImGui::SliderScalar("pitch", ImGuiDataType_Double, &s.pitch, &lo, &hi, "%.2f");
    ImGui::DragScalar("yaw", ImGuiDataType_Double, &s.yaw, 0.01f, nullptr, nullptr, "%.2f");
    const double near = 0.5, far = 20;
    ImGui::SliderScalar("distance", ImGuiDataType_Double, &s.distance, &near, &far, "%.2f");
    const double rlo = -4, rhi = 4;
    ImGui::SliderScalar("relief / density", ImGuiDataType_Double, &s.relief, &rlo, &rhi, "%.3f");
  }
  ImGui::Checkbox("GPU - CPU mirror difference", &s.diff);
}

void show_readouts(const readouts& r) {
  ImGui::Text("%s", r.device.c_str());
  ImGui::TextWrapped(
      "frame %.2f ms: noise %.2f, shading %.2f, panel %.2f (GPU timestamps); "
      "acquire + present %.2f ms; recording %.2f ms (host)",
      r.frame_ms, r.noise_ms, r.shade_ms, r.panel_ms, r.present_ms, r.record_ms);
  ImGui::Text("%.3g samples/s (noise kernel)", r.samples_per_second);
  if (r.stats) {
    const field_stats& st = *r.stats;
    ImGui::Text("min %.5f  max %.5f  mean %.5f", st.min, st.max, st.mean);
    if (st.not_finite) ImGui::Text("%llu samples not finite", (unsigned long long)st.not_finite);
    char label[64];
    std::snprintf(label, sizeof label, "[%g, %g]", st.low, st.high);
    ImGui::PlotHistogram("histogram", st.histogram.data(), histogram_bins, 0, label, 0.0f, FLT_MAX,
                         ImVec2(0, 60));
  }
  if (r.mirror_max) {
    if (*r.mirror_max == 0) {
      ImGui::TextColored(ImVec4(0.4f, 1, 0.4f, 1), "GPU == CPU mirror, bit for bit");
    } else {
      ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "max |GPU - CPU mirror| = %.3g", *r.mirror_max);
    }
  }
}

}  // namespace

panel_requests draw_panel(view_settings& settings, const readouts& r, panel_state& state) {
  panel_requests asked;
  ImGui::SetNextWindowPos(ImVec2(8, 8), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(380, 0), ImGuiCond_FirstUseEver);
  ImGui::Begin("vknoise view (Tab hides)");
  if (!r.error.empty()) ImGui::TextColored(ImVec4(1, 0.35f, 0.35f, 1), "%s", r.error.c_str());
  show_readouts(r);
  if (ImGui::CollapsingHeader("view", ImGuiTreeNodeFlags_DefaultOpen)) view_options(settings);
  if (ImGui::CollapsingHeader("field", ImGuiTreeNodeFlags_DefaultOpen)) {
    asked.settings_changed |= field_options(settings);
  }
  if (ImGui::CollapsingHeader("time", ImGuiTreeNodeFlags_DefaultOpen)) time_options(settings);
  if (ImGui::CollapsingHeader("export")) {
    path_field("field file", state.field_path);
    ImGui::SameLine();
    if (ImGui::Button("save field")) asked.save_field = state.field_path;
    ImGui::TextDisabled(".png .npy .exr .nrrd/.nhdr .vdb .raw .gif .mp4: render's writers");
    path_field("screenshot", state.screenshot_path);
    ImGui::SameLine();
    if (ImGui::Button("save picture")) asked.save_screenshot = state.screenshot_path;
    if (!r.saved.empty()) ImGui::TextWrapped("%s", r.saved.c_str());
  }
  ImGui::Separator();
  ImGui::TextWrapped("%s", r.command.c_str());
  if (ImGui::Button("copy and print the render command")) {
    ImGui::SetClipboardText(r.command.c_str());
    asked.print_command = true;
  }
  ImGui::End();
  return asked;
}

}  // namespace vknoise::view
