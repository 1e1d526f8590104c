#include "cli/parser.hpp"

#include <CLI/CLI.hpp>

namespace vknoise::cli {

CLI::App* add_subcommand(CLI::App& app, const std::string& name, const std::string& description) {
  return app.add_subcommand(name, description);
}

CLI::Option* add_text_option(CLI::App& app, const std::string& name, const std::string& value_name,
                             std::optional<std::string>& target, const std::string& description) {
  return app
      .add_option_function<std::string>(
          name, [&target](const std::string& value) { target = value; }, description)
      ->type_name(value_name);
}

CLI::Option* add_text_list_option(CLI::App& app, const std::string& name,
                                  const std::string& value_name, std::vector<std::string>& target,
                                  const std::string& description) {
  return app.add_option(name, target, description)->type_name(value_name);
}

CLI::Option* add_flag(CLI::App& app, const std::string& name, bool& target,
                      const std::string& description) {
  return app.add_flag(name, target, description);
}

void require(CLI::Option& option) {
  option.required();
}

CLI::Option& option_named(CLI::App& app, const std::string& name) {
  return *app.get_option(name);
}

void pass_everything_through(CLI::App& command) {
  command.prefix_command();
  command.set_help_flag();
}

std::vector<std::string> passed_through(CLI::App& command) {
  return command.remaining();
}

}  // namespace vknoise::cli
