#include "view/view_settings.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace vknoise::view {
namespace {

error bad(std::string_view key, std::string_view value, const std::string& expectation) {
  return make_error(errc::invalid_argument,
                    "--set " + std::string(key) + "=" + std::string(value) + ": " + expectation);
}

result<bool> parse_on_off(std::string_view key, std::string_view value) {
  if (value == "on" || value == "1" || value == "true") return true;
  if (value == "off" || value == "0" || value == "false") return false;
  return bad(key, value, "expected on or off");
}

result<double> parse_real(std::string_view key, std::string_view value, double low, double high) {
  double v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || end != value.data() + value.size() || !(v >= low && v <= high)) {
    char range[96];
    std::snprintf(range, sizeof range, "expected a number in [%g, %g]", low, high);
    return bad(key, value, range);
  }
  return v;
}

result<std::uint32_t> parse_count(std::string_view key, std::string_view value, std::uint32_t low,
                                  std::uint32_t high) {
  std::uint32_t v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || end != value.data() + value.size() || v < low || v > high) {
    return bad(
        key, value,
        "expected an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]");
  }
  return v;
}

// render's flags that take a value, by key.
std::optional<std::string>* text_flag(view_settings& s, std::string_view key) {
  cli::noise_options& n = s.field.noise;
  const std::pair<std::string_view, std::optional<std::string>*> flags[] = {
      {"dims", &s.field.dims},
      {"origin", &s.field.origin},
      {"step", &s.field.step},
      {"graph", &n.graph},
      {"noise", &n.noise},
      {"fractal", &n.fractal},
      {"octaves", &n.octaves},
      {"persistence", &n.persistence},
      {"lacunarity", &n.lacunarity},
      {"period", &n.period},
      {"interpolation", &n.interpolation},
      {"cellular-distance", &n.cellular_distance},
      {"cellular-return", &n.cellular_return},
      {"cellular-jitter", &n.cellular_jitter},
      {"flow-angle", &n.flow_angle},
      {"flow-advection", &n.flow_advection},
      {"warp", &n.warp},
      {"seed", &s.common.seed},
      {"permutation", &s.common.permutation},
  };
  for (const auto& [name, target] : flags) {
    if (name == key) return target;
  }
  return nullptr;
}

// render's on/off flags, by key.
bool* switch_flag(view_settings& s, std::string_view key) {
  if (key == "smooth") return &s.field.noise.smooth;
  if (key == "octave-offsets") return &s.field.noise.octave_offsets;
  return nullptr;
}

template <class Enum, std::size_t N>
result<Enum> parse_name(std::string_view key, std::string_view value,
                        const std::pair<const char*, Enum> (&names)[N]) {
  std::string expected;
  for (const auto& [name, e] : names) {
    if (value == name) return e;
    expected += (expected.empty() ? "" : ", ") + std::string(name);
  }
  return bad(key, value, "expected one of " + expected);
}

constexpr std::pair<const char*, view_mode> mode_names[] = {{"slice", view_mode::slice},
                                                            {"heightfield", view_mode::heightfield},
                                                            {"volume", view_mode::volume},
                                                            {"ocean", view_mode::ocean},
                                                            {"clouds", view_mode::clouds}};
constexpr std::pair<const char*, colour_map> map_names[] = {{"gray", colour_map::gray},
                                                            {"viridis", colour_map::viridis},
                                                            {"diverging", colour_map::diverging}};

}  // namespace

std::string exact_numbers(const std::array<double, 4>& values, int dims) {
  std::string text;
  for (int axis = 0; axis < dims; ++axis) text += (axis ? "," : "") + exact_number(values[axis]);
  return text;
}

std::string exact_number(double v) {
  char text[40];
  // The shortest text that reads back as the same double.
  const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
  return ec == std::errc() ? std::string(text, end) : std::string("nan");
}

const char* mode_name(view_mode mode) {
  for (const auto& [name, m] : mode_names) {
    if (m == mode) return name;
  }
  return "?";
}

const char* colour_map_name(colour_map map) {
  for (const auto& [name, m] : map_names) {
    if (m == map) return name;
  }
  return "?";
}

status apply_setting(view_settings& s, std::string_view assignment) {
  const std::size_t equals = assignment.find('=');
  if (equals == std::string_view::npos || equals == 0) {
    return make_error(errc::invalid_argument,
                      "--set " + std::string(assignment) + ": expected key=value");
  }
  const std::string_view key = assignment.substr(0, equals);
  const std::string_view value = assignment.substr(equals + 1);
  if (auto* target = text_flag(s, key)) {
    *target = std::string(value);
    return {};
  }
  if (bool* target = switch_flag(s, key)) {
    auto on = parse_on_off(key, value);
    if (!on) return on.error_value();
    *target = *on;
    return {};
  }
  auto assign_bool = [&](bool& target) -> status {
    auto on = parse_on_off(key, value);
    if (!on) return on.error_value();
    target = *on;
    return {};
  };
  auto assign_real = [&](double& target, double low, double high) -> status {
    auto v = parse_real(key, value, low, high);
    if (!v) return v.error_value();
    target = *v;
    return {};
  };
  auto assign_count = [&](std::uint32_t& target, std::uint32_t low, std::uint32_t high) -> status {
    auto v = parse_count(key, value, low, high);
    if (!v) return v.error_value();
    target = *v;
    return {};
  };
  if (key == "mode") {
    auto m = parse_name(key, value, mode_names);
    if (!m) return m.error_value();
    s.mode = *m;
    return {};
  }
  if (key == "colormap") {
    auto m = parse_name(key, value, map_names);
    if (!m) return m.error_value();
    s.colours = *m;
    return {};
  }
  if (key == "panel") return assign_bool(s.panel);
  if (key == "play") return assign_bool(s.play);
  if (key == "diff") return assign_bool(s.diff);
  if (key == "speed") return assign_real(s.speed, -1e6, 1e6);
  if (key == "loop") return assign_real(s.loop, 0, 1e12);
  if (key == "time") return assign_real(s.time, -1e12, 1e12);
  if (key == "yaw") return assign_real(s.yaw, -1e3, 1e3);
  if (key == "pitch") return assign_real(s.pitch, -1.5, 1.5);
  if (key == "distance") return assign_real(s.distance, 0.5, 100);
  if (key == "relief") return assign_real(s.relief, -100, 100);
  if (key == "grid") return assign_count(s.grid, 2, 4096);
  if (key == "volume") return assign_count(s.volume, 2, 1024);
  if (key == "layers") return assign_count(s.layers, 2, 1024);
  if (key == "scene-octaves") {
    std::uint32_t octaves = 0;
    if (auto st = assign_count(octaves, 1, max_octaves); !st) return st;
    s.scene_octaves = static_cast<int>(octaves);
    return {};
  }
  return make_error(errc::invalid_argument,
                    "--set " + std::string(key) +
                        ": unknown key (render's field flags, or mode, colormap, panel, play, "
                        "speed, loop, time, diff, grid, volume, layers, scene-octaves, yaw, "
                        "pitch, distance, relief)");
}

void pan_and_zoom(view_settings& settings, const field_spec& shown, double dx, double dy,
                  double scroll, double cursor_x, double cursor_y) {
  std::array<double, 4> origin = shown.origin;
  std::array<double, 4> step = shown.step;
  const bool two_axes = shown.dims >= 2;
  origin[0] -= dx * step[0];
  if (two_axes) origin[1] -= dy * step[1];
  if (scroll != 0) {
    const double factor = std::pow(0.9, scroll);
    origin[0] += cursor_x * step[0] * (1 - factor);
    if (two_axes) origin[1] += cursor_y * step[1] * (1 - factor);
    for (double& s : step) s *= factor;
  }
  settings.field.origin = exact_numbers(origin, shown.dims);
  settings.field.step = exact_numbers(step, shown.dims);
}

void orbit(view_settings& settings, double dx, double dy, double scroll) {
  settings.yaw -= dx * 0.01;
  settings.pitch = std::clamp(settings.pitch + dy * 0.01, -1.5, 1.5);
  settings.distance = std::clamp(settings.distance * std::pow(0.9, scroll), 0.5, 20.0);
}

std::optional<int> time_axis(int dims) {
  if (dims == 3) return 2;
  if (dims == 4) return 3;
  return std::nullopt;
}

std::string render_command(const view_settings& settings, const field_spec& shown,
                           const std::string& out) {
  if (settings.mode == view_mode::clouds && !settings.textures.empty()) {
    return "none: the clouds sample the baked textures of --textures " + settings.textures +
           ", not a field";
  }
  std::vector<std::string> args = {"vknoise", "render"};
  auto add = [&args](std::string flag, std::string value) {
    args.push_back(std::move(flag));
    if (!value.empty()) args.push_back(std::move(value));
  };
  if (shown.noise_graph && !settings.field.noise.graph) {
    return "none: the field is a graph the window made (the clouds scene's density, "
           "src/scenes/clouds.cpp), which no file holds";
  }
  if (shown.noise_graph) {
    add("--graph", *settings.field.noise.graph);
  } else {
    const noise_spec& n = shown.noise;
    add("--dims", std::to_string(shown.dims));
    if (n.kind != noise_kind::improved) add("--noise", noise_kind_name(n.kind));
    if (n.fractal != fractal_kind::none) {
      add("--fractal", fractal_kind_name(n.fractal));
      add("--octaves", std::to_string(n.octaves));
      add("--persistence", exact_number(n.persistence));
      add("--lacunarity", exact_number(n.lacunarity));
    }
    if (n.kind == noise_kind::value) {
      add("--interpolation", value_interpolation_name(n.interpolation));
      if (n.value_smooth) add("--smooth", "");
    }
    if (n.kind == noise_kind::flow) {
      add("--flow-angle", exact_number(n.angle));
      if (n.advection != 0) add("--flow-advection", exact_number(n.advection));
    }
    if (n.kind == noise_kind::cellular) {
      add("--cellular-distance", cellular_distance_name(n.distance));
      add("--cellular-return", cellular_return_name(n.returns));
      add("--cellular-jitter", exact_number(n.jitter));
    }
    if (n.octave_offsets) add("--octave-offsets", "");
    if (n.period != std::array<std::uint32_t, 4>{0, 0, 0, 0}) {
      std::string period;
      for (int axis = 0; axis < shown.dims; ++axis) {
        period += (axis ? "," : "") + std::to_string(n.period[axis]);
      }
      add("--period", period);
    }
    if (n.warp > 0) add("--warp", exact_number(n.warp));
    if (n.gradient) add("--gradient", "");
  }
  std::string size = std::to_string(shown.size[0]);
  for (int axis = 1; axis < shown.dims; ++axis) size += "x" + std::to_string(shown.size[axis]);
  add("--size", size);
  // A 1D origin would read as one number for every axis: spell out every axis.
  add("--origin", exact_numbers(shown.origin, shown.dims));
  const bool one_step = std::all_of(shown.step.begin(), shown.step.begin() + shown.dims,
                                    [&](double s) { return s == shown.step[0]; });
  add("--step", one_step ? exact_number(shown.step[0]) : exact_numbers(shown.step, shown.dims));
  if (settings.common.seed) add("--seed", *settings.common.seed);
  if (settings.common.permutation) add("--permutation", *settings.common.permutation);
  add("--out", out);
  std::string line;
  for (const std::string& a : args) {
    const bool plain = a.find_first_of(" \t'\"$\\;&|<>()*?") == std::string::npos && !a.empty();
    line += (line.empty() ? "" : " ") + (plain ? a : "'" + a + "'");
  }
  return line;
}

}  // namespace vknoise::view
