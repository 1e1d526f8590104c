// The graph reader's shared state (graph_parse.cpp): the node kinds, the nodes and outputs while
// they are read, and the parser whose passes are split by concern:
//   graph_parse.cpp         the text to graph_ir::graph: the top level, the outputs, lowering
//   graph_node_readers.cpp  pass 1: each node's kind (op_table.hpp) and fields
//   graph_field_readers.cpp the typed field readers every node reader uses
//   graph_typing.cpp        passes 2 to 5: references, order, types and widths, the limits
//   graph_json.cpp          the JSON plumbing: the first SAX pass, duplicate keys, messages
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "graph/graph_ir.hpp"
#include "graph/graph_json.hpp"
#include "graph/op_table.hpp"

namespace vknoise::graph_parsing {

namespace ir = graph_ir;

constexpr std::size_t max_name_length = 64;
constexpr double default_bound = 1e-3;
constexpr std::uint32_t max_period = 256;

// ---------------------------------------------------------------------------------------------
// Names

// A node or output name: letters, digits and _, not starting with a digit, at most
// max_name_length bytes.
bool valid_name(std::string_view name);
// x y z w or r g b a: the component's index, or -1.
int component_index(std::string_view letter);

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
  const ir::op_row* kind = nullptr;
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

// What a node's value is, for messages: "a scalar", "a vector of 3", "a colour (a ramp)".
std::string describe(const pending_node& n);

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
  // An op whose fields are all scalar inputs, numbers and pairs (op_table.hpp), then its check.
  bool read_generic(pending_node& n, const json& object);
  bool read_noise(pending_node& n, const json& object);
  // A cellular noise's distance, return and jitter (refused on another basis).
  bool read_cellular(pending_node& n, const json& object, const std::string& basis_name);
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
  // An input given by the format's default: a constant scalar.
  bool constant_input(pending_node& n, std::string field, double value);

  int dims_ = 0;
  std::optional<double> bound_;
  std::array<double, 2> range_{-1.0, 1.0};
  std::vector<pending_node> nodes_;
  std::unordered_map<std::string, int> index_;  // the user's nodes by name
  std::vector<int> order_;                      // topological
  std::vector<pending_output> outputs_;
};

}  // namespace vknoise::graph_parsing
