// libFuzzer target: the command line of render, eval and bake. The input is split at whitespace
// into arguments after the program name, parsed by the tool's own parser, and every command that
// parsed is checked (command::check: the options, the field, the noise and the output name, or
// bake's set, sizes and recipe graphs, as `run` checks them) without rendering, writing files or
// opening a device. A check that fails must say why in one non-empty line; anything that throws
// or crashes is a finding.
#include <CLI/CLI.hpp>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/command.hpp"

namespace {

std::vector<std::string> split_arguments(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> arguments;
  std::string current;
  for (std::size_t i = 0; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (std::isspace(static_cast<unsigned char>(c)) || c == '\0') {
      if (!current.empty()) arguments.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) arguments.push_back(current);
  return arguments;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> arguments = split_arguments(data, size);
  if (arguments.size() > 64) return 0;
  CLI::App app("vknoise fuzz target", "vknoise");
  const std::vector<vknoise::cli::command> commands = {vknoise::cli::add_eval_command(app),
                                                       vknoise::cli::add_render_command(app),
                                                       vknoise::cli::add_bake_command(app)};
  // CLI11 takes a vector in reverse order (it pops arguments off the back).
  std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError&) {  // usage errors, --help: the tool prints them and exits 2
    return 0;
  }
  for (const auto& c : commands) {
    if (!c.parser->parsed() || !c.check) continue;
    const vknoise::status checked = c.check();
    if (!checked) {
      const std::string& message = checked.message();
      if (message.empty() || message.find('\n') != std::string::npos) __builtin_trap();
    }
  }
  return 0;
}
