#include "cli/text_option.hpp"

namespace vknoise::cli {

CLI::Option* add_text_option(CLI::App& app, const std::string& name, const std::string& value_name,
                             std::optional<std::string>& target, const std::string& description) {
  return app
      .add_option_function<std::string>(
          name, [&target](const std::string& value) { target = value; }, description)
      ->type_name(value_name);
}

}  // namespace vknoise::cli
