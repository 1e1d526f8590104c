// vknoise eval: noise at the points read from stdin, one value per line.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <new>
#include <span>
#include <system_error>
#include <vector>

#include "cli/backend.hpp"
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/field_options.hpp"
#include "cli/point_input.hpp"
#include "cli/report.hpp"
#include "vknoise/noise.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::cli {
namespace {

struct eval_options {
  field_options field;  // --dims and the noise options
  common_options common;
  std::optional<std::string> remap;
};

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
  std::shared_ptr<const graph> noise_graph;  // --graph: evaluated instead of `noise`
  bool remap = false;
};

result<eval_plan> plan_eval(const eval_options& options) {
  auto graph = parse_graph(options.field.noise);
  if (!graph) return graph.error_value();
  auto dims = parse_dims(options.field);
  if (!dims) return dims.error_value();
  if (*graph) {
    if (options.field.dims && *dims != (*graph)->dims()) {
      return make_error(errc::invalid_argument, "--dims " + *options.field.dims +
                                                    " does not match the graph's dims " +
                                                    std::to_string((*graph)->dims()));
    }
    auto how = parse_computation(options.common);
    if (!how) return how.error_value();
    auto remap = parse_remap(options.remap);
    if (!remap) return remap.error_value();
    return eval_plan{(*graph)->dims(), std::move(how.value()), noise_spec{}, *graph, *remap};
  }
  auto how = parse_computation(options.common);
  if (!how) return how.error_value();
  auto noise = parse_noise(options.field.noise);
  if (!noise) return noise.error_value();
  if (auto valid = validate(*noise, *dims); !valid) return valid.error_value();
  auto remap = parse_remap(options.remap);
  if (!remap) return remap.error_value();
  return eval_plan{*dims, std::move(how.value()), *noise, nullptr, *remap};
}

int run_eval(const eval_options& options) {
  auto plan = plan_eval(options);
  if (!plan) return report_error(exit_usage_error, plan.message());
  const int dims = plan->dims;
  const noise_spec& noise = plan->noise;
  const bool remap = plan->remap;
  auto backend = backend_session::start(plan->how);
  if (!backend) return report_error(exit_code_for(backend.error_value().code), backend.message());

  // All input is read and checked before anything is computed or printed, so a bad line never
  // leaves half an answer on stdout.
  auto points = read_points(std::cin, dims);
  if (!points) {
    const bool bad_input = points.error_value().code == errc::invalid_argument;
    return report_error(bad_input ? exit_usage_error : exit_runtime_error, points.message());
  }

  const graph* g = plan->noise_graph.get();
  if (!g) {
    if (auto in_range = check_octave_range(noise, dims, *points); !in_range) {
      return report_error(exit_usage_error, in_range.message());
    }
  }

  const int channels = g ? g->channels() : channel_count(noise, dims);
  std::vector<double> values(points->size() / dims * channels);
  const status done =
      g ? backend->eval(*g, *points, values) : backend->eval(noise, dims, *points, values);
  if (!done) {
    const bool bad_point = done.error_value().code == errc::out_of_range;
    return report_error(bad_point ? exit_usage_error : exit_runtime_error, done.message());
  }

  // One line per point: the value (remapped with --remap 01), then the derivatives (scaled by
  // the same 0.5 when remapped).
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int channel = static_cast<int>(i % channels);
    const double v = !remap ? values[i] : channel == 0 ? values[i] * 0.5 + 0.5 : values[i] * 0.5;
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
  CLI::App* parser = add_subcommand(
      app, "eval", "Noise at points read from stdin (one point per line, --dims numbers)");
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
