// Graphs on the CPU: a graph equal to a built-in field is bit-identical to it (mirror and
// reference); every node kind's float mirror is within 1e-5 of the double reference; nodes give
// the values their definitions say; tiles of a graph field stitch bit for bit; points equal the
// grid's samples.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "graph_cases.hpp"
#include "vknoise/field.hpp"
#include "vknoise/graph.hpp"

namespace {

using graph_cases::node_graphs;
using vknoise::field_spec;
using vknoise::fractal_kind;
using vknoise::graph;
using vknoise::noise_kind;
using vknoise::permutation_table;

graph parse(const std::string& json) {
  auto g = graph::parse(json);
  EXPECT_TRUE(g.ok()) << g.message() << "\n" << json;
  return std::move(g).value();
}

field_spec grid(int dims, std::uint32_t n, double origin = 0.3) {
  field_spec f;
  f.dims = dims;
  for (int a = 0; a < 4; ++a) f.size[a] = a < dims ? (a < 2 ? n : 3) : 1;
  for (int a = 0; a < dims; ++a) {
    f.origin[a] = origin + 0.71 * a;
    f.step[a] = 0.173 + 0.01 * a;
  }
  return f;
}

field_spec with_graph(const graph& g, field_spec f) {
  f.noise_graph = std::make_shared<const graph>(g);
  return f;
}

std::vector<float> mirror(const graph& g, field_spec f,
                          const permutation_table& t = permutation_table::perlin()) {
  f = with_graph(g, f);
  std::vector<float> out(vknoise::value_count(f));
  const auto s = vknoise::fill_mirror(f, t, out);
  EXPECT_TRUE(s.ok()) << s.message();
  return out;
}

std::vector<double> reference(const graph& g, field_spec f,
                              const permutation_table& t = permutation_table::perlin()) {
  f = with_graph(g, f);
  std::vector<double> out(vknoise::value_count(f));
  const auto s = vknoise::fill_reference(f, t, out);
  EXPECT_TRUE(s.ok()) << s.message();
  return out;
}

void expect_bits_equal(const std::vector<float>& a, const std::vector<float>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(std::bit_cast<std::uint32_t>(a[i]), std::bit_cast<std::uint32_t>(b[i]))
        << "sample " << i << ": " << a[i] << " vs " << b[i];
  }
}

// A built-in field and the graph that says the same: position -> noise -> fractal.
struct builtin_case {
  const char* name;
  int dims;
  const char* noise_json;    // the noise node's fields besides kind and at
  const char* fractal_json;  // empty: no fractal node
  vknoise::noise_spec spec;
};

std::vector<builtin_case> builtin_cases() {
  std::vector<builtin_case> cases;
  auto add = [&](const char* name, int dims, const char* noise_json, const char* fractal_json,
                 auto&& configure) {
    vknoise::noise_spec spec;
    configure(spec);
    cases.push_back({name, dims, noise_json, fractal_json, spec});
  };
  add("noise3", 3, "", "", [](auto&) {});
  add("noise4", 4, "", "", [](auto&) {});
  add("fbm6_noise3", 3, "", R"("type": "fbm", "octaves": 6)", [](auto& s) {
    s.fractal = fractal_kind::fbm;
    s.octaves = 6;
  });
  add("turbulence_offsets", 3, "",
      R"("type": "turbulence", "octaves": 5, "persistence": 0.6, "lacunarity": 2.5, "octave_offsets": true)",
      [](auto& s) {
        s.fractal = fractal_kind::turbulence;
        s.octaves = 5;
        s.persistence = 0.6;
        s.lacunarity = 2.5;
        s.octave_offsets = true;
      });
  add("ridged4", 4, "", R"("type": "ridged", "octaves": 4)", [](auto& s) {
    s.fractal = fractal_kind::ridged;
    s.octaves = 4;
  });
  add("billow2", 2, "", R"("type": "billow", "octaves": 3)", [](auto& s) {
    s.fractal = fractal_kind::billow;
    s.octaves = 3;
  });
  add("periodic_fbm", 3, R"("period": [8, 16, 4])", R"("type": "fbm", "octaves": 3)", [](auto& s) {
    s.fractal = fractal_kind::fbm;
    s.octaves = 3;
    s.period = {8, 16, 4, 0};
  });
  add("improved1", 1, "", "", [](auto&) {});
  add("balanced4", 4, R"("basis": "improved4_balanced")", "",
      [](auto& s) { s.kind = noise_kind::improved4_balanced; });
  add("classic3_fbm", 3, R"("basis": "classic", "classic_seed": 11)", R"("octaves": 2)",
      [](auto& s) {
        s.kind = noise_kind::classic;
        s.classic_seed = 11;
        s.fractal = fractal_kind::fbm;
        s.octaves = 2;
      });
  add("value2_cubic_fbm", 2, R"("basis": "value", "interpolation": "cubic")", R"("octaves": 3)",
      [](auto& s) {
        s.kind = noise_kind::value;
        s.interpolation = vknoise::value_interpolation::cubic;
        s.fractal = fractal_kind::fbm;
        s.octaves = 3;
      });
  add("value3_smooth_cosine", 3, R"("basis": "value", "interpolation": "cosine", "smooth": true)",
      "", [](auto& s) {
        s.kind = noise_kind::value;
        s.interpolation = vknoise::value_interpolation::cosine;
        s.value_smooth = true;
      });
  return cases;
}

std::string builtin_graph(const builtin_case& c) {
  std::string noise = R"({"kind": "noise", "at": "p")";
  if (*c.noise_json) noise += std::string(", ") + c.noise_json;
  noise += "}";
  std::string json = R"({"dims": )" + std::to_string(c.dims) +
                     R"(, "nodes": {"p": {"kind": "position"}, "n": )" + noise;
  if (*c.fractal_json) {
    json += R"(, "f": {"kind": "fractal", "noise": "n", )" + std::string(c.fractal_json) + "}";
    json += R"(}, "outputs": {"value": "f"}})";
  } else {
    json += R"(}, "outputs": {"value": "n"}})";
  }
  return json;
}

TEST(GraphEval, AGraphEqualToABuiltInFieldIsBitIdenticalToIt) {
  const permutation_table seeded = permutation_table::from_seed(5);
  for (const builtin_case& c : builtin_cases()) {
    SCOPED_TRACE(c.name);
    const graph g = parse(builtin_graph(c));
    for (const double origin : {0.3, -71.25, 1.0e6 + 0.37}) {
      field_spec f = grid(c.dims, 9, origin);
      f.noise = c.spec;
      std::vector<float> builtin_mirror(vknoise::value_count(f));
      ASSERT_TRUE(vknoise::fill_mirror(f, seeded, builtin_mirror).ok());
      expect_bits_equal(mirror(g, f, seeded), builtin_mirror);
      std::vector<double> builtin_reference(vknoise::value_count(f));
      ASSERT_TRUE(vknoise::fill_reference(f, seeded, builtin_reference).ok());
      const std::vector<double> graph_reference = reference(g, f, seeded);
      ASSERT_EQ(graph_reference.size(), builtin_reference.size());
      for (std::size_t i = 0; i < graph_reference.size(); ++i) {
        ASSERT_EQ(std::bit_cast<std::uint64_t>(graph_reference[i]),
                  std::bit_cast<std::uint64_t>(builtin_reference[i]))
            << "sample " << i;
      }
    }
  }
}

TEST(GraphEval, EveryNodeKindsMirrorIsWithin1e5OfTheReference) {
  for (const char* json : node_graphs) {
    const graph g = parse(json);
    ASSERT_EQ(g.contract(), vknoise::graph_contract::exact);
    const field_spec f = grid(g.dims(), 7, -3.4);
    const std::vector<float> m = mirror(g, f);
    const std::vector<double> r = reference(g, f);
    ASSERT_EQ(m.size(), r.size());
    double largest = 0;
    for (std::size_t i = 0; i < m.size(); ++i) {
      EXPECT_NEAR(m[i], r[i], 1e-5) << "value " << i << " of\n" << json;
      largest = std::max(largest, std::fabs(r[i]));
    }
    EXPECT_GT(largest, 0.05) << "the graph computes something: " << json;
  }
}

TEST(GraphEval, ShapingNodesGiveTheirDefinitions) {
  const graph g = parse(R"({"dims": 1, "nodes": {"p": {"kind": "position"},
      "x": {"kind": "component", "in": "p", "axis": "x"},
      "cu": {"kind": "curve", "in": "x", "points": [[0, 1], [1, 3], [3, -1]]},
      "t": {"kind": "terrace", "in": "x", "steps": 4},
      "r": {"kind": "remap", "in": "x", "from": [0, 2], "to": [10, 20]},
      "s": {"kind": "select", "a": 7, "b": 8, "control": "x", "threshold": 1}},
      "outputs": {"cu": "cu", "t": "t", "r": "r", "s": "s"}})");
  const std::vector<double> at{-1.0, 0.5, 1.0, 2.0, 5.0};
  std::vector<double> out(at.size() * 4);
  ASSERT_TRUE(vknoise::eval_reference(g, at, permutation_table::perlin(), out).ok());
  const double expected[5][4] = {{1, -1, 5, 7},      // below the first point: y0
                                 {2, 0.5, 12.5, 7},  // halfway along the first segment
                                 {3, 1, 15, 8},      // at a point
                                 {1, 2, 20, 8},      // halfway along the second segment
                                 {-1, 5, 35, 8}};    // beyond the last point: its y
  for (std::size_t p = 0; p < at.size(); ++p) {
    for (int c = 0; c < 4; ++c) EXPECT_DOUBLE_EQ(out[p * 4 + c], expected[p][c]) << p << " " << c;
  }
  std::vector<float> mirrored(at.size() * 4);
  ASSERT_TRUE(vknoise::eval_mirror(g, at, permutation_table::perlin(), mirrored).ok());
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_FLOAT_EQ(mirrored[i], out[i]);
}

TEST(GraphEval, PingpongAndSmoothstepGiveTheirDefinitions) {
  const graph g = parse(R"({"dims": 1, "nodes": {"p": {"kind": "position"},
      "x": {"kind": "component", "in": "p", "axis": "x"},
      "pp": {"kind": "pingpong", "in": "x", "strength": 1.5},
      "pd": {"kind": "pingpong", "in": "x"},
      "ss": {"kind": "smoothstep", "in": "x", "lo": 0, "hi": 2},
      "sd": {"kind": "smoothstep", "in": "x"}},
      "outputs": {"pp": "pp", "pd": "pd", "ss": "ss", "sd": "sd"}})");
  const std::vector<double> at{-1.0, 0.5, 1.0, 2.0, 5.0};
  std::vector<double> out(at.size() * 4);
  ASSERT_TRUE(vknoise::eval_reference(g, at, permutation_table::perlin(), out).ok());
  // pingpong: x * strength reflected into [0, 1] at every integer (strength 2 by default);
  // smoothstep: 3s^2 - 2s^3 of s = (x - lo) / (hi - lo) clamped (lo 0 and hi 1 by default).
  const double expected[5][4] = {{0.5, 0, 0, 0},           // -1.5 -> 0.5, -2 -> 0
                                 {0.75, 1, 0.15625, 0.5},  // 0.75, 1 (a peak), s 0.25, s 0.5
                                 {0.5, 0, 0.5, 1},         // 1.5 -> 0.5, 2 -> 0
                                 {1, 0, 1, 1},             // 3 -> 1, 4 -> 0
                                 {0.5, 0, 1, 1}};          // 7.5 -> 0.5, 10 -> 0
  for (std::size_t p = 0; p < at.size(); ++p) {
    for (int c = 0; c < 4; ++c) EXPECT_DOUBLE_EQ(out[p * 4 + c], expected[p][c]) << p << " " << c;
  }
  std::vector<float> mirrored(at.size() * 4);
  ASSERT_TRUE(vknoise::eval_mirror(g, at, permutation_table::perlin(), mirrored).ok());
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_FLOAT_EQ(mirrored[i], out[i]);
}

TEST(GraphEval, SmoothMinAndMaxGiveTheirDefinitions) {
  const graph values = parse(R"({"dims": 1, "nodes": {"p": {"kind": "position"},
      "x": {"kind": "component", "in": "p", "axis": "x"},
      "lo": {"kind": "smooth_min", "a": "x", "b": 0.25, "smoothness": 1},
      "hi": {"kind": "smooth_max", "a": "x", "b": 0.25, "smoothness": 1},
      "ld": {"kind": "smooth_min", "a": "x", "b": 0.25},
      "hd": {"kind": "smooth_max", "a": 0.25, "b": "x"}},
      "outputs": {"lo": "lo", "hi": "hi", "ld": "ld", "hd": "hd"}})");
  auto with_gradients = values.with_outputs(vknoise::graph_outputs::gradient);
  ASSERT_TRUE(with_gradients.ok()) << with_gradients.message();
  const graph g = std::move(with_gradients).value();
  const std::vector<double> at{-2.0, 0.25, 0.75, 0.3, 3.0};
  std::vector<double> out(at.size() * 8);
  ASSERT_TRUE(vknoise::eval_reference(g, at, permutation_table::perlin(), out).ok());
  // min(x, 0.25) - h^3 k / 6 and max(x, 0.25) + h^3 k / 6, h = max(k - |x - 0.25|, 0) / k. Their
  // derivatives: 1 or 0 where h = 0; beside 0.25, h^2 / 2 on the far side and 1 - h^2 / 2 on the
  // near one; 1/2 at the tie.
  const double k6 = 1.0 / 6, d6 = 0.1 / 6;
  const auto cube = [](double h) { return h * h * h; };
  const double expected[5][8] = {
      {-2, 1, 0.25, 0, -2, 1, 0.25, 0},                                  // 2.25 apart
      {0.25 - k6, 0.5, 0.25 + k6, 0.5, 0.25 - d6, 0.5, 0.25 + d6, 0.5},  // a tie: h = 1
      {0.25 - cube(0.5) * k6, 0.125, 0.75 + cube(0.5) * k6, 0.875, 0.25, 0, 0.75, 1},  // h 0.5
      {0.25 - cube(0.95) * k6, 0.95 * 0.95 / 2, 0.3 + cube(0.95) * k6, 1 - 0.95 * 0.95 / 2,
       0.25 - cube(0.5) * d6, 0.125, 0.3 + cube(0.5) * d6, 0.875},  // h 0.95 and 0.5
      {0.25, 0, 3, 1, 0.25, 0, 3, 1}};
  for (std::size_t p = 0; p < at.size(); ++p) {
    for (int c = 0; c < 8; ++c) EXPECT_NEAR(out[p * 8 + c], expected[p][c], 1e-12) << p << " " << c;
  }
  std::vector<float> mirrored(out.size());
  ASSERT_TRUE(vknoise::eval_mirror(g, at, permutation_table::perlin(), mirrored).ok());
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(mirrored[i], out[i], 1e-6) << i;
}

TEST(GraphEval, TilesOfAGraphFieldStitchBitForBit) {
  const graph g = parse(node_graphs[3]);
  field_spec whole = grid(3, 12);
  const std::vector<float> all = mirror(g, whole);
  const int channels = g.channels();
  for (const std::uint32_t split : {1u, 5u, 11u}) {
    field_spec tile = whole;
    tile.region[0] = split;
    tile.size[0] = whole.size[0] - split;
    const std::vector<float> part = mirror(g, tile);
    std::size_t i = 0;
    for (std::uint64_t row = 0; row < std::uint64_t{whole.size[1]} * whole.size[2]; ++row) {
      for (std::uint32_t x = split; x < whole.size[0]; ++x) {
        for (int c = 0; c < channels; ++c, ++i) {
          const std::size_t at = (row * whole.size[0] + x) * channels + c;
          ASSERT_EQ(std::bit_cast<std::uint32_t>(part[i]), std::bit_cast<std::uint32_t>(all[at]));
        }
      }
    }
  }
}

TEST(GraphEval, PointsEqualTheGridsSamples) {
  for (const char* json : node_graphs) {
    const graph g = parse(json);
    const field_spec f = grid(g.dims(), 4, 2.2);
    const std::vector<float> field = mirror(g, f);
    std::vector<double> points;
    for (std::uint32_t t = 0; t < f.size[3]; ++t) {
      for (std::uint32_t z = 0; z < f.size[2]; ++z) {
        for (std::uint32_t y = 0; y < f.size[1]; ++y) {
          for (std::uint32_t x = 0; x < f.size[0]; ++x) {
            const std::uint32_t index[4] = {x, y, z, t};
            for (int a = 0; a < g.dims(); ++a) {
              points.push_back(vknoise::sample_position(f, a, index[a]));
            }
          }
        }
      }
    }
    std::vector<float> at_points(field.size());
    ASSERT_TRUE(vknoise::eval_mirror(g, points, permutation_table::perlin(), at_points).ok());
    expect_bits_equal(at_points, field);
  }
}

TEST(GraphEval, FieldsAndPointsOutsideTheDomainAreRefused) {
  const graph g = parse(node_graphs[3]);
  field_spec f = with_graph(g, grid(3, 4));
  f.origin[1] = 3.0e9;
  std::vector<float> out(vknoise::value_count(f));
  const auto s = vknoise::fill_mirror(f, permutation_table::perlin(), out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error_value().code, vknoise::errc::out_of_range);
  EXPECT_NE(s.message().find("y axis"), std::string::npos) << s.message();
  f = with_graph(g, grid(2, 4));
  const auto wrong_dims = vknoise::fill_mirror(f, permutation_table::perlin(), out);
  ASSERT_FALSE(wrong_dims.ok());
  EXPECT_NE(wrong_dims.message().find("dims"), std::string::npos) << wrong_dims.message();
  const std::vector<double> points{0.5, std::nan(""), 1.0};
  std::vector<float> values(2);
  const auto nan = vknoise::eval_mirror(g, points, permutation_table::perlin(), values);
  ASSERT_FALSE(nan.ok());
  EXPECT_EQ(nan.error_value().code, vknoise::errc::out_of_range);
}

// A field well inside the lattice's range that a constant of the graph takes out of it: the error
// names that node and field (a scale's factor, an offset's by, a fractal's lacunarity), the
// reference, the mirror and points alike; the field's own extent is named only when it is the
// position itself that reaches 2^31.
TEST(GraphEval, AConstantThatLeavesTheLatticeIsNamed) {
  struct named_case {
    const char* nodes;
    const char* message;
  };
  const named_case cases[] = {
      {R"("p": {"kind": "position"}, "s": {"kind": "scale", "in": "p", "factor": [1, 1e12, 1]},
          "n": {"kind": "noise", "at": "s"})",
       "graph: node 's' field 'factor': it takes the y axis (up to 2.108 in magnitude here) to "
       "2.108e+12; the graph's lattice coordinates must stay within +-2^31"},
      {R"("p": {"kind": "position"}, "s": {"kind": "scale", "in": "p", "factor": 2},
          "o": {"kind": "offset", "in": "s", "by": [0, 0, -3e9]},
          "n": {"kind": "noise", "at": "o"})",
       "graph: node 'o' field 'by': it takes the z axis (up to 2.106 in magnitude here) to 3e+09; "
       "the graph's lattice coordinates must stay within +-2^31"},
      {R"("p": {"kind": "position"}, "m": {"kind": "noise", "at": "p"},
          "n": {"kind": "fractal", "noise": "m", "octaves": 5, "lacunarity": 1000})",
       "graph: node 'n' field 'lacunarity': it takes the x axis (up to 1.338 in magnitude here) to "
       "1.338e+12; the graph's lattice coordinates must stay within +-2^31"},
  };
  for (const named_case& c : cases) {
    const graph g = parse("{\"dims\": 3, \"nodes\": {" + std::string(c.nodes) +
                          "}, \"outputs\": {\"v\": \"n\"}}");
    const field_spec f = with_graph(g, grid(3, 7));
    std::vector<float> out(vknoise::value_count(f));
    const auto s = vknoise::fill_mirror(f, permutation_table::perlin(), out);
    ASSERT_FALSE(s.ok()) << c.nodes;
    EXPECT_EQ(s.error_value().code, vknoise::errc::out_of_range);
    EXPECT_EQ(s.message(), c.message);
    std::vector<double> reference(out.size());
    EXPECT_EQ(vknoise::fill_reference(f, permutation_table::perlin(), std::span<double>(reference))
                  .message(),
              c.message);
    const std::vector<double> points{1.338, 2.108, 2.106};  // the field's far corner
    std::vector<float> values(1);
    EXPECT_EQ(vknoise::eval_mirror(g, points, permutation_table::perlin(), values).message(),
              "point 0: " + std::string(c.message));
  }
}

}  // namespace

namespace {

graph with(const graph& g, vknoise::graph_outputs what) {
  auto r = g.with_outputs(what);
  EXPECT_TRUE(r.ok()) << r.message();
  return std::move(r).value();
}

TEST(GraphDerivatives, AGraphEqualToABuiltInGradientFieldHasItsDerivativesBitForBit) {
  for (const builtin_case& c : builtin_cases()) {
    const bool has_gradient =
        c.spec.kind != noise_kind::value &&
        (c.spec.fractal == fractal_kind::none || c.spec.fractal == fractal_kind::fbm);
    if (!has_gradient) continue;
    SCOPED_TRACE(c.name);
    const graph g = with(parse(builtin_graph(c)), vknoise::graph_outputs::gradient);
    ASSERT_EQ(g.channels(), 1 + c.dims);
    for (const double origin : {0.3, 1.0e6 + 0.37}) {
      field_spec f = grid(c.dims, 7, origin);
      f.noise = c.spec;
      f.noise.gradient = true;
      std::vector<float> builtin(vknoise::value_count(f));
      ASSERT_TRUE(vknoise::fill_mirror(f, permutation_table::perlin(), builtin).ok());
      expect_bits_equal(mirror(g, f), builtin);
      std::vector<double> builtin_reference(vknoise::value_count(f));
      ASSERT_TRUE(vknoise::fill_reference(f, permutation_table::perlin(), builtin_reference).ok());
      const std::vector<double> graph_reference = reference(g, f);
      for (std::size_t i = 0; i < graph_reference.size(); ++i) {
        ASSERT_EQ(graph_reference[i], builtin_reference[i]) << "value " << i;
      }
    }
  }
}

// Every differentiable node kind, its derivatives against central differences of its values (in
// double: the reference), away from the kinks of the piecewise nodes.
const char* const differentiable_graphs[] = {
    node_graphs[0],
    node_graphs[2],
    node_graphs[3],
    node_graphs[5],
    R"({"dims": 3, "nodes": {"p": {"kind": "position"},
        "r": {"kind": "rotate", "in": "p", "matrix": [[0.8, -0.6, 0], [0.6, 0.8, 0], [0, 0, 1]]},
        "n": {"kind": "noise", "at": "r", "basis": "classic"},
        "t": {"kind": "fractal", "noise": "n", "type": "turbulence", "octaves": 3, "octave_offsets": true},
        "x": {"kind": "component", "in": "r", "axis": 0},
        "c": {"kind": "combine", "components": ["x", "t", 2.5]},
        "m": {"kind": "noise", "at": "c", "seed": 4},
        "b": {"kind": "fractal", "noise": "m", "type": "billow", "octaves": 2},
        "k": {"kind": "mix", "a": "b", "b": "t", "t": "x"},
        "s": {"kind": "sin", "in": "k"}},
       "outputs": {"t": "t", "b": "b", "k": "k", "s": "s"}})",
    R"({"dims": 2, "nodes": {"p": {"kind": "position"},
        "n": {"kind": "noise", "at": "p"}, "f": {"kind": "fractal", "noise": "n", "octaves": 3},
        "bl": {"kind": "blend", "a": "f", "b": "n", "control": "n", "lo": -0.5, "hi": 0.5},
        "cu": {"kind": "curve", "in": "f", "points": [[-2, -1], [0, 0.5], [2, 1]]},
        "r": {"kind": "remap", "in": "cu", "from": [0, 1], "to": [3, 5]},
        "e": {"kind": "div", "a": "bl", "b": "cu"}, "c": {"kind": "cos", "in": "f"},
        "w": {"kind": "pow", "a": "r", "b": "c"}, "sq": {"kind": "sqrt", "in": "r"}},
       "outputs": {"bl": "bl", "w": "w", "e": "e", "sq": "sq"}})",
};

TEST(GraphDerivatives, DerivativesMatchCentralDifferences) {
  for (const char* json : differentiable_graphs) {
    auto parsed = graph::parse(json);
    if (!parsed.ok()) {
      ADD_FAILURE() << parsed.message() << "\n" << json;
      continue;
    }
    const graph values = std::move(parsed).value();
    const graph g = with(values, vknoise::graph_outputs::gradient);
    const int dims = g.dims(), outputs = values.channels();
    const double h = 1e-6;
    std::vector<double> points;
    for (int p = 0; p < 40; ++p) {
      for (int a = 0; a < dims; ++a) points.push_back(0.37 + 0.731 * p + 1.913 * a * (p % 7));
    }
    std::vector<double> derivatives(points.size() / dims * g.channels());
    ASSERT_TRUE(vknoise::eval_reference(g, points, permutation_table::perlin(), derivatives).ok());
    int compared = 0;
    for (std::size_t p = 0; p < points.size() / dims; ++p) {
      for (int b = 0; b < dims; ++b) {
        std::vector<double> up(points.begin() + p * dims, points.begin() + (p + 1) * dims);
        std::vector<double> down = up;
        up[b] += h;
        down[b] -= h;
        std::vector<double> at_up(outputs), at_down(outputs);
        ASSERT_TRUE(vknoise::eval_reference(values, up, permutation_table::perlin(), at_up).ok());
        ASSERT_TRUE(
            vknoise::eval_reference(values, down, permutation_table::perlin(), at_down).ok());
        for (int o = 0; o < outputs; ++o) {
          const double numeric = (at_up[o] - at_down[o]) / (2 * h);
          const double analytic = derivatives[p * g.channels() + o * (1 + dims) + 1 + b];
          // A kink between the two samples (clamp, select, a curve's point, |n| at 0) would make
          // the difference disagree; these points and h = 1e-6 straddle none, so all must agree.
          if (std::fabs(numeric - analytic) <= 1e-3 * (1 + std::fabs(analytic))) {
            ++compared;
          } else {
            ADD_FAILURE_AT(__FILE__, __LINE__)
                << "output " << o << " axis " << b << " at point " << p << ": analytic " << analytic
                << ", central difference " << numeric;
          }
        }
      }
    }
    EXPECT_EQ(compared, 40 * dims * outputs) << json;
  }
}

TEST(GraphDerivatives, TheMirrorsDerivativesAreWithinTheirBoundOfTheReference) {
  for (const char* json : {node_graphs[2], node_graphs[3]}) {
    const graph g = with(parse(json), vknoise::graph_outputs::gradient);
    const field_spec f = grid(g.dims(), 6, 1.7);
    const std::vector<float> m = mirror(g, f);
    const std::vector<double> r = reference(g, f);
    for (std::size_t i = 0; i < m.size(); ++i) {
      EXPECT_NEAR(m[i], r[i], 2e-4 * (1 + std::fabs(r[i]))) << i << "\n" << json;
    }
  }
}

TEST(GraphDerivatives, CurlNoiseIsDivergenceFree) {
  const graph potential = parse(R"({"dims": 3, "nodes": {"p": {"kind": "position"},
      "a": {"kind": "noise", "at": "p", "seed": 1},
      "fa": {"kind": "fractal", "noise": "a", "octaves": 3},
      "b": {"kind": "noise", "at": "p", "seed": 2},
      "c": {"kind": "noise", "at": "p", "seed": 3},
      "fc": {"kind": "fractal", "noise": "c", "type": "turbulence", "octaves": 2}},
      "outputs": {"x": "fa", "y": "b", "z": "fc"}})");
  const graph curl = with(potential, vknoise::graph_outputs::curl);
  ASSERT_EQ(curl.channels(), 3);
  const double h = 1e-4;
  double largest_curl = 0, largest_divergence = 0;
  for (int p = 0; p < 50; ++p) {
    const double at[3] = {0.31 + 0.173 * p, -1.7 + 0.291 * p, 2.9 - 0.113 * p};
    double divergence = 0;
    for (int axis = 0; axis < 3; ++axis) {
      double up[3] = {at[0], at[1], at[2]}, down[3] = {at[0], at[1], at[2]};
      up[axis] += h;
      down[axis] -= h;
      std::vector<double> cu(3), cd(3);
      ASSERT_TRUE(vknoise::eval_reference(curl, up, permutation_table::perlin(), cu).ok());
      ASSERT_TRUE(vknoise::eval_reference(curl, down, permutation_table::perlin(), cd).ok());
      divergence += (cu[axis] - cd[axis]) / (2 * h);
      largest_curl = std::max(largest_curl, std::fabs(cu[axis]));
    }
    largest_divergence = std::max(largest_divergence, std::fabs(divergence));
  }
  EXPECT_GT(largest_curl, 0.5) << "the curl is a real field";
  // Central differences of a smooth field: O(h^2) times third derivatives of the order of 10^2.
  EXPECT_LT(largest_divergence, 1e-4) << "largest |div curl|";
}

TEST(GraphDerivatives, WhatHasNoDerivativeIsNamed) {
  const graph value_noise =
      parse(R"({"dims": 2, "nodes": {"v": {"kind": "noise", "basis": "value"}},
      "outputs": {"v": "v"}})");
  const auto refused = value_noise.with_outputs(vknoise::graph_outputs::gradient);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(),
            "graph: node 'v' has no derivative: a value noise has no gradient (improved and "
            "classic noise have)");
  const auto two_outputs = parse(node_graphs[1]).with_outputs(vknoise::graph_outputs::curl);
  ASSERT_FALSE(two_outputs.ok());
  EXPECT_NE(two_outputs.message().find("curl"), std::string::npos);
}

}  // namespace
