#include "cli/permutation_file.hpp"

#include <cctype>
#include <limits>
#include <string_view>
#include <vector>

#include "cli/number_parsing.hpp"
#include "cli/report.hpp"
#include "core/bounded_read.hpp"

namespace vknoise::cli {

result<permutation_table> read_permutation_file(const std::string& path) {
  const auto bad = [&](const std::string& why) {
    return make_error(errc::invalid_argument, "--permutation " + quoted_excerpt(path) + ": " + why);
  };
  // 256 numbers of a few digits: anything much longer is not a table. Read without blocking and
  // only from a regular file: a FIFO, a directory or /dev/zero is refused at once.
  constexpr std::size_t max_bytes = 64 * 1024;
  auto read = detail::read_regular_file(path, max_bytes);
  if (!read) return bad(read.message());
  const std::string& text = *read;

  std::vector<int> values;
  std::size_t at = 0;
  while (at < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[at]))) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    const std::string_view token(text.data() + at, end - at);
    const bool negative = token.size() > 1 && token.front() == '-';
    const auto value =
        parse_unsigned(negative ? token.substr(1) : token, std::numeric_limits<int>::max());
    if (!value) {
      return bad("value " + std::to_string(values.size()) + ", " + quoted_excerpt(token) +
                 ", is not an integer");
    }
    if (values.size() == 256) return bad("more than 256 values");
    values.push_back(negative ? -static_cast<int>(*value) : static_cast<int>(*value));
    at = end;
  }
  auto table = permutation_table::from_values(values);
  if (!table) return bad(table.message());
  return table;
}

}  // namespace vknoise::cli
