// Graphs on the fast CPU path: fill_fast of a graph field and eval_fast of a graph against the
// float mirror, bit for bit (memcmp, so -0 and +0 differ), on every SIMD target Highway compiled
// that this CPU runs, with several thread counts: every node kind, every domain form, the shipped
// graphs, sizes that end inside a block or a vector, regions, far origins, graphs the kernels
// do not cover (which run the mirror), and the row nodes a field computes with the built-in
// fields' row kernels (graph_rows) alone or among nodes the block kernels sample.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cpu/cellular_candidates.hpp"
#include "cpu/graph_plan.hpp"
#include "graph_cases.hpp"
#include "simd_targets.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/field.hpp"
#include "vknoise/graph.hpp"

namespace {

using simd_targets::target_override;
using simd_targets::targets;
using vknoise::cpu_options;
using vknoise::field_spec;
using vknoise::graph;
using vknoise::permutation_table;

std::shared_ptr<const graph> parse(const std::string& json) {
  auto g = graph::parse(json);
  EXPECT_TRUE(g.ok()) << g.message() << "\n" << json;
  return std::make_shared<const graph>(std::move(g).value());
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t bit_differences(const std::vector<float>& a, const std::vector<float>& b,
                            const std::string& what) {
  EXPECT_EQ(a.size(), b.size()) << what;
  std::size_t differ = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0 && differ++ == 0) {
      ADD_FAILURE() << what << ": value " << i << " is " << a[i] << ", the mirror's " << b[i];
    }
  }
  return differ;
}

field_spec graph_field(const std::shared_ptr<const graph>& g, std::uint32_t nx,
                       double origin = -3.4) {
  field_spec f;
  f.dims = g->dims();
  for (int a = 0; a < 4; ++a) f.size[a] = a < f.dims ? (a == 0 ? nx : 5 - a) : 1;
  for (int a = 0; a < f.dims; ++a) {
    f.origin[a] = origin + 0.71 * a;
    f.step[a] = 0.173 + 0.01 * a;
  }
  f.noise_graph = g;
  return f;
}

void expect_field_identical(const field_spec& f, const permutation_table& table,
                            const std::string& what, std::vector<unsigned> threads = {1, 3}) {
  std::vector<float> expected(vknoise::value_count(f));
  ASSERT_TRUE(vknoise::fill_mirror(f, table, expected).ok()) << what;
  for (std::int64_t target : targets()) {
    target_override only(target);
    for (unsigned n : threads) {
      std::vector<float> out(expected.size(), 12345.0f);
      ASSERT_TRUE(vknoise::fill_fast(f, table, out, cpu_options{n}).ok()) << what;
      EXPECT_EQ(bit_differences(out, expected,
                                what + " on " + hwy::TargetName(target) + " with " +
                                    std::to_string(n) + " threads"),
                0u);
    }
  }
}

// Points scattered over [-20, 20) and one far away, dims coordinates each.
std::vector<double> scattered(int dims, std::size_t count) {
  std::vector<double> points(count * dims);
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  for (double& x : points) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    x = static_cast<double>(state >> 11) / 9007199254740992.0 * 40.0 - 20.0;
  }
  if (count > 3) points[3 * dims] = 1.0e5 + 0.37;
  return points;
}

void expect_points_identical(const graph& g, std::size_t count, const std::string& what) {
  const std::vector<double> points = scattered(g.dims(), count);
  const permutation_table table = permutation_table::from_seed(7);
  std::vector<float> expected(count * g.channels());
  ASSERT_TRUE(vknoise::eval_mirror(g, points, table, expected).ok()) << what;
  for (std::int64_t target : targets()) {
    target_override only(target);
    for (unsigned n : {1u, 2u, 5u}) {
      std::vector<float> out(expected.size(), 12345.0f);
      ASSERT_TRUE(vknoise::eval_fast(g, points, table, out, cpu_options{n}).ok()) << what;
      EXPECT_EQ(bit_differences(out, expected, what + " on " + hwy::TargetName(target)), 0u);
    }
  }
}

TEST(CpuFillGraph, EveryNodeKindMatchesTheMirror) {
  const permutation_table table = permutation_table::from_seed(5);
  int index = 0;
  for (const char* json : graph_cases::node_graphs) {
    const auto g = parse(json);
    // The fifth samples classic and value noise: the mirror's.
    EXPECT_EQ(vknoise::cpu::graph_kernels_cover(g->ir()), index != 4) << json;
    expect_field_identical(graph_field(g, 71), table, "node graph " + std::to_string(index++));
  }
  index = 0;
  for (const char* json : graph_cases::simd_graphs) {
    const auto g = parse(json);
    EXPECT_TRUE(vknoise::cpu::graph_kernels_cover(g->ir())) << json;
    expect_field_identical(graph_field(g, 71), table, "SIMD graph " + std::to_string(index++));
  }
  index = 0;
  for (const char* json : graph_cases::basis_graphs) {
    const auto g = parse(json);
    EXPECT_TRUE(vknoise::cpu::graph_kernels_cover(g->ir())) << json;
    expect_field_identical(graph_field(g, 71), table, "basis graph " + std::to_string(index++));
  }
}

TEST(CpuFillGraph, TheShippedGraphsMatchTheMirror) {
  for (const char* name : {"marble", "wood", "clouds", "fire", "terrain", "terraced_terrain",
                           "lava", "cloud_layers", "perlin_worley", "voronoi", "cracks", "flow"}) {
    const auto g = parse(read_text(std::string(VKNOISE_SOURCE_DIR) + "/graphs/" + name + ".json"));
    expect_field_identical(graph_field(g, 67, 0.37), permutation_table::perlin(), name, {2});
  }
}

TEST(CpuFillGraph, RowsEndingInsideABlockOrAVectorMatchTheMirror) {
  const auto g = parse(graph_cases::node_graphs[3]);
  for (std::uint32_t nx : {1u, 3u, 16u, 63u, 64u, 65u, 130u}) {
    expect_field_identical(graph_field(g, nx), permutation_table::perlin(),
                           std::to_string(nx) + " samples per row");
  }
}

TEST(CpuFillGraph, RegionsAndFarOriginsMatchTheMirror) {
  const auto g = parse(graph_cases::simd_graphs[0]);
  field_spec region = graph_field(g, 40, 0.5);
  region.region = {1000, 7, 3, 0};
  expect_field_identical(region, permutation_table::perlin(), "a region");
  expect_field_identical(graph_field(g, 40, 1.0e6 + 0.37), permutation_table::perlin(),
                         "far from the origin");
}

TEST(CpuFillGraph, GraphsTheKernelsDoNotCoverMatchTheMirror) {
  // classic and value noise; sin (bounded); derivatives.
  const auto uncovered = parse(graph_cases::node_graphs[4]);
  expect_field_identical(graph_field(uncovered, 33), permutation_table::perlin(), "classic");
  const auto bounded = parse(R"({"dims": 2, "nodes": {"n": {"kind": "noise"},
      "s": {"kind": "sin", "in": "n"}}, "outputs": {"s": "s"}})");
  expect_field_identical(graph_field(bounded, 33), permutation_table::perlin(), "sin");
  auto with_gradient =
      parse(graph_cases::node_graphs[3])->with_outputs(vknoise::graph_outputs::gradient);
  ASSERT_TRUE(with_gradient.ok()) << with_gradient.message();
  const auto gradient = std::make_shared<const graph>(std::move(with_gradient).value());
  expect_field_identical(graph_field(gradient, 33), permutation_table::perlin(), "gradient");
  for (const auto& g : {uncovered, bounded, gradient}) {
    EXPECT_FALSE(vknoise::cpu::graph_kernels_cover(g->ir()));
  }
}

// A graph of one noise (and a fractal of it when `fractal` is given) at the position through a
// scale and an offset: the field's values are one row node's.
std::string chained_graph(int dims, const std::string& noise, const std::string& fractal) {
  const std::string factors[4] = {"1.25", "0.75", "2", "0.5"};
  const std::string offsets[4] = {"17.25", "-3.5", "0.125", "9"};
  std::string factor, by;
  for (int a = 0; a < dims; ++a) {
    factor += (a ? ", " : "") + factors[a];
    by += (a ? ", " : "") + offsets[a];
  }
  std::string json = R"({"dims": )" + std::to_string(dims) +
                     R"(, "nodes": {"p": {"kind": "position"},
      "s": {"kind": "scale", "in": "p", "factor": [)" +
                     factor + R"(]}, "o": {"kind": "offset", "in": "s", "by": [)" + by +
                     R"(]}, "n": {"kind": "noise", "at": "o")" +
                     (noise.empty() ? "" : ", " + noise) + "}";
  if (fractal.empty()) return json + R"(}, "outputs": {"v": "n"}})";
  return json + R"(, "f": {"kind": "fractal", "noise": "n", )" + fractal +
         R"(}}, "outputs": {"v": "f"}})";
}

// How many row nodes a field of g has, and whether its values are one row node's.
void expect_rows(const graph& g, const field_spec& f, std::size_t nodes, bool direct,
                 const std::string& what) {
  const vknoise::cpu::graph_plan plan =
      vknoise::cpu::make_graph_plan(g.ir(), permutation_table::perlin());
  const vknoise::cpu::graph_rows rows = vknoise::cpu::make_graph_rows(plan, f);
  EXPECT_EQ(rows.nodes.size(), nodes) << what;
  EXPECT_EQ(rows.direct >= 0, direct) << what;
}

TEST(CpuFillGraph, RowNodesOfEveryFractalAndDimsMatchTheMirror) {
  const permutation_table table = permutation_table::from_seed(9);
  for (int dims = 1; dims <= 4; ++dims) {
    for (const char* type : {"fbm", "turbulence", "ridged", "billow"}) {
      const std::string fractal = std::string(R"("type": ")") + type +
                                  R"(", "octaves": 5, "persistence": 0.6, "lacunarity": 1.9)";
      for (const std::string& noise : {std::string(), std::string(R"("seed": 3)")}) {
        const auto g = parse(chained_graph(dims, noise, fractal));
        const std::string what = std::to_string(dims) + "D " + type + " " + noise;
        const field_spec f = graph_field(g, 71);
        expect_rows(*g, f, 1, true, what);
        expect_field_identical(f, table, what);
      }
    }
    const auto single = parse(chained_graph(dims, R"("table": "perlin")", ""));
    expect_rows(*single, graph_field(single, 71), 1, true, "one noise");
    expect_field_identical(graph_field(single, 71), table, std::to_string(dims) + "D noise");
  }
}

TEST(CpuFillGraph, RowNodesWithPeriodsOffsetsAndBalancedNoiseMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  const std::pair<int, std::string> cases[] = {
      {3, R"("period": [8, 4, 16])"},
      {2, R"("period": 2)"},
      {4, R"("period": [4, 8, 0, 2], "basis": "improved4_balanced")"},
      {4, R"("basis": "improved4_balanced", "seed": 12)"},
      {1, R"("period": 16)"},
  };
  for (const auto& [dims, noise] : cases) {
    for (const std::string fractal :
         {R"("type": "ridged", "octaves": 4, "lacunarity": 3, "octave_offsets": true)",
          R"("type": "fbm", "octaves": 6)", R"("type": "billow", "octaves": 3,
          "octave_offsets": true)",
          ""}) {
      const auto g = parse(chained_graph(dims, noise, fractal));
      const std::string what = std::to_string(dims) + "D " + noise + " " + fractal;
      expect_rows(*g, graph_field(g, 45), 1, true, what);
      expect_field_identical(graph_field(g, 45), table, what);
    }
  }
}

// Row nodes among nodes the block kernels sample: a fractal and two noises over lattice domains
// no warp displaces, read by a warp, arithmetic and the outputs, beside a noise at the warped
// domain and one at a rotated (float) domain.
const char* const mixed_rows = R"({"dims": 3, "nodes": {"p": {"kind": "position"},
    "s": {"kind": "scale", "in": "p", "factor": [1.5, 0.75, 2]},
    "n": {"kind": "noise", "at": "s", "table": "perlin"},
    "f": {"kind": "fractal", "noise": "n", "type": "ridged", "octaves": 4, "octave_offsets": true},
    "m": {"kind": "noise", "at": "p", "seed": 5},
    "w": {"kind": "warp", "in": "s", "by": ["m", "f", 0.25], "amplitude": 0.7},
    "wn": {"kind": "noise", "at": "w"},
    "r": {"kind": "rotate", "in": "p", "matrix": [[0.8, -0.6, 0], [0.6, 0.8, 0], [0, 0, 1]]},
    "rn": {"kind": "fractal", "noise": "rv", "octaves": 2},
    "rv": {"kind": "noise", "at": "r"},
    "a": {"kind": "add", "a": "f", "b": "wn"}, "b": {"kind": "mul", "a": "a", "b": "rn"},
    "c": {"kind": "add", "a": "b", "b": "n"}},
   "outputs": {"c": "c", "n": "n", "f": "f"}})";

TEST(CpuFillGraph, RowNodesAmongSampledNodesMatchTheMirror) {
  const auto g = parse(mixed_rows);
  for (std::uint32_t nx : {1u, 3u, 17u, 63u, 64u, 65u, 130u}) {
    const field_spec f = graph_field(g, nx);
    expect_rows(*g, f, 3, false, "mixed");
    expect_field_identical(f, permutation_table::from_seed(2),
                           "mixed rows, " + std::to_string(nx) + " samples per row");
  }
  // One channel of a row node: the other nodes are not evaluated.
  const auto one = parse(R"({"dims": 2, "nodes": {"p": {"kind": "position"},
      "n": {"kind": "noise", "at": "p"}, "f": {"kind": "fractal", "noise": "n", "octaves": 3},
      "r": {"kind": "rotate", "in": "p", "matrix": [[0, 1], [1, 0]]},
      "rn": {"kind": "noise", "at": "r"}, "x": {"kind": "mul", "a": "rn", "b": "n"}},
      "outputs": {"f": "f"}})");
  expect_rows(*one, graph_field(one, 33), 1, true, "one channel");
  expect_field_identical(graph_field(one, 33), permutation_table::perlin(), "one channel");
  for (std::uint32_t nx : {1u, 17u, 65u}) {
    expect_field_identical(graph_field(one, nx), permutation_table::perlin(),
                           "one channel, " + std::to_string(nx) + " samples per row");
  }
  field_spec region = graph_field(g, 40, 0.5);
  region.region = {1000, 7, 3, 0};
  expect_field_identical(region, permutation_table::perlin(), "mixed rows in a region");
  expect_field_identical(graph_field(g, 40, 1.0e6 + 0.37), permutation_table::perlin(),
                         "mixed rows far from the origin");
  expect_points_identical(*g, 3 * 4096 + 13, "mixed rows at points");
}

TEST(CpuFillGraph, AGraphEqualToABuiltInFieldFillsItsValues) {
  const auto g =
      parse(read_text(std::string(VKNOISE_SOURCE_DIR) + "/bench/graphs/fbm6_noise3.json"));
  field_spec builtin;
  builtin.size = {100, 7, 5, 1};
  builtin.origin = {0.0, 0.0, 0.5, 0.25};
  builtin.noise.fractal = vknoise::fractal_kind::fbm;
  builtin.noise.octaves = 6;
  field_spec graph_of = builtin;
  graph_of.noise_graph = g;
  expect_rows(*g, graph_of, 1, true, "fbm6");
  const permutation_table table = permutation_table::perlin();
  std::vector<float> expected(vknoise::sample_count(builtin));
  ASSERT_TRUE(vknoise::fill_fast(builtin, table, expected).ok());
  expect_field_identical(graph_of, table, "fbm6 graph");
  std::vector<float> out(expected.size());
  ASSERT_TRUE(vknoise::fill_fast(graph_of, table, out).ok());
  EXPECT_EQ(bit_differences(out, expected, "fbm6 graph against the built-in field"), 0u);
}

// The cellular search reads a row's table by lane permutes where a vector's cells lie within 16
// of each other, else by gathers; rows within one cell, rows of a cell per sample (the periodic
// ones wrapping inside a vector), and negative origins.
TEST(CpuFillGraph, BasisGraphsAtFineAndCoarseStepsMatchTheMirror) {
  const permutation_table table = permutation_table::from_seed(9);
  int index = 0;
  for (const char* json : graph_cases::basis_graphs) {
    const auto g = parse(json);
    for (const double step : {0.004, 1.7, 23.5}) {
      field_spec f = graph_field(g, 97, -41.3);
      for (int a = 0; a < f.dims; ++a) f.step[a] = step * (1.0 + 0.1 * a);
      expect_field_identical(
          f, table, "basis graph " + std::to_string(index) + " at step " + std::to_string(step),
          {2});
    }
    ++index;
  }
}

// A cellular noise graph over the position: dims, metric, return, jitter and the period on
// every axis (0: none).
std::string cellular_graph(int dims, const char* distance, const char* returns, const char* jitter,
                           int period) {
  std::string periods;
  if (period != 0) {
    periods = ", \"period\": [";
    for (int a = 0; a < dims; ++a) periods += (a ? ", " : "") + std::to_string(period);
    periods += "]";
  }
  return "{\"dims\": " + std::to_string(dims) +
         ", \"nodes\": {\"p\": {\"kind\": \"position\"}, \"c\": {\"kind\": \"noise\", "
         "\"at\": \"p\", \"basis\": \"cellular\", \"distance\": \"" +
         distance + "\", \"return\": \"" + returns + "\", \"jitter\": " + jitter + periods +
         "}}, \"outputs\": {\"c\": \"c\"}}";
}

// A cellular graph's field over rows sampled at every density the search tells apart
// (cellular_noise-inl.h, samples a cell along the row): a vector within one cell (step 0.011,
// 90 a cell: lists of 4 bands, every point of the cell's), straddling two (0.05, 20 a cell: lists
// of 2 bands, screened), straddling two or three (0.09, 11 a cell: lists of whole cells), a cell
// every few samples (0.3: the rows' tables) and a cell a sample (1.3: each lane alone), from a
// negative origin.
void expect_cellular_rows_identical(const permutation_table& table, int dims, const char* distance,
                                    const char* returns, const char* jitter, int period,
                                    std::vector<unsigned> threads = {1, 3},
                                    std::vector<double> steps = {0.011, 0.05, 0.09, 0.3, 1.3}) {
  const auto g = parse(cellular_graph(dims, distance, returns, jitter, period));
  for (const double step : steps) {
    field_spec f = graph_field(g, 131, -7.3);
    for (int a = 0; a < dims; ++a) f.step[a] = step * (1.0 + 0.3 * a);
    expect_field_identical(f, table,
                           std::to_string(dims) + "D " + distance + " " + returns + ", jitter " +
                               jitter + ", period " + std::to_string(period) + ", step " +
                               std::to_string(step),
                           threads);
  }
}

// Euclidean F1, the benchmarks' cellular noise: every dims, both euclidean metrics, a full and a
// narrow jitter, periods from 1 (every cell the same) up.
TEST(CpuFillGraph, CellularF1OfEveryDimsAndPeriodMatchesTheMirror) {
  const permutation_table table = permutation_table::from_seed(5);
  for (int dims = 2; dims <= 4; ++dims) {
    for (const char* distance : {"euclidean", "euclidean2"}) {
      for (const char* jitter : {"1", "0.35"}) {
        for (int period : {0, 1, 2, 3, 7}) {
          // Several threads once a configuration (each thread its own caches).
          expect_cellular_rows_identical(
              table, dims, distance, "f1", jitter, period,
              period == 0 ? std::vector<unsigned>{1, 3} : std::vector<unsigned>{1});
        }
      }
    }
  }
}

// Every metric and return over rows. Jitter 0 puts every point at its cell's centre, where rows
// on the grid meet many points at equal distances: the nearest cell is then the first the
// mirror's order visits (cell), and F2 may equal F1 (f2-f1).
TEST(CpuFillGraph, CellularReturnsOfEveryMetricMatchTheMirror) {
  const permutation_table table = permutation_table::from_seed(8);
  for (int dims = 2; dims <= 4; ++dims) {
    for (const char* distance : {"euclidean", "euclidean2", "manhattan", "chebyshev"}) {
      for (const char* returns : {"f1", "f2", "f2-f1", "f1*f2", "f1/f2", "cell"}) {
        const int period = dims == 3 ? 3 : 0;
        // The densities of each route (the two-band lists are the F1 test's).
        const std::vector<double> steps = {0.011, 0.09, 0.3, 1.3};
        expect_cellular_rows_identical(table, dims, distance, returns, "0.6", period, {1}, steps);
        if (std::string(returns) == "cell" || std::string(returns) == "f2-f1") {
          expect_cellular_rows_identical(table, dims, distance, returns, "0", period, {1}, steps);
        }
      }
    }
  }
}

// The threads' list caches starting over at every new row key (their limit at 1 byte): lists
// rebuilt while a fractal's octaves and a row's vectors keep asking for them.
TEST(CpuFillGraph, CellularListsStartingOverMatchTheMirror) {
  std::atomic<std::size_t>& limit = vknoise::cpu::cellular_cache_limit();
  const std::size_t kept = limit.exchange(1);
  const permutation_table table = permutation_table::from_seed(3);
  for (int dims = 2; dims <= 4; ++dims) {
    expect_cellular_rows_identical(table, dims, "euclidean", "f2-f1", "1", 0);
  }
  const auto fractal = parse(R"({"dims": 3, "nodes": {"p": {"kind": "position"},
      "c": {"kind": "noise", "at": "p", "basis": "cellular", "return": "f1", "period": [4, 4, 4]},
      "f": {"kind": "fractal", "noise": "c", "octaves": 3}}, "outputs": {"f": "f"}})");
  field_spec f = graph_field(fractal, 97, 0.0);
  for (int a = 0; a < 3; ++a) f.step[a] = 0.02;
  expect_field_identical(f, table, "cellular fBm, caches starting over");
  limit.store(kept);
}

TEST(CpuEvalGraph, PointsMatchTheMirror) {
  int index = 0;
  for (const char* json : graph_cases::basis_graphs) {
    const auto g = parse(json);
    for (std::size_t count : {1, 129, 4096 + 13}) {
      expect_points_identical(
          *g, count,
          "basis graph " + std::to_string(index) + ", " + std::to_string(count) + " points");
    }
    ++index;
  }
  index = 0;
  for (const char* json : graph_cases::simd_graphs) {
    const auto g = parse(json);
    // Counts that end inside a vector or a block, and enough for several threads.
    for (std::size_t count : {0, 1, 17, 64, 129, 3 * 4096 + 13}) {
      expect_points_identical(
          *g, count,
          "SIMD graph " + std::to_string(index) + ", " + std::to_string(count) + " points");
    }
    ++index;
  }
  expect_points_identical(*parse(graph_cases::node_graphs[4]), 100, "classic");
}

TEST(CpuEvalGraph, BadPointsGiveTheMirrorsErrors) {
  const auto g = parse(graph_cases::simd_graphs[0]);
  std::vector<float> out(2 * g->channels());
  std::vector<double> points = {0.5, 0.25, 0.125, 1.0, 2.0, std::nan("")};
  const auto nan = vknoise::eval_fast(*g, points, permutation_table::perlin(), out);
  ASSERT_FALSE(nan.ok());
  EXPECT_EQ(nan.error_value().code, vknoise::errc::out_of_range);
  EXPECT_NE(nan.message().find("point 1"), std::string::npos) << nan.message();
  points.pop_back();
  const auto ragged = vknoise::eval_fast(*g, points, permutation_table::perlin(), out);
  ASSERT_FALSE(ragged.ok());
  EXPECT_EQ(ragged.error_value().code, vknoise::errc::invalid_argument);
}

}  // namespace
