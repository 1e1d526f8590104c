#include "cli/report.hpp"

#include <cstdio>
#include <string>

namespace vknoise::cli {
namespace {

// Control characters would break the one-line contract or garble a terminal.
std::string printable(std::string_view text, char replacement) {
  std::string out(text);
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = replacement;
  }
  return out;
}

}  // namespace

int exit_code_for(errc code) {
  return code == errc::invalid_argument ? exit_usage_error : exit_runtime_error;
}

int report_error(int exit_code, std::string_view message) {
  std::fflush(stdout);  // keep what was printed before the error ahead of it on a terminal
  const std::string line = "vknoise: " + printable(message, ' ') + "\n";
  std::fputs(line.c_str(), stderr);
  return exit_code;
}

std::string quoted_excerpt(std::string_view text) {
  constexpr std::size_t max_length = 40;
  std::string quoted = "\"";
  quoted += printable(text.substr(0, max_length), '?');
  if (text.size() > max_length) quoted += "...";
  quoted += '"';
  return quoted;
}

}  // namespace vknoise::cli
