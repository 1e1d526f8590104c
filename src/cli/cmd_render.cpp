// vknoise render: a field to a .png (2D) or .raw (float32) file.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/field_buffer.hpp"
#include "cli/field_options.hpp"
#include "cli/gpu_session.hpp"
#include "cli/output_file.hpp"
#include "cli/preset_render.hpp"
#include "cli/report.hpp"
#include "cli/text_option.hpp"

namespace vknoise::cli {
namespace {

struct render_options {
  field_options field;
  common_options common;
  std::optional<std::string> out;
  std::optional<std::string> remap;
  std::optional<std::string> preset;
};

status render_on_gpu(const field_spec& field, const permutation_table& table,
                     std::optional<std::uint32_t> device, std::span<float> values) {
  auto gpu = open_gpu_session(device);
  if (!gpu) return gpu.error_value();
  return gpu->renderer->fill(field, table, values);
}

int run_render(const render_options& options) {
  if (options.preset) {
    return run_preset_render(*options.preset, options.field, options.common, options.remap,
                             *options.out);
  }
  if (!options.field.dims) {  // not parser-required: --preset renders without it
    return report_error(exit_usage_error, "--dims is required without --preset (see --help)");
  }
  auto field = parse_field(options.field, {1, 1, 1, 1});
  if (!field) return report_error(exit_usage_error, field.message());
  auto how = parse_computation(options.common);
  if (!how) return report_error(exit_usage_error, how.message());
  field->noise.classic_seed = how->seed;
  auto remap = parse_remap(options.remap);
  if (!remap) return report_error(exit_usage_error, remap.message());
  auto format = output_format_for(*options.out);
  if (!format) return report_error(exit_usage_error, format.message());
  if (auto valid = validate(*field); !valid) return report_error(exit_usage_error, valid.message());

  // Fail before the possibly long render when the output cannot work anyway.
  if (auto writable = check_output(*options.out, *format, *field); !writable) {
    const bool usage = writable.error_value().code != errc::io_error;
    return report_error(usage ? exit_usage_error : exit_runtime_error, writable.message());
  }

  auto values = allocate_field_buffer<float>(*field);
  if (!values) return report_error(exit_runtime_error, values.message());
  const status rendered = how->backend == backend::cpu
                              ? fill_reference(*field, how->table, std::span<float>(*values))
                              : render_on_gpu(*field, how->table, how->device, *values);
  if (!rendered) return report_error(exit_runtime_error, rendered.message());

  if (*remap) {
    // The value maps to [0, 1]; derivatives of a remapped value scale by the same 0.5.
    const int channels = channel_count(field->noise, field->dims);
    for (std::size_t i = 0; i < values->size(); ++i) {
      (*values)[i] = i % channels == 0 ? (*values)[i] * 0.5f + 0.5f : (*values)[i] * 0.5f;
    }
  }
  if (auto written = write_output(*options.out, *format, *field, *values, *remap); !written) {
    return report_error(exit_runtime_error, written.message());
  }
  return exit_success;
}

}  // namespace

command add_render_command(CLI::App& app) {
  auto options = std::make_shared<render_options>();
  CLI::App* parser = app.add_subcommand("render", "Render a field to a .png (2D) or .raw file");
  add_dims_option(*parser, options->field);
  add_field_options(*parser, options->field);
  add_backend_option(*parser, options->common);
  add_seed_option(*parser, options->common);
  add_device_option(*parser, options->common);
  add_remap_option(*parser, options->remap);
  add_preset_option(*parser, options->preset);
  add_text_option(*parser, "--out", "FILE", options->out,
                  "output file: .png (8-bit gray, 2D fields) or .raw (float32 little-endian, x "
                  "fastest, then y, z, t)");
  parser->get_option("--size")->required();
  parser->get_option("--out")->required();
  return {parser, [options] { return run_render(*options); }};
}

}  // namespace vknoise::cli
