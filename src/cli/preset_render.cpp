#include "cli/preset_render.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "cli/backend.hpp"
#include "cli/output_file.hpp"
#include "cli/report.hpp"
#include "cli/text_option.hpp"
#include "io/atomic_file.hpp"
#include "io/png_writer.hpp"
#include "presets/render_preset.hpp"

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
      {noise.noise.has_value(), "--noise"},
      {noise.fractal.has_value(), "--fractal"},
      {noise.octaves.has_value(), "--octaves"},
      {noise.persistence.has_value(), "--persistence"},
      {noise.lacunarity.has_value(), "--lacunarity"},
      {noise.period.has_value(), "--period"},
      {noise.octave_offsets, "--octave-offsets"},
      {field.region.has_value(), "--region"},
      {remap.has_value(), "--remap"},
  };
  for (const auto& [given, flag] : flags) {
    if (given) return flag;
  }
  return nullptr;
}

// --size WxH, --origin x,y[,z], --step S|x,y. The field parser does the work (and words the
// errors): as a 2D field, plus a 3D origin when a z is given.
result<presets::preset_frame> parse_frame(const field_options& given) {
  if (count_of(given.size, 'x') > 1) {
    return make_error(errc::invalid_argument,
                      "--size " + quoted_excerpt(*given.size) + ": a preset renders a WxH image");
  }
  if (count_of(given.origin, ',') > 2) {
    return make_error(errc::invalid_argument,
                      "--origin " + quoted_excerpt(*given.origin) + ": expected x,y or x,y,z");
  }
  const bool origin_has_z = count_of(given.origin, ',') == 2;
  field_options plane;
  plane.dims = "2";
  plane.size = given.size;
  plane.step = given.step;
  if (!origin_has_z) plane.origin = given.origin;
  auto field = parse_field(plane, {1, 1, 1, 1});
  if (!field) return field.error_value();

  presets::preset_frame frame;
  frame.width = field->size[0];
  frame.height = field->size[1];
  frame.origin = {field->origin[0], field->origin[1]};
  if (given.step) frame.step = std::array<double, 2>{field->step[0], field->step[1]};
  if (origin_has_z) {
    field_options solid;
    solid.dims = "3";
    solid.origin = given.origin;
    auto with_z = parse_field(solid, {1, 1, 1, 1});
    if (!with_z) return with_z.error_value();
    frame.origin = {with_z->origin[0], with_z->origin[1]};
    frame.z = with_z->origin[2];
  }
  return frame;
}

}  // namespace

void add_preset_option(CLI::App& app, std::optional<std::string>& target) {
  add_text_option(app, "--preset", presets::preset_names("|"), target,
                  "render a colour texture (.png, --size WxH) whose noise the preset sets; "
                  "--dims and the noise options do not apply");
}

int run_preset_render(const std::string& name, const field_options& field,
                      const common_options& common, const std::optional<std::string>& remap,
                      const std::string& out) {
  const presets::preset* preset = presets::find_preset(name);
  if (!preset) {
    return report_error(exit_usage_error, "--preset " + quoted_excerpt(name) +
                                              ": unknown preset (use " +
                                              presets::preset_names(", ") + ")");
  }
  if (const char* flag = conflicting_flag(field, remap)) {
    return report_error(exit_usage_error, std::string(flag) +
                                              " does not apply with --preset (a preset sets "
                                              "the noise itself)");
  }
  auto format = output_format_for(out);
  if (!format) return report_error(exit_usage_error, format.message());
  if (*format != output_format::png) {
    return report_error(exit_usage_error, "--out " + quoted_excerpt(out) +
                                              ": a preset renders a colour image (use .png)");
  }
  auto frame = parse_frame(field);
  if (!frame) return report_error(exit_usage_error, frame.message());
  auto how = parse_computation(common);
  if (!how) return report_error(exit_usage_error, how.message());
  if (auto fields = presets::preset_fields(*preset, *frame); !fields) {
    return report_error(exit_usage_error, fields.message());
  }

  // Fail before the possibly long render when the output cannot work anyway.
  if (auto fits = io::check_png_rgb8_size(frame->width, frame->height); !fits) {
    return report_error(exit_usage_error, fits.message());
  }
  if (auto writable = io::check_writable(out); !writable) {
    return report_error(exit_runtime_error, writable.message());
  }

  auto backend = backend_session::start(*how);
  if (!backend) return report_error(exit_code_for(backend.error_value().code), backend.message());
  const presets::field_renderer fill = [&](const field_spec& spec, std::span<float> values) {
    return backend->fill(spec, values);
  };
  auto rgb = presets::render_preset(*preset, *frame, fill);
  if (!rgb) return report_error(exit_runtime_error, rgb.message());
  if (auto written = io::write_png_rgb8(out, frame->width, frame->height, *rgb); !written) {
    return report_error(exit_runtime_error, written.message());
  }
  return exit_success;
}

}  // namespace vknoise::cli
