// vknoise check: renders one field on the GPU and on the CPU and compares them, which is how a
// user finds out whether their device computes the same noise as the reference.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/field_buffer.hpp"
#include "cli/field_options.hpp"
#include "cli/report.hpp"
#include "vknoise/catalogue.hpp"
#include "vknoise/compute_backend.hpp"

namespace vknoise::cli {
namespace {

// The GPU computes in float on reduced coordinates; against the double reference it may differ
// by float rounding, which stays far below this.
constexpr double tolerance = 1e-5;

struct check_options {
  field_options field;
  common_options common;
  bool all = false;
};

struct comparison {
  double max_difference_to_reference = 0;
  double max_difference_to_mirror = 0;
  std::uint64_t identical_to_mirror = 0;
};

// NaN anywhere counts as an infinite difference, so it can never pass the tolerance.
double difference(double a, double b) {
  const double d = std::fabs(a - b);
  return std::isnan(d) ? std::numeric_limits<double>::infinity() : d;
}

comparison compare(std::span<const float> gpu, std::span<const double> reference,
                   std::span<const float> mirror) {
  comparison result;
  for (std::size_t i = 0; i < gpu.size(); ++i) {
    result.max_difference_to_reference =
        std::max(result.max_difference_to_reference, difference(gpu[i], reference[i]));
    result.max_difference_to_mirror =
        std::max(result.max_difference_to_mirror, difference(gpu[i], mirror[i]));
    if (std::bit_cast<std::uint32_t>(gpu[i]) == std::bit_cast<std::uint32_t>(mirror[i])) {
      ++result.identical_to_mirror;
    }
  }
  return result;
}

// "100" only when every sample matched; otherwise rounding never hides a mismatch.
double percentage(std::uint64_t part, std::uint64_t whole) {
  if (part == whole) return 100.0;
  return std::min(99.99, std::floor(10000.0 * static_cast<double>(part) / whole) / 100.0);
}

std::array<std::uint32_t, 4> default_size(int dims) {
  switch (dims) {
    case 1:
      return {65536, 1, 1, 1};
    case 2:
      return {256, 256, 1, 1};
    case 3:
      return {256, 256, 1, 1};
    default:
      return {64, 64, 4, 4};
  }
}

// The device --device (or VKNOISE_DEVICE) names, whatever --backend auto would pick: checking
// the GPU is the command's purpose.
result<compute_backend> open_gpu(const computation& how) {
  backend_options options;
  options.kind = backend_kind::gpu;
  options.vulkan.device_index = how.device;
  return compute_backend::create(options);
}

// Renders `field` on the GPU and on the CPU (double reference and float mirror) and compares.
result<comparison> compare_field(compute_backend& gpu, const field_spec& field,
                                 const permutation_table& table) {
  auto gpu_values = allocate_field_buffer<float>(field);
  if (!gpu_values) return gpu_values.error_value();
  auto reference = allocate_field_buffer<double>(field);
  if (!reference) return reference.error_value();
  auto mirror = allocate_field_buffer<float>(field);
  if (!mirror) return mirror.error_value();
  if (auto done = gpu.fill(field, table, *gpu_values); !done) return done.error_value();
  if (auto done = fill_reference(field, table, std::span<double>(*reference)); !done) {
    return done.error_value();
  }
  if (auto done = fill_mirror(field, table, *mirror); !done) return done.error_value();
  return compare(*gpu_values, *reference, *mirror);
}

bool within_tolerance(const comparison& c) {
  return c.max_difference_to_reference <= tolerance;
}

// One line per catalogue variant; fails when any variant exceeds the tolerance.
int run_check_all(const check_options& options) {
  auto how = parse_computation(options.common);
  if (!how) return report_error(exit_usage_error, how.message());
  auto gpu = open_gpu(*how);
  if (!gpu) return report_error(exit_runtime_error, gpu.message());
  int failures = 0;
  // Each variant as the catalogue defines it, classic noise's gradient seed included; --seed
  // changes only the table.
  for (const catalogue_entry& entry : catalogue()) {
    auto result = compare_field(*gpu, entry.field, how->seed.table);
    if (!result) return report_error(exit_runtime_error, entry.name + ": " + result.message());
    const std::uint64_t count = value_count(entry.field);
    const bool ok = within_tolerance(*result);
    failures += !ok;
    std::printf("%-44s max|gpu-ref| %.2e  max|gpu-mirror| %.2e  bit-identical %6.2f%%  %s\n",
                entry.name.c_str(), result->max_difference_to_reference,
                result->max_difference_to_mirror, percentage(result->identical_to_mirror, count),
                ok ? "ok" : "FAIL");
  }
  if (failures > 0) {
    return report_error(exit_runtime_error, std::to_string(failures) +
                                                " variant(s) differ from the CPU reference by "
                                                "more than 1e-05");
  }
  return exit_success;
}

// A graph's contract, checked: an exact graph's GPU values must be its float mirror's, bit for bit;
// a bounded graph's must be within its bound of the double reference.
int report_graph_check(const graph& g, const comparison& result, std::uint64_t count) {
  const bool exact = g.contract() == graph_contract::exact;
  if (exact) {
    std::printf("graph contract: exact (the GPU must give the float mirror's bits)\n");
  } else {
    std::printf("graph contract: bounded (the GPU must be within %g of the double reference)\n",
                g.bound());
  }
  std::printf("max |gpu - cpu double| = %.3g\n", result.max_difference_to_reference);
  std::printf("max |gpu - cpu float mirror| = %.3g\n", result.max_difference_to_mirror);
  std::printf("bit-identical to float mirror: %llu of %llu (%g%%)\n",
              static_cast<unsigned long long>(result.identical_to_mirror),
              static_cast<unsigned long long>(count),
              percentage(result.identical_to_mirror, count));
  if (exact && result.identical_to_mirror != count) {
    return report_error(exit_runtime_error,
                        std::to_string(count - result.identical_to_mirror) +
                            " GPU values differ from the float mirror; an exact graph must be "
                            "bit-identical");
  }
  if (!exact && !(result.max_difference_to_reference <= g.bound())) {
    return report_error(exit_runtime_error,
                        "GPU differs from the CPU reference by more than the graph's bound");
  }
  return exit_success;
}

int run_check(const check_options& options) {
  if (options.all) return run_check_all(options);
  auto graph = parse_graph(options.field.noise);
  if (!graph) return report_error(exit_usage_error, graph.message());
  auto dims = *graph ? result<int>((*graph)->dims()) : parse_dims(options.field);
  if (!dims) return report_error(exit_usage_error, dims.message());
  auto field = parse_field(options.field, default_size(*dims));
  if (!field) return report_error(exit_usage_error, field.message());
  auto how = parse_computation(options.common);
  if (!how) return report_error(exit_usage_error, how.message());
  field->noise = how->seed.seeded(field->noise);
  if (auto valid = validate(*field); !valid) return report_error(exit_usage_error, valid.message());

  auto gpu = open_gpu(*how);
  if (!gpu) return report_error(exit_runtime_error, gpu.message());
  auto compared = compare_field(*gpu, *field, how->seed.table);
  if (!compared) return report_error(exit_runtime_error, compared.message());
  const comparison& result = *compared;
  const std::uint64_t count = value_count(*field);
  if (field->noise_graph) return report_graph_check(*field->noise_graph, result, count);
  std::printf("max |gpu - cpu double| = %.3g (tolerance %g)\n", result.max_difference_to_reference,
              tolerance);
  std::printf("max |gpu - cpu float mirror| = %.3g\n", result.max_difference_to_mirror);
  std::printf("bit-identical to float mirror: %llu of %llu (%g%%)\n",
              static_cast<unsigned long long>(result.identical_to_mirror),
              static_cast<unsigned long long>(count),
              percentage(result.identical_to_mirror, count));
  if (!within_tolerance(result)) {
    return report_error(exit_runtime_error,
                        "GPU differs from the CPU reference by more than 1e-05");
  }
  return exit_success;
}

}  // namespace

command add_check_command(CLI::App& app) {
  auto options = std::make_shared<check_options>();
  CLI::App* parser =
      app.add_subcommand("check",
                         "Render a field on the GPU and the CPU and compare (default 256x256, or "
                         "64x64x4x4 with --dims 4); with --graph, check the graph's contract");
  add_dims_option(*parser, options->field);
  add_field_options(*parser, options->field);
  add_seed_option(*parser, options->common);
  add_device_option(*parser, options->common);
  parser->add_flag("--all", options->all,
                   "check every noise variant on a small field, one line each (ignores the field "
                   "options)");
  return {parser, [options] { return run_check(*options); }};
}

}  // namespace vknoise::cli
