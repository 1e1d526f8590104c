// The JSON plumbing of the graph reader (graph_json.hpp).
#include "graph/graph_json.hpp"

#include <charconv>
#include <cstdio>
#include <iterator>
#include <optional>

namespace vknoise::graph_parsing {
namespace {

// The text's bytes for nlohmann's reader, counting how many it has taken: the lexer reads one
// byte past a token only inside numbers, so after the top level's closing bracket the count is
// where that value ends.
class counting_iterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;
  counting_iterator(const char* at, std::size_t* taken) : at_(at), taken_(taken) {}
  reference operator*() const { return *at_; }
  counting_iterator& operator++() {
    ++at_;
    ++*taken_;
    return *this;
  }
  bool operator==(const counting_iterator& other) const { return at_ == other.at_; }
  bool operator!=(const counting_iterator& other) const { return at_ != other.at_; }

 private:
  const char* at_;
  std::size_t* taken_;
};

// The first pass over the text, through the SAX interface: nothing is built (so no recursive
// copy or destruction can meet a deep text), nothing is thrown. It finds the first syntax error,
// a nesting deeper than max_json_depth, and where the top-level value ends.
struct shape_sax : nlohmann::json_sax<json> {
  explicit shape_sax(const std::size_t* taken) : taken(taken) {}
  const std::size_t* taken;
  std::string message;
  std::size_t depth = 0;
  std::optional<std::size_t> end;  // the offset after the top-level object or array
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return open(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    if (message.empty()) message = "malformed JSON: " + json_message(e.what());
    return false;
  }

 private:
  bool open() {
    if (++depth <= max_json_depth) return true;
    message = "the JSON nests deeper than " + std::to_string(max_json_depth) + " levels";
    return false;
  }
  bool close() {
    if (--depth == 0) end = *taken;
    return true;
  }
};

// The first byte after the top-level value that is not JSON whitespace, if any.
std::optional<std::size_t> trailing_byte(std::string_view text, std::size_t end) {
  const std::size_t at = text.find_first_not_of(" \t\n\r", end);
  if (at == std::string_view::npos) return std::nullopt;
  return at;
}

}  // namespace

// A string from the file (or a path), quoted for a one-line message: control characters escaped
// as \xNN, and at most `limit` bytes, cut at a UTF-8 character boundary.
std::string quote(std::string_view s, std::size_t limit) {
  std::size_t n = s.size();
  const bool cut = n > limit;
  if (cut) {
    n = limit;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  }
  std::string out = "'";
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  if (cut) out += "...";
  return out + "'";
}

// nlohmann's message on one line, without its "[json.exception...] " prefix; bytes outside
// printable ASCII escaped (the text it quotes may hold a broken UTF-8 sequence).
std::string json_message(std::string_view what) {
  if (!what.empty() && what.front() == '[') {
    const std::size_t end = what.find("] ");
    if (end != std::string_view::npos) what.remove_prefix(end + 2);
  }
  std::string out;
  for (const char ch : what.substr(0, 400)) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7F) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
    } else {
      out += ch;
    }
  }
  return out.empty() ? "unknown error" : out;
}

std::string number_text(double v) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, v).ptr;
  return std::string(text, end);
}

// "a mul", "an add".
std::string article(std::string_view word) {
  const bool vowel =
      !word.empty() && std::string_view("aeiou").find(word[0]) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(word);
}

std::string json_kind(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::string:
      return "a string";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "a number";
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    default:
      return "a value";
  }
}

// A JSON integer (not a number with a fraction or an exponent) within [lo, hi].
bool integer_in(const json& v, long long lo, long long hi) {
  if (v.is_number_unsigned()) {
    const std::uint64_t u = v.get<std::uint64_t>();
    return u <= static_cast<std::uint64_t>(hi) && static_cast<long long>(u) >= lo;
  }
  return v.is_number_integer() && v.get<long long>() >= lo && v.get<long long>() <= hi;
}

// Why the text is not one JSON value of at most max_json_depth levels followed by nothing but
// whitespace; empty when it is one. (nlohmann's reader takes a NUL byte for the end of its
// input, so a value, a NUL and anything after it would otherwise pass as the value alone.)
std::string shape_problem(std::string_view text) {
  std::size_t taken = 0;
  shape_sax sax(&taken);
  json::sax_parse(counting_iterator(text.data(), &taken),
                  counting_iterator(text.data() + text.size(), &taken), &sax);
  if (sax.end) {
    if (const auto at = trailing_byte(text, *sax.end)) {
      char shown[8];
      std::snprintf(shown, sizeof shown, "0x%02x", static_cast<unsigned char>(text[*at]));
      return "the JSON value ends at offset " + std::to_string(*sax.end) +
             " but the text goes on: byte " + shown + " at offset " + std::to_string(*at) +
             " (only whitespace may follow the value)";
    }
  }
  if (!sax.message.empty()) return sax.message;
  return {};
}

const json* member(const json& object, std::string_view key) {
  const auto it = object.find(std::string(key));
  return it == object.end() ? nullptr : &*it;
}

}  // namespace vknoise::graph_parsing
