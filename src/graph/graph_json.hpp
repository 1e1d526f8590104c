// The JSON plumbing of the graph reader (graph_parse.cpp): the first SAX pass that refuses a
// malformed or too deeply nested text before anything is built, the duplicate-key check nlohmann
// lacks, and the one-line message helpers every reader shares.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

namespace vknoise::graph_parsing {

using json = nlohmann::ordered_json;

// Objects and arrays inside each other: a graph needs 5 (top level, nodes, node, stops, stop).
// The limit keeps every recursive walk of the parsed document (nlohmann's copy and destruction)
// shallow, whatever the text.
constexpr std::size_t max_json_depth = 64;

// A string from the file (or a path), quoted for a one-line message: control characters escaped
// as \xNN, and at most `limit` bytes, cut at a UTF-8 character boundary.
std::string quote(std::string_view s, std::size_t limit = 64);
// nlohmann's message on one line, without its "[json.exception...] " prefix; bytes outside
// printable ASCII escaped (the text it quotes may hold a broken UTF-8 sequence).
std::string json_message(std::string_view what);
// The shortest text that reads back as v.
std::string number_text(double v);
// "a mul", "an add".
std::string article(std::string_view word);
// "a number", "an array", ...: what a value is, for "expects X, got Y".
std::string json_kind(const json& v);
// A JSON integer (not a number with a fraction or an exponent) within [lo, hi].
bool integer_in(const json& v, long long lo, long long hi);
// The member `key` of an object, or null.
const json* member(const json& object, std::string_view key);

// Why the text is not one JSON value of at most max_json_depth levels followed by nothing but
// whitespace; empty when it is one. (nlohmann's reader takes a NUL byte for the end of its
// input, so a value, a NUL and anything after it would otherwise pass as the value alone.)
std::string shape_problem(std::string_view text);

// The keys of every JSON object seen while parsing, to refuse duplicates (nlohmann keeps the last
// value of a repeated key, silently).
class duplicate_keys {
 public:
  bool operator()(int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
        frames_.push_back({true, {}, {}});
        break;
      case json::parse_event_t::array_start:
        frames_.push_back({false, {}, {}});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!frames_.empty()) frames_.pop_back();
        break;
      case json::parse_event_t::key: {
        const std::string* key = parsed.get_ptr<const std::string*>();
        if (key == nullptr || frames_.empty()) break;
        frame& top = frames_.back();
        if (!top.keys.insert(*key).second && message_.empty()) message_ = describe(*key);
        top.key = *key;
        break;
      }
      case json::parse_event_t::value:
        break;
    }
    return true;
  }
  const std::string& message() const { return message_; }

 private:
  struct frame {
    bool object;
    std::string key;  // the latest key
    std::unordered_set<std::string> keys;
  };
  std::string describe(const std::string& key) const {
    const std::size_t depth = frames_.size();
    const std::string outer = frames_.front().object ? frames_.front().key : "";
    if (depth == 1) return "duplicate key " + quote(key);
    if (depth == 2 && outer == "nodes") return "duplicate node " + quote(key);
    if (depth == 2 && outer == "outputs") return "duplicate output " + quote(key);
    if (depth == 3 && outer == "nodes" && frames_[1].object) {
      return "node " + quote(frames_[1].key) + ": duplicate field " + quote(key);
    }
    std::string path;
    for (std::size_t i = 0; i + 1 < depth; ++i) {
      path += frames_[i].object ? (path.empty() ? "" : ".") + frames_[i].key : "[]";
    }
    return "duplicate key " + quote(key) + " in " + quote(path);
  }
  std::vector<frame> frames_;
  std::string message_;
};

}  // namespace vknoise::graph_parsing
