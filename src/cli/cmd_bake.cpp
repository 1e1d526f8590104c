// vknoise bake: a set of tileable textures (src/bake: Schneider's clouds, an ocean's looping
// detail) computed from recipe graphs on the GPU or the CPU (the same bytes) and written as
// KTX 2 textures with mips, plus bake.json, into an existing directory, all or nothing.
#include <chrono>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bake/texture_set_bake.hpp"
#include "cli/backend.hpp"
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/number_parsing.hpp"
#include "cli/output_file.hpp"
#include "cli/parser.hpp"
#include "cli/report.hpp"

namespace vknoise::cli {
namespace {

// The largest texture's floats, before conversion (a 512^3 RGBA volume is 2 GiB).
constexpr std::uint64_t max_texel_bytes = std::uint64_t{4} << 30;

struct bake_options {
  common_options common;
  std::optional<std::string> set;
  std::optional<std::string> out;
  std::vector<std::string> graphs;  // NAME=FILE
  std::vector<std::string> sizes;   // NAME=N
  std::optional<std::string> frames;
  std::optional<std::string> zstd;
  bool quiet = false;
};

struct bake_plan {
  bake::set_request request;
  std::vector<bake::texture_plan> textures;
  computation how;
};

// NAME=VALUE, both non-empty.
result<std::pair<std::string, std::string>> split_assignment(const char* flag,
                                                             const std::string& text,
                                                             const char* value_name) {
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == text.size()) {
    return make_error(errc::invalid_argument, std::string(flag) + " " + quoted_excerpt(text) +
                                                  ": expected NAME=" + value_name +
                                                  ", NAME a texture of the set");
  }
  return std::pair{text.substr(0, equals), text.substr(equals + 1)};
}

std::string table_description(const common_options& common) {
  if (common.seed) return "seed " + *common.seed;
  if (common.permutation) return "permutation " + *common.permutation;
  return "perlin";
}

// Everything the command line decides, checked without side effects but reading the graph files.
result<bake_plan> plan_bake(const bake_options& options) {
  bake_plan plan;
  bake::set_request& request = plan.request;
  request.set = bake::find_texture_set(options.set.value_or(""));
  if (!request.set) {
    return make_error(errc::invalid_argument,
                      "bake: unknown set " + quoted_excerpt(options.set.value_or("")) +
                          ": expected one of " + std::string(bake::texture_set_names()));
  }
  if (!options.out) return make_error(errc::invalid_argument, "--out DIR is required");
  auto how = parse_computation(options.common);
  if (!how) return how.error_value();
  plan.how = std::move(how).value();
  if (plan.how.backend == backend::cpu_reference) {
    return make_error(errc::invalid_argument,
                      "--backend cpu-reference: bake computes in float, on gpu or cpu (the same "
                      "bytes); the double reference would give other texels");
  }
  for (const std::string& text : options.graphs) {
    auto pair = split_assignment("--graph", text, "FILE");
    if (!pair) return pair.error_value();
    request.graph_files.push_back(std::move(pair).value());
  }
  for (const std::string& text : options.sizes) {
    auto pair = split_assignment("--size", text, "N");
    if (!pair) return pair.error_value();
    const auto size = parse_unsigned(pair->second, std::numeric_limits<std::uint32_t>::max());
    if (!size) {
      return make_error(errc::invalid_argument,
                        "--size " + quoted_excerpt(text) +
                            ": expected NAME=N, N the texture's side (a power of two)");
    }
    request.sizes.emplace_back(pair->first, static_cast<std::uint32_t>(*size));
  }
  if (options.frames) {
    const auto frames = parse_unsigned(*options.frames, std::numeric_limits<std::uint32_t>::max());
    if (!frames) {
      return make_error(errc::invalid_argument, "--frames " + quoted_excerpt(*options.frames) +
                                                    ": expected 1 to " +
                                                    std::to_string(bake::max_frames));
    }
    request.frames = static_cast<std::uint32_t>(*frames);
  }
  auto zstd_level = parse_zstd_level(options.zstd);
  if (!zstd_level) return zstd_level.error_value();
  request.zstd_level = *zstd_level;
  request.table = table_description(options.common);
  auto textures = bake::plan_texture_set(request, max_texel_bytes);
  if (!textures) return textures.error_value();
  plan.textures = std::move(textures).value();
  return plan;
}

status check_bake(const bake_options& options) {
  auto plan = plan_bake(options);
  if (!plan) return plan.error_value();
  return {};
}

int run_bake(const bake_options& options) {
  // Every mistake of the request, a graph file that cannot be read included, is the user's.
  auto planned = plan_bake(options);
  if (!planned) return report_error(exit_usage_error, planned.message());
  const bake_plan& plan = *planned;
  // A missing or unwritable directory is the user's mistake, found before the work.
  if (auto dir = bake::check_output_directory(*options.out); !dir) {
    return report_error(exit_usage_error, dir.message());
  }
  auto backend = backend_session::start(plan.how);
  if (!backend) return report_error(exit_code_for(backend.error_value().code), backend.message());
  const bake::fill_function fill = [&](const field_spec& field, std::span<float> out) {
    return backend->fill(field, out);
  };
  std::vector<std::vector<float>> texels;
  for (const bake::texture_plan& texture : plan.textures) {
    const auto start = std::chrono::steady_clock::now();
    auto baked = bake::bake_texels(texture, fill);
    if (!baked) return report_error(exit_runtime_error, baked.message());
    texels.push_back(std::move(baked).value());
    if (!options.quiet) {
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      std::fprintf(
          stderr, "%s: side %u%s, computed in %.3f s\n", std::string(texture.recipe->name).c_str(),
          texture.size,
          texture.frames > 1 ? (", " + std::to_string(texture.frames) + " frames").c_str() : "",
          took.count());
    }
  }
  if (auto written = bake::write_texture_set(*options.out, plan.request, plan.textures, texels);
      !written) {
    return report_error(exit_runtime_error, written.message());
  }
  return exit_success;
}

}  // namespace

command add_bake_command(CLI::App& app) {
  auto options = std::make_shared<bake_options>();
  CLI::App* parser = add_subcommand(
      app, "bake",
      "Bake a set of tileable textures as KTX 2 files with mips: clouds (base.ktx2, erosion.ktx2, "
      "curl.ktx2, weather.ktx2) or ocean (detail.ktx2), and bake.json");
  require(*add_text_option(*parser, "SET", "NAME", options->set,
                           "the set: " + std::string(bake::texture_set_names())));
  require(*add_text_option(
      *parser, "--out", "DIR", options->out,
      "an existing directory; the set's files appear there all at once or not at all"));
  add_text_list_option(*parser, "--graph", "NAME=FILE", options->graphs,
                       "a texture's recipe graph instead of the built-in one (graphs/bake/; "
                       "repeatable): its dims and output count must be the texture's");
  add_text_list_option(*parser, "--size", "NAME=N", options->sizes,
                       "a texture's side, a power of two (repeatable); defaults base=128, "
                       "erosion=32, curl=128, weather=512, detail=256");
  add_text_option(*parser, "--frames", "N", options->frames,
                  "ocean: frames in the loop, the detail texture's layers (default 32)");
  add_text_option(*parser, "--zstd", "LEVEL", options->zstd,
                  "Zstandard supercompression of every level, LEVEL 1..22");
  add_backend_option(*parser, options->common);
  add_seed_option(*parser, options->common);
  add_device_option(*parser, options->common);
  add_flag(*parser, "--quiet", options->quiet, "no line per texture on stderr");
  return {parser, [options] { return run_bake(*options); },
          [options] { return check_bake(*options); }};
}

}  // namespace vknoise::cli
