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
// This file holds the top level, the outputs and the lowering; graph_parser.hpp says where the
// other passes are.
// Every number a node gives must fit in a float: the GPU and the mirror compute with it in float.
// Nothing here throws out of the library: parse() catches what the standard library may throw
// (an allocation failure) and turns it into an error value.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bounded_read.hpp"
#include "graph/graph_parser.hpp"
#include "vknoise/graph.hpp"

namespace vknoise {
namespace graph_parsing {

bool parser::run(std::string_view text) {
  if (text.size() > graph::max_text_bytes) {
    return fail("the JSON text is " + std::to_string(text.size()) + " bytes; the limit is 1 MiB (" +
                std::to_string(graph::max_text_bytes) + " bytes)");
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
    if (n.kind->id == ir::op::noise) n.direct_use = true;
    outputs_.push_back(std::move(out));
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
    n.kind = p.kind->id;
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

}  // namespace graph_parsing

namespace {

namespace ir = graph_ir;
using graph_parsing::default_bound;
using graph_parsing::json_message;
using graph_parsing::parser;
using graph_parsing::quote;

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
    auto text = detail::read_regular_file(path, graph::max_text_bytes);
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
