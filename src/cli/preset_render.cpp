#include "cli/preset_render.hpp"

#include <algorithm>
#include <charconv>
#include <memory>
#include <utility>

#include "cli/output_file.hpp"
#include "cli/parser.hpp"
#include "cli/report.hpp"
#include "presets/preset.hpp"
#include "vknoise/graph.hpp"

namespace vknoise::cli {
namespace {

std::size_t count_of(const std::optional<std::string>& text, char c) {
  return text ? static_cast<std::size_t>(std::count(text->begin(), text->end(), c)) : 0;
}

// The first flag given that a preset decides itself, or nullptr.
const char* conflicting_flag(const field_options& field, const std::optional<std::string>& remap) {
  const noise_options& noise = field.noise;
  const std::pair<bool, const char*> flags[] = {
      {field.dims.has_value(), "--dims"},
      {noise.graph.has_value(), "--graph"},
      {noise.noise.has_value(), "--noise"},
      {noise.fractal.has_value(), "--fractal"},
      {noise.octaves.has_value(), "--octaves"},
      {noise.persistence.has_value(), "--persistence"},
      {noise.lacunarity.has_value(), "--lacunarity"},
      {noise.period.has_value(), "--period"},
      {noise.interpolation.has_value(), "--interpolation"},
      {noise.warp.has_value(), "--warp"},
      {noise.smooth, "--smooth"},
      {noise.octave_offsets, "--octave-offsets"},
      {noise.gradient, "--gradient"},
      {field.region.has_value(), "--region"},
      {remap.has_value(), "--remap"},
  };
  for (const auto& [given, flag] : flags) {
    if (given) return flag;
  }
  return nullptr;
}

// The shortest text that reads back as `value` (the field parser reads it with strtod).
std::string number_text(double value) {
  char text[32];
  const auto written = std::to_chars(text, text + sizeof text, value);
  return std::string(text, written.ptr);
}

}  // namespace

void add_preset_option(CLI::App& app, std::optional<std::string>& target) {
  add_text_option(app, "--preset", presets::preset_names("|"), target,
                  "render a colour texture (.png, --size WxH): the preset's built-in noise graph "
                  "(graphs/NAME.json) on its plane; --dims and the noise options do not apply");
}

result<field_options> preset_field_options(const std::string& name, const field_options& given,
                                           const std::optional<std::string>& remap,
                                           const std::string& out) {
  const presets::preset* preset = presets::find_preset(name);
  if (!preset) {
    return make_error(errc::invalid_argument, "--preset " + quoted_excerpt(name) +
                                                  ": unknown preset (use " +
                                                  presets::preset_names(", ") + ")");
  }
  if (const char* flag = conflicting_flag(given, remap)) {
    return make_error(
        errc::invalid_argument,
        std::string(flag) + " does not apply with --preset (a preset sets the noise itself)");
  }
  auto format = output_format_for(out);
  if (!format) return format.error_value();
  if (*format != output_format::png) {
    return make_error(errc::invalid_argument, "--out " + quoted_excerpt(out) +
                                                  ": a preset renders a colour image (use .png)");
  }
  if (count_of(given.size, 'x') > 1) {
    return make_error(errc::invalid_argument,
                      "--size " + quoted_excerpt(*given.size) + ": a preset renders a WxH image");
  }
  const std::size_t origin_commas = count_of(given.origin, ',');
  if (given.origin && (origin_commas < 1 || origin_commas > 2)) {
    return make_error(errc::invalid_argument,
                      "--origin " + quoted_excerpt(*given.origin) + ": expected x,y or x,y,z");
  }
  const std::size_t step_commas = count_of(given.step, ',');
  if (step_commas > 1) {
    return make_error(errc::invalid_argument,
                      "--step " + quoted_excerpt(*given.step) + ": expected one number or x,y");
  }

  auto parsed = graph::parse(preset->graph);
  if (!parsed) return parsed.error_value();  // not for a graph the tests render

  // What --graph graphs/NAME.json with --origin x,y,z and --step S would be given.
  field_options field;
  field.noise.given_graph = std::make_shared<const graph>(std::move(parsed.value()));
  field.size = given.size;
  const std::string z = number_text(preset->z);
  if (!given.origin) {
    field.origin = "0,0," + z;
  } else {
    field.origin = origin_commas == 2 ? *given.origin : *given.origin + "," + z;
  }
  if (!given.step) {
    field.step = number_text(preset->step);
  } else {
    // x,y: the z step is unused (one sample on z).
    field.step = step_commas == 1 ? *given.step + ",1" : *given.step;
  }
  return field;
}

}  // namespace vknoise::cli
