// Options are taken as text and parsed by the tool itself, so every bad value gets one message
// that names the flag, in the tool's words rather than the parser's.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace vknoise::cli {

// `target` stays empty unless the option is given (an explicit "" counts as given).
// `value_name` is how help shows the value, e.g. "N" or "cpu|gpu".
CLI::Option* add_text_option(CLI::App& app, const std::string& name, const std::string& value_name,
                             std::optional<std::string>& target, const std::string& description);

}  // namespace vknoise::cli
