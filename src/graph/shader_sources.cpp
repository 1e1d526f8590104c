#include "graph/shader_sources.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "core/fnv1a128.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::detail {
namespace {

// The file an `#include "name"` line names, or nothing for any other line.
std::optional<std::string_view> included_name(std::string_view line) {
  const auto first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || line[first] != '#') return std::nullopt;
  line.remove_prefix(first + 1);
  line.remove_prefix(std::min(line.size(), line.find_first_not_of(" \t")));
  constexpr std::string_view kInclude = "include";
  if (line.substr(0, kInclude.size()) != kInclude) return std::nullopt;
  line.remove_prefix(kInclude.size());
  const auto open = line.find('"');
  if (open == std::string_view::npos) return std::nullopt;
  const auto close = line.find('"', open + 1);
  if (close == std::string_view::npos) return std::nullopt;
  return line.substr(open + 1, close - open - 1);
}

bool is_include_extension(std::string_view line) {
  return line.find("#extension") != std::string_view::npos &&
         line.find("GL_GOOGLE_include_directive") != std::string_view::npos;
}

status inline_into(std::string_view source, std::set<std::string_view>& seen, std::string& out) {
  while (!source.empty()) {
    const auto end = source.find('\n');
    const std::string_view line = source.substr(0, end);
    source.remove_prefix(end == std::string_view::npos ? source.size() : end + 1);
    if (is_include_extension(line)) continue;
    const auto name = included_name(line);
    if (!name) {
      out.append(line);
      out.push_back('\n');
      continue;
    }
    const auto text = shader_source(*name);
    if (!text) {
      return make_error(errc::invalid_argument,
                        "#include \"" + std::string(*name) + "\": no such embedded shader source");
    }
    if (!seen.insert(*name).second) continue;
    out.append("// ---- " + std::string(*name) + "\n");
    VKNOISE_TRY(inline_into(*text, seen, out));
  }
  return {};
}

}  // namespace

std::optional<std::string_view> shader_source(std::string_view name) {
  for (const shader_source_file& file : shader_sources()) {
    if (file.name == name) return file.text;
  }
  return std::nullopt;
}

const std::string& shader_sources_digest() {
  static const std::string digest = [] {
    fnv1a128 hash;
    for (const shader_source_file& file : shader_sources()) {
      hash.update_field(file.name);
      hash.update_field(file.text);
    }
    return hash.hex();
  }();
  return digest;
}

result<std::string> inline_includes(std::string_view source) {
  std::string out;
  std::set<std::string_view> seen;
  VKNOISE_TRY(inline_into(source, seen, out));
  return out;
}

}  // namespace vknoise::detail
