// A subcommand: its options are registered on the parser up front, and `run` executes it once
// the command line has parsed, returning the process exit code.
#pragma once

#include <functional>

#include "cli/parser.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

struct command {
  CLI::App* parser;
  std::function<int()> run;
  // Parses and checks the options as `run` would, without side effects (no file, no device, no
  // output): for the fuzz targets. Empty where a command has none; {} does not promise that `run`
  // succeeds (files, devices and memory are only tried by `run`).
  std::function<status()> check = {};
};

command add_info_command(CLI::App& app);
command add_eval_command(CLI::App& app);
command add_render_command(CLI::App& app);
command add_check_command(CLI::App& app);
command add_bench_command(CLI::App& app);
command add_graph_command(CLI::App& app);
command add_view_command(CLI::App& app);
command add_bake_command(CLI::App& app);

}  // namespace vknoise::cli
