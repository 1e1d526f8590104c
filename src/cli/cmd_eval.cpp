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
#include "vknoise/noise.hpp"

namespace vknoise::cli {
namespace {

struct eval_options {
  field_options field;  // only --dims
  common_options common;
};

std::vector<double> eval_on_cpu(int dims, std::span<const double> points,
                                const permutation_table& table) {
  std::vector<double> values;
  values.reserve(points.size() / dims);
  for (std::size_t i = 0; i < points.size(); i += dims) {
    const double* p = &points[i];
    values.push_back(dims == 3 ? noise3(p[0], p[1], p[2], table)
                               : noise4(p[0], p[1], p[2], p[3], table));
  }
  return values;
}

result<std::vector<double>> eval_on_gpu(int dims, std::span<const double> points,
                                        const permutation_table& table,
                                        std::optional<std::uint32_t> device) {
  auto gpu = open_gpu_session(device);
  if (!gpu) return gpu.error_value();
  std::vector<float> values(points.size() / dims);
  if (auto done = gpu->renderer->eval(dims, points, table, values); !done) {
    return done.error_value();
  }
  return std::vector<double>(values.begin(), values.end());
}

int run_eval(const eval_options& options) {
  auto dims = parse_dims(options.field);
  if (!dims) return report_error(exit_usage_error, dims.message());
  auto how = parse_computation(options.common);
  if (!how) return report_error(exit_usage_error, how.message());

  // All input is read and checked before anything is computed or printed, so a bad line never
  // leaves half an answer on stdout.
  auto points = read_points(std::cin, *dims);
  if (!points) {
    const bool bad_input = points.error_value().code == errc::invalid_argument;
    return report_error(bad_input ? exit_usage_error : exit_runtime_error, points.message());
  }

  std::vector<double> values;
  if (how->backend == backend::cpu) {
    values = eval_on_cpu(*dims, *points, how->table);
  } else {
    auto computed = eval_on_gpu(*dims, *points, how->table, how->device);
    if (!computed) return report_error(exit_runtime_error, computed.message());
    values = std::move(*computed);
  }

  for (const double value : values) std::printf("%.17g\n", value);
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
      "eval", "Noise at points read from stdin (one point per line, 3 or 4 numbers)");
  add_dims_option(*parser, options->field);
  add_backend_option(*parser, options->common);
  add_seed_option(*parser, options->common);
  add_device_option(*parser, options->common);
  return {parser, [options] { return run_eval(*options); }};
}

}  // namespace vknoise::cli
