// The command line parser (CLI11), behind the few calls the commands make. Only parser.cpp and
// the programs' mains (which own the CLI::App and catch its errors) include CLI11: its header
// (2.1) compiles its validators into every file that includes it, about 10 s a file at -O3 and
// twice that under a sanitizer.
//
// Options are taken as text and parsed by the tool itself, so every bad value gets one message
// that names the flag, in the tool's words rather than the parser's.
//
// Every function registers on `app`, which must outlive the parse; the targets are written while
// parsing, so they must outlive it too. Names follow CLI11: "--flag", "-f,--flag", or a name
// without dashes for a positional argument.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace vknoise::cli {

// A subcommand of `app`, owned by it.
CLI::App* add_subcommand(CLI::App& app, const std::string& name, const std::string& description);

// `target` stays empty unless the option is given (an explicit "" counts as given).
// `value_name` is how help shows the value, e.g. "N" or "cpu|gpu".
CLI::Option* add_text_option(CLI::App& app, const std::string& name, const std::string& value_name,
                             std::optional<std::string>& target, const std::string& description);

// A repeatable option: each occurrence's text appended to `target`, in order.
CLI::Option* add_text_list_option(CLI::App& app, const std::string& name,
                                  const std::string& value_name, std::vector<std::string>& target,
                                  const std::string& description);

// A flag without a value: `target` becomes true when it is given.
CLI::Option* add_flag(CLI::App& app, const std::string& name, bool& target,
                      const std::string& description);

// The parse fails, with CLI11's message naming the option, when it is not given.
void require(CLI::Option& option);

// The option `name` that an add_* call above registered on `app` (its first name, e.g. "--size").
CLI::Option& option_named(CLI::App& app, const std::string& name);

// `command` takes everything after its name as it is (no options of its own, not even --help), for
// passed_through: e.g. `vknoise view ...`, which hands it to vknoise-view.
void pass_everything_through(CLI::App& command);
std::vector<std::string> passed_through(CLI::App& command);

}  // namespace vknoise::cli
