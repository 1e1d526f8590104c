// vknoise: Perlin's Improved Noise on the command line, on the CPU reference or a Vulkan device.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli/address_space.hpp"
#include "cli/command.hpp"
#include "cli/report.hpp"
#include "io/fatal_signals.hpp"

namespace {

int run(int argc, char** argv) {
  using namespace vknoise::cli;
  CLI::App app(
      "Perlin's Improved Noise on the GPU with Vulkan compute, checked against the CPU "
      "reference.",
      "vknoise");
  const std::vector<command> commands = {add_info_command(app),   add_eval_command(app),
                                         add_render_command(app), add_check_command(app),
                                         add_bench_command(app),  add_graph_command(app),
                                         add_view_command(app),   add_bake_command(app)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForAllHelp&) {
    std::fputs(app.help("", CLI::AppFormatMode::All).c_str(), stdout);
    return exit_success;
  } catch (const CLI::Success&) {  // --help, on the tool or on a subcommand
    std::fputs(app.help().c_str(), stdout);
    return exit_success;
  } catch (const CLI::ParseError& e) {
    return report_error(exit_usage_error, std::string(e.what()) + " (see --help)");
  }
  for (const command& c : commands) {
    if (c.parser->parsed()) return c.run();
  }
  return report_error(
      exit_usage_error,
      "no command given: use info, eval, render, check, bench, graph, view or bake (see --help)");
}

}  // namespace

int main(int argc, char** argv) {
  vknoise::cli::fit_malloc_to_address_space_limit();
  // An interrupted render must not leave a half-written temporary file next to the output.
  vknoise::io::remove_temporary_files_on_fatal_signals();
  // Only std::cin is used through iostreams; everything printed goes through stdio.
  std::ios::sync_with_stdio(false);
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    return vknoise::cli::report_error(vknoise::cli::exit_runtime_error, "out of memory");
  } catch (const std::exception& e) {
    return vknoise::cli::report_error(vknoise::cli::exit_runtime_error, e.what());
  }
}
