#include "cli/point_input.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <optional>
#include <string_view>

#include "cli/number_parsing.hpp"
#include "cli/report.hpp"
#include "vknoise/noise.hpp"

namespace vknoise::cli {
namespace {

bool is_blank(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// Parses one line into `out`; returns the reason it is malformed, if it is.
std::optional<std::string> parse_line(std::string_view line, int dims, std::array<double, 4>& out) {
  const auto wrong_count = [&] {
    return "expected " + std::to_string(dims) + " numbers, got " + quoted_excerpt(line);
  };
  int count = 0;
  std::size_t position = 0;
  for (;;) {
    while (position < line.size() && is_blank(line[position])) ++position;
    if (position == line.size()) break;
    std::size_t end = position;
    while (end < line.size() && !is_blank(line[end])) ++end;
    const std::string_view token = line.substr(position, end - position);
    position = end;

    if (count == dims) return wrong_count();
    const auto value = parse_double(token);
    if (!value) return quoted_excerpt(token) + " is not a number";
    if (!std::isfinite(*value)) return quoted_excerpt(token) + " is not a finite number";
    if (std::fabs(*value) >= max_abs_coordinate) {
      return quoted_excerpt(token) + " is outside the noise domain |c| < 2^31";
    }
    out[count++] = *value;
  }
  if (count != dims) return wrong_count();
  return std::nullopt;
}

}  // namespace

result<std::vector<double>> read_points(std::istream& in, int dims,
                                        const std::string& source_name) {
  std::vector<double> points;
  std::string line;
  std::array<double, 4> point{};
  for (std::uint64_t line_number = 1; std::getline(in, line); ++line_number) {
    if (auto problem = parse_line(line, dims, point)) {
      return make_error(errc::invalid_argument,
                        source_name + " line " + std::to_string(line_number) + ": " + *problem);
    }
    points.insert(points.end(), point.begin(), point.begin() + dims);
  }
  if (in.bad()) return make_error(errc::io_error, "cannot read " + source_name);
  return points;
}

}  // namespace vknoise::cli
