// vknoise bench: one field (grid workload) or as many scattered points (points workload) on every
// backend (GPU kernel, GPU end to end, the CPU reference, the fast CPU path, stb, GLM and, when
// built in and asked for, FastNoise2), a table on the terminal and the figures as JSON and CSV.
// The runner, the workloads, the peers and the report live in bench/.
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/bench_report.hpp"
#include "bench/bench_runner.hpp"
#include "cli/command.hpp"
#include "cli/common_options.hpp"  // parse_device_index
#include "cli/number_parsing.hpp"
#include "cli/parser.hpp"
#include "cli/report.hpp"
#include "io/atomic_file.hpp"

namespace vknoise::cli {
namespace {

struct bench_options {
  std::optional<std::string> point_type, noise;
  std::optional<std::string> workloads, dims, size, octaves, backends, threads, repeats, warmup,
      budget, device, peak_gops, json, csv, graph;
};

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

error usage(const std::string& flag, const std::string& text, const std::string& expected) {
  return make_error(errc::invalid_argument, flag + " " + quoted_excerpt(text) + ": " + expected);
}

result<std::vector<std::uint64_t>> parse_unsigned_list(const std::string& flag,
                                                       const std::string& text, std::uint64_t min,
                                                       std::uint64_t max,
                                                       const std::string& expected) {
  std::vector<std::uint64_t> values;
  for (std::string_view part : split(text, ',')) {
    const auto value = parse_unsigned(part, max);
    if (!value || *value < min) return usage(flag, text, expected);
    values.push_back(*value);
  }
  return values;
}

// "NX[xNY[xNZ[xNT]]]": 4 axes is a 4D size, fewer a 3D one (missing axes 1).
result<std::pair<int, std::array<std::uint32_t, 4>>> parse_one_size(std::string_view text,
                                                                    const std::string& all) {
  const auto axes = split(text, 'x');
  if (axes.size() > 4) return usage("--size", all, "expected NX[xNY[xNZ[xNT]]], e.g. 128x128x128");
  std::array<std::uint32_t, 4> size{1, 1, 1, 1};
  for (std::size_t a = 0; a < axes.size(); ++a) {
    const auto value = parse_unsigned(axes[a], std::numeric_limits<std::uint32_t>::max());
    if (!value || *value == 0) {
      return usage("--size", all, "expected NX[xNY[xNZ[xNT]]] of positive integers");
    }
    size[a] = static_cast<std::uint32_t>(*value);
  }
  return std::make_pair(axes.size() == 4 ? 4 : 3, size);
}

result<bench::bench_config> parse_config(const bench_options& o) {
  bench::bench_config config;
  if (o.workloads) {
    config.workloads.clear();
    for (std::string_view part : split(*o.workloads, ',')) {
      const auto work = bench::parse_workload_name(part);
      if (!work) return usage("--workloads", *o.workloads, "expected grid, points or grid,points");
      if (std::find(config.workloads.begin(), config.workloads.end(), *work) ==
          config.workloads.end()) {
        config.workloads.push_back(*work);
      }
    }
  }
  if (o.dims) {
    auto dims = parse_unsigned_list("--dims", *o.dims, 3, 4, "expected 3, 4 or 3,4");
    if (!dims) return dims.error_value();
    config.dims.assign(dims->begin(), dims->end());
  }
  if (o.size) {
    std::vector<int> size_dims;
    for (std::string_view part : split(*o.size, ',')) {
      auto size = parse_one_size(part, *o.size);
      if (!size) return size.error_value();
      config.sizes.push_back(*size);
      size_dims.push_back(size->first);
    }
    if (!o.dims) {
      // The dims follow from the sizes: 4 axes is 4D, fewer 3D.
      config.dims.clear();
      for (int d : {3, 4}) {
        if (std::find(size_dims.begin(), size_dims.end(), d) != size_dims.end()) {
          config.dims.push_back(d);
        }
      }
    } else {
      for (int d : config.dims) {
        if (std::find(size_dims.begin(), size_dims.end(), d) == size_dims.end()) {
          return usage("--size", *o.size,
                       "no size for dims " + std::to_string(d) +
                           " (4 axes make a 4D size, 1 to 3 axes a 3D one)");
        }
      }
    }
  }
  if (o.octaves) {
    auto octaves = parse_unsigned_list("--octaves", *o.octaves, 1, max_octaves,
                                       "expected octave counts from 1 to 16, e.g. 1,4,8");
    if (!octaves) return octaves.error_value();
    config.octaves.assign(octaves->begin(), octaves->end());
  }
  if (o.backends) {
    config.backends.clear();
    for (std::string_view part : split(*o.backends, ',')) {
      const auto backend = bench::parse_backend_name(part);
      if (!backend) {
        return usage("--backends", *o.backends,
                     "expected a list of gpu, gpu-e2e, cpu-reference, cpu-fast, stb, glm, "
                     "fastnoise2");
      }
      if (!bench::backend_built_in(*backend)) {
        return make_error(errc::invalid_argument,
                          std::string("--backends: ") + bench::fastnoise2_missing);
      }
      if (std::find(config.backends.begin(), config.backends.end(), *backend) ==
          config.backends.end()) {
        config.backends.push_back(*backend);
      }
    }
  }
  if (o.threads) {
    auto threads = parse_unsigned_list("--threads", *o.threads, 1, 4096,
                                       "expected thread counts from 1 to 4096, e.g. 1,2");
    if (!threads) return threads.error_value();
    config.threads.assign(threads->begin(), threads->end());
  }
  if (o.noise) {
    const auto kind = noise_kind_from_name(*o.noise);
    if (!kind) return usage("--noise", *o.noise, "expected " + noise_kind_choices());
    config.noise = *kind;
  }
  if (o.point_type) {
    if (*o.point_type != "double" && *o.point_type != "float") {
      return usage("--point-type", *o.point_type, "expected double or float");
    }
    config.float_points = *o.point_type == "float";
  }
  if (o.repeats) {
    const auto value = parse_unsigned(*o.repeats, 10000);
    if (!value || *value == 0) return usage("--repeats", *o.repeats, "expected 1 to 10000");
    config.repeats = static_cast<int>(*value);
  }
  if (o.warmup) {
    const auto value = parse_unsigned(*o.warmup, 10000);
    if (!value) return usage("--warmup", *o.warmup, "expected 0 to 10000");
    config.warmup = static_cast<int>(*value);
  }
  if (o.budget) {
    const auto value = parse_double(*o.budget);
    if (!value || !(*value > 0) || !(*value < 1e6)) {
      return usage("--budget", *o.budget, "expected seconds per repeat, > 0");
    }
    config.budget_seconds = *value;
  }
  if (o.device) {
    const auto index = parse_device_index(*o.device);
    if (!index) return usage("--device", *o.device, "expected a device index (vknoise info)");
    config.device = *index;
  }
  if (o.peak_gops) {
    const auto value = parse_double(*o.peak_gops);
    if (!value || !(*value > 0) || !(*value < 1e9)) {
      return usage("--peak-gops", *o.peak_gops, "expected the device's peak Gops/s, > 0");
    }
    config.peak_gops = *value;
  }
  if (o.graph) {
    auto loaded = graph::load(*o.graph);
    if (!loaded) return loaded.error_value();
    const int dims = loaded->dims();
    if (std::find(config.dims.begin(), config.dims.end(), dims) == config.dims.end()) {
      return usage("--graph", *o.graph,
                   "a graph of dims " + std::to_string(dims) +
                       " is measured on sizes of that dims; add it to --dims (the sweep has 3 "
                       "and 4)");
    }
    config.noise_graph = std::make_shared<const graph>(std::move(loaded.value()));
    config.graph_name = std::filesystem::path(*o.graph).stem().string();
  }
  return config;
}

// The command line that reproduces the run, for the JSON.
std::string command_line(const bench_options& o) {
  std::string text = "vknoise bench";
  auto add = [&](const char* flag, const std::optional<std::string>& value) {
    if (value) text += std::string(" ") + flag + " " + *value;
  };
  add("--workloads", o.workloads);
  add("--point-type", o.point_type);
  add("--dims", o.dims);
  add("--noise", o.noise);
  add("--size", o.size);
  add("--octaves", o.octaves);
  add("--backends", o.backends);
  add("--threads", o.threads);
  add("--repeats", o.repeats);
  add("--warmup", o.warmup);
  add("--budget", o.budget);
  add("--device", o.device);
  add("--peak-gops", o.peak_gops);
  add("--graph", o.graph);
  add("--json", o.json);
  add("--csv", o.csv);
  return text;
}

status write_text(const std::string& path, const std::string& text) {
  return io::write_file_atomically(path,
                                   std::as_bytes(std::span<const char>(text.data(), text.size())));
}

int run_bench_command(const bench_options& options) {
  auto config = parse_config(options);
  if (!config) return report_error(exit_usage_error, config.message());
  for (const auto* path : {&options.json, &options.csv}) {
    if (!*path) continue;
    if (auto ok = io::check_writable(**path); !ok) {
      return report_error(exit_usage_error, ok.message());
    }
  }
  // The header comes with the first row, so a run that cannot start prints only its error.
  bool header_printed = false;
  auto report = bench::run_bench(*config, [&](const bench::bench_result& row) {
    if (!header_printed) {
      std::printf("median Msamples/s of %d repeat(s) after %d warm-up run(s); spread: min-max\n",
                  config->repeats, config->warmup);
      std::fputs(bench::table_header().c_str(), stdout);
      header_printed = true;
    }
    std::fputs(bench::table_row(row).c_str(), stdout);
    std::fflush(stdout);
  });
  if (!report) {
    return report_error(
        report.error_value().code == errc::invalid_argument ? exit_usage_error : exit_runtime_error,
        report.message());
  }
  const bench::machine_info& m = report->machine;
  std::printf("cpu: %s, %u hardware threads, cpu-fast SIMD target %s\n", m.cpu_model.c_str(),
              m.cores, m.simd_target.c_str());
  if (!m.gpu_name.empty()) {
    std::printf("gpu: %s (%s), %s, Vulkan %s\n", m.gpu_name.c_str(), m.gpu_type.c_str(),
                m.driver.c_str(), m.vulkan_api.c_str());
  }
  if (!m.gpu_note.empty()) std::printf("gpu: %s\n", m.gpu_note.c_str());
  if (m.load_start && m.load_end) {
    std::printf("load average (1 min) at start %.2f, at end %.2f\n", *m.load_start, *m.load_end);
  }
  std::fputs(bench::ratio_summary(report->results).c_str(), stdout);

  bench::report_settings settings{config->repeats, config->warmup, config->budget_seconds,
                                  command_line(options)};
  if (options.json) {
    if (auto ok = write_text(*options.json, bench::to_json(*report, settings)); !ok) {
      return report_error(exit_runtime_error, ok.message());
    }
  }
  if (options.csv) {
    if (auto ok = write_text(*options.csv, bench::to_csv(*report)); !ok) {
      return report_error(exit_runtime_error, ok.message());
    }
  }
  return exit_success;
}

}  // namespace

command add_bench_command(CLI::App& app) {
  auto o = std::make_shared<bench_options>();
  CLI::App* parser = add_subcommand(
      app, "bench",
      "Throughput of one field (or as many scattered points) on each backend (gpu kernel, "
      "gpu-e2e, cpu-reference, cpu-fast, stb, glm); with no filter, a bounded sweep of sizes, "
      "dims 3 and 4, octaves 1, 4, 8");
  add_text_option(*parser, "--workloads", "grid|points|grid,points", o->workloads,
                  "grid: the field's regular grid; points: as many points scattered uniformly "
                  "over the field's box, evaluated one by one (default grid)");
  add_text_option(*parser, "--point-type", "double|float", o->point_type,
                  "points workload: the coordinates vknoise reads, doubles or the same points "
                  "rounded to float (as FastNoise2 reads them; the peers always read those); "
                  "default double");
  add_text_option(*parser, "--dims", "3|4|3,4", o->dims, "noise dimensions (default 3,4)");
  add_text_option(*parser, "--noise", "NAME", o->noise,
                  "the basis noise of every field: " + noise_kind_choices() +
                      " (default improved); stb and glm compute improved noise only, fastnoise2 "
                      "its Perlin, its Simplex or its CellularDistance");
  add_text_option(*parser, "--size", "NXxNY[xNZ[xNT]],...", o->size,
                  "field sizes (4 axes: 4D, fewer: 3D; default: the sweep)");
  add_text_option(*parser, "--octaves", "N,...", o->octaves, "fBm octaves (default 1,4,8)");
  add_text_option(*parser, "--backends", "NAME,...", o->backends,
                  bench::backend_built_in(bench::backend_id::fastnoise2)
                      ? "gpu, gpu-e2e, cpu-reference, cpu-fast, stb, glm (default all of these); "
                        "fastnoise2 (FastNoise2, alternating with cpu-fast at 1 thread)"
                      : "gpu, gpu-e2e, cpu-reference, cpu-fast, stb, glm (default all); "
                        "fastnoise2 is not built in");
  add_text_option(*parser, "--threads", "N,...", o->threads,
                  "cpu-fast thread counts (default 1 and all hardware threads); the other CPU "
                  "backends use 1");
  add_text_option(*parser, "--repeats", "N", o->repeats, "timed runs per figure (default 5)");
  add_text_option(*parser, "--warmup", "N", o->warmup, "untimed runs first (default 1)");
  add_text_option(*parser, "--budget", "SECONDS", o->budget,
                  "skip a size when one repeat is predicted to take longer (default 1)");
  add_text_option(*parser, "--device", "N", o->device,
                  "Vulkan device index as listed by `vknoise info`");
  add_text_option(*parser, "--peak-gops", "N", o->peak_gops,
                  "the GPU's peak 32-bit ALU Gops/s, for the fraction of the ALU bound (default: "
                  "a table of known devices)");
  add_text_option(*parser, "--graph", "FILE", o->graph,
                  "also measure this noise graph (docs/graph.md) on the sweep's sizes of its dims, "
                  "grid workload, in the same run: the summary gives its throughput against "
                  "each built-in field of the same grid");
  add_text_option(*parser, "--json", "FILE", o->json, "write the figures as JSON");
  add_text_option(*parser, "--csv", "FILE", o->csv, "write the figures as CSV");
  return {parser, [o] { return run_bench_command(*o); }};
}

}  // namespace vknoise::cli
