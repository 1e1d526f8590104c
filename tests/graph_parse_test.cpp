// The noise-graph reader (graph::parse, graph::load; docs/graph.md): good graphs become the
// expected IR (topological order, parameters, widths, outputs, contract), and every bad graph is
// refused with errc::invalid_argument and one line naming the node and the field.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "graph/graph_ir.hpp"
#include "graph/op_table.hpp"
#include "scratch_directory.hpp"
#include "vknoise/graph.hpp"

namespace {

namespace ir = vknoise::graph_ir;
using vknoise::errc;
using vknoise::graph;
using vknoise::graph_contract;

// A graph of `dims` with these nodes and outputs (the insides of the two objects).
std::string make(std::string_view nodes, std::string_view outputs, int dims = 3) {
  return "{\"dims\": " + std::to_string(dims) + ", \"nodes\": {" + std::string(nodes) +
         "}, \"outputs\": {" + std::string(outputs) + "}}";
}

graph parse_ok(std::string_view text) {
  auto g = graph::parse(text);
  EXPECT_TRUE(g.ok()) << g.message();
  if (!g.ok()) std::abort();
  return g.value();
}

std::vector<std::string> names(const ir::graph& g) {
  std::vector<std::string> out;
  for (const ir::node& n : g.nodes) out.push_back(n.name);
  return out;
}

const ir::node& node(const ir::graph& g, std::string_view name) {
  for (const ir::node& n : g.nodes) {
    if (n.name == name) return n;
  }
  ADD_FAILURE() << "no node " << name;
  std::abort();
}

int index_of(const ir::graph& g, std::string_view name) {
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    if (g.nodes[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

constexpr std::string_view brief_example = R"({
  "vknoise_graph": 1,
  "dims": 3,
  "nodes": {
    "p":    {"kind": "position"},
    "base": {"kind": "noise", "basis": "improved", "at": "p", "seed": 7},
    "fbm":  {"kind": "fractal", "noise": "base", "type": "fbm", "octaves": 6},
    "out":  {"kind": "mul", "a": "fbm", "b": 0.5}
  },
  "outputs": {"height": "out"}
})";

TEST(GraphParse, TheFormatsExampleBecomesItsNodesInOrder) {
  const graph g = parse_ok(brief_example);
  EXPECT_EQ(g.dims(), 3);
  EXPECT_EQ(g.channels(), 1);
  EXPECT_EQ(g.output_names(), std::vector<std::string>{"height"});
  EXPECT_EQ(g.contract(), graph_contract::exact);
  EXPECT_EQ(g.bound(), 0.0);
  EXPECT_EQ(g.node_count(), 4u);
  const ir::graph& r = g.ir();
  EXPECT_EQ(names(r), (std::vector<std::string>{"p", "base", "fbm", "out"}));
  EXPECT_FALSE(r.bound.has_value());

  EXPECT_EQ(r.nodes[0].kind, ir::op::position);
  EXPECT_EQ(r.nodes[0].width, 3);
  EXPECT_TRUE(r.nodes[0].inputs.empty());

  const ir::node& base = r.nodes[1];
  EXPECT_EQ(base.kind, ir::op::noise);
  EXPECT_EQ(base.width, 1);
  ASSERT_EQ(base.inputs.size(), 1u);
  EXPECT_EQ(base.inputs[0].node, 0);
  EXPECT_EQ(base.noise.basis, vknoise::noise_kind::improved);
  EXPECT_EQ(base.noise.table, ir::table_source::seed);
  EXPECT_EQ(base.noise.seed, 7u);
  EXPECT_EQ(base.noise.period, (std::array<std::uint32_t, 4>{0, 0, 0, 0}));

  const ir::node& fbm = r.nodes[2];
  EXPECT_EQ(fbm.kind, ir::op::fractal);
  ASSERT_EQ(fbm.inputs.size(), 1u);
  EXPECT_EQ(fbm.inputs[0].node, 1);
  EXPECT_EQ(fbm.fractal.type, vknoise::fractal_kind::fbm);
  EXPECT_EQ(fbm.fractal.octaves, 6);
  EXPECT_EQ(fbm.fractal.persistence, 0.5);
  EXPECT_EQ(fbm.fractal.lacunarity, 2.0);
  EXPECT_FALSE(fbm.fractal.octave_offsets);

  const ir::node& out = r.nodes[3];
  EXPECT_EQ(out.kind, ir::op::mul);
  ASSERT_EQ(out.inputs.size(), 2u);
  EXPECT_EQ(out.inputs[0].node, 2);
  EXPECT_EQ(out.inputs[1].node, -1);
  EXPECT_EQ(out.inputs[1].constant, 0.5);

  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(r.outputs[0].name, "height");
  EXPECT_EQ(r.outputs[0].node, 3);
  EXPECT_EQ(r.outputs[0].component, -1);
}

TEST(GraphParse, ARangeIsReadAndDefaultsToNoisesSpan) {
  const char* const body = R"("dims": 1, "nodes": {"c": {"kind": "constant", "value": 0.5}},
      "outputs": {"c": "c"})";
  const auto plain = vknoise::graph::parse(std::string("{") + body + "}");
  ASSERT_TRUE(plain.ok()) << plain.message();
  EXPECT_EQ(plain->range(), (std::array<double, 2>{-1.0, 1.0}));
  const auto ranged = vknoise::graph::parse(std::string(R"({"range": [0, 2.5], )") + body + "}");
  ASSERT_TRUE(ranged.ok()) << ranged.message();
  EXPECT_EQ(ranged->range(), (std::array<double, 2>{0.0, 2.5}));
  for (const char* bad : {R"([1, 1])", R"([0])", R"("0,1")", R"([2, 0])"}) {
    const auto refused =
        vknoise::graph::parse(std::string(R"({"range": )") + bad + ", " + body + "}");
    ASSERT_FALSE(refused.ok()) << bad;
    EXPECT_EQ(refused.message().rfind("graph: range: expects [low, high]", 0), 0u)
        << refused.message();
  }
}

TEST(GraphParse, NodesInAnyOrderAreSortedStablyDepthFirst) {
  // "out" is first in the file: its inputs come before it, in input order, each after its own.
  const graph g = parse_ok(make(R"(
      "out": {"kind": "add", "a": "n", "b": "c"},
      "n":   {"kind": "noise", "at": "p"},
      "q":   {"kind": "constant", "value": 2},
      "c":   {"kind": "constant", "value": 1},
      "p":   {"kind": "position"})",
                                R"("v": "out")"));
  const ir::graph& r = g.ir();
  EXPECT_EQ(names(r), (std::vector<std::string>{"p", "n", "c", "out", "q"}));
  for (std::size_t i = 0; i < r.nodes.size(); ++i) {
    for (const ir::input& in : r.nodes[i].inputs) EXPECT_LT(in.node, static_cast<int>(i));
  }
  EXPECT_EQ(r.outputs[0].node, 3);
  // A node no output reads is kept.
  EXPECT_EQ(g.node_count(), 5u);
}

TEST(GraphParse, ANoiseWithoutAtSamplesTheFirstPositionOrAHiddenOne) {
  const graph own = parse_ok(make(R"(
      "n":  {"kind": "noise"},
      "p2": {"kind": "position"},
      "p1": {"kind": "position"})",
                                  R"("v": "n")", 2));
  EXPECT_EQ(names(own.ir()), (std::vector<std::string>{"p2", "n", "p1"}));
  EXPECT_EQ(own.ir().nodes[1].inputs[0].node, 0);

  const graph hidden = parse_ok(make(R"(
      "a": {"kind": "noise", "seed": 1},
      "b": {"kind": "noise", "basis": "improved4_balanced"})",
                                     R"("x": "a", "y": "b")", 4));
  const ir::graph& r = hidden.ir();
  EXPECT_EQ(names(r), (std::vector<std::string>{"position", "a", "b"}));
  EXPECT_EQ(hidden.node_count(), 3u);
  EXPECT_EQ(r.nodes[0].kind, ir::op::position);
  EXPECT_EQ(r.nodes[0].width, 4);
  EXPECT_EQ(r.nodes[1].inputs[0].node, 0);
  EXPECT_EQ(r.nodes[2].inputs[0].node, 0);
  EXPECT_EQ(r.nodes[2].noise.basis, vknoise::noise_kind::improved4_balanced);
  EXPECT_EQ(hidden.output_names(), (std::vector<std::string>{"x", "y"}));
}

// The basis, fractal type and interpolation names are the library's (noise_spec.hpp), in either
// spelling: "improved4-balanced" as the command line and Python write it, "improved4_balanced".
TEST(GraphParse, NamesAreTheLibrarysInEitherSpelling) {
  for (const char* basis : {"improved4-balanced", "improved4_balanced"}) {
    const graph g = parse_ok(make(
        R"("a": {"kind": "noise", "basis": ")" + std::string(basis) + R"("})", R"("x": "a")", 4));
    EXPECT_EQ(g.ir().nodes[1].noise.basis, vknoise::noise_kind::improved4_balanced) << basis;
  }
  const graph v = parse_ok(make(
      R"("a": {"kind": "noise", "basis": "value", "interpolation": "cubic"},
         "f": {"kind": "fractal", "noise": "a", "type": "ridged"})",
      R"("x": "f")", 3));
  EXPECT_EQ(v.ir().nodes[1].noise.interpolation, vknoise::value_interpolation::cubic);
  EXPECT_EQ(v.ir().nodes[2].fractal.type, vknoise::fractal_kind::ridged);
  EXPECT_EQ(v.ir().nodes[2].fractal.octaves, vknoise::default_fractal_octaves);
}

TEST(GraphParse, DomainsCarryTheirWidthsAndParameters) {
  const graph g = parse_ok(make(R"(
      "p":   {"kind": "position"},
      "s":   {"kind": "scale", "in": "p", "factor": 4},
      "o":   {"kind": "offset", "in": "s", "by": [1, 2.5]},
      "w":   {"kind": "warp", "in": "o", "by": ["d", 0.25], "amplitude": 0.5},
      "d":   {"kind": "noise", "at": "p", "table": "perlin"},
      "r":   {"kind": "rotate", "in": "w", "matrix": [[0, -1], [1, 0]]},
      "n":   {"kind": "noise", "at": "r"},
      "c":   {"kind": "combine", "components": ["n", 1, "d"]},
      "x":   {"kind": "component", "in": "c", "axis": "z"},
      "i":   {"kind": "component", "in": "r", "axis": 1})",
                                R"("a": "x", "b": "c.y", "c": "i", "d": "w.x")", 2));
  const ir::graph& r = g.ir();
  EXPECT_EQ(node(r, "p").width, 2);
  EXPECT_EQ(node(r, "s").width, 2);
  EXPECT_EQ(node(r, "s").params, (std::vector<double>{4, 4}));
  EXPECT_EQ(node(r, "o").params, (std::vector<double>{1, 2.5}));
  const ir::node& w = node(r, "w");
  EXPECT_EQ(w.width, 2);
  ASSERT_EQ(w.inputs.size(), 3u);
  EXPECT_EQ(w.inputs[0].node, index_of(r, "o"));
  EXPECT_EQ(w.inputs[1].node, index_of(r, "d"));
  EXPECT_EQ(w.inputs[2].node, -1);
  EXPECT_EQ(w.inputs[2].constant, 0.25);
  EXPECT_EQ(w.params, (std::vector<double>{0.5}));
  EXPECT_EQ(node(r, "d").noise.table, ir::table_source::perlin);
  EXPECT_EQ(node(r, "r").params, (std::vector<double>{0, -1, 1, 0}));
  EXPECT_EQ(node(r, "r").width, 2);
  const ir::node& c = node(r, "c");
  EXPECT_EQ(c.kind, ir::op::combine);
  EXPECT_EQ(c.width, 3);
  ASSERT_EQ(c.inputs.size(), 3u);
  EXPECT_EQ(c.inputs[1].node, -1);
  EXPECT_EQ(c.inputs[1].constant, 1.0);
  EXPECT_EQ(node(r, "x").params, (std::vector<double>{2}));
  EXPECT_EQ(node(r, "x").width, 1);
  EXPECT_EQ(node(r, "i").params, (std::vector<double>{1}));
  ASSERT_EQ(r.outputs.size(), 4u);
  EXPECT_EQ(r.outputs[1].node, index_of(r, "c"));
  EXPECT_EQ(r.outputs[1].component, 1);
  EXPECT_EQ(r.outputs[0].component, -1);
  EXPECT_EQ(r.outputs[3].component, 0);
  EXPECT_EQ(g.channels(), 4);
  EXPECT_EQ(g.contract(), graph_contract::exact);
}

TEST(GraphParse, ShapingNodesCarryTheirParameters) {
  const graph g = parse_ok(make(R"(
      "n":  {"kind": "noise"},
      "k":  {"kind": "constant", "value": -3.5},
      "cl": {"kind": "clamp", "in": "n", "lo": -0.5, "hi": "k"},
      "mx": {"kind": "mix", "a": "n", "b": 1, "t": 0.25},
      "se": {"kind": "select", "a": "n", "b": "k", "control": "mx"},
      "st": {"kind": "select", "a": 0, "b": 1, "control": "n", "threshold": 0.125},
      "bl": {"kind": "blend", "a": "n", "b": "k", "control": "n", "lo": -0.25, "hi": 0.25},
      "rm": {"kind": "remap", "in": "n", "from": [-1, 1], "to": [0, 255]},
      "te": {"kind": "terrace", "in": "n", "steps": 8},
      "cu": {"kind": "curve", "in": "n", "points": [[-1, 0], [0, 0.5], [1, 1]]},
      "ra": {"kind": "ramp", "in": "n", "stops": [[0, 0, 0, 0.5], [1, 1, 0.5, 0]]},
      "un": {"kind": "floor", "in": "te"})",
                                R"("a": "ra.r", "b": "ra.b", "c": "cu", "d": "un")", 1));
  const ir::graph& r = g.ir();
  EXPECT_EQ(node(r, "k").params, (std::vector<double>{-3.5}));
  const ir::node& cl = node(r, "cl");
  ASSERT_EQ(cl.inputs.size(), 3u);
  EXPECT_EQ(cl.inputs[1].constant, -0.5);
  EXPECT_EQ(cl.inputs[2].node, index_of(r, "k"));
  EXPECT_EQ(node(r, "se").params, (std::vector<double>{0}));
  EXPECT_EQ(node(r, "st").params, (std::vector<double>{0.125}));
  EXPECT_EQ(node(r, "bl").params, (std::vector<double>{-0.25, 0.25}));
  EXPECT_EQ(node(r, "rm").params, (std::vector<double>{-1, 1, 0, 255}));
  EXPECT_EQ(node(r, "te").params, (std::vector<double>{8}));
  EXPECT_EQ(node(r, "cu").params, (std::vector<double>{-1, 0, 0, 0.5, 1, 1}));
  const ir::node& ra = node(r, "ra");
  EXPECT_EQ(ra.width, 3);
  EXPECT_EQ(ra.params, (std::vector<double>{0, 0, 0, 0.5, 1, 1, 0.5, 0}));
  EXPECT_EQ(r.outputs[0].component, 0);
  EXPECT_EQ(r.outputs[1].component, 2);
  EXPECT_EQ(node(r, "un").inputs[0].node, index_of(r, "te"));
  EXPECT_EQ(g.contract(), graph_contract::exact);
}

TEST(GraphParse, NoiseAndFractalFieldsAndTheirDefaults) {
  const graph g = parse_ok(make(R"(
      "p": {"kind": "position"},
      "s": {"kind": "scale", "in": "p", "factor": [2, 2, 0.5]},
      "v": {"kind": "noise", "basis": "value", "at": "s", "interpolation": "cubic",
            "smooth": true, "period": [256, 0, 256]},
      "c": {"kind": "noise", "basis": "classic", "at": "s", "classic_seed": 99, "period": 16},
      "f": {"kind": "fractal", "noise": "c"},
      "t": {"kind": "fractal", "noise": "v", "type": "ridged", "octaves": 3,
            "persistence": 0.75, "lacunarity": 3, "octave_offsets": true},
      "sum": {"kind": "add", "a": "f", "b": "t"})",
                                R"("h": "sum")"));
  const ir::graph& r = g.ir();
  const ir::node& v = node(r, "v");
  EXPECT_EQ(v.noise.basis, vknoise::noise_kind::value);
  EXPECT_EQ(v.noise.interpolation, vknoise::value_interpolation::cubic);
  EXPECT_TRUE(v.noise.value_smooth);
  EXPECT_EQ(v.noise.table, ir::table_source::field);
  EXPECT_EQ(v.noise.period, (std::array<std::uint32_t, 4>{256, 0, 256, 0}));
  const ir::node& c = node(r, "c");
  EXPECT_EQ(c.noise.basis, vknoise::noise_kind::classic);
  EXPECT_EQ(c.noise.classic_seed, 99u);
  EXPECT_EQ(c.noise.period, (std::array<std::uint32_t, 4>{16, 16, 16, 0}));
  const ir::node& f = node(r, "f");
  EXPECT_EQ(f.fractal.type, vknoise::fractal_kind::fbm);
  EXPECT_EQ(f.fractal.octaves, 4);
  EXPECT_EQ(f.fractal.persistence, 0.5);
  EXPECT_EQ(f.fractal.lacunarity, 2.0);
  EXPECT_FALSE(f.fractal.octave_offsets);
  const ir::node& t = node(r, "t");
  EXPECT_EQ(t.fractal.type, vknoise::fractal_kind::ridged);
  EXPECT_EQ(t.fractal.octaves, 3);
  EXPECT_EQ(t.fractal.persistence, 0.75);
  EXPECT_EQ(t.fractal.lacunarity, 3.0);
  EXPECT_TRUE(t.fractal.octave_offsets);
}

TEST(GraphParse, PeriodsFollowLatticeDomainsThroughScaleOffsetAndWarp) {
  const graph g = parse_ok(make(R"(
      "p": {"kind": "position"},
      "d": {"kind": "noise", "seed": 3},
      "w": {"kind": "warp", "in": "p", "by": ["d", "d"]},
      "o": {"kind": "offset", "in": "w", "by": 0.5},
      "s": {"kind": "scale", "in": "o", "factor": 8},
      "n": {"kind": "noise", "at": "s", "period": [8, 4]})",
                                R"("v": "n")", 2));
  EXPECT_EQ(node(g.ir(), "n").noise.period, (std::array<std::uint32_t, 4>{8, 4, 0, 0}));
  EXPECT_EQ(g.ir().nodes[0].name, "p");
}

TEST(GraphParse, BoundedOpsMakeABoundedGraph) {
  const std::string exact_div = make(R"("n": {"kind": "noise"},
      "d": {"kind": "div", "a": "n", "b": 3})",
                                     R"("v": "d")");
  EXPECT_EQ(parse_ok(exact_div).contract(), graph_contract::exact);
  for (const char* op : {"sqrt", "sin", "cos"}) {
    const graph g = parse_ok(
        make(std::string(R"("n": {"kind": "noise"}, "u": {"kind": ")") + op + R"(", "in": "n"})",
             R"("v": "u")"));
    EXPECT_EQ(g.contract(), graph_contract::bounded) << op;
    EXPECT_EQ(g.bound(), 1e-3) << op;
    EXPECT_EQ(g.ir().bound, 1e-3) << op;
  }
  const graph pow = parse_ok(R"({"dims": 1, "bound": 0.25,
      "nodes": {"n": {"kind": "noise"}, "u": {"kind": "pow", "a": 2, "b": "n"}},
      "outputs": {"v": "u"}})");
  EXPECT_EQ(pow.contract(), graph_contract::bounded);
  EXPECT_EQ(pow.bound(), 0.25);
  // Division by a node, even one no output reads (every node counts).
  const graph div = parse_ok(make(R"("n": {"kind": "noise"}, "k": {"kind": "constant", "value": 2},
      "d": {"kind": "div", "a": "n", "b": "k"})",
                                  R"("v": "n")"));
  EXPECT_EQ(div.contract(), graph_contract::bounded);
}

TEST(GraphParse, OpNamesAreTheJsonKinds) {
  const char* kinds[] = {"add", "sub", "mul", "div", "min", "max", "pow"};
  for (const char* kind : kinds) {
    const graph g = parse_ok(make(std::string(R"("n": {"kind": "noise"}, "o": {"kind": ")") + kind +
                                      R"(", "a": "n", "b": 2})",
                                  R"("v": "o")"));
    EXPECT_EQ(ir::row_of(g.ir().nodes.back().kind).name, kind);
  }
  EXPECT_EQ(ir::row_of(ir::op::position).name, "position");
  EXPECT_EQ(ir::row_of(ir::op::fractal).name, "fractal");
  EXPECT_EQ(ir::row_of(ir::op::cos).name, "cos");
  // Every row's name finds its own row, and no two rows share a name.
  for (const ir::op_row& row : ir::op_table) {
    ASSERT_NE(ir::find_op(row.name), nullptr) << row.name;
    EXPECT_EQ(ir::find_op(row.name)->id, row.id) << row.name;
  }
}

TEST(GraphParse, OutputsKeepTheFilesOrder) {
  const graph g = parse_ok(make(R"("n": {"kind": "noise"})", R"("z": "n", "a": "n", "m": "n")"));
  EXPECT_EQ(g.output_names(), (std::vector<std::string>{"z", "a", "m"}));
  EXPECT_EQ(g.channels(), 3);
}

TEST(GraphParse, OptionalTopLevelKeys) {
  const graph g = parse_ok(R"({"vknoise_graph": 1, "name": "n", "description": "d", "dims": 4,
      "nodes": {"n": {"kind": "noise"}}, "outputs": {"v": "n"}})");
  EXPECT_EQ(g.dims(), 4);
}

// ------------------------------------------------------------------------------------------
// Limits

std::string chain(int length) {  // position, then length - 1 negations: depth `length`
  std::string nodes = R"("n0": {"kind": "constant", "value": 1})";
  for (int i = 1; i < length; ++i) {
    nodes += ", \"n" + std::to_string(i) + "\": {\"kind\": \"neg\", \"in\": \"n" +
             std::to_string(i - 1) + "\"}";
  }
  return make(nodes, "\"v\": \"n" + std::to_string(length - 1) + "\"");
}

std::string constants(int count) {
  std::string nodes;
  for (int i = 0; i < count; ++i) {
    nodes += (i ? ", " : "") + std::string("\"k") + std::to_string(i) +
             "\": {\"kind\": \"constant\", \"value\": " + std::to_string(i) + "}";
  }
  return nodes;
}

std::string error_of(std::string_view text) {
  const auto g = graph::parse(text);
  EXPECT_FALSE(g.ok());
  if (g.ok()) return "";
  EXPECT_EQ(g.error_value().code, errc::invalid_argument);
  EXPECT_EQ(g.message().find('\n'), std::string::npos);
  EXPECT_EQ(g.message().rfind("graph: ", 0), 0u) << g.message();
  return g.message();
}

// Whitespace may follow the value; the offsets of a trailing byte count from the text's start.
TEST(GraphParse, WhitespaceAfterTheValueIsAccepted) {
  EXPECT_EQ(parse_ok(make(R"("n": {"kind": "noise"})", R"("v": "n")") + " \n\t\r\n").node_count(),
            2u);
}

// The topological sort walks depth first, one frame per node: 256 nodes listed from the end of
// their chain back to its start are sorted (and refused for their depth), not a stack overflow.
TEST(GraphParse, AChainOfAllNodesInReverseOrderIsSorted) {
  std::string nodes;
  for (int i = ir::max_nodes - 1; i > 0; --i) {
    nodes += "\"n" + std::to_string(i) + "\": {\"kind\": \"neg\", \"in\": \"n" +
             std::to_string(i - 1) + "\"}, ";
  }
  nodes += R"("n0": {"kind": "constant", "value": 1})";
  EXPECT_EQ(error_of(make(nodes, R"("v": "n255")")),
            "graph: node 'n64': a chain of 65 nodes from here to a leaf; the depth limit is 64");
}

TEST(GraphParse, NodeCountDepthAndLimitsAtTheirEdges) {
  EXPECT_EQ(parse_ok(chain(ir::max_depth)).node_count(), 64u);
  EXPECT_EQ(error_of(chain(ir::max_depth + 1)),
            "graph: node 'n64': a chain of 65 nodes from here to a leaf; the depth limit is 64");

  EXPECT_EQ(parse_ok(make(constants(256), R"("v": "k0")")).node_count(), 256u);
  EXPECT_EQ(error_of(make(constants(257), R"("v": "k0")")),
            "graph: nodes: 257 nodes; the limit is 256");
  // 255 nodes and the hidden position a noise samples: 256; 256 and it: 257.
  EXPECT_EQ(
      parse_ok(make(constants(254) + R"(, "n": {"kind": "noise"})", R"("v": "n")")).node_count(),
      256u);
  EXPECT_EQ(error_of(make(constants(255) + R"(, "n": {"kind": "noise"})", R"("v": "n")")),
            "graph: node 'n' field 'at': the position this noise samples would be node 257; the "
            "limit is 256 nodes");
}

std::string fractals(int count, int octaves, bool direct_noise) {
  std::string nodes = R"("n": {"kind": "noise"})";
  for (int i = 0; i < count; ++i) {
    nodes += ", \"f" + std::to_string(i) + "\": {\"kind\": \"fractal\", \"noise\": \"n\", " +
             "\"octaves\": " + std::to_string(octaves) + "}";
  }
  return make(nodes, direct_noise ? R"("v": "f0", "w": "n")" : R"("v": "f0")");
}

TEST(GraphParse, NoiseEvaluationsPerSampleAreCounted) {
  // Every fractal counts its octaves (read or not); a noise counts once when read directly.
  EXPECT_TRUE(graph::parse(fractals(16, 16, false)).ok());
  EXPECT_TRUE(graph::parse(fractals(15, 16, true)).ok());
  EXPECT_EQ(error_of(fractals(16, 16, true)),
            "graph: node 'f15' field 'octaves': the graph evaluates 257 noises per sample "
            "(octaves summed); the limit is 256");
  EXPECT_EQ(error_of(fractals(17, 16, false)),
            "graph: node 'f16' field 'octaves': the graph evaluates 272 noises per sample "
            "(octaves summed); the limit is 256");
}

std::string seeded(int count, const char* field, const char* basis) {
  std::string nodes;
  for (int i = 0; i < count; ++i) {
    nodes += (i ? ", " : "") + std::string("\"n") + std::to_string(i) +
             "\": {\"kind\": \"noise\", \"basis\": \"" + basis + "\", \"" + field +
             "\": " + std::to_string(i) + "}";
  }
  return make(nodes, R"("v": "n0")");
}

// Each fractal and each noise read directly is a copy of the noise's code in the GPU kernel.
TEST(GraphParse, NoiseSitesAreCounted) {
  const auto direct = [](int count) {
    std::string nodes = R"("p": {"kind": "position"})";
    std::string sum = "0";
    for (int i = 0; i < count; ++i) {
      const std::string n = "n" + std::to_string(i);
      nodes += ", \"" + n + "\": {\"kind\": \"noise\", \"at\": \"p\"}";
      nodes += ", \"s" + std::to_string(i) + "\": {\"kind\": \"add\", \"a\": " +
               (i == 0 ? std::string("0") : "\"s" + std::to_string(i - 1) + "\"") + ", \"b\": \"" +
               n + "\"}";
    }
    return make(nodes, "\"v\": \"s" + std::to_string(count - 1) + "\"");
  };
  EXPECT_TRUE(graph::parse(direct(ir::max_noise_sites)).ok());
  EXPECT_EQ(error_of(direct(ir::max_noise_sites + 1)),
            "graph: node 'n16': the graph has 17 noise sites (fractal nodes, and noise nodes read "
            "other than by a fractal); the limit is 16 (each is a copy of the noise's code in the "
            "GPU kernel)");
  // Noise nodes nothing reads, or only fractals read, are no sites of their own.
  EXPECT_TRUE(graph::parse(fractals(16, 1, false)).ok());
  EXPECT_EQ(error_of(fractals(16, 1, true)),
            "graph: node 'f15': the graph has 17 noise sites (fractal nodes, and noise nodes read "
            "other than by a fractal); the limit is 16 (each is a copy of the noise's code in the "
            "GPU kernel)");
}

// 2^dims lattice points per evaluation of improved and classic noise, (2 + 2 reach)^dims of value
// noise: smoothed cubic 4D value noise reads 6^4 = 1296.
TEST(GraphParse, LatticeReadsPerSampleAreCounted) {
  const auto fractals4 = [](int count, int octaves, std::string_view noise) {
    std::string nodes =
        R"("p": {"kind": "position"}, "n": {"kind": "noise", "at": "p")" + std::string(noise) + "}";
    for (int i = 0; i < count; ++i) {
      nodes += ", \"f" + std::to_string(i) + "\": {\"kind\": \"fractal\", \"noise\": \"n\", " +
               "\"octaves\": " + std::to_string(octaves) + "}";
    }
    return make(nodes, R"("v": "f0")", 4);
  };
  // 8 fractals of 16 octaves of 4D improved noise: 128 * 16 = 2048 points.
  EXPECT_TRUE(graph::parse(fractals4(8, 16, "")).ok());
  EXPECT_EQ(error_of(fractals4(9, 16, "")),
            "graph: node 'f8' field 'octaves': the graph reads 2304 lattice points per sample "
            "(2^dims per noise evaluation, more for smoothed or cubic value noise); the limit is "
            "2048");
  const std::string smooth_cubic =
      R"(, "basis": "value", "interpolation": "cubic", "smooth": true)";
  EXPECT_TRUE(graph::parse(fractals4(1, 1, smooth_cubic)).ok());
  EXPECT_EQ(error_of(fractals4(1, 2, smooth_cubic)),
            "graph: node 'f0' field 'octaves': the graph reads 2592 lattice points per sample "
            "(2^dims per noise evaluation, more for smoothed or cubic value noise); the limit is "
            "2048");
  // Smoothed linear 4D value noise: 4^4 = 256 points, 8 octaves fit.
  EXPECT_TRUE(graph::parse(fractals4(1, 8, R"(, "basis": "value", "smooth": true)")).ok());
  EXPECT_FALSE(graph::parse(fractals4(1, 9, R"(, "basis": "value", "smooth": true)")).ok());
}

TEST(GraphParse, DistinctTablesAreCounted) {
  EXPECT_TRUE(graph::parse(seeded(8, "seed", "improved")).ok());
  EXPECT_EQ(error_of(seeded(9, "seed", "improved")),
            "graph: node 'n8' field 'seed': a permutation table beyond the limit of 8 distinct "
            "tables (field, perlin and each seed)");
  // field, perlin and seeds 0..5 are 8 tables; the same seed twice is one table.
  std::string eight = R"("a": {"kind": "noise"}, "b": {"kind": "noise", "table": "perlin"},
      "c": {"kind": "noise", "table": "field"}, "d": {"kind": "noise", "seed": 0})";
  for (int s = 0; s < 6; ++s) {
    eight += ", \"s" + std::to_string(s) +
             "\": {\"kind\": \"noise\", \"seed\": " + std::to_string(s) + "}";
  }
  EXPECT_TRUE(graph::parse(make(eight, R"("v": "a")")).ok());
  EXPECT_EQ(error_of(make(eight + R"(, "x": {"kind": "noise", "seed": 6})", R"("v": "a")")),
            "graph: node 'x' field 'seed': a permutation table beyond the limit of 8 distinct "
            "tables (field, perlin and each seed)");
  // Classic gradient tables: one per (classic_seed, dims); all these share the field's table.
  EXPECT_TRUE(graph::parse(seeded(8, "classic_seed", "classic")).ok());
  EXPECT_EQ(error_of(seeded(9, "classic_seed", "classic")),
            "graph: node 'n8' field 'classic_seed': a classic gradient table beyond the limit of "
            "8 distinct tables (one per classic_seed and dims)");
}

TEST(GraphParse, TextOverOneMiBIsRefused) {
  std::string text = make(R"("n": {"kind": "noise"})", R"("v": "n")");
  text.append((std::size_t{1} << 20) - text.size(), ' ');
  EXPECT_TRUE(graph::parse(text).ok());
  text += ' ';
  EXPECT_EQ(error_of(text),
            "graph: the JSON text is 1048577 bytes; the limit is 1 MiB (1048576 bytes)");
}

// ------------------------------------------------------------------------------------------
// Files

class GraphParseFile : public scratch_directory {};

TEST_F(GraphParseFile, LoadReadsAFileAndNamesItWhenItCannot) {
  const std::filesystem::path good = path("good.json");
  std::ofstream(good) << brief_example;
  const auto g = graph::load(good);
  ASSERT_TRUE(g.ok()) << g.message();
  EXPECT_EQ(g->node_count(), 4u);

  const std::filesystem::path missing = path("missing.json");
  const auto m = graph::load(missing);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error_value().code, errc::io_error);
  EXPECT_EQ(m.message(),
            "cannot read graph file '" + missing.string() + "': No such file or directory");

  const auto d = graph::load(dir_);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error_value().code, errc::io_error);
  EXPECT_EQ(d.message(), "cannot read graph file '" + dir_.string() + "': is a directory");

  const std::filesystem::path big = path("big.json");
  std::ofstream(big) << std::string((std::size_t{1} << 20) + 1, ' ');
  const auto b = graph::load(big);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error_value().code, errc::io_error);
  EXPECT_NE(b.message().find("larger than 1 MiB"), std::string::npos) << b.message();

  const std::filesystem::path bad = path("bad.json");
  std::ofstream(bad) << "{\"dims\": 3}";
  const auto e = graph::load(bad);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error_value().code, errc::invalid_argument);
  EXPECT_EQ(e.message(), "graph: missing key 'nodes'");
}

// ------------------------------------------------------------------------------------------
// Bad graphs: each refused with one line naming the node and the field.

struct bad_graph {
  const char* name;
  std::string json;
  std::string message;  // the whole message, or (ending in "...") its beginning
};

std::ostream& operator<<(std::ostream& out, const bad_graph& b) {
  return out << b.name;
}

// A 3D graph with a position "p", a noise "n" at it, and these nodes; output "v" names `output`.
std::string with(std::string_view nodes, std::string_view output = "n") {
  return make(std::string(R"("p": {"kind": "position"}, "n": {"kind": "noise", "at": "p"})") +
                  (nodes.empty() ? "" : ", ") + std::string(nodes),
              "\"v\": \"" + std::string(output) + "\"");
}

std::vector<bad_graph> bad_graphs() {
  return {
      {"NotJson", "{dims: 3}", "graph: malformed JSON: parse error at line 1, column 2: ..."},
      {"TrailingText", make(R"("n": {"kind": "noise"})", R"("v": "n")") + " x",
       "graph: the JSON value ends at offset 69 but the text goes on: byte 0x78 at offset 70 "
       "(only whitespace may follow the value)"},
      // nlohmann's lexer takes a NUL for the end of its input: the bytes after it are refused.
      {"TrailingNulAndGarbage",
       make(R"("n": {"kind": "noise"})", R"("v": "n")") + std::string("\n\0garbage", 9),
       "graph: the JSON value ends at offset 69 but the text goes on: byte 0x00 at offset 70 "
       "(only whitespace may follow the value)"},
      {"TrailingSecondObject", make(R"("n": {"kind": "noise"})", R"("v": "n")") + "{}",
       "graph: the JSON value ends at offset 69 but the text goes on: byte 0x7b at offset 69 "
       "(only whitespace may follow the value)"},
      {"NulInsideTheValue", std::string("{\"dims\": 3,\0 \"nodes\": {}}", 25),
       "graph: malformed JSON: parse error at line 1, column ..."},
      // Refused before anything recursive is built: a deep text cannot exhaust the stack.
      {"DeeplyNestedArrays",
       with("\"k\": {\"kind\": \"constant\", \"value\": " + std::string(90000, '[') +
                std::string(90000, ']') + "}",
            "k"),
       "graph: the JSON nests deeper than 64 levels"},
      {"DeeplyNestedArraysUnclosed", std::string(200000, '['),
       "graph: the JSON nests deeper than 64 levels"},
      {"DeeplyNestedObjects",
       [] {
         std::string text;
         for (int i = 0; i < 50000; ++i) text += "{\"a\": ";
         return text + "1" + std::string(50000, '}');
       }(),
       "graph: the JSON nests deeper than 64 levels"},
      {"DeeplyNestedAfterTheValue",
       make(R"("n": {"kind": "noise"})", R"("v": "n")") + std::string(100000, '['),
       "graph: the JSON value ends at offset 69 but the text goes on: byte 0x5b at offset 69 "
       "(only whitespace may follow the value)"},
      // 64 levels are read (and refused for what they are); 65 are not.
      {"NestedSixtyFourLevels",
       with("\"k\": {\"kind\": \"constant\", \"value\": " + std::string(61, '[') +
                std::string(61, ']') + "}",
            "k"),
       "graph: node 'k' field 'value': expects a number, got an array"},
      {"NestedSixtyFiveLevels",
       with("\"k\": {\"kind\": \"constant\", \"value\": " + std::string(62, '[') +
                std::string(62, ']') + "}",
            "k"),
       "graph: the JSON nests deeper than 64 levels"},
      // Every number the float path computes with must fit in a float.
      {"RotationBeyondFloat",
       with(
           R"("r": {"kind": "rotate", "in": "p", "matrix": [[1, 1e39, 0], [0, 1, 0], [0, 0, 1]]})"),
       "graph: node 'r' field 'matrix[0][1]': 1e+39 is beyond float's range (\u00b13.4028235e38)"},
      {"WarpAmplitudeBeyondFloat",
       with(R"("w": {"kind": "warp", "in": "p", "by": ["n", "n", "n"], "amplitude": 1e39})"),
       "graph: node 'w' field 'amplitude': 1e+39 is beyond float's range (\u00b13.4028235e38)"},
      {"ScaleFactorBeyondFloat", with(R"("s": {"kind": "scale", "in": "p", "factor": -4e38})"),
       "graph: node 's' field 'factor': -4e+38 is beyond float's range (\u00b13.4028235e38)"},
      {"OffsetBeyondFloat", with(R"("o": {"kind": "offset", "in": "p", "by": [0, 1e300, 0]})"),
       "graph: node 'o' field 'by[1]': 1e+300 is beyond float's range (\u00b13.4028235e38)"},
      {"ConstantBeyondFloat", with(R"("k": {"kind": "constant", "value": 3.5e38})", "k"),
       "graph: node 'k' field 'value': 3.5e+38 is beyond float's range (\u00b13.4028235e38)"},
      {"InputConstantBeyondFloat", with(R"("m": {"kind": "mul", "a": "n", "b": 1e39})", "m"),
       "graph: node 'm' field 'b': 1e+39 is beyond float's range (\u00b13.4028235e38)"},
      {"ClampBoundBeyondFloat",
       with(R"("c": {"kind": "clamp", "in": "n", "lo": -1e39, "hi": 1})", "c"),
       "graph: node 'c' field 'lo': -1e+39 is beyond float's range (\u00b13.4028235e38)"},
      {"ThresholdBeyondFloat",
       with(R"("s": {"kind": "select", "a": "n", "b": 0, "control": "n", "threshold": 1e39})", "s"),
       "graph: node 's' field 'threshold': 1e+39 is beyond float's range (\u00b13.4028235e38)"},
      {"BlendBoundBeyondFloat",
       with(R"("b": {"kind": "blend", "a": "n", "b": 0, "control": "n", "lo": 0, "hi": 1e39})",
            "b"),
       "graph: node 'b' field 'hi': 1e+39 is beyond float's range (\u00b13.4028235e38)"},
      {"BlendBoundsEqualInFloat",
       with(R"("b": {"kind": "blend", "a": "n", "b": 0, "control": "n", "lo": 1,
                "hi": 1.00000000001})",
            "b"),
       "graph: node 'b' field 'hi': hi 1.00000000001 and lo 1: the float reciprocal of hi - lo "
       "is not finite"},
      {"RemapBoundBeyondFloat",
       with(R"("r": {"kind": "remap", "in": "n", "from": [-1, 1], "to": [0, 1e39]})", "r"),
       "graph: node 'r' field 'to[1]': 1e+39 is beyond float's range (\u00b13.4028235e38)"},
      {"RemapSlopeBeyondFloat",
       with(R"("r": {"kind": "remap", "in": "n", "from": [0, 0.5], "to": [0, 2e38]})", "r"),
       "graph: node 'r' field 'to': the slope from '0 to 0.5' to '0 to 2e+38' is 4e+38, beyond "
       "float's range (\u00b13.4028235e38)"},
      {"CurvePointBeyondFloat",
       with(R"("c": {"kind": "curve", "in": "n", "points": [[0, 0], [1, 1e39]]})", "c"),
       "graph: node 'c' field 'points[1][1]': 1e+39 is beyond float's range "
       "(\u00b13.4028235e38)"},
      {"CurvePointsEqualInFloat",
       with(R"("c": {"kind": "curve", "in": "n", "points": [[0, 0], [1, 1], [1.00000000001, 2]]})",
            "c"),
       "graph: node 'c' field 'points[2]': x 1.00000000001 is not above the previous point's 1 in "
       "float (x strictly increasing, in float too)"},
      {"RampStopsEqualInFloat",
       with(R"("c": {"kind": "ramp", "in": "n", "stops": [[0, 0, 0, 0], [0.5, 1, 1, 1],
                [0.50000000001, 0, 0, 0]]})",
            "c.r"),
       "graph: node 'c' field 'stops[2]': t 0.50000000001 is not above the previous stop's 0.5 "
       "in float (t strictly increasing, in float too)"},
      {"LacunarityBeyondFloat",
       with(R"("f": {"kind": "fractal", "noise": "n", "lacunarity": 1e39})", "f"),
       "graph: node 'f' field 'lacunarity': 1e+39 is beyond float's range "
       "(\u00b13.4028235e38)"},
      {"LacunarityScaleBeyondFloat",
       with(R"("f": {"kind": "fractal", "noise": "n", "lacunarity": 1e6, "octaves": 8})", "f"),
       "graph: node 'f' field 'lacunarity': the last octave's scale, 1e+06^7 = 1e+42, is "
       "beyond float's range (\u00b13.4028235e38)"},
      {"PersistenceBeyondFloat",
       with(R"("f": {"kind": "fractal", "noise": "n", "persistence": 1e39})", "f"),
       "graph: node 'f' field 'persistence': 1e+39 is beyond float's range "
       "(\u00b13.4028235e38)"},
      {"RangeBeyondFloat",
       R"({"dims": 3, "range": [0, 1e39], "nodes": {"n": {"kind": "noise"}}, "outputs": {"v": "n"}})",
       "graph: range: expects [low, high], numbers within float's range with low < high, got "
       "[0,1e+39]"},
      {"NumberOverflow", with(R"("k": {"kind": "constant", "value": 1e999})"),
       "graph: malformed JSON: number overflow parsing '1e999'"},
      {"TopLevelArray", "[1, 2]", "graph: the top level must be an object, not an array"},
      {"UnknownTopKey", R"({"dims": 3, "nodes": {}, "outputs": {}, "seed": 1})",
       "graph: unknown key 'seed' (a graph has vknoise_graph, name, description, dims, bound, "
       "range, nodes, outputs)"},
      {"MissingDims", R"({"nodes": {}, "outputs": {}})", "graph: missing key 'dims'"},
      {"DimsFive", R"({"dims": 5, "nodes": {}, "outputs": {}})",
       "graph: dims: expects an integer 1 to 4, got 5"},
      {"DimsFraction", R"({"dims": 2.0, "nodes": {}, "outputs": {}})",
       "graph: dims: expects an integer 1 to 4, got 2.0"},
      {"FormatVersion", R"({"vknoise_graph": 2, "dims": 3, "nodes": {}, "outputs": {}})",
       "graph: vknoise_graph: expects the format version 1, got 2"},
      {"NameNotString", R"({"name": 7, "dims": 3, "nodes": {}, "outputs": {}})",
       "graph: name: expects a string, got a number"},
      {"NodesArray", R"({"dims": 3, "nodes": [], "outputs": {"v": "n"}})",
       "graph: nodes: expects an object (node name -> node), got an array"},
      {"NoOutputs", make(R"("n": {"kind": "noise"})", ""),
       "graph: outputs: a graph has 1 to 4 outputs, not 0"},
      {"FiveOutputs", make(R"("n": {"kind": "noise"})", R"("a": "n", "b": "n", "c": "n",
       "d": "n", "e": "n")"),
       "graph: outputs: a graph has 1 to 4 outputs, not 5"},
      {"DuplicateNode", with(R"("n": {"kind": "constant", "value": 1})"),
       "graph: duplicate node 'n'"},
      {"DuplicateField", with(R"("m": {"kind": "mul", "a": "n", "b": 2, "a": 1})", "m"),
       "graph: node 'm': duplicate field 'a'"},
      {"DuplicateTopKey", R"({"dims": 3, "dims": 2, "nodes": {}, "outputs": {}})",
       "graph: duplicate key 'dims'"},
      {"BadNodeName", with(R"("2d": {"kind": "constant", "value": 1})"),
       "graph: node name '2d' is not a name (letters, digits and _, not starting with a digit, at "
       "most 64 characters)"},
      {"LongNodeName", with("\"" + std::string(65, 'a') + R"(": {"kind": "constant", "value": 1})"),
       "graph: node name '" + std::string(64, 'a') + "...' is not a name ..."},
      {"NodeNotObject", with(R"("k": 3)"),
       "graph: node 'k': expects an object with a kind, got a number"},
      {"MissingKind", with(R"("k": {"value": 3})"), "graph: node 'k': missing field 'kind'"},
      {"UnknownKind", with(R"("k": {"kind": "perlin"})"),
       "graph: node 'k': unknown kind 'perlin' (position, scale, offset, ..."},
      {"UnknownField", with(R"("m": {"kind": "mul", "a": "n", "b": 2, "c": 1})", "m"),
       "graph: node 'm': unknown field 'c' (a mul takes a, b)"},
      {"FieldOfPosition", with(R"("q": {"kind": "position", "dims": 2})"),
       "graph: node 'q': unknown field 'dims' (a position takes no fields)"},
      {"MissingField", with(R"("m": {"kind": "add", "a": "n"})", "m"),
       "graph: node 'm': missing field 'b'"},
      {"UndefinedNode", with(R"("m": {"kind": "add", "a": "zz", "b": 1})", "m"),
       "graph: node 'm' field 'a': no node named 'zz'"},
      {"InputBoolean", with(R"("m": {"kind": "add", "a": "n", "b": true})", "m"),
       "graph: node 'm' field 'b': expects a number or a node's name, got a boolean"},
      {"VectorForScalar", with(R"("m": {"kind": "mul", "a": "p", "b": 2})", "m"),
       "graph: node 'm' field 'a': expects a scalar, 'p' is a vector of 3"},
      {"ScalarForVector", with(R"("s": {"kind": "scale", "in": "n", "factor": 2})", "s.x"),
       "graph: node 's' field 'in': expects a vector, 'n' is a scalar"},
      {"NumberForVector", with(R"("q": {"kind": "noise", "at": 3})", "q"),
       "graph: node 'q' field 'at': expects a vector (a node's name), not a number"},
      {"ColourAsDomain",
       with(R"("r": {"kind": "ramp", "in": "n", "stops": [[0, 0, 0, 0], [1, 1, 1, 1]]},
               "q": {"kind": "noise", "at": "r"})",
            "q"),
       "graph: node 'q' field 'at': expects a domain vector, 'r' is a colour (a ramp)"},
      {"Cycle",
       with(R"("a": {"kind": "add", "a": "n", "b": "b"}, "b": {"kind": "mul", "a": "c", "b": 2},
               "c": {"kind": "neg", "in": "a"})",
            "a"),
       "graph: node 'c' field 'in': a cycle through input 'a' (c -> a -> b -> c; each reads the "
       "next)"},
      {"SelfCycle", with(R"("a": {"kind": "add", "a": "a", "b": 1})", "a"),
       "graph: node 'a' field 'a': a cycle through input 'a' (a -> a; each reads the next)"},
      {"ScaleFactorCount", with(R"("s": {"kind": "scale", "in": "p", "factor": [1, 2]})", "s.x"),
       "graph: node 's' field 'factor': 2 numbers for 'p', a vector of 3 (give one number, or one "
       "per component)"},
      {"OffsetNotNumbers", with(R"("o": {"kind": "offset", "in": "p", "by": "n"})", "o.x"),
       "graph: node 'o' field 'by': expects a number or an array of one number per component, "
       "got a string"},
      {"RotateMatrixSize",
       with(R"("r": {"kind": "rotate", "in": "p", "matrix": [[1, 0], [0, 1]]})", "r.x"),
       "graph: node 'r' field 'matrix': a 2x2 matrix for 'p', a vector of 3"},
      {"RotateRagged",
       with(R"("r": {"kind": "rotate", "in": "p", "matrix": [[1, 0, 0], [0, 1], [0, 0, 1]]})",
            "r.x"),
       "graph: node 'r' field 'matrix[1]': expects an array of 3 numbers, got 2 entries"},
      {"RotateOneComponent",
       make(R"("p": {"kind": "position"},
               "r": {"kind": "rotate", "in": "p", "matrix": [[1, 0], [0, 1]]})",
            R"("v": "r.x")", 1),
       "graph: node 'r' field 'in': rotates a vector of 2 to 4, 'p' is a vector of 1"},
      {"WarpCount", with(R"("w": {"kind": "warp", "in": "p", "by": ["n", "n"]})", "w.x"),
       "graph: node 'w' field 'by': 2 displacements for 'p', a vector of 3 (one per component)"},
      {"WarpByVector", with(R"("w": {"kind": "warp", "in": "p", "by": ["n", "p", 0]})", "w.x"),
       "graph: node 'w' field 'by[1]': expects a scalar, 'p' is a vector of 3"},
      {"CombineFive", with(R"("c": {"kind": "combine", "components": [1, 2, 3, 4, 5]})", "c.x"),
       "graph: node 'c' field 'components': expects an array of 1 to 4 scalars, got an array of "
       "5"},
      {"RampOneStop", with(R"("r": {"kind": "ramp", "in": "n", "stops": [[0, 0, 0, 0]]})", "r.r"),
       "graph: node 'r' field 'stops': expects an array of 2 to 64 points, got 1 points"},
      {"RampNotIncreasing",
       with(R"("r": {"kind": "ramp", "in": "n", "stops": [[0.5, 0, 0, 0], [0.5, 1, 1, 1]]})",
            "r.r"),
       "graph: node 'r' field 'stops[1]': t 0.5 is not above the previous stop's 0.5 (t strictly "
       "increasing)"},
      {"RampColour",
       with(R"("r": {"kind": "ramp", "in": "n", "stops": [[0, 0, 0, 0], [1, 1, 2, 1]]})", "r.r"),
       "graph: node 'r' field 'stops[1]': the colour 2 is outside [0, 1]"},
      {"ComponentBeyondWidth",
       make(R"("p": {"kind": "position"}, "c": {"kind": "component", "in": "p", "axis": "z"})",
            R"("v": "c")", 2),
       "graph: node 'c' field 'axis': 'p' is a vector of 2; it has no component 2 (z)"},
      {"ComponentUnknownAxis", with(R"("c": {"kind": "component", "in": "p", "axis": "q"})", "c"),
       "graph: node 'c' field 'axis': unknown axis 'q' (x, y, z, w, r, g, b, a or 0 to 3)"},
      {"ComponentAxisFour", with(R"("c": {"kind": "component", "in": "p", "axis": 4})", "c"),
       "graph: node 'c' field 'axis': expects an integer 0 to 3, got 4"},
      {"UnknownBasis", with(R"("q": {"kind": "noise", "basis": "gabor"})", "q"),
       "graph: node 'q' field 'basis': unknown basis 'gabor' (improved, improved4-balanced, "
       "classic, value, simplex, cellular or flow)"},
      {"AngleOfImprovedNoise", with(R"("q": {"kind": "noise", "angle": 1})", "q"),
       "graph: node 'q' field 'angle': only flow noise has an angle (the basis is improved)"},
      {"FlowAngleBeyondFloat",
       with(R"("q": {"kind": "noise", "basis": "flow", "angle": 1e39})", "q"),
       "graph: node 'q' field 'angle': 1e+39 is beyond float's range (\u00b13.4028235e38)"},
      {"FlowIn4D",
       make(R"("p": {"kind": "position"}, "q": {"kind": "noise", "basis": "flow"})", R"("v": "q")",
            4),
       "graph: node 'q': flow noise has dims 2 to 3, not 4"},
      {"FlowOddYPeriodIn2D",
       make(
           R"("p": {"kind": "position"}, "q": {"kind": "noise", "basis": "flow", "period": [3, 3]})",
           R"("v": "q")", 2),
       "graph: node 'q': 2D flow noise tiles on even y periods only (its lattice's rows alternate "
       "a half-cell shift), not 3"},
      {"AdvectionOfImprovedNoise",
       with(R"("q": {"kind": "noise", "at": "p"},
               "f": {"kind": "fractal", "noise": "q", "advection": 0.5})",
            "f"),
       "graph: node 'f': a flow angle and advection apply to flow noise only"},
      {"AdvectionOfRidgedFlow",
       with(R"("q": {"kind": "noise", "basis": "flow", "at": "p"},
               "f": {"kind": "fractal", "noise": "q", "type": "ridged", "advection": 0.5})",
            "f"),
       "graph: node 'f': flow advection is a kind of fbm: it needs fractal fbm"},
      {"NegativeAdvection",
       with(R"("q": {"kind": "noise", "basis": "flow", "at": "p"},
               "f": {"kind": "fractal", "noise": "q", "advection": -1})",
            "f"),
       "graph: node 'f' field 'advection': expects a number >= 0 that float can hold, got -1"},
      {"CellularUnknownDistance",
       with(R"("q": {"kind": "noise", "basis": "cellular", "distance": "taxicab"})", "q"),
       "graph: node 'q' field 'distance': unknown distance 'taxicab' (euclidean, euclidean2, "
       "manhattan or chebyshev)"},
      {"CellularUnknownReturn",
       with(R"("q": {"kind": "noise", "basis": "cellular", "return": "f3"})", "q"),
       "graph: node 'q' field 'return': unknown return 'f3' (f1, f2, f2-f1, f1*f2, f1/f2 or "
       "cell)"},
      {"CellularJitterAboveOne",
       with(R"("q": {"kind": "noise", "basis": "cellular", "jitter": 1.5})", "q"),
       "graph: node 'q' field 'jitter': jitter is 1.5; it must be from 0 to 1"},
      {"JitterOfImprovedNoise", with(R"("q": {"kind": "noise", "jitter": 0.5})", "q"),
       "graph: node 'q' field 'jitter': only cellular noise has a jitter (the basis is "
       "improved)"},
      {"CellularIn1D",
       make(R"("p": {"kind": "position"}, "q": {"kind": "noise", "basis": "cellular"})",
            R"("v": "q")", 1),
       "graph: node 'q': cellular noise has dims 2 to 4, not 1"},
      {"CellularPeriodGrowsPast256",
       with(R"("q": {"kind": "noise", "basis": "cellular", "at": "p", "period": 64},
               "f": {"kind": "fractal", "noise": "q", "octaves": 4})",
            "f"),
       "graph: node 'f': cellular noise's x period 64 grows past 256 by its last octave (period * "
       "lacunarity^(octaves-1) must stay within 256)"},
      {"SimplexWithAPeriod",
       with(R"("q": {"kind": "noise", "basis": "simplex", "at": "p", "period": 8})", "q"),
       "graph: node 'q': simplex noise has no period: its skewed lattice does not tile on an "
       "integer grid (leave the periods at 0)"},
      {"BalancedIn3D", with(R"("q": {"kind": "noise", "basis": "improved4_balanced"})", "q"),
       "graph: node 'q' field 'at': improved4-balanced noise samples 4 dims, 'p' is a vector of 3"},
      {"SeedAndTable", with(R"("q": {"kind": "noise", "seed": 1, "table": "perlin"})", "q"),
       "graph: node 'q' field 'table': a noise takes a seed or a table, not both"},
      {"NegativeSeed", with(R"("q": {"kind": "noise", "seed": -1})", "q"),
       "graph: node 'q' field 'seed': expects an integer 0 to 18446744073709551615, got -1"},
      {"FractionalSeed", with(R"("q": {"kind": "noise", "seed": 1.5})", "q"),
       "graph: node 'q' field 'seed': expects an integer 0 to 18446744073709551615, got 1.5"},
      {"UnknownTable", with(R"("q": {"kind": "noise", "table": "seed"})", "q"),
       "graph: node 'q' field 'table': unknown table 'seed' (field or perlin; or give a seed "
       "instead)"},
      {"ClassicSeedOnImproved", with(R"("q": {"kind": "noise", "classic_seed": 1})", "q"),
       "graph: node 'q' field 'classic_seed': only classic noise has a classic_seed (the basis is "
       "improved)"},
      {"InterpolationOnClassic",
       with(R"("q": {"kind": "noise", "basis": "classic", "interpolation": "cubic"})", "q"),
       "graph: node 'q' field 'interpolation': only value noise has an interpolation (the basis "
       "is classic)"},
      {"SmoothNotBoolean", with(R"("q": {"kind": "noise", "basis": "value", "smooth": 1})", "q"),
       "graph: node 'q' field 'smooth': expects true or false, got a number"},
      {"PeriodTooLarge", with(R"("q": {"kind": "noise", "period": 257})", "q"),
       "graph: node 'q' field 'period': expects an integer 0 to 256, got 257"},
      {"PeriodCount", with(R"("q": {"kind": "noise", "period": [4, 4]})", "q"),
       "graph: node 'q' field 'period': 2 periods for 'p', a vector of 3 (give one, or one per "
       "axis)"},
      {"PeriodOffLattice",
       with(R"("r": {"kind": "rotate", "in": "p", "matrix": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]},
               "q": {"kind": "noise", "at": "r", "period": 8})",
            "q"),
       "graph: node 'q' field 'period': a period needs a lattice domain (position through scale, "
       "offset and warp); 'r' is not one"},
      {"SmoothCubicPeriod",
       with(R"("q": {"kind": "noise", "basis": "value", "interpolation": "cubic",
                      "smooth": true, "period": 16})",
            "q"),
       "graph: node 'q' field 'period': smoothed cubic value noise needs periods of 0 or 256 (it "
       "reads two cells beyond its neighbours)"},
      {"FractalOfNumber", with(R"("f": {"kind": "fractal", "noise": 3})", "f"),
       "graph: node 'f' field 'noise': expects the name of a noise node, not a number"},
      {"FractalOfFractal",
       with(R"("f": {"kind": "fractal", "noise": "n"}, "g": {"kind": "fractal", "noise": "f"})",
            "g"),
       "graph: node 'g' field 'noise': expects a noise node, 'f' is a fractal node"},
      {"OctavesSeventeen", with(R"("f": {"kind": "fractal", "noise": "n", "octaves": 17})", "f"),
       "graph: node 'f' field 'octaves': expects an integer 1 to 16, got 17"},
      {"PersistenceZero", with(R"("f": {"kind": "fractal", "noise": "n", "persistence": 0})", "f"),
       "graph: node 'f' field 'persistence': expects a number > 0, got 0"},
      {"PersistenceOverflow",
       with(R"("f": {"kind": "fractal", "noise": "n", "persistence": 1e30, "octaves": 3})", "f"),
       "graph: node 'f': persistence 1e+30 over 3 octaves overflows float: ..."},
      {"FractionalLacunarityWithPeriod",
       with(R"("q": {"kind": "noise", "period": 16},
               "f": {"kind": "fractal", "noise": "q", "lacunarity": 2.5})",
            "f"),
       "graph: node 'f' field 'lacunarity': the noise 'q' has a period, so the lacunarity must "
       "be an integer up to 256 (each octave's period an integer), not 2.5"},
      {"UnknownFractalType", with(R"("f": {"kind": "fractal", "noise": "n", "type": "none"})", "f"),
       "graph: node 'f' field 'type': unknown type 'none' (fbm, turbulence, ridged or billow)"},
      {"DivisionByZero", with(R"("d": {"kind": "div", "a": "n", "b": 0})", "d"),
       "graph: node 'd' field 'b': division by the constant 0"},
      {"DivisionByTiny", with(R"("d": {"kind": "div", "a": "n", "b": 1e-50})", "d"),
       "graph: node 'd' field 'b': division by 1e-50: its float reciprocal is not finite ..."},
      {"ClampReversed", with(R"("c": {"kind": "clamp", "in": "n", "lo": 1, "hi": -1})", "c"),
       "graph: node 'c' field 'hi': hi -1 is below lo 1"},
      {"BlendEmpty",
       with(R"("b": {"kind": "blend", "a": 0, "b": 1, "control": "n", "lo": 0.5, "hi": 0.5})", "b"),
       "graph: node 'b' field 'hi': hi 0.5 is not above lo 0.5"},
      {"SmoothstepReversed",
       with(R"("s": {"kind": "smoothstep", "in": "n", "lo": 1, "hi": 0})", "s"),
       "graph: node 's' field 'hi': hi 0 is not above lo 1"},
      {"SmoothstepLoOnlyAboveDefaultHi",
       with(R"("s": {"kind": "smoothstep", "in": "n", "lo": 2})", "s"),
       "graph: node 's' field 'hi': hi 1 is not above lo 2"},
      {"PingpongVectorInput", with(R"("q": {"kind": "pingpong", "in": "p"})", "q"),
       "graph: node 'q' field 'in': expects a scalar, 'p' is a vector of 3"},
      {"PingpongStrengthNotANumber",
       with(R"("q": {"kind": "pingpong", "in": "n", "strength": true})", "q"),
       "graph: node 'q' field 'strength': expects a number or a node's name, got a boolean"},
      {"RemapEmpty",
       with(R"("r": {"kind": "remap", "in": "n", "from": [1, 1], "to": [0, 1]})", "r"),
       "graph: node 'r' field 'from': an empty range (1 to 1)"},
      {"RemapThreeNumbers",
       with(R"("r": {"kind": "remap", "in": "n", "from": [0, 1, 2], "to": [0, 1]})", "r"),
       "graph: node 'r' field 'from': expects an array of 2 numbers, got 3 entries"},
      {"TerraceZero", with(R"("t": {"kind": "terrace", "in": "n", "steps": 0})", "t"),
       "graph: node 't' field 'steps': expects a number > 0 whose float reciprocal is finite, got "
       "0"},
      {"SmoothMinZero",
       with(R"("s": {"kind": "smooth_min", "a": "n", "b": 0, "smoothness": 0})", "s"),
       "graph: node 's' field 'smoothness': expects a number > 0 whose float reciprocal is "
       "finite, got 0"},
      {"SmoothMaxReciprocalBeyondFloat",
       with(R"("s": {"kind": "smooth_max", "a": "n", "b": 0, "smoothness": 1e-45})", "s"),
       "graph: node 's' field 'smoothness': expects a number > 0 whose float reciprocal is "
       "finite, got 1e-45"},
      {"CurveNotIncreasing",
       with(R"("c": {"kind": "curve", "in": "n", "points": [[0, 0], [1, 1], [1, 2]]})", "c"),
       "graph: node 'c' field 'points[2]': x 1 is not above the previous point's 1 (x strictly "
       "increasing)"},
      {"CurvePointArity",
       with(R"("c": {"kind": "curve", "in": "n", "points": [[0, 0], [1, 1, 1]]})", "c"),
       "graph: node 'c' field 'points[1]': expects an array of 2 numbers, got 3 entries"},
      {"CurveTooManyPoints",
       [] {
         std::string points;
         for (int i = 0; i < 65; ++i) {
           points += (i ? ", [" : "[") + std::to_string(i) + ", 0]";
         }
         return with(R"("c": {"kind": "curve", "in": "n", "points": [)" + points + "]}", "c");
       }(),
       "graph: node 'c' field 'points': expects an array of 2 to 64 points, got 65 points"},
      {"ConstantString", with(R"("k": {"kind": "constant", "value": "1"})", "k"),
       "graph: node 'k' field 'value': expects a number, got a string"},
      {"OutputUndefined", with("", "zz"), "graph: output 'v': no node named 'zz'"},
      {"OutputVectorWhole", with("", "p"),
       "graph: output 'v': 'p' is a vector of 3; name one component, as 'p.x'"},
      {"OutputScalarComponent", with("", "n.x"),
       "graph: output 'v': 'n' is a scalar; it has no component 'x'"},
      {"OutputComponentBeyondWidth", make(R"("p": {"kind": "position"})", R"("v": "p.b")", 2),
       "graph: output 'v': 'p' is a vector of 2; it has no component 'b'"},
      {"OutputUnknownComponent", with("", "p.q"),
       "graph: output 'v': unknown component 'q' (x, y, z, w or r, g, b, a)"},
      {"OutputNotString", make(R"("n": {"kind": "noise"})", R"("v": 1)"),
       "graph: output 'v': expects a node's name (\"node\" or \"node.x\"), got a number"},
      {"OutputBadName", make(R"("n": {"kind": "noise"})", R"("a b": "n")"),
       "graph: output name 'a b' is not a name ..."},
      {"BoundOnExactGraph",
       R"({"dims": 3, "bound": 0.001, "nodes": {"n": {"kind": "noise"}}, "outputs": {"v": "n"}})",
       "graph: bound: the graph is exact (no bounded op)"},
      {"BoundNegative",
       R"({"dims": 3, "bound": -1, "nodes": {"n": {"kind": "noise"}}, "outputs": {"v": "n"}})",
       "graph: bound: expects a finite number > 0, got -1"},
      {"PositionNameTaken",
       make(R"("position": {"kind": "constant", "value": 1}, "q": {"kind": "noise"})",
            R"("v": "q")"),
       "graph: node 'q': without 'at' a noise samples the position, but the name 'position' is a "
       "constant node (give 'at', or add a position node)"},
      {"ControlCharacterInAName",
       with("\"m\": {\"kind\": \"mul\", \"a\": \"n\", \"b\": 2, "
            "\"x\\ny\": 1}",
            "m"),
       "graph: node 'm': unknown field 'x\\x0ay' (a mul takes a, b)"},
  };
}

class GraphParseBad : public testing::TestWithParam<bad_graph> {};

TEST_P(GraphParseBad, IsRefusedWithOneLineNamingTheNodeAndField) {
  const bad_graph& b = GetParam();
  const std::string message = error_of(b.json);
  const std::size_t ellipsis = b.message.rfind("...");
  if (ellipsis != std::string::npos && ellipsis + 3 == b.message.size()) {
    // A beginning, with "..." inside it matched as text before the last one.
    const std::string prefix = b.message.substr(0, ellipsis);
    EXPECT_EQ(message.substr(0, prefix.size()), prefix) << message;
  } else {
    EXPECT_EQ(message, b.message);
  }
}

INSTANTIATE_TEST_SUITE_P(GraphParse, GraphParseBad, testing::ValuesIn(bad_graphs()),
                         [](const testing::TestParamInfo<bad_graph>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
