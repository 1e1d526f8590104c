// vknoise check: renders one field on the GPU and on the CPU and compares them, which is how a
// user finds out whether their device computes the same noise as the reference.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
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
// by float rounding, or for simplex noise in 3D and 4D by a jump across a simplex face:
// float_path_bound (noise_spec.hpp).
double tolerance_of(const field_spec& field) {
  return float_path_bound(field.noise, field.dims);
}

struct check_options {
  field_options field;
  common_options common;
  bool all = false;
};

// How the GPU's values compare with one CPU result. Differences are taken where both are finite;
// a sample that is non-finite on one side only (NaN, or an infinity the other lacks) is a
// mismatch that no tolerance forgives, and one that is NaN on both sides (or the same infinity)
// agrees but is counted, never hidden in a maximum.
struct side {
  double max_finite_difference = 0;
  std::uint64_t one_sided = 0;      // non-finite on one side only, or opposite infinities
  std::uint64_t both_nan = 0;       // NaN on both sides
  std::uint64_t both_infinite = 0;  // the same infinity on both sides
  bool fails() const { return one_sided != 0; }
};

struct comparison {
  side reference;  // gpu against the double reference
  side mirror;     // gpu against the float mirror
  std::uint64_t identical_to_mirror = 0;
  std::uint64_t nan_in_all = 0;  // NaN in the GPU's, the reference's and the mirror's result
};

void compare_value(double gpu, double cpu, side& s) {
  if (std::isfinite(gpu) && std::isfinite(cpu)) {
    s.max_finite_difference = std::max(s.max_finite_difference, std::fabs(gpu - cpu));
  } else if (std::isnan(gpu) && std::isnan(cpu)) {
    ++s.both_nan;
  } else if (gpu == cpu) {
    ++s.both_infinite;
  } else {
    ++s.one_sided;
  }
}

comparison compare(std::span<const float> gpu, std::span<const double> reference,
                   std::span<const float> mirror) {
  comparison result;
  for (std::size_t i = 0; i < gpu.size(); ++i) {
    compare_value(gpu[i], reference[i], result.reference);
    compare_value(gpu[i], mirror[i], result.mirror);
    if (std::bit_cast<std::uint32_t>(gpu[i]) == std::bit_cast<std::uint32_t>(mirror[i])) {
      ++result.identical_to_mirror;
    }
    if (std::isnan(gpu[i]) && std::isnan(reference[i]) && std::isnan(mirror[i])) {
      ++result.nan_in_all;
    }
  }
  return result;
}

// "12 NaN or infinite on one side only" and the like, for the lines below; empty when clean.
std::string non_finite_note(const side& s) {
  std::string note;
  const auto add = [&](std::uint64_t count, const char* what) {
    if (count == 0) return;
    note += (note.empty() ? "" : ", ") + std::to_string(count) + what;
  };
  add(s.one_sided, " non-finite (NaN or inf) on one side only");
  add(s.both_nan, " NaN on both sides");
  add(s.both_infinite, " the same infinity on both sides");
  return note.empty() ? note : " (finite samples; " + note + ")";
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

// A built-in noise is finite everywhere: any non-finite value is a failure.
bool within_tolerance(const comparison& c, double tolerance) {
  const side& r = c.reference;
  return r.max_finite_difference <= tolerance && r.one_sided == 0 && r.both_nan == 0 &&
         r.both_infinite == 0;
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
    const bool ok = within_tolerance(*result, tolerance_of(entry.field));
    failures += !ok;
    const std::string note = non_finite_note(result->reference);
    std::printf("%-44s max|gpu-ref| %.2e  max|gpu-mirror| %.2e  bit-identical %6.2f%%  %s%s\n",
                entry.name.c_str(), result->reference.max_finite_difference,
                result->mirror.max_finite_difference,
                percentage(result->identical_to_mirror, count), ok ? "ok" : "FAIL", note.c_str());
  }
  if (failures > 0) {
    return report_error(exit_runtime_error, std::to_string(failures) +
                                                " variant(s) differ from the CPU reference by "
                                                "more than their bound or are not finite");
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
  std::printf("max |gpu - cpu double| = %.3g%s\n", result.reference.max_finite_difference,
              non_finite_note(result.reference).c_str());
  std::printf("max |gpu - cpu float mirror| = %.3g%s\n", result.mirror.max_finite_difference,
              non_finite_note(result.mirror).c_str());
  std::printf("bit-identical to float mirror: %llu of %llu (%g%%)\n",
              static_cast<unsigned long long>(result.identical_to_mirror),
              static_cast<unsigned long long>(count),
              percentage(result.identical_to_mirror, count));
  std::printf("NaN in all three results: %llu of %llu\n",
              static_cast<unsigned long long>(result.nan_in_all),
              static_cast<unsigned long long>(count));
  // The reference first: a value the float path cannot represent is the graph's problem, and
  // the GPU matching the mirror's NaN bit for bit does not make it right.
  if (result.reference.one_sided != 0) {
    return report_error(exit_runtime_error,
                        std::to_string(result.reference.one_sided) +
                            " GPU values are NaN or infinite where the CPU double reference is "
                            "not (or the other way round)");
  }
  if (result.mirror.one_sided != 0) {
    return report_error(exit_runtime_error,
                        std::to_string(result.mirror.one_sided) +
                            " GPU values are NaN or infinite where the float mirror is not (or "
                            "the other way round)");
  }
  if (exact && result.identical_to_mirror != count) {
    return report_error(exit_runtime_error,
                        std::to_string(count - result.identical_to_mirror) +
                            " GPU values differ from the float mirror; an exact graph must be "
                            "bit-identical");
  }
  if (!exact && !(result.reference.max_finite_difference <= g.bound())) {
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
  const double tolerance = tolerance_of(*field);
  std::printf("max |gpu - cpu double| = %.3g (tolerance %g)%s\n",
              result.reference.max_finite_difference, tolerance,
              non_finite_note(result.reference).c_str());
  std::printf("max |gpu - cpu float mirror| = %.3g%s\n", result.mirror.max_finite_difference,
              non_finite_note(result.mirror).c_str());
  std::printf("bit-identical to float mirror: %llu of %llu (%g%%)\n",
              static_cast<unsigned long long>(result.identical_to_mirror),
              static_cast<unsigned long long>(count),
              percentage(result.identical_to_mirror, count));
  if (!within_tolerance(result, tolerance)) {
    char bound[32];
    std::snprintf(bound, sizeof bound, "%g", tolerance);
    return report_error(
        exit_runtime_error,
        non_finite_note(result.reference).empty()
            ? std::string("GPU differs from the CPU reference by more than ") + bound
            : "GPU values are not finite where the CPU reference's are, or the "
              "noise is not finite");
  }
  return exit_success;
}

}  // namespace

command add_check_command(CLI::App& app) {
  auto options = std::make_shared<check_options>();
  CLI::App* parser =
      add_subcommand(app, "check",
                     "Render a field on the GPU and the CPU and compare (default 256x256, or "
                     "64x64x4x4 with --dims 4); with --graph, check the graph's contract");
  add_dims_option(*parser, options->field);
  add_field_options(*parser, options->field);
  add_seed_option(*parser, options->common);
  add_device_option(*parser, options->common);
  add_flag(*parser, "--all", options->all,
           "check every noise variant on a small field, one line each (ignores the field "
           "options)");
  return {parser, [options] { return run_check(*options); }};
}

}  // namespace vknoise::cli
