// vknoise eval: noise at the points read from stdin, one value per line.
#include <cerrno>
#include <cstdio>
#include <iostream>
#include <memory>
#include <new>
#include <span>
#include <system_error>
#include <vector>

#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/field_options.hpp"
#include "cli/gpu_session.hpp"
#include "cli/point_input.hpp"
#include "cli/report.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/noise.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::cli {
namespace {

struct eval_options {
  field_options field;  // --dims and the noise options
  common_options common;
  std::optional<std::string> remap;
};

// channel_count(noise, dims) values per point: the value, then the derivatives with --gradient.
std::vector<double> eval_on_cpu(const noise_spec& noise, int dims, std::span<const double> points,
                                const permutation_table& table) {
  const int channels = channel_count(noise, dims);
  std::vector<double> values(points.size() / dims * channels);
  for (std::size_t p = 0; p < points.size() / dims; ++p) {
    double position[4] = {0, 0, 0, 0};
    for (int a = 0; a < dims; ++a) position[a] = points[p * dims + a];
    sample_reference(noise, dims, position, table, &values[p * channels]);
  }
  return values;
}

// The fast CPU path (float32, as the GPU computes it) over all the points at once.
result<std::vector<double>> eval_on_cpu_fast(const noise_spec& noise, int dims,
                                             std::span<const double> points,
                                             const permutation_table& table, unsigned threads) {
  std::vector<float> values(points.size() / dims * channel_count(noise, dims));
  if (auto done = eval_fast(noise, dims, points, table, values, cpu_options{threads}); !done) {
    return done.error_value();
  }
  return std::vector<double>(values.begin(), values.end());
}

result<std::vector<double>> eval_on_gpu(const noise_spec& noise, int dims,
                                        std::span<const double> points,
                                        const permutation_table& table,
                                        std::optional<std::uint32_t> device) {
  auto gpu = open_gpu_session(device);
  if (!gpu) return gpu.error_value();
  std::vector<float> values(points.size() / dims * channel_count(noise, dims));
  if (auto done = gpu->renderer->eval(noise, dims, points, table, values); !done) {
    return done.error_value();
  }
  return std::vector<double>(values.begin(), values.end());
}

// The octaves scale a point's coordinates: each must stay inside the reference's domain.
status check_octave_range(const noise_spec& noise, int dims, std::span<const double> points) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    const int axis = static_cast<int>(i % dims);
    if (!(max_octave_position(noise, axis, std::fabs(points[i])) < max_abs_coordinate)) {
      return make_error(errc::invalid_argument,
                        "stdin line " + std::to_string(i / dims + 1) +
                            ": a coordinate times the octaves' lacunarity leaves +-2^31");
    }
  }
  return {};
}

// The command line's part of an eval, checked without side effects.
struct eval_plan {
  int dims = 3;
  computation how;
  noise_spec noise;
  bool remap = false;
};

result<eval_plan> plan_eval(const eval_options& options) {
  auto dims = parse_dims(options.field);
  if (!dims) return dims.error_value();
  auto how = parse_computation(options.common);
  if (!how) return how.error_value();
  auto noise = parse_noise(options.field.noise);
  if (!noise) return noise.error_value();
  noise->classic_seed = how->seed;
  if (auto valid = validate(*noise, *dims); !valid) return valid.error_value();
  auto remap = parse_remap(options.remap);
  if (!remap) return remap.error_value();
  return eval_plan{*dims, std::move(how.value()), *noise, *remap};
}

int run_eval(const eval_options& options) {
  auto plan = plan_eval(options);
  if (!plan) return report_error(exit_usage_error, plan.message());
  const int* dims = &plan->dims;
  auto resolved = resolve_backend(plan->how);
  if (!resolved)
    return report_error(exit_code_for(resolved.error_value().code), resolved.message());
  const computation* how = &resolved.value();
  const noise_spec* noise = &plan->noise;
  const bool* remap = &plan->remap;

  // All input is read and checked before anything is computed or printed, so a bad line never
  // leaves half an answer on stdout.
  auto points = read_points(std::cin, *dims);
  if (!points) {
    const bool bad_input = points.error_value().code == errc::invalid_argument;
    return report_error(bad_input ? exit_usage_error : exit_runtime_error, points.message());
  }

  if (auto in_range = check_octave_range(*noise, *dims, *points); !in_range) {
    return report_error(exit_usage_error, in_range.message());
  }

  std::vector<double> values;
  if (how->backend == backend::cpu_reference) {
    values = eval_on_cpu(*noise, *dims, *points, how->table);
  } else if (how->backend == backend::cpu) {
    auto computed = eval_on_cpu_fast(*noise, *dims, *points, how->table, how->threads);
    if (!computed) return report_error(exit_runtime_error, computed.message());
    values = std::move(*computed);
  } else {
    auto computed = eval_on_gpu(*noise, *dims, *points, how->table, how->device);
    if (!computed) return report_error(exit_runtime_error, computed.message());
    values = std::move(*computed);
  }

  // One line per point: the value (remapped with --remap 01), then the derivatives (scaled by
  // the same 0.5 when remapped).
  const int channels = channel_count(*noise, *dims);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int channel = static_cast<int>(i % channels);
    const double v = !*remap ? values[i] : channel == 0 ? values[i] * 0.5 + 0.5 : values[i] * 0.5;
    std::printf(channel + 1 < channels ? "%.17g " : "%.17g\n", v);
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    return report_error(exit_runtime_error,
                        "cannot write to stdout: " + std::generic_category().message(errno));
  }
  return exit_success;
}

}  // namespace

command add_eval_command(CLI::App& app) {
  auto options = std::make_shared<eval_options>();
  CLI::App* parser = app.add_subcommand(
      "eval", "Noise at points read from stdin (one point per line, --dims numbers)");
  add_dims_option(*parser, options->field);
  add_noise_options(*parser, options->field.noise);
  add_remap_option(*parser, options->remap);
  add_backend_option(*parser, options->common);
  add_seed_option(*parser, options->common);
  add_device_option(*parser, options->common);
  return {parser, [options] { return run_eval(*options); },
          [options]() -> status {
            auto plan = plan_eval(*options);
            if (!plan) return plan.error_value();
            return {};
          }};
}

}  // namespace vknoise::cli
