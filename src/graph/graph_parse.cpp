// The JSON reader of noise graphs (graph.hpp; the format is docs/graph.md). A first SAX pass of
// nlohmann/json builds nothing and refuses a malformed text (its first error), one nested deeper
// than 64 levels (so no recursive copy or destruction of the document can exhaust the stack) and
// bytes after the value; nlohmann then parses the text into a document without throwing, which is
// checked and lowered to graph_ir::graph in passes, each refusal one line that names the node and
// the field:
//   1. the top level, and every node's shape in the file's order: its kind, its fields, numbers
//      and names (what can be checked without the other nodes)
//   2. the references between nodes, and the position a noise without `at` samples
//   3. a stable topological order (depth first from the nodes in the file's order: a file
//      already in order keeps it), refusing cycles
//   4. types and widths in that order, so every input's node is typed before its reader
//   5. the outputs, the limits of graph_ir.hpp, and the exactness contract
// Every number a node gives must fit in a float: the GPU and the mirror compute with it in float.
// Nothing here throws out of the library: parse() catches what the standard library may throw
// (an allocation failure) and turns it into an error value.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iterator>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/bounded_read.hpp"
#include "graph/graph_ir.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise {
namespace {

namespace ir = graph_ir;
using json = nlohmann::ordered_json;

constexpr std::size_t max_text_bytes = std::size_t{1} << 20;
// Objects and arrays inside each other: a graph needs 5 (top level, nodes, node, stops, stop).
// The limit keeps every recursive walk of the parsed document (nlohmann's copy and destruction)
// shallow, whatever the text.
constexpr std::size_t max_json_depth = 64;
constexpr std::size_t max_name_length = 64;
constexpr double default_bound = 1e-3;
constexpr std::uint32_t max_period = 256;

// ---------------------------------------------------------------------------------------------
// Messages

// A string from the file (or a path), quoted for a one-line message: control characters escaped
// as \xNN, and at most `limit` bytes, cut at a UTF-8 character boundary.
std::string quote(std::string_view s, std::size_t limit = 64) {
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

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > max_name_length) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

// x y z w or r g b a: the component's index, or -1.
int component_index(std::string_view letter) {
  static constexpr std::string_view xyzw = "xyzw", rgba = "rgba";
  if (letter.size() != 1) return -1;
  std::size_t i = xyzw.find(letter[0]);
  if (i == std::string_view::npos) i = rgba.find(letter[0]);
  return i == std::string_view::npos ? -1 : static_cast<int>(i);
}

// ---------------------------------------------------------------------------------------------
// The node kinds

struct kind_info {
  std::string_view name;
  ir::op op;
  std::vector<std::string_view> fields;  // every field it takes ("kind" aside), in reading order
  std::vector<std::string_view> required;
};

const std::vector<kind_info>& kind_table() {
  using ir::op;
  static const std::vector<kind_info> table{
      {"position", op::position, {}, {}},
      {"scale", op::scale, {"in", "factor"}, {"in", "factor"}},
      {"offset", op::offset, {"in", "by"}, {"in", "by"}},
      {"rotate", op::rotate, {"in", "matrix"}, {"in", "matrix"}},
      {"warp", op::warp, {"in", "by", "amplitude"}, {"in", "by"}},
      {"combine", op::combine, {"components"}, {"components"}},
      {"ramp", op::ramp, {"in", "stops"}, {"in", "stops"}},
      {"constant", op::constant, {"value"}, {"value"}},
      {"component", op::component, {"in", "axis"}, {"in", "axis"}},
      {"noise",
       op::noise,
       {"basis", "at", "seed", "table", "classic_seed", "interpolation", "smooth", "period"},
       {}},
      {"fractal",
       op::fractal,
       {"noise", "type", "octaves", "persistence", "lacunarity", "octave_offsets"},
       {"noise"}},
      {"add", op::add, {"a", "b"}, {"a", "b"}},
      {"sub", op::sub, {"a", "b"}, {"a", "b"}},
      {"mul", op::mul, {"a", "b"}, {"a", "b"}},
      {"div", op::div, {"a", "b"}, {"a", "b"}},
      {"min", op::min, {"a", "b"}, {"a", "b"}},
      {"max", op::max, {"a", "b"}, {"a", "b"}},
      {"pow", op::pow, {"a", "b"}, {"a", "b"}},
      {"neg", op::neg, {"in"}, {"in"}},
      {"abs", op::abs, {"in"}, {"in"}},
      {"floor", op::floor, {"in"}, {"in"}},
      {"sqrt", op::sqrt, {"in"}, {"in"}},
      {"sin", op::sin, {"in"}, {"in"}},
      {"cos", op::cos, {"in"}, {"in"}},
      {"clamp", op::clamp, {"in", "lo", "hi"}, {"in", "lo", "hi"}},
      {"mix", op::mix, {"a", "b", "t"}, {"a", "b", "t"}},
      {"select", op::select, {"a", "b", "control", "threshold"}, {"a", "b", "control"}},
      {"blend", op::blend, {"a", "b", "control", "lo", "hi"}, {"a", "b", "control", "lo", "hi"}},
      {"remap", op::remap, {"in", "from", "to"}, {"in", "from", "to"}},
      {"terrace", op::terrace, {"in", "steps"}, {"in", "steps"}},
      {"curve", op::curve, {"in", "points"}, {"in", "points"}},
  };
  return table;
}

const kind_info* find_kind(std::string_view name) {
  for (const kind_info& k : kind_table()) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

std::string kind_list() {
  std::string list;
  for (const kind_info& k : kind_table()) {
    if (!list.empty()) list += ", ";
    list += k.name;
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// The nodes while they are read

// What an input takes: a scalar (a scalar node or a number), a domain (a vector node other than
// a colour), any vector node, or a noise node (a fractal's).
enum class expects : std::uint8_t { scalar, domain, vector, noise };

struct pending_input {
  std::string field;  // as messages name it: "a", "by[1]", "components[0]"
  expects type = expects::scalar;
  bool constant = false;
  double value = 0.0;
  std::string ref;  // the node it names (not constant)
  int node = -1;    // the index of that node in parser::nodes_, once resolved
};

struct pending_node {
  std::string name;
  const kind_info* kind = nullptr;
  bool hidden = false;  // the position added for a noise without `at`
  std::vector<pending_input> inputs;
  std::vector<double> params;
  ir::noise_params noise;
  ir::fractal_params fractal;
  bool samples_position = false;  // a noise without `at`
  // Read from the file, checked against the input's width once it is known:
  std::vector<double> per_component;  // scale's factor, offset's by; one number: every component
  bool per_component_one = false;     // given as one number
  std::vector<std::vector<double>> matrix;
  std::vector<std::uint32_t> period;  // one entry with period_one: every axis
  bool period_one = false;
  int axis = 0;
  // Typing:
  int width = 1;
  bool vector = false;
  bool colour = false;      // a ramp
  bool lattice = false;     // position through scale, offset and warp
  int depth = 0;            // the longest chain of nodes from here to a leaf, this one counted
  int noise_dims = 0;       // a noise: the width of its domain
  bool direct_use = false;  // a noise: read other than by a fractal, or named by an output
};

struct pending_output {
  std::string name;
  int node = -1;
  int component = -1;
};

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

// ---------------------------------------------------------------------------------------------
// The parser

class parser {
 public:
  bool run(std::string_view text);
  std::string error;
  ir::graph lowered;
  std::vector<std::string> output_names;

 private:
  bool fail(std::string message) {
    if (error.empty()) error = "graph: " + std::move(message);
    return false;
  }
  static std::string at(const pending_node& n) { return "node '" + n.name + "': "; }
  static std::string at(const pending_node& n, std::string_view field) {
    if (field.empty()) return at(n);
    return "node '" + n.name + "' field '" + std::string(field) + "': ";
  }

  bool read_top(const json& doc);
  bool read_node(const std::string& name, const json& value);
  bool read_fields(pending_node& n, const json& object);
  bool read_noise(pending_node& n, const json& object);
  bool read_fractal(pending_node& n, const json& object);
  bool resolve();
  bool sort();
  bool visit(int index, std::vector<int>& path, std::vector<std::uint8_t>& state);
  bool type_node(pending_node& n);
  bool check_input(const pending_node& n, const pending_input& in);
  bool type_noise(pending_node& n);
  bool type_fractal(pending_node& n);
  bool read_outputs(const json& outputs);
  bool check_limits();
  bool lower();

  // Field readers: each refuses a wrong type or value, naming the node and the field.
  bool number(const pending_node& n, std::string_view field, const json& v, double& out);
  bool integer(const pending_node& n, std::string_view field, const json& v, long long lo,
               long long hi, int& out);
  bool unsigned_integer(const pending_node& n, std::string_view field, const json& v,
                        std::uint64_t& out);
  bool boolean(const pending_node& n, std::string_view field, const json& v, bool& out);
  bool string(const pending_node& n, std::string_view field, const json& v, std::string& out);
  bool numbers(const pending_node& n, std::string_view field, const json& v, std::size_t count,
               std::vector<double>& out);
  bool per_component(pending_node& n, std::string_view field, const json& v);
  bool point_list(const pending_node& n, std::string_view field, const json& v, std::size_t arity,
                  std::vector<double>& out);
  bool input(pending_node& n, std::string field, const json& v, expects type);
  bool optional_number(const pending_node& n, const json& object, std::string_view field,
                       double fallback, double& out);

  int dims_ = 0;
  std::optional<double> bound_;
  std::array<double, 2> range_{-1.0, 1.0};
  std::vector<pending_node> nodes_;
  std::unordered_map<std::string, int> index_;  // the user's nodes by name
  std::vector<int> order_;                      // topological
  std::vector<pending_output> outputs_;
};

bool parser::run(std::string_view text) {
  if (text.size() > max_text_bytes) {
    return fail("the JSON text is " + std::to_string(text.size()) +
                " bytes; the limit is 1 MiB (1048576 bytes)");
  }
  if (std::string problem = shape_problem(text); !problem.empty()) {
    return fail(std::move(problem));
  }
  duplicate_keys duplicates;
  json doc = json::parse(text, std::ref(duplicates), false);
  if (doc.is_discarded()) return fail("malformed JSON: not JSON");
  if (!duplicates.message().empty()) return fail(duplicates.message());
  if (!read_top(doc)) return false;
  const json& nodes = *member(doc, "nodes");
  for (const auto& [name, value] : nodes.items()) {
    if (!read_node(name, value)) return false;
  }
  return resolve() && sort() && read_outputs(*member(doc, "outputs")) && check_limits() && lower();
}

bool parser::read_top(const json& doc) {
  if (!doc.is_object()) return fail("the top level must be an object, not " + json_kind(doc));
  static constexpr std::string_view keys[] = {"vknoise_graph", "name",  "description", "dims",
                                              "bound",         "range", "nodes",       "outputs"};
  for (const auto& [key, value] : doc.items()) {
    if (std::find(std::begin(keys), std::end(keys), key) == std::end(keys)) {
      return fail(
          "unknown key " + quote(key) +
          " (a graph has vknoise_graph, name, description, dims, bound, range, nodes, outputs)");
    }
  }
  if (const json* v = member(doc, "vknoise_graph")) {
    if (!integer_in(*v, 1, 1)) {
      return fail("vknoise_graph: expects the format version 1, got " +
                  (v->is_number() ? v->dump() : json_kind(*v)));
    }
  }
  for (const char* key : {"name", "description"}) {
    const json* v = member(doc, key);
    if (v && !v->is_string()) {
      return fail(std::string(key) + ": expects a string, got " + json_kind(*v));
    }
  }
  for (const char* key : {"dims", "nodes", "outputs"}) {
    if (!member(doc, key)) return fail(std::string("missing key '") + key + "'");
  }
  const json& dims = *member(doc, "dims");
  if (!integer_in(dims, 1, 4)) {
    return fail("dims: expects an integer 1 to 4, got " +
                (dims.is_number() ? dims.dump() : json_kind(dims)));
  }
  dims_ = dims.get<int>();
  if (const json* v = member(doc, "bound")) {
    if (!v->is_number() || !std::isfinite(v->get<double>()) || !(v->get<double>() > 0)) {
      return fail("bound: expects a finite number > 0, got " +
                  (v->is_number() ? v->dump() : json_kind(*v)));
    }
    bound_ = v->get<double>();
  }
  if (const json* v = member(doc, "range")) {
    // Images map the range to 0..255 in float.
    const auto float_number = [](const json& x) {
      return x.is_number() && std::isfinite(static_cast<float>(x.get<double>()));
    };
    const bool pair =
        v->is_array() && v->size() == 2 && float_number((*v)[0]) && float_number((*v)[1]);
    if (!pair || !((*v)[0].get<double>() < (*v)[1].get<double>())) {
      return fail("range: expects [low, high], numbers within float's range with low < high, got " +
                  v->dump());
    }
    range_ = {(*v)[0].get<double>(), (*v)[1].get<double>()};
  }
  const json& nodes = *member(doc, "nodes");
  if (!nodes.is_object()) {
    return fail("nodes: expects an object (node name -> node), got " + json_kind(nodes));
  }
  if (nodes.size() > static_cast<std::size_t>(ir::max_nodes)) {
    return fail("nodes: " + std::to_string(nodes.size()) + " nodes; the limit is " +
                std::to_string(ir::max_nodes));
  }
  const json& outputs = *member(doc, "outputs");
  if (!outputs.is_object()) {
    return fail("outputs: expects an object (output name -> node), got " + json_kind(outputs));
  }
  if (outputs.empty() || outputs.size() > static_cast<std::size_t>(ir::max_outputs)) {
    return fail("outputs: a graph has 1 to " + std::to_string(ir::max_outputs) + " outputs, not " +
                std::to_string(outputs.size()));
  }
  return true;
}

bool parser::read_node(const std::string& name, const json& value) {
  if (!valid_name(name)) {
    return fail("node name " + quote(name) +
                " is not a name (letters, digits and _, not starting with a digit, at most 64 "
                "characters)");
  }
  pending_node n;
  n.name = name;
  if (!value.is_object()) {
    return fail(at(n) + "expects an object with a kind, got " + json_kind(value));
  }
  const json* kind = member(value, "kind");
  if (!kind) return fail(at(n) + "missing field 'kind'");
  if (!kind->is_string()) return fail(at(n, "kind") + "expects a string, got " + json_kind(*kind));
  n.kind = find_kind(kind->get_ref<const std::string&>());
  if (!n.kind) {
    return fail(at(n) + "unknown kind " + quote(kind->get_ref<const std::string&>()) + " (" +
                kind_list() + ")");
  }
  const auto& fields = n.kind->fields;
  for (const auto& [key, v] : value.items()) {
    if (key == "kind" || std::find(fields.begin(), fields.end(), key) != fields.end()) continue;
    std::string takes;
    for (std::string_view f : fields) takes += (takes.empty() ? "" : ", ") + std::string(f);
    return fail(at(n) + "unknown field " + quote(key) + " (" + article(n.kind->name) + " takes " +
                (takes.empty() ? "no fields" : takes) + ")");
  }
  for (std::string_view f : n.kind->required) {
    if (!member(value, f)) return fail(at(n) + "missing field '" + std::string(f) + "'");
  }
  if (!read_fields(n, value)) return false;
  index_.emplace(n.name, static_cast<int>(nodes_.size()));
  nodes_.push_back(std::move(n));
  return true;
}

bool parser::number(const pending_node& n, std::string_view field, const json& v, double& out) {
  if (!v.is_number()) return fail(at(n, field) + "expects a number, got " + json_kind(v));
  out = v.get<double>();
  if (!std::isfinite(out)) return fail(at(n, field) + "not a finite number");
  // The GPU and the float mirror compute every parameter in float: a number float cannot hold
  // would turn into an infinity there (and NaN after it) while the double reference stays finite.
  if (!std::isfinite(static_cast<float>(out))) {
    return fail(at(n, field) + number_text(out) + " is beyond float's range (\u00b13.4028235e38)");
  }
  return true;
}

bool parser::optional_number(const pending_node& n, const json& object, std::string_view field,
                             double fallback, double& out) {
  const json* v = member(object, field);
  out = fallback;
  return !v || number(n, field, *v, out);
}

bool parser::integer(const pending_node& n, std::string_view field, const json& v, long long lo,
                     long long hi, int& out) {
  const std::string range = std::to_string(lo) + " to " + std::to_string(hi);
  if (!v.is_number_integer()) {
    return fail(at(n, field) + "expects an integer " + range + ", got " +
                (v.is_number() ? v.dump() : json_kind(v)));
  }
  if (!integer_in(v, lo, hi))
    return fail(at(n, field) + "expects an integer " + range + ", got " + v.dump());
  out = v.get<int>();
  return true;
}

bool parser::unsigned_integer(const pending_node& n, std::string_view field, const json& v,
                              std::uint64_t& out) {
  // "-0" is a signed integer zero.
  if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<long long>() != 0)) {
    return fail(at(n, field) + "expects an integer 0 to 18446744073709551615, got " +
                (v.is_number() ? v.dump() : json_kind(v)));
  }
  out = v.is_number_unsigned() ? v.get<std::uint64_t>() : 0;
  return true;
}

bool parser::boolean(const pending_node& n, std::string_view field, const json& v, bool& out) {
  if (!v.is_boolean()) return fail(at(n, field) + "expects true or false, got " + json_kind(v));
  out = v.get<bool>();
  return true;
}

bool parser::string(const pending_node& n, std::string_view field, const json& v,
                    std::string& out) {
  if (!v.is_string()) return fail(at(n, field) + "expects a string, got " + json_kind(v));
  out = v.get_ref<const std::string&>();
  return true;
}

bool parser::numbers(const pending_node& n, std::string_view field, const json& v,
                     std::size_t count, std::vector<double>& out) {
  if (!v.is_array() || v.size() != count) {
    return fail(at(n, field) + "expects an array of " + std::to_string(count) + " numbers, got " +
                (v.is_array() ? std::to_string(v.size()) + " entries" : json_kind(v)));
  }
  out.clear();
  for (std::size_t i = 0; i < count; ++i) {
    double x = 0;
    if (!number(n, std::string(field) + "[" + std::to_string(i) + "]", v[i], x)) return false;
    out.push_back(x);
  }
  return true;
}

bool parser::per_component(pending_node& n, std::string_view field, const json& v) {
  if (v.is_number()) {
    n.per_component.assign(1, 0.0);
    n.per_component_one = true;
    return number(n, field, v, n.per_component[0]);
  }
  if (!v.is_array() || v.empty() || v.size() > 4) {
    return fail(at(n, field) + "expects a number or an array of one number per component, got " +
                (v.is_array() ? "an array of " + std::to_string(v.size()) : json_kind(v)));
  }
  return numbers(n, field, v, v.size(), n.per_component);
}

// An array of 2 to max_curve_points arrays of `arity` numbers, flattened.
bool parser::point_list(const pending_node& n, std::string_view field, const json& v,
                        std::size_t arity, std::vector<double>& out) {
  const std::size_t limit = ir::max_curve_points;
  if (!v.is_array() || v.size() < 2 || v.size() > limit) {
    return fail(at(n, field) + "expects an array of 2 to " + std::to_string(limit) +
                " points, got " +
                (v.is_array() ? std::to_string(v.size()) + " points" : json_kind(v)));
  }
  out.clear();
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::vector<double> point;
    if (!numbers(n, std::string(field) + "[" + std::to_string(i) + "]", v[i], arity, point)) {
      return false;
    }
    out.insert(out.end(), point.begin(), point.end());
  }
  return true;
}

bool parser::input(pending_node& n, std::string field, const json& v, expects type) {
  pending_input in;
  in.type = type;
  if (v.is_number()) {
    if (type == expects::noise) {
      return fail(at(n, field) + "expects the name of a noise node, not a number");
    }
    if (type != expects::scalar) {
      return fail(at(n, field) + "expects a vector (a node's name), not a number");
    }
    if (!number(n, field, v, in.value)) return false;
    in.constant = true;
  } else if (v.is_string()) {
    in.ref = v.get_ref<const std::string&>();
  } else {
    return fail(at(n, field) +
                (type == expects::scalar ? "expects a number or a node's name, got "
                                         : "expects a node's name, got ") +
                json_kind(v));
  }
  in.field = std::move(field);
  n.inputs.push_back(std::move(in));
  return true;
}

bool parser::read_fields(pending_node& n, const json& object) {
  using ir::op;
  const auto field = [&](std::string_view name) -> const json& { return *member(object, name); };
  switch (n.kind->op) {
    case op::position:
      return true;
    case op::scale:
    case op::offset: {
      const std::string_view by = n.kind->op == op::scale ? "factor" : "by";
      return input(n, "in", field("in"), expects::domain) && per_component(n, by, field(by));
    }
    case op::rotate: {
      if (!input(n, "in", field("in"), expects::domain)) return false;
      const json& m = field("matrix");
      if (!m.is_array() || m.size() < 2 || m.size() > 4) {
        return fail(at(n, "matrix") + "expects 2 to 4 rows of numbers (one per component), got " +
                    (m.is_array() ? std::to_string(m.size()) + " rows" : json_kind(m)));
      }
      for (std::size_t r = 0; r < m.size(); ++r) {
        std::vector<double> row;
        if (!numbers(n, "matrix[" + std::to_string(r) + "]", m[r], m.size(), row)) return false;
        n.matrix.push_back(std::move(row));
      }
      return true;
    }
    case op::warp: {
      if (!input(n, "in", field("in"), expects::domain)) return false;
      const json& by = field("by");
      if (!by.is_array() || by.empty() || by.size() > 4) {
        return fail(at(n, "by") + "expects an array of one scalar per component, got " +
                    (by.is_array() ? "an array of " + std::to_string(by.size()) : json_kind(by)));
      }
      for (std::size_t i = 0; i < by.size(); ++i) {
        if (!input(n, "by[" + std::to_string(i) + "]", by[i], expects::scalar)) return false;
      }
      double amplitude = 1.0;
      if (!optional_number(n, object, "amplitude", 1.0, amplitude)) return false;
      n.params = {amplitude};
      return true;
    }
    case op::combine: {
      const json& c = field("components");
      if (!c.is_array() || c.empty() || c.size() > 4) {
        return fail(at(n, "components") + "expects an array of 1 to 4 scalars, got " +
                    (c.is_array() ? "an array of " + std::to_string(c.size()) : json_kind(c)));
      }
      for (std::size_t i = 0; i < c.size(); ++i) {
        if (!input(n, "components[" + std::to_string(i) + "]", c[i], expects::scalar)) {
          return false;
        }
      }
      return true;
    }
    case op::ramp: {
      if (!input(n, "in", field("in"), expects::scalar)) return false;
      if (!point_list(n, "stops", field("stops"), 4, n.params)) return false;
      for (std::size_t i = 0; i < n.params.size() / 4; ++i) {
        const double* stop = &n.params[4 * i];
        const std::string where = at(n, "stops[" + std::to_string(i) + "]");
        if (!(stop[0] >= 0 && stop[0] <= 1)) {
          return fail(where + "t " + number_text(stop[0]) + " is outside [0, 1]");
        }
        if (i > 0 && !(static_cast<float>(stop[0]) > static_cast<float>(stop[-4]))) {
          return fail(where + "t " + number_text(stop[0]) + " is not above the previous stop's " +
                      number_text(stop[-4]) +
                      (stop[0] > stop[-4] ? " in float (t strictly increasing, in float too)"
                                          : " (t strictly increasing)"));
        }
        for (int c = 1; c < 4; ++c) {
          if (!(stop[c] >= 0 && stop[c] <= 1)) {
            return fail(where + "the colour " + number_text(stop[c]) + " is outside [0, 1]");
          }
        }
      }
      return true;
    }
    case op::constant: {
      double value = 0;
      if (!number(n, "value", field("value"), value)) return false;
      n.params = {value};
      return true;
    }
    case op::component: {
      if (!input(n, "in", field("in"), expects::vector)) return false;
      const json& axis = field("axis");
      if (axis.is_string()) {
        n.axis = component_index(axis.get_ref<const std::string&>());
        if (n.axis < 0) {
          return fail(at(n, "axis") + "unknown axis " + quote(axis.get_ref<const std::string&>()) +
                      " (x, y, z, w, r, g, b, a or 0 to 3)");
        }
        return true;
      }
      return integer(n, "axis", axis, 0, 3, n.axis);
    }
    case op::noise:
      return read_noise(n, object);
    case op::fractal:
      return read_fractal(n, object);
    case op::add:
    case op::sub:
    case op::mul:
    case op::min:
    case op::max:
    case op::pow:
      return input(n, "a", field("a"), expects::scalar) &&
             input(n, "b", field("b"), expects::scalar);
    case op::div: {
      if (!input(n, "a", field("a"), expects::scalar) ||
          !input(n, "b", field("b"), expects::scalar)) {
        return false;
      }
      const pending_input& b = n.inputs[1];
      if (b.constant) {
        // The float path multiplies by the host's float reciprocal of b.
        const float divisor = static_cast<float>(b.value);
        if (b.value == 0) return fail(at(n, "b") + "division by the constant 0");
        if (divisor == 0 || !std::isfinite(divisor) || !std::isfinite(1.0f / divisor)) {
          return fail(at(n, "b") + "division by " + number_text(b.value) +
                      ": its float reciprocal is not finite (or it is not a finite float)");
        }
      }
      return true;
    }
    case op::neg:
    case op::abs:
    case op::floor:
    case op::sqrt:
    case op::sin:
    case op::cos:
      return input(n, "in", field("in"), expects::scalar);
    case op::clamp: {
      if (!input(n, "in", field("in"), expects::scalar) ||
          !input(n, "lo", field("lo"), expects::scalar) ||
          !input(n, "hi", field("hi"), expects::scalar)) {
        return false;
      }
      const pending_input& lo = n.inputs[1];
      const pending_input& hi = n.inputs[2];
      if (lo.constant && hi.constant && !(lo.value <= hi.value)) {
        return fail(at(n, "hi") + "hi " + number_text(hi.value) + " is below lo " +
                    number_text(lo.value));
      }
      return true;
    }
    case op::mix:
      return input(n, "a", field("a"), expects::scalar) &&
             input(n, "b", field("b"), expects::scalar) &&
             input(n, "t", field("t"), expects::scalar);
    case op::select: {
      if (!input(n, "a", field("a"), expects::scalar) ||
          !input(n, "b", field("b"), expects::scalar) ||
          !input(n, "control", field("control"), expects::scalar)) {
        return false;
      }
      double threshold = 0;
      if (!optional_number(n, object, "threshold", 0.0, threshold)) return false;
      n.params = {threshold};
      return true;
    }
    case op::blend: {
      if (!input(n, "a", field("a"), expects::scalar) ||
          !input(n, "b", field("b"), expects::scalar) ||
          !input(n, "control", field("control"), expects::scalar)) {
        return false;
      }
      double lo = 0, hi = 0;
      if (!number(n, "lo", field("lo"), lo) || !number(n, "hi", field("hi"), hi)) return false;
      if (!(lo < hi)) {
        return fail(at(n, "hi") + "hi " + number_text(hi) + " is not above lo " + number_text(lo));
      }
      // The float path multiplies by the float reciprocal of hi - lo, in float.
      const float width = static_cast<float>(hi) - static_cast<float>(lo);
      if (!(width > 0) || !std::isfinite(1.0f / width) || !std::isfinite(width)) {
        return fail(at(n, "hi") + "hi " + number_text(hi) + " and lo " + number_text(lo) +
                    ": the float reciprocal of hi - lo is not finite");
      }
      n.params = {lo, hi};
      return true;
    }
    case op::remap: {
      std::vector<double> from, to;
      if (!input(n, "in", field("in"), expects::scalar) ||
          !numbers(n, "from", field("from"), 2, from) || !numbers(n, "to", field("to"), 2, to)) {
        return false;
      }
      if (from[0] == from[1]) {
        return fail(at(n, "from") + "an empty range (" + number_text(from[0]) + " to " +
                    number_text(from[1]) + ")");
      }
      // The float path multiplies by the slope, computed in double and stored as a float.
      const double slope = (to[1] - to[0]) / (from[1] - from[0]);
      if (!std::isfinite(static_cast<float>(slope))) {
        return fail(at(n, "to") + "the slope from " +
                    quote(number_text(from[0]) + " to " + number_text(from[1])) + " to " +
                    quote(number_text(to[0]) + " to " + number_text(to[1])) + " is " +
                    number_text(slope) + ", beyond float's range (\u00b13.4028235e38)");
      }
      n.params = {from[0], from[1], to[0], to[1]};
      return true;
    }
    case op::terrace: {
      double steps = 0;
      if (!input(n, "in", field("in"), expects::scalar) ||
          !number(n, "steps", field("steps"), steps)) {
        return false;
      }
      // The float path divides by steps as a multiplication by its float reciprocal.
      const float f = static_cast<float>(steps);
      if (!(steps > 0) || !(f > 0) || !std::isfinite(f) || !std::isfinite(1.0f / f)) {
        return fail(at(n, "steps") + "expects a number > 0 whose float reciprocal is finite, got " +
                    number_text(steps));
      }
      n.params = {steps};
      return true;
    }
    case op::curve: {
      if (!input(n, "in", field("in"), expects::scalar) ||
          !point_list(n, "points", field("points"), 2, n.params)) {
        return false;
      }
      for (std::size_t i = 1; i < n.params.size() / 2; ++i) {
        if (!(static_cast<float>(n.params[2 * i]) > static_cast<float>(n.params[2 * i - 2]))) {
          const bool in_double = n.params[2 * i] > n.params[2 * i - 2];
          return fail(at(n, "points[" + std::to_string(i) + "]") + "x " +
                      number_text(n.params[2 * i]) + " is not above the previous point's " +
                      number_text(n.params[2 * i - 2]) +
                      (in_double ? " in float (x strictly increasing, in float too)"
                                 : " (x strictly increasing)"));
        }
      }
      return true;
    }
  }
  return fail(at(n) + "unhandled kind");
}

bool parser::read_noise(pending_node& n, const json& object) {
  ir::noise_params& p = n.noise;
  std::string text;
  if (const json* basis = member(object, "basis")) {
    if (!string(n, "basis", *basis, text)) return false;
    if (text == "improved") {
      p.basis = noise_kind::improved;
    } else if (text == "improved4_balanced") {
      p.basis = noise_kind::improved4_balanced;
    } else if (text == "classic") {
      p.basis = noise_kind::classic;
    } else if (text == "value") {
      p.basis = noise_kind::value;
    } else {
      return fail(at(n, "basis") + "unknown basis " + quote(text) +
                  " (improved, improved4_balanced, classic or value)");
    }
  }
  if (const json* domain = member(object, "at")) {
    if (!input(n, "at", *domain, expects::domain)) return false;
  } else {
    n.samples_position = true;
  }
  const json* seed = member(object, "seed");
  const json* table = member(object, "table");
  if (seed && table) return fail(at(n, "table") + "a noise takes a seed or a table, not both");
  if (seed) {
    if (!unsigned_integer(n, "seed", *seed, p.seed)) return false;
    p.table = ir::table_source::seed;
  }
  if (table) {
    if (!string(n, "table", *table, text)) return false;
    if (text == "field") {
      p.table = ir::table_source::field;
    } else if (text == "perlin") {
      p.table = ir::table_source::perlin;
    } else {
      return fail(at(n, "table") + "unknown table " + quote(text) +
                  " (field or perlin; or give a seed instead)");
    }
  }
  const std::string basis_name = noise_kind_name(p.basis);
  if (const json* v = member(object, "classic_seed")) {
    if (p.basis != noise_kind::classic) {
      return fail(at(n, "classic_seed") + "only classic noise has a classic_seed (the basis is " +
                  basis_name + ")");
    }
    if (!unsigned_integer(n, "classic_seed", *v, p.classic_seed)) return false;
  }
  if (const json* v = member(object, "interpolation")) {
    if (p.basis != noise_kind::value) {
      return fail(at(n, "interpolation") + "only value noise has an interpolation (the basis is " +
                  basis_name + ")");
    }
    if (!string(n, "interpolation", *v, text)) return false;
    if (text == "linear") {
      p.interpolation = value_interpolation::linear;
    } else if (text == "cosine") {
      p.interpolation = value_interpolation::cosine;
    } else if (text == "cubic") {
      p.interpolation = value_interpolation::cubic;
    } else {
      return fail(at(n, "interpolation") + "unknown interpolation " + quote(text) +
                  " (linear, cosine or cubic)");
    }
  }
  if (const json* v = member(object, "smooth")) {
    if (p.basis != noise_kind::value) {
      return fail(at(n, "smooth") + "only value noise is smoothed (the basis is " + basis_name +
                  ")");
    }
    if (!boolean(n, "smooth", *v, p.value_smooth)) return false;
  }
  if (const json* v = member(object, "period")) {
    int period = 0;
    if (v->is_array()) {
      if (v->empty() || v->size() > 4) {
        return fail(at(n, "period") + "expects an integer or an array of one per axis, got an " +
                    "array of " + std::to_string(v->size()));
      }
      for (std::size_t i = 0; i < v->size(); ++i) {
        if (!integer(n, "period[" + std::to_string(i) + "]", (*v)[i], 0, max_period, period)) {
          return false;
        }
        n.period.push_back(static_cast<std::uint32_t>(period));
      }
    } else {
      if (!integer(n, "period", *v, 0, max_period, period)) return false;
      n.period.assign(1, static_cast<std::uint32_t>(period));
      n.period_one = true;
    }
  }
  return true;
}

bool parser::read_fractal(pending_node& n, const json& object) {
  ir::fractal_params& f = n.fractal;
  f.octaves = 4;
  if (!input(n, "noise", *member(object, "noise"), expects::noise)) return false;
  if (const json* v = member(object, "type")) {
    std::string text;
    if (!string(n, "type", *v, text)) return false;
    if (text == "fbm") {
      f.type = fractal_kind::fbm;
    } else if (text == "turbulence") {
      f.type = fractal_kind::turbulence;
    } else if (text == "ridged") {
      f.type = fractal_kind::ridged;
    } else if (text == "billow") {
      f.type = fractal_kind::billow;
    } else {
      return fail(at(n, "type") + "unknown type " + quote(text) +
                  " (fbm, turbulence, ridged or billow)");
    }
  }
  if (const json* v = member(object, "octaves")) {
    if (!integer(n, "octaves", *v, 1, max_octaves, f.octaves)) return false;
  }
  if (!optional_number(n, object, "persistence", 0.5, f.persistence)) return false;
  if (!(f.persistence > 0)) {
    return fail(at(n, "persistence") + "expects a number > 0, got " + number_text(f.persistence));
  }
  if (!optional_number(n, object, "lacunarity", 2.0, f.lacunarity)) return false;
  if (!(f.lacunarity > 0)) {
    return fail(at(n, "lacunarity") + "expects a number > 0, got " + number_text(f.lacunarity));
  }
  // The float path scales the last octave's coordinates (a float domain's, a warp's
  // displacement) by lacunarity^(octaves - 1), multiplied in float as octave_factor does.
  float scale = 1.0f;
  for (int o = 1; o < f.octaves; ++o) scale = scale * static_cast<float>(f.lacunarity);
  if (!std::isfinite(scale)) {
    return fail(at(n, "lacunarity") + "the last octave's scale, " + number_text(f.lacunarity) +
                "^" + std::to_string(f.octaves - 1) + " = " +
                number_text(std::pow(f.lacunarity, f.octaves - 1)) +
                ", is beyond float's range (\u00b13.4028235e38)");
  }
  if (const json* v = member(object, "octave_offsets")) {
    if (!boolean(n, "octave_offsets", *v, f.octave_offsets)) return false;
  }
  return true;
}

// The user's nodes by name, and the position a noise without `at` samples: the first position
// node in the file, or else a hidden one named "position".
bool parser::resolve() {
  const std::size_t user_nodes = nodes_.size();
  int position = -1;
  for (std::size_t i = 0; i < user_nodes && position < 0; ++i) {
    if (nodes_[i].kind->op == ir::op::position) position = static_cast<int>(i);
  }
  for (std::size_t i = 0; i < user_nodes; ++i) {
    for (pending_input& in : nodes_[i].inputs) {
      if (in.constant) continue;
      const auto it = index_.find(in.ref);
      if (it == index_.end()) {
        return fail(at(nodes_[i], in.field) + "no node named " + quote(in.ref));
      }
      in.node = it->second;
    }
    if (!nodes_[i].samples_position) continue;
    if (position < 0) {
      const auto taken = index_.find("position");
      if (taken != index_.end()) {
        return fail(at(nodes_[i]) +
                    "without 'at' a noise samples the position, but the name 'position' is " +
                    article(nodes_[taken->second].kind->name) +
                    " node (give 'at', or add a position node)");
      }
      if (nodes_.size() >= static_cast<std::size_t>(ir::max_nodes)) {
        return fail(at(nodes_[i], "at") + "the position this noise samples would be node " +
                    std::to_string(nodes_.size() + 1) + "; the limit is " +
                    std::to_string(ir::max_nodes) + " nodes");
      }
      pending_node hidden;
      hidden.name = "position";
      hidden.kind = find_kind("position");
      hidden.hidden = true;
      position = static_cast<int>(nodes_.size());
      nodes_.push_back(std::move(hidden));
    }
    // nodes_ may have grown: index again.
    pending_input in;
    in.field = "at";
    in.type = expects::domain;
    in.node = position;
    nodes_[i].inputs.insert(nodes_[i].inputs.begin(), std::move(in));
  }
  return true;
}

enum : std::uint8_t { unvisited, visiting, visited };

// Recursive, one frame per node on the path: read_top refused more than ir::max_nodes nodes (and
// resolve adds at most the hidden position), so the path is at most max_nodes + 1 deep.

bool parser::visit(int index, std::vector<int>& path, std::vector<std::uint8_t>& state) {
  state[index] = visiting;
  path.push_back(index);
  const pending_node& n = nodes_[index];
  for (const pending_input& in : n.inputs) {
    if (in.constant || state[in.node] == visited) continue;
    if (state[in.node] == visiting) {
      // The cycle: this node reads in.node, which (down the path) reads this node.
      std::string cycle = n.name;
      const auto from = std::find(path.begin(), path.end(), in.node);
      for (auto it = from; it != path.end(); ++it) cycle += " -> " + nodes_[*it].name;
      return fail(at(n, in.field) + "a cycle through input '" + nodes_[in.node].name + "' (" +
                  cycle + "; each reads the next)");
    }
    if (!visit(in.node, path, state)) return false;
  }
  path.pop_back();
  state[index] = visited;
  order_.push_back(index);
  return true;
}

bool parser::sort() {
  std::vector<std::uint8_t> state(nodes_.size(), unvisited);
  std::vector<int> path;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (state[i] == unvisited && !visit(static_cast<int>(i), path, state)) return false;
  }
  for (const int i : order_) {
    if (!type_node(nodes_[i])) return false;
  }
  return true;
}

// Lattice points one evaluation of a noise node reads: 2^dims corners, and for value noise
// (2 + 2 reach)^dims cells, reach 1 for smoothing and 1 more for cubic interpolation.
int lattice_reads(const pending_node& noise) {
  const ir::noise_params& p = noise.noise;
  int per_axis = 2;
  if (p.basis == noise_kind::value) {
    per_axis +=
        2 * ((p.value_smooth ? 1 : 0) + (p.interpolation == value_interpolation::cubic ? 1 : 0));
  }
  int reads = 1;
  for (int axis = 0; axis < noise.noise_dims; ++axis) reads *= per_axis;
  return reads;
}

std::string describe(const pending_node& n) {
  if (n.colour) return "a colour (a ramp)";
  if (n.vector) return "a vector of " + std::to_string(n.width);
  return "a scalar";
}

bool parser::check_input(const pending_node& n, const pending_input& in) {
  const pending_node& from = nodes_[in.node];
  const std::string named = "'" + from.name + "' is ";
  switch (in.type) {
    case expects::scalar:
      if (from.vector) return fail(at(n, in.field) + "expects a scalar, " + named + describe(from));
      return true;
    case expects::domain:
      if (!from.vector) return fail(at(n, in.field) + "expects a vector, " + named + "a scalar");
      if (from.colour) {
        return fail(at(n, in.field) + "expects a domain vector, " + named + describe(from));
      }
      return true;
    case expects::vector:
      if (!from.vector) return fail(at(n, in.field) + "expects a vector, " + named + "a scalar");
      return true;
    case expects::noise:
      if (from.kind->op != ir::op::noise) {
        return fail(at(n, in.field) + "expects a noise node, " + named + article(from.kind->name) +
                    " node");
      }
      return true;
  }
  return true;
}

bool parser::type_node(pending_node& n) {
  using ir::op;
  n.depth = 1;
  for (const pending_input& in : n.inputs) {
    if (in.constant) continue;
    if (!check_input(n, in)) return false;
    n.depth = std::max(n.depth, 1 + nodes_[in.node].depth);
  }
  if (n.depth > ir::max_depth) {
    return fail(at(n) + "a chain of " + std::to_string(n.depth) +
                " nodes from here to a leaf; the depth limit is " + std::to_string(ir::max_depth));
  }
  n.vector = ir::vector_op(n.kind->op);
  const pending_node* in =
      n.inputs.empty() || n.inputs[0].constant ? nullptr : &nodes_[n.inputs[0].node];
  switch (n.kind->op) {
    case op::position:
      n.width = dims_;
      n.lattice = true;
      return true;
    case op::scale:
    case op::offset: {
      n.width = in->width;
      n.lattice = in->lattice;
      const std::string_view field = n.kind->op == op::scale ? "factor" : "by";
      if (n.per_component_one) {
        n.params.assign(n.width, n.per_component[0]);
      } else if (n.per_component.size() != static_cast<std::size_t>(n.width)) {
        return fail(at(n, field) + std::to_string(n.per_component.size()) + " numbers for '" +
                    in->name + "', a vector of " + std::to_string(in->width) +
                    " (give one number, or one per component)");
      } else {
        n.params = n.per_component;
      }
      return true;
    }
    case op::rotate: {
      n.width = in->width;
      if (n.width < 2) {
        return fail(at(n, "in") + "rotates a vector of 2 to 4, '" + in->name +
                    "' is a vector of 1");
      }
      if (n.matrix.size() != static_cast<std::size_t>(n.width)) {
        return fail(at(n, "matrix") + "a " + std::to_string(n.matrix.size()) + "x" +
                    std::to_string(n.matrix.size()) + " matrix for '" + in->name +
                    "', a vector of " + std::to_string(n.width));
      }
      for (const auto& row : n.matrix) n.params.insert(n.params.end(), row.begin(), row.end());
      return true;
    }
    case op::warp:
      n.width = in->width;
      n.lattice = in->lattice;
      if (n.inputs.size() != static_cast<std::size_t>(1 + n.width)) {
        return fail(at(n, "by") + std::to_string(n.inputs.size() - 1) + " displacements for '" +
                    in->name + "', a vector of " + std::to_string(n.width) +
                    " (one per component)");
      }
      return true;
    case op::combine:
      n.width = static_cast<int>(n.inputs.size());
      return true;
    case op::ramp:
      n.width = 3;
      n.colour = true;
      return true;
    case op::component:
      if (n.axis >= in->width) {
        static constexpr const char* names[4] = {"x", "y", "z", "w"};
        return fail(at(n, "axis") + "'" + in->name + "' is " + describe(*in) +
                    "; it has no component " + std::to_string(n.axis) + " (" + names[n.axis] + ")");
      }
      n.params = {static_cast<double>(n.axis)};
      return true;
    case op::noise:
      return type_noise(n);
    case op::fractal:
      return type_fractal(n);
    default:
      return true;
  }
}

bool parser::type_noise(pending_node& n) {
  const pending_node& domain = nodes_[n.inputs[0].node];
  ir::noise_params& p = n.noise;
  n.noise_dims = domain.width;
  if (p.basis == noise_kind::improved4_balanced && domain.width != 4) {
    return fail(at(n, "at") + "improved4_balanced noise samples 4 dims, '" + domain.name +
                "' is a vector of " + std::to_string(domain.width));
  }
  if (!n.period.empty()) {
    if (n.period_one) n.period.assign(n.noise_dims, n.period[0]);
    if (n.period.size() != static_cast<std::size_t>(n.noise_dims)) {
      return fail(at(n, "period") + std::to_string(n.period.size()) + " periods for '" +
                  domain.name + "', a vector of " + std::to_string(n.noise_dims) +
                  " (give one, or one per axis)");
    }
    bool any = false;
    for (int axis = 0; axis < n.noise_dims; ++axis) {
      p.period[axis] = n.period[axis];
      any = any || n.period[axis] != 0;
    }
    if (any && !domain.lattice) {
      return fail(at(n, "period") +
                  "a period needs a lattice domain (position through scale, offset and warp); '" +
                  domain.name + "' is not one");
    }
    if (p.basis == noise_kind::value && p.value_smooth &&
        p.interpolation == value_interpolation::cubic) {
      for (int axis = 0; axis < n.noise_dims; ++axis) {
        if (p.period[axis] != 0 && p.period[axis] != max_period) {
          return fail(at(n, "period") +
                      "smoothed cubic value noise needs periods of 0 or 256 (it reads two cells "
                      "beyond its neighbours)");
        }
      }
    }
  }
  noise_spec spec;
  spec.kind = p.basis;
  spec.period = p.period;
  spec.classic_seed = p.classic_seed;
  spec.interpolation = p.interpolation;
  spec.value_smooth = p.value_smooth;
  if (const status valid = validate(spec, n.noise_dims); !valid) {
    return fail(at(n) + valid.message());
  }
  return true;
}

bool parser::type_fractal(pending_node& n) {
  const pending_node& noise = nodes_[n.inputs[0].node];
  const ir::noise_params& p = noise.noise;
  const ir::fractal_params& f = n.fractal;
  bool periodic = false;
  for (const std::uint32_t period : p.period) periodic = periodic || period != 0;
  if (periodic && f.octaves > 1 &&
      (f.lacunarity != std::floor(f.lacunarity) || f.lacunarity > max_period)) {
    return fail(at(n, "lacunarity") + "the noise '" + noise.name +
                "' has a period, so the lacunarity must be an integer up to 256 (each octave's "
                "period an integer), not " +
                number_text(f.lacunarity));
  }
  noise_spec spec;
  spec.kind = p.basis;
  spec.fractal = f.type;
  spec.octaves = f.octaves;
  spec.persistence = f.persistence;
  spec.lacunarity = f.lacunarity;
  spec.octave_offsets = f.octave_offsets;
  spec.period = p.period;
  spec.classic_seed = p.classic_seed;
  spec.interpolation = p.interpolation;
  spec.value_smooth = p.value_smooth;
  if (const status valid = validate(spec, noise.noise_dims); !valid) {
    return fail(at(n) + valid.message());
  }
  return true;
}

bool parser::read_outputs(const json& outputs) {
  for (const auto& [name, value] : outputs.items()) {
    if (!valid_name(name)) {
      return fail("output name " + quote(name) +
                  " is not a name (letters, digits and _, not starting with a digit, at most 64 "
                  "characters)");
    }
    const std::string where = "output '" + name + "': ";
    if (!value.is_string()) {
      return fail(where + "expects a node's name (\"node\" or \"node.x\"), got " +
                  json_kind(value));
    }
    const std::string& ref = value.get_ref<const std::string&>();
    const std::size_t dot = ref.find('.');
    const std::string node_name = ref.substr(0, dot);
    const auto it = index_.find(node_name);
    if (it == index_.end()) return fail(where + "no node named " + quote(node_name));
    pending_node& n = nodes_[it->second];
    pending_output out{name, it->second, -1};
    if (dot == std::string::npos) {
      if (n.vector) {
        return fail(where + "'" + n.name + "' is " + describe(n) + "; name one component, as '" +
                    n.name + ".x'");
      }
    } else {
      const std::string letter = ref.substr(dot + 1);
      if (!n.vector) {
        return fail(where + "'" + n.name + "' is a scalar; it has no component " + quote(letter));
      }
      out.component = component_index(letter);
      if (out.component < 0) {
        return fail(where + "unknown component " + quote(letter) + " (x, y, z, w or r, g, b, a)");
      }
      if (out.component >= n.width) {
        return fail(where + "'" + n.name + "' is " + describe(n) + "; it has no component " +
                    quote(letter));
      }
    }
    if (n.kind->op == ir::op::noise) n.direct_use = true;
    outputs_.push_back(std::move(out));
  }
  return true;
}

bool parser::check_limits() {
  for (const pending_node& n : nodes_) {
    if (n.kind->op == ir::op::fractal) continue;
    for (const pending_input& in : n.inputs) {
      if (!in.constant && nodes_[in.node].kind->op == ir::op::noise) {
        nodes_[in.node].direct_use = true;
      }
    }
  }
  std::vector<std::pair<ir::table_source, std::uint64_t>> tables;
  std::vector<std::pair<std::uint64_t, int>> gradients;
  int samples = 0, sites = 0, reads = 0;
  // A site's evaluations per sample (a fractal's octaves, a noise's 1): counted against the
  // limits on evaluations, sites and lattice reads, the message naming `field`.
  const auto count_site = [&](const pending_node& n, std::string_view field, int evaluations,
                              const pending_node& noise) {
    samples += evaluations;
    if (samples > ir::max_samples_per_point) {
      return fail(at(n, field) + "the graph evaluates " + std::to_string(samples) +
                  " noises per sample (octaves summed); the limit is " +
                  std::to_string(ir::max_samples_per_point));
    }
    if (++sites > ir::max_noise_sites) {
      return fail(at(n) + "the graph has " + std::to_string(sites) +
                  " noise sites (fractal nodes, and noise nodes read other than by a fractal); "
                  "the limit is " +
                  std::to_string(ir::max_noise_sites) +
                  " (each is a copy of the noise's code in "
                  "the GPU kernel)");
    }
    reads += evaluations * lattice_reads(noise);
    if (reads > ir::max_lattice_reads_per_point) {
      return fail(at(n, field) + "the graph reads " + std::to_string(reads) +
                  " lattice points per sample (2^dims per noise evaluation, more for smoothed "
                  "or cubic value noise); the limit is " +
                  std::to_string(ir::max_lattice_reads_per_point));
    }
    return true;
  };
  for (const int i : order_) {
    const pending_node& n = nodes_[i];
    if (n.kind->op == ir::op::fractal &&
        !count_site(n, "octaves", n.fractal.octaves, nodes_[n.inputs[0].node])) {
      return false;
    }
    if (n.kind->op != ir::op::noise) continue;
    if (n.direct_use && !count_site(n, "", 1, n)) return false;
    const std::pair table{n.noise.table,
                          n.noise.table == ir::table_source::seed ? n.noise.seed : 0};
    if (std::find(tables.begin(), tables.end(), table) == tables.end()) {
      tables.push_back(table);
      if (tables.size() > static_cast<std::size_t>(ir::max_tables)) {
        return fail(at(n, n.noise.table == ir::table_source::seed ? "seed" : "table") +
                    "a permutation table beyond the limit of " + std::to_string(ir::max_tables) +
                    " distinct tables (field, perlin and each seed)");
      }
    }
    if (n.noise.basis == noise_kind::classic) {
      const std::pair gradient{n.noise.classic_seed, n.noise_dims};
      if (std::find(gradients.begin(), gradients.end(), gradient) == gradients.end()) {
        gradients.push_back(gradient);
        if (gradients.size() > static_cast<std::size_t>(ir::max_tables)) {
          return fail(at(n, "classic_seed") + "a classic gradient table beyond the limit of " +
                      std::to_string(ir::max_tables) +
                      " distinct tables (one per classic_seed and dims)");
        }
      }
    }
  }
  return true;
}

bool parser::lower() {
  std::vector<int> position(nodes_.size(), -1);
  for (std::size_t k = 0; k < order_.size(); ++k) position[order_[k]] = static_cast<int>(k);
  lowered.dims = dims_;
  lowered.nodes.reserve(order_.size());
  for (const int i : order_) {
    pending_node& p = nodes_[i];
    ir::node n;
    n.name = p.name;
    n.kind = p.kind->op;
    n.width = p.width;
    for (const pending_input& in : p.inputs) {
      n.inputs.push_back(in.constant ? ir::input{-1, in.value} : ir::input{position[in.node], 0.0});
    }
    n.params = std::move(p.params);
    n.noise = p.noise;
    n.fractal = p.fractal;
    lowered.nodes.push_back(std::move(n));
  }
  for (const pending_output& out : outputs_) {
    lowered.outputs.push_back({out.name, position[out.node], out.component});
    output_names.push_back(out.name);
  }
  lowered.range = range_;
  bool bounded = false;
  for (const ir::node& n : lowered.nodes) bounded = bounded || !ir::exact_op(n);
  if (bounded) {
    lowered.bound = bound_.value_or(default_bound);
  } else if (bound_) {
    return fail("bound: the graph is exact (no bounded op)");
  }
  return true;
}

error io_failure(const std::filesystem::path& path, const std::string& why) {
  return make_error(errc::io_error,
                    "cannot read graph file " + quote(path.string(), 4096) + ": " + why);
}

}  // namespace

graph::graph(std::shared_ptr<const graph_ir::graph> ir, std::vector<std::string> names)
    : ir_(std::move(ir)), output_names_(std::move(names)) {}

result<graph> graph::parse(std::string_view json_text) {
  try {
    parser p;
    if (!p.run(json_text)) return make_error(errc::invalid_argument, std::move(p.error));
    return graph(std::make_shared<const graph_ir::graph>(std::move(p.lowered)),
                 std::move(p.output_names));
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "graph: out of memory while reading the graph");
  } catch (const std::exception& e) {
    return make_error(errc::invalid_argument, "graph: " + json_message(e.what()));
  }
}

result<graph> graph::load(const std::filesystem::path& path) {
  try {
    auto text = detail::read_regular_file(path, max_text_bytes);
    if (!text) return io_failure(path, text.message());
    return parse(*text);
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "graph: out of memory while reading the graph");
  }
}

int graph::dims() const {
  return ir_->dims;
}

int graph::channels() const {
  return ir::channel_count(*ir_);
}

graph_outputs graph::outputs() const {
  return static_cast<graph_outputs>(ir_->mode);
}

result<graph> graph::with_outputs(graph_outputs what) const {
  if (what != graph_outputs::values) {
    for (std::size_t i = 0; i < ir_->nodes.size(); ++i) {
      const std::string why = ir::not_differentiable(*ir_, static_cast<int>(i));
      if (!why.empty()) {
        return make_error(errc::invalid_argument, "graph: node " + quote(ir_->nodes[i].name) +
                                                      " has no derivative: " + why);
      }
    }
  }
  if (what == graph_outputs::curl && (ir_->dims != 3 || ir_->outputs.size() != 3)) {
    return make_error(errc::invalid_argument,
                      "graph: a curl needs a vector potential, dims 3 and three outputs; this "
                      "graph has dims " +
                          std::to_string(ir_->dims) + " and " +
                          std::to_string(ir_->outputs.size()) + " output(s)");
  }
  auto copy = std::make_shared<ir::graph>(*ir_);
  copy->mode = static_cast<ir::output_mode>(what);
  return graph(std::move(copy), output_names_);
}

const std::vector<std::string>& graph::output_names() const {
  return output_names_;
}

graph_contract graph::contract() const {
  for (const graph_ir::node& n : ir_->nodes) {
    if (!graph_ir::exact_op(n)) return graph_contract::bounded;
  }
  return graph_contract::exact;
}

std::array<double, 2> graph::range() const {
  return ir_->range;
}

double graph::bound() const {
  return contract() == graph_contract::bounded ? ir_->bound.value_or(default_bound) : 0.0;
}

std::size_t graph::node_count() const {
  return ir_->nodes.size();
}

}  // namespace vknoise
