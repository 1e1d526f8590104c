// Graphs on the fast CPU path: fill_fast of a graph field and eval_fast of a graph against the
// float mirror, bit for bit (memcmp, so -0 and +0 differ), on every SIMD target Highway compiled
// that this CPU runs, with several thread counts: every node kind, every domain form, the shipped
// graphs, sizes that end inside a block or a vector, regions, far origins, and graphs the kernels
// do not cover (which run the mirror).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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
}

TEST(CpuFillGraph, TheShippedGraphsMatchTheMirror) {
  for (const char* name : {"marble", "wood", "clouds", "fire", "terrain", "terraced_terrain",
                           "lava", "cloud_layers"}) {
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

TEST(CpuEvalGraph, PointsMatchTheMirror) {
  int index = 0;
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
