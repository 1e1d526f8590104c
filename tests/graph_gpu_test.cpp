// Noise graphs on the GPU (gpu_renderer with a graph field or a compiled_graph), under both table
// placements, with the validation layer on: fields and points equal the float mirror bit for bit
// for exact graphs and stay within bound() for bounded ones, a field split into many chunks
// included; a graph that differs only in parameters reuses the compiled kernel and the pipeline;
// bad fields and points get the mirror's errors. And emit_glsl's source compiles with glslc.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "gpu_fixture.hpp"
#include "graph_cases.hpp"
#include "scratch_directory.hpp"
#include "table_placements.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/vknoise.hpp"

namespace vknoise {
namespace {

graph parse(const std::string& json) {
  auto g = graph::parse(json);
  EXPECT_TRUE(g.ok()) << g.message() << "\n" << json;
  return std::move(g).value();
}

// A grid of n x n (x, y) by 3 (z, t) samples, off the origin.
field_spec grid(const graph& g, std::uint32_t n, double origin) {
  field_spec f;
  f.dims = g.dims();
  for (int a = 0; a < 4; ++a) f.size[a] = a < f.dims ? (a < 2 ? n : 3) : 1;
  for (int a = 0; a < f.dims; ++a) {
    f.origin[a] = origin + 0.71 * a;
    f.step[a] = 0.173 + 0.01 * a;
  }
  f.noise_graph = std::make_shared<const graph>(g);
  return f;
}

// Exact graphs: built-in fields said as graphs, then (exact_graphs) one graph per node kind and
// domain form and the fast CPU path's cases (graph_cases.hpp).
const char* const kBuiltinGraphs[] = {
    // improved noise, 3D fbm with its own table
    R"({"dims": 3, "nodes": {"p": {"kind": "position"}, "n": {"kind": "noise", "at": "p", "seed": 7},
        "f": {"kind": "fractal", "noise": "n", "type": "fbm", "octaves": 6}},
       "outputs": {"value": "f"}})",
    // 4D: improved and balanced, ridged
    R"({"dims": 4, "nodes": {"p": {"kind": "position"}, "n": {"kind": "noise", "at": "p"},
        "b": {"kind": "noise", "at": "p", "basis": "improved4_balanced", "table": "perlin"},
        "f": {"kind": "fractal", "noise": "n", "type": "ridged", "octaves": 3}},
       "outputs": {"f": "f", "b": "b"}})",
    // classic noise with seeded gradients, periodic
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p", "basis": "classic", "classic_seed": 11, "period": [8, 16, 4]},
        "f": {"kind": "fractal", "noise": "n", "octaves": 2}},
       "outputs": {"value": "f"}})",
    // value noise: cubic fbm in 2D, smooth cosine in 3D
    R"({"dims": 2, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p", "basis": "value", "interpolation": "cubic"},
        "f": {"kind": "fractal", "noise": "n", "octaves": 3}},
       "outputs": {"value": "f"}})",
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p", "basis": "value", "interpolation": "cosine", "smooth": true}},
       "outputs": {"value": "n"}})",
    // Gustavson's simplex noise: 2D fbm with its own table, 3D warped (a displaced lattice domain:
    // its position moved whole), 4D, and 3D at a float domain (a sine of the position)
    R"({"dims": 2, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p", "basis": "simplex", "seed": 3},
        "f": {"kind": "fractal", "noise": "n", "type": "fbm", "octaves": 4, "octave_offsets": true}},
       "outputs": {"value": "f"}})",
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "a": {"kind": "noise", "at": "p", "seed": 5},
        "w": {"kind": "warp", "in": "p", "by": ["a", 0.25, "a"], "amplitude": 0.7},
        "n": {"kind": "noise", "at": "w", "basis": "simplex"},
        "f": {"kind": "fractal", "noise": "n", "type": "ridged", "octaves": 3}},
       "outputs": {"n": "n", "f": "f"}})",
    R"({"dims": 4, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p", "basis": "simplex", "table": "perlin"}},
       "outputs": {"value": "n"}})",
    // Worley's cellular noise: every metric and return, 2D fbm tiled (periods 3 and 5 growing
    // by 2), 3D warped (a displaced lattice domain), 4D at a float domain (rotated), jitter 0 and
    // 0.45
    R"({"dims": 2, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p", "basis": "cellular", "seed": 3, "period": [3, 5]},
        "f": {"kind": "fractal", "noise": "n", "type": "fbm", "octaves": 4}},
       "outputs": {"f": "f"}})",
    R"({"dims": 2, "nodes": {"p": {"kind": "position"},
        "c": {"kind": "noise", "at": "p", "basis": "cellular", "distance": "chebyshev",
              "return": "cell"},
        "m": {"kind": "noise", "at": "p", "basis": "cellular", "distance": "manhattan",
              "return": "f1/f2", "jitter": 0}},
       "outputs": {"c": "c", "m": "m"}})",
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "a": {"kind": "noise", "at": "p", "seed": 5},
        "w": {"kind": "warp", "in": "p", "by": ["a", 0.25, "a"], "amplitude": 0.7},
        "n": {"kind": "noise", "at": "w", "basis": "cellular", "distance": "euclidean2",
              "return": "f2-f1"},
        "f": {"kind": "fractal", "noise": "n", "type": "ridged", "octaves": 3},
        "e": {"kind": "noise", "at": "p", "basis": "cellular", "jitter": 0.45}},
       "outputs": {"f": "f", "e": "e"}})",
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p", "basis": "cellular", "return": "f1*f2", "seed": 8}},
       "outputs": {"n": "n"}})",
    R"({"dims": 4, "nodes": {"p": {"kind": "position"},
        "v": {"kind": "rotate", "in": "p", "matrix": [[0.6, -0.8, 0.5, 0.25], [0.8, 0.6, -0.25, 0.5],
              [0.5, 0.25, 0.6, -0.8], [-0.25, 0.5, 0.8, 0.6]]},
        "n": {"kind": "noise", "at": "v", "basis": "cellular", "return": "f2", "table": "perlin"},
        "t": {"kind": "noise", "at": "p", "basis": "cellular", "period": [2, 3, 4, 1]}},
       "outputs": {"n": "n", "t": "t"}})",
    // Flow noise: 2D fbm tiled (x period 3, y even), 3D turned by an angle from a node (the
    // position's z, as time drives it), warped, and Perlin & Neyret's pseudo-advection in 2D at a
    // float domain and in 3D at a lattice one
    R"({"dims": 2, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p", "basis": "flow", "angle": 1.25, "period": [3, 4]},
        "f": {"kind": "fractal", "noise": "n", "type": "fbm", "octaves": 3}},
       "outputs": {"f": "f"}})",
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "t": {"kind": "component", "in": "p", "axis": "z"},
        "a": {"kind": "mul", "a": "t", "b": 2.5},
        "w": {"kind": "warp", "in": "p", "by": ["t", 0.25, "t"], "amplitude": 0.3},
        "n": {"kind": "noise", "at": "w", "basis": "flow", "angle": "a", "seed": 4},
        "f": {"kind": "fractal", "noise": "n", "type": "billow", "octaves": 2}},
       "outputs": {"n": "n", "f": "f"}})",
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "x": {"kind": "component", "in": "p", "axis": "x"},
        "y": {"kind": "component", "in": "p", "axis": "y"},
        "v": {"kind": "combine", "components": ["x", "y"]},
        "n": {"kind": "noise", "at": "v", "basis": "flow", "angle": 0.7},
        "f": {"kind": "fractal", "noise": "n", "octaves": 4, "advection": 0.4},
        "m": {"kind": "noise", "at": "p", "basis": "flow", "period": [2, 3, 5], "angle": 6.283185307179586},
        "g": {"kind": "fractal", "noise": "m", "octaves": 3, "lacunarity": 2, "advection": 0.25}},
       "outputs": {"f": "f", "g": "g"}})",
    // no noise at all: no slots, no tables
    R"({"dims": 1, "nodes": {"p": {"kind": "position"}, "x": {"kind": "component", "in": "p", "axis": 0},
        "m": {"kind": "mul", "a": "x", "b": 0.5}},
       "outputs": {"m": "m"}})",
};

std::vector<const char*> exact_graphs() {
  std::vector<const char*> all(std::begin(kBuiltinGraphs), std::end(kBuiltinGraphs));
  all.insert(all.end(), std::begin(graph_cases::node_graphs), std::end(graph_cases::node_graphs));
  all.insert(all.end(), std::begin(graph_cases::simd_graphs), std::end(graph_cases::simd_graphs));
  all.insert(all.end(), std::begin(graph_cases::basis_graphs), std::end(graph_cases::basis_graphs));
  return all;
}

// Every compile of this binary's graph tests goes through one memory-only compiler: each kernel
// is compiled once, and no test writes a cache directory.
std::shared_ptr<graph_compiler> shared_compiler() {
  static const std::shared_ptr<graph_compiler> compiler = [] {
    auto made = graph_compiler::create({.disk_cache = false});
    EXPECT_TRUE(made.ok()) << made.message();
    return made.ok() ? made.value() : nullptr;
  }();
  return compiler;
}

class graph_gpu_test : public gpu_test {
 protected:
  void SetUp() override {
    gpu_test::SetUp();
    if (HasFatalFailure()) return;
    // Small chunks, so that every field takes several dispatches.
    renderer_options options;
    options.table = GetParam();
    options.chunk_bytes = 4096;
    options.compiler = shared_compiler();
    auto renderer = gpu_renderer::create(*ctx_, options);
    ASSERT_TRUE(renderer.ok()) << renderer.message();
    renderer_ = std::move(renderer.value());
  }

  std::vector<float> gpu_fill(const field_spec& f, const permutation_table& table,
                              gpu_stats* stats = nullptr) {
    std::vector<float> out(value_count(f), -7.0f);
    const status s = renderer_->fill(f, table, out, stats);
    EXPECT_TRUE(s.ok()) << s.message();
    return out;
  }
  static std::vector<float> mirror_fill(const field_spec& f, const permutation_table& table) {
    std::vector<float> out(value_count(f));
    const status s = fill_mirror(f, table, out);
    EXPECT_TRUE(s.ok()) << s.message();
    return out;
  }
};

// How many values of the GPU's differ from the mirror's in any bit; the first few are reported
// (index and both values with their bits), since a count alone says nothing about the cause.
std::size_t bit_mismatches(const std::vector<float>& gpu, const std::vector<float>& mirror) {
  EXPECT_EQ(gpu.size(), mirror.size());
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < std::min(gpu.size(), mirror.size()); ++i) {
    const auto gpu_bits = std::bit_cast<std::uint32_t>(gpu[i]);
    const auto mirror_bits = std::bit_cast<std::uint32_t>(mirror[i]);
    if (gpu_bits == mirror_bits) continue;
    if (++mismatches <= 4) {
      ADD_FAILURE() << "value " << i << ": gpu " << gpu[i] << " (0x" << std::hex << gpu_bits
                    << "), mirror " << std::dec << mirror[i] << " (0x" << std::hex << mirror_bits
                    << ")";
    }
  }
  return mismatches;
}

TEST_P(graph_gpu_test, ExactGraphFieldsEqualTheMirrorBitForBit) {
  const permutation_table table = permutation_table::from_seed(5);
  for (const char* json : exact_graphs()) {
    const graph g = parse(json);
    ASSERT_EQ(g.contract(), graph_contract::exact) << json;
    for (const double origin : {-3.4, 1.0e6 + 0.37}) {
      const field_spec f = grid(g, 37, origin);
      gpu_stats stats;
      const std::vector<float> gpu = gpu_fill(f, table, &stats);
      EXPECT_EQ(bit_mismatches(gpu, mirror_fill(f, table)), 0u)
          << "origin " << origin << ": " << json;
      if (value_count(f) * sizeof(float) > 4096) EXPECT_GT(stats.dispatches, 1u);
    }
  }
}

// Derivatives and curl on the GPU: every exact graph whose nodes have derivatives, with its
// gradients (and, with three outputs in 3D, its curl), equals the mirror bit for bit.
TEST_P(graph_gpu_test, GradientAndCurlFieldsEqualTheMirrorBitForBit) {
  const permutation_table table = permutation_table::from_seed(9);
  int gradients = 0, curls = 0;
  for (const char* json : exact_graphs()) {
    const graph values = parse(json);
    for (const graph_outputs what : {graph_outputs::gradient, graph_outputs::curl}) {
      auto g = values.with_outputs(what);
      if (!g.ok()) continue;  // value noise has no gradient; a curl needs three outputs in 3D
      (what == graph_outputs::gradient ? gradients : curls) += 1;
      const field_spec f = grid(*g, 23, -1.9);
      EXPECT_EQ(bit_mismatches(gpu_fill(f, table), mirror_fill(f, table)), 0u)
          << (what == graph_outputs::gradient ? "gradient: " : "curl: ") << json;
    }
  }
  EXPECT_GE(gradients, 6);
  const graph potential = parse(R"({"dims": 3, "nodes": {"p": {"kind": "position"},
      "a": {"kind": "noise", "at": "p", "seed": 1}, "fa": {"kind": "fractal", "noise": "a", "octaves": 3},
      "s": {"kind": "scale", "in": "p", "factor": [1.5, 0.5, 2]},
      "b": {"kind": "noise", "at": "s", "seed": 2},
      "fb": {"kind": "fractal", "noise": "b", "type": "ridged", "octaves": 2},
      "w": {"kind": "warp", "in": "p", "by": ["fa", 0.25, "b"], "amplitude": 0.5},
      "c": {"kind": "noise", "at": "w", "seed": 3},
      "fc": {"kind": "fractal", "noise": "c", "type": "billow", "octaves": 2}},
      "outputs": {"x": "fa", "y": "fb", "z": "fc"}})");
  auto curl = potential.with_outputs(graph_outputs::curl);
  ASSERT_TRUE(curl.ok()) << curl.message();
  const field_spec f = grid(*curl, 19, 0.7);
  EXPECT_EQ(bit_mismatches(gpu_fill(f, table), mirror_fill(f, table)), 0u) << "curl";
}

// The graphs the project ships (graphs/*.json), as `vknoise render --graph` draws them.
TEST_P(graph_gpu_test, ShippedGraphsMatchTheMirror) {
  int shipped = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(VKNOISE_SOURCE_DIR) / "graphs")) {
    if (entry.path().extension() != ".json") continue;
    ++shipped;
    auto loaded = graph::load(entry.path());
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    const graph& g = *loaded;
    const field_spec f = grid(g, 29, -2.6);
    const std::vector<float> gpu = gpu_fill(f, permutation_table::perlin());
    const std::vector<float> mirror = mirror_fill(f, permutation_table::perlin());
    if (g.contract() == graph_contract::exact) {
      EXPECT_EQ(bit_mismatches(gpu, mirror), 0u) << entry.path();
      continue;
    }
    ASSERT_EQ(gpu.size(), mirror.size());
    for (std::size_t i = 0; i < gpu.size(); ++i) {
      ASSERT_LE(std::fabs(gpu[i] - mirror[i]), g.bound()) << entry.path() << " value " << i;
    }
  }
  EXPECT_GE(shipped, 3);
}

TEST_P(graph_gpu_test, BoundedGraphsStayWithinTheirBound) {
  const graph g = parse(R"({"dims": 3, "nodes": {"p": {"kind": "position"},
      "n": {"kind": "noise", "at": "p"}, "a": {"kind": "abs", "in": "n"},
      "r": {"kind": "sqrt", "in": "a"}, "s": {"kind": "sin", "in": "n"}, "c": {"kind": "cos", "in": "r"},
      "w": {"kind": "pow", "a": "a", "b": 1.5}, "d": {"kind": "div", "a": "s", "b": "c"}},
      "outputs": {"r": "r", "w": "w", "d": "d"}})");
  ASSERT_EQ(g.contract(), graph_contract::bounded);
  const field_spec f = grid(g, 17, 0.3);
  const std::vector<float> gpu = gpu_fill(f, permutation_table::perlin());
  const std::vector<float> mirror = mirror_fill(f, permutation_table::perlin());
  ASSERT_EQ(gpu.size(), mirror.size());
  for (std::size_t i = 0; i < gpu.size(); ++i) {
    ASSERT_LE(std::fabs(gpu[i] - mirror[i]), g.bound()) << "value " << i;
  }
}

TEST_P(graph_gpu_test, PointsEqualEvalMirrorBitForBit) {
  const permutation_table table = permutation_table::from_seed(8);
  for (const char* json : exact_graphs()) {
    const graph g = parse(json);
    auto compiled = compiled_graph::create(g, shared_compiler());
    ASSERT_TRUE(compiled.ok()) << compiled.message();
    std::vector<double> points;
    for (int i = 0; i < 300; ++i) {
      for (int a = 0; a < g.dims(); ++a) points.push_back(i * (0.37 + 0.11 * a) - 50.0 * a);
    }
    const std::size_t values = points.size() / g.dims() * g.channels();
    std::vector<float> gpu(values), mirror(values);
    const status evaluated = renderer_->eval(*compiled, points, table, gpu);
    ASSERT_TRUE(evaluated.ok()) << evaluated.message();
    ASSERT_TRUE(eval_mirror(g, points, table, mirror).ok());
    EXPECT_EQ(bit_mismatches(gpu, mirror), 0u) << json;
  }
}

// What a driver's compiler may change unless the kernel asks it not to (spirv_float_controls.hpp):
// at integer lattice points noise is a signed zero, which min and max pick between and the
// arithmetic keeps, and at points a denormal away from one it is a denormal. The mirror must hold
// both, or the test proves nothing. Bit for bit where the device keeps both
// (context::keeps_signed_zeros, keeps_denormals). Where it may flush denormals (an H100 has no
// shaderDenormPreserveFloat32), a flushed value, and what is computed from it, differ from the
// mirror's by at most FLT_MIN times the gain after it (this graph's largest is 3, and a sum of two
// flushed values: 4 x FLT_MIN); every value at or above that bound is still bit for bit.
TEST_P(graph_gpu_test, SignedZerosAndDenormalsEqualTheMirror) {
  const graph g = parse(R"({"dims": 3, "nodes": {"p": {"kind": "position"},
      "a": {"kind": "noise", "at": "p"}, "b": {"kind": "noise", "at": "p", "seed": 4},
      "lo": {"kind": "min", "a": "a", "b": "b"}, "hi": {"kind": "max", "a": "a", "b": "b"},
      "n": {"kind": "neg", "in": "hi"}, "z": {"kind": "min", "a": "n", "b": 0},
      "s": {"kind": "add", "a": "a", "b": "b"}, "m": {"kind": "mul", "a": "s", "b": 3}},
      "outputs": {"lo": "lo", "hi": "hi", "z": "z", "m": "m"}})");
  const double tiny = 1.0e-39;  // below float's smallest normal, 1.18e-38
  std::vector<double> points;
  for (int i = 0; i < 64; ++i) {
    const double x = i % 17 - 8, y = i / 3 - 10, z = (i * 7) % 11 - 5;
    points.insert(points.end(), {x, y, z});                    // a lattice point
    points.insert(points.end(), {i % 2 ? tiny : -0.0, y, z});  // a denormal off one
    points.insert(points.end(), {x, i % 3 ? tiny * (i % 5 + 1) : 0.0, z});
  }
  const std::size_t values = points.size() / 3 * g.channels();
  std::vector<float> gpu(values), mirror(values);
  auto compiled = compiled_graph::create(g, shared_compiler());
  ASSERT_TRUE(compiled.ok()) << compiled.message();
  ASSERT_TRUE(renderer_->eval(*compiled, points, permutation_table::perlin(), gpu).ok());
  ASSERT_TRUE(eval_mirror(g, points, permutation_table::perlin(), mirror).ok());
  std::size_t negative_zeros = 0, positive_zeros = 0, denormals = 0;
  for (const float v : mirror) {
    negative_zeros += v == 0 && std::signbit(v);
    positive_zeros += v == 0 && !std::signbit(v);
    denormals += std::fpclassify(v) == FP_SUBNORMAL;
  }
  EXPECT_GT(negative_zeros, 10u);
  EXPECT_GT(positive_zeros, 10u);
  EXPECT_GT(denormals, 10u);
  const float flush_bound = 4 * std::numeric_limits<float>::min();
  std::vector<float> expected = mirror;
  std::size_t excused = 0;
  if (!ctx_->keeps_denormals()) {
    for (std::size_t i = 0; i < values; ++i) {
      if (std::fabs(mirror[i]) < flush_bound && std::fabs(gpu[i] - mirror[i]) <= flush_bound &&
          std::bit_cast<std::uint32_t>(gpu[i]) != std::bit_cast<std::uint32_t>(mirror[i])) {
        expected[i] = gpu[i];
        ++excused;
      }
    }
  }
  std::printf("[ denormals ] %zu of %zu values differ within 4 x FLT_MIN (keeps_denormals: %s)\n",
              excused, values, ctx_->keeps_denormals() ? "yes" : "no");
  EXPECT_TRUE(ctx_->keeps_signed_zeros());
  EXPECT_EQ(bit_mismatches(gpu, expected), 0u);
}

// Simplex noise at a float domain (a vector the graph computes) reads its coordinates as the
// GPU computes them, however large: the cells saturate at the int range as Java's (int) cast does
// and their sums wrap, in the mirror and in the GLSL alike, where the GPU's int conversion alone
// would be undefined. Coordinates from 1e-11 to beyond 2^31 and on to 2.7e19, and negative ones.
TEST_P(graph_gpu_test, SimplexAtHugeFloatCoordinatesEqualsTheMirror) {
  const graph g = parse(R"({"dims": 1, "nodes": {"p": {"kind": "position"},
      "c": {"kind": "component", "in": "p", "axis": 0},
      "x": {"kind": "mul", "a": "c", "b": 1e11},
      "v": {"kind": "combine", "components": ["x", "x", 0.5]},
      "w": {"kind": "combine", "components": ["x", 1.25, "x", "x"]},
      "a": {"kind": "noise", "at": "v", "basis": "simplex"},
      "b": {"kind": "noise", "at": "w", "basis": "simplex"}},
      "outputs": {"a": "a", "b": "b"}})");
  std::vector<double> points;  // times 1e11: from 1e-11 to 2.7e19
  for (int e = -22; e <= 8; ++e) {
    for (const double m : {1.0, 1.37, -2.71}) points.push_back(m * std::pow(10.0, e));
  }
  for (const double edge : {2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0}) {
    points.push_back(edge * 1e-11);
  }
  std::vector<float> gpu(points.size() * 2), mirror(points.size() * 2);
  auto compiled = compiled_graph::create(g, shared_compiler());
  ASSERT_TRUE(compiled.ok()) << compiled.message();
  const status evaluated = renderer_->eval(*compiled, points, permutation_table::perlin(), gpu);
  ASSERT_TRUE(evaluated.ok()) << evaluated.message();
  ASSERT_TRUE(eval_mirror(g, points, permutation_table::perlin(), mirror).ok());
  EXPECT_EQ(bit_mismatches(gpu, mirror), 0u);
}

// Parameters are data: a graph that differs only in them shares the source and the module (and
// so the pipeline, which is kept per module: runtime_kernel_test), and its field is still its
// own (the mirror's).
// A noise read after the fractal ("zn") takes the slot after the fractal's octaves: its index is a
// parameter (a word), unlike the fractal's own first slot, which the kernel takes as a literal.
TEST_P(graph_gpu_test, ChangingParametersNeitherRecompilesNorRebuilds) {
  const auto json = [](const char* octaves, const char* factor, const char* seed) {
    return std::string(R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "s": {"kind": "scale", "in": "p", "factor": )") +
           factor + R"(}, "n": {"kind": "noise", "at": "s", "seed": )" + seed + R"(},
        "f": {"kind": "fractal", "noise": "n", "octaves": )" +
           octaves + R"(}, "m": {"kind": "mul", "a": "f", "b": )" + factor + R"(},
        "zn": {"kind": "noise", "at": "p"}, "zs": {"kind": "add", "a": "m", "b": "zn"}},
        "outputs": {"value": "zs"}})";
  };
  const graph first = parse(json("3", "2", "1"));
  const graph second = parse(json("5", "0.75", "9"));
  auto compiled_first = compiled_graph::create(first, shared_compiler());
  auto compiled_second = compiled_graph::create(second, shared_compiler());
  ASSERT_TRUE(compiled_first.ok() && compiled_second.ok());
  EXPECT_EQ(compiled_first->source(), compiled_second->source());

  const permutation_table table = permutation_table::perlin();
  const field_spec f = grid(first, 11, 0.5);
  std::vector<float> out(value_count(f));
  ASSERT_TRUE(renderer_->fill(*compiled_first, f, table, out).ok());
  EXPECT_EQ(bit_mismatches(out, mirror_fill(f, table)), 0u);
  const compiler_stats before = shared_compiler()->stats();

  field_spec g = f;
  g.noise_graph = std::make_shared<const graph>(second);
  ASSERT_TRUE(renderer_->fill(*compiled_second, g, table, out).ok());
  EXPECT_EQ(bit_mismatches(out, mirror_fill(g, table)), 0u);
  ASSERT_TRUE(renderer_->fill(g, table, out).ok());  // through the renderer's compiler
  EXPECT_EQ(bit_mismatches(out, mirror_fill(g, table)), 0u);
  EXPECT_EQ(shared_compiler()->stats().compiles, before.compiles);
  EXPECT_GT(shared_compiler()->stats().memory_hits, before.memory_hits);
}

// A built-in field or noise runs as its graph (graph::from_noise), compiled once per structure:
// its parameters (octaves, persistence, lacunarity, the table, the grid) are data, so fills and
// point evaluations that change only them compile nothing, and each equals the mirror bit for
// bit.
TEST_P(graph_gpu_test, BuiltInNoiseCompilesOncePerStructure) {
  field_spec f;
  f.size = {13, 5, 2, 1};
  f.origin = {0.3, -1.7, 2.25, 0};
  f.noise.fractal = fractal_kind::fbm;
  f.noise.octaves = 3;
  std::vector<float> out(value_count(f));
  ASSERT_TRUE(renderer_->fill(f, permutation_table::perlin(), out).ok());
  std::vector<double> points;
  for (int i = 0; i < 40; ++i) points.insert(points.end(), {0.37 * i, -0.11 * i, 1.5 + 0.05 * i});
  std::vector<float> at_points(points.size() / 3);
  ASSERT_TRUE(renderer_->eval(f.noise, 3, points, permutation_table::perlin(), at_points).ok());
  const compiler_stats before = shared_compiler()->stats();
  for (int round = 0; round < 4; ++round) {
    field_spec g = f;
    g.noise.octaves = 1 + 2 * round;
    g.noise.persistence = 0.4 + 0.1 * round;
    g.noise.lacunarity = 1.9 + 0.2 * round;
    g.origin[0] += round;
    const permutation_table table = permutation_table::from_seed(round);
    EXPECT_EQ(bit_mismatches(gpu_fill(g, table), mirror_fill(g, table)), 0u) << round;
    std::vector<float> gpu_points(points.size() / 3), mirror_points(points.size() / 3);
    ASSERT_TRUE(renderer_->eval(g.noise, 3, points, table, gpu_points).ok());
    for (std::size_t i = 0; i < mirror_points.size(); ++i) {
      field_spec one = g;
      one.size = {1, 1, 1, 1};
      one.step = {1, 1, 1, 1};
      one.origin = {points[i * 3], points[i * 3 + 1], points[i * 3 + 2], 0};
      ASSERT_TRUE(fill_mirror(one, table, {&mirror_points[i], 1}).ok());
    }
    EXPECT_EQ(bit_mismatches(gpu_points, mirror_points), 0u) << round;
  }
  EXPECT_EQ(shared_compiler()->stats().compiles, before.compiles);
}

TEST_P(graph_gpu_test, BadFieldsAndPointsGetTheMirrorsErrors) {
  const graph g = parse(graph_cases::node_graphs[3]);  // lattice domains, dims 3
  field_spec f = grid(g, 4, 0.0);
  std::vector<float> out(value_count(f));
  f.origin[1] = 3.0e9;  // beyond the lattice
  status s = renderer_->fill(f, permutation_table::perlin(), out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, errc::out_of_range);
  f.origin[1] = 0;
  f.dims = 2;
  s = renderer_->fill(f, permutation_table::perlin(), out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, errc::invalid_argument);
  f.dims = 3;
  std::vector<float> short_out(out.size() - 1);
  s = renderer_->fill(f, permutation_table::perlin(), short_out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, errc::invalid_argument);

  auto compiled = compiled_graph::create(g, shared_compiler());
  ASSERT_TRUE(compiled.ok());
  const std::vector<double> nan{0.5, std::nan(""), 1.0};
  std::vector<float> values(2);
  s = renderer_->eval(*compiled, nan, permutation_table::perlin(), values);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, errc::out_of_range);
}

INSTANTIATE_TEST_SUITE_P(placements, graph_gpu_test, both_table_placements(), placement_test_name);

class emit_glsl_test : public scratch_directory {};

// emit_glsl's source is one file that glslc compiles alone, for every graph above.
TEST_F(emit_glsl_test, TheEmittedSourceCompilesWithGlslc) {
  int index = 0;
  for (const char* json : exact_graphs()) {
    const std::string source = emit_glsl(parse(json));
    std::istringstream lines(source);
    for (std::string line; std::getline(lines, line);) {
      EXPECT_NE(line.rfind("#include \"", 0), 0u) << line;
      EXPECT_NE(line.rfind("#extension GL_GOOGLE_include_directive", 0), 0u) << line;
    }
    const std::string file = path("graph" + std::to_string(index) + ".glsl");
    std::ofstream(file) << source;
    const std::string command = "glslc -fshader-stage=compute --target-env=vulkan1.1 -Werror -o " +
                                path("graph" + std::to_string(index++) + ".spv") + " " + file +
                                " 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
  }
}

}  // namespace
}  // namespace vknoise
