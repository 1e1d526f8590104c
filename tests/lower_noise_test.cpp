// A built-in field's noise lowered to a graph (graph::from_noise, src/graph/lower_noise.hpp) gives
// the built-in field's samples bit for bit: the double reference, the float mirror and the fast
// CPU path over every basis, fractal, dims, warp, period, octave offsets and gradient the
// built-in fields take, and the GPU over a sample of them.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpu_fixture.hpp"
#include "table_placements.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/vknoise.hpp"

namespace {

using namespace vknoise;

struct lowering_case {
  noise_spec noise;
  int dims = 3;
  std::string name;
};

// Every combination validate() accepts of: basis, fractal, dims, warp, periods, octave offsets,
// gradient (none and fBm), and the value noise's interpolations and smoothing.
std::vector<lowering_case> all_cases() {
  std::vector<lowering_case> cases;
  for (const noise_kind kind : all_noise_kinds()) {
    for (const fractal_kind fractal : all_fractal_kinds()) {
      for (int dims = 1; dims <= 4; ++dims) {
        for (int variant = 0; variant < 5; ++variant) {
          lowering_case c;
          c.dims = dims;
          c.noise.kind = kind;
          c.noise.fractal = fractal;
          c.noise.octaves = fractal == fractal_kind::none ? 1 : 3 + variant % 3;
          c.noise.persistence = 0.55;
          c.noise.lacunarity = 1.9 + 0.05 * variant;
          c.noise.classic_seed = 3 + variant;
          c.noise.interpolation = static_cast<value_interpolation>(variant % 3);
          c.noise.value_smooth = variant == 2;
          if (variant == 1) c.noise.warp = 0.7;
          if (variant == 2) c.noise.period = {8, 16, 4, 32};
          if (variant == 3) c.noise.octave_offsets = true;
          if (variant == 4) c.noise.gradient = true;
          if (!validate(c.noise, dims)) continue;
          c.name = std::string(noise_kind_name(kind)) + " " + fractal_kind_name(fractal) +
                   " dims " + std::to_string(dims) + " variant " + std::to_string(variant);
          cases.push_back(c);
        }
      }
    }
  }
  return cases;
}

field_spec grid_of(const lowering_case& c, std::uint32_t n, double origin) {
  field_spec f;
  f.dims = c.dims;
  f.noise = c.noise;
  for (int a = 0; a < 4; ++a) f.size[a] = a < c.dims ? (a < 2 ? n : 3) : 1;
  for (int a = 0; a < c.dims; ++a) {
    f.origin[a] = origin + 0.71 * a;
    f.step[a] = 0.173 + 0.01 * a;
  }
  return f;
}

field_spec as_graph(field_spec f) {
  auto g = graph::from_noise(f.noise, f.dims);
  EXPECT_TRUE(g.ok()) << g.message();
  if (g.ok()) f.noise_graph = std::make_shared<const graph>(std::move(g).value());
  return f;
}

template <class T>
std::size_t bit_differences(const std::vector<T>& a, const std::vector<T>& b) {
  EXPECT_EQ(a.size(), b.size());
  std::size_t differences = 0;
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    differences += std::bit_cast<std::uint64_t>(static_cast<double>(a[i])) !=
                   std::bit_cast<std::uint64_t>(static_cast<double>(b[i]));
  }
  return differences;
}

TEST(LowerNoise, EveryBuiltInFieldEqualsItsGraphOnTheCpuBitForBit) {
  const std::vector<lowering_case> cases = all_cases();
  EXPECT_GE(cases.size(), 250u);  // the matrix above, less what validate() refuses
  const permutation_table table = permutation_table::from_seed(9);
  for (const lowering_case& c : cases) {
    for (const double origin : {0.3, -1.0e6 - 0.41}) {
      const field_spec builtin = grid_of(c, 9, origin);
      const field_spec lowered = as_graph(builtin);
      ASSERT_TRUE(lowered.noise_graph) << c.name;
      ASSERT_EQ(value_count(lowered), value_count(builtin)) << c.name;
      const std::size_t count = value_count(builtin);
      std::vector<double> ref_builtin(count), ref_graph(count);
      ASSERT_TRUE(fill_reference(builtin, table, ref_builtin).ok()) << c.name;
      ASSERT_TRUE(fill_reference(lowered, table, ref_graph).ok()) << c.name;
      EXPECT_EQ(bit_differences(ref_graph, ref_builtin), 0u) << "reference: " << c.name;
      std::vector<float> mirror_builtin(count), mirror_graph(count), fast_graph(count, -7.0f);
      ASSERT_TRUE(fill_mirror(builtin, table, mirror_builtin).ok()) << c.name;
      ASSERT_TRUE(fill_mirror(lowered, table, mirror_graph).ok()) << c.name;
      EXPECT_EQ(bit_differences(mirror_graph, mirror_builtin), 0u) << "mirror: " << c.name;
      ASSERT_TRUE(fill_fast(lowered, table, fast_graph, cpu_options{2}).ok()) << c.name;
      EXPECT_EQ(bit_differences(fast_graph, mirror_builtin), 0u) << "cpu: " << c.name;
    }
  }
}

TEST(LowerNoise, TheGraphIsTheSpecsShape) {
  noise_spec warped;
  warped.fractal = fractal_kind::ridged;
  warped.octaves = 5;
  warped.warp = 0.5;
  auto g = graph::from_noise(warped, 3);
  ASSERT_TRUE(g.ok()) << g.message();
  // position, three warp offsets and their noises, the warp, the noise, the fractal
  EXPECT_EQ(g->node_count(), 10u);
  EXPECT_EQ(g->output_names(), std::vector<std::string>{"value"});
  EXPECT_EQ(g->contract(), graph_contract::exact);
  noise_spec gradient;
  gradient.fractal = fractal_kind::fbm;
  gradient.gradient = true;
  auto d = graph::from_noise(gradient, 2);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->outputs(), graph_outputs::gradient);
  EXPECT_EQ(d->channels(), 3);
}

TEST(LowerNoise, AnInvalidSpecGetsValidatesError) {
  noise_spec bad;
  bad.warp = 0.5;
  bad.period = {8, 8, 8, 0};
  auto g = graph::from_noise(bad, 3);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error_value().code, errc::invalid_argument);
  EXPECT_EQ(g.message(), validate(bad, 3).message());
}

class lower_noise_gpu_test : public gpu_test {};

TEST_P(lower_noise_gpu_test, BuiltInFieldsEqualTheirGraphsOnTheGpuBitForBit) {
  auto compiler = graph_compiler::create({.disk_cache = false});
  ASSERT_TRUE(compiler.ok()) << compiler.message();
  renderer_options options;
  options.table = GetParam();
  options.compiler = compiler.value();
  auto graphs = gpu_renderer::create(*ctx_, options);
  ASSERT_TRUE(graphs.ok()) << graphs.message();
  const permutation_table table = permutation_table::from_seed(9);
  // One case of each basis and fractal, cycling through dims and variants: each is a kernel to
  // compile on the device.
  int compared = 0;
  const std::vector<lowering_case> cases = all_cases();
  for (std::size_t i = 0; i < cases.size(); i += 23) {
    const lowering_case& c = cases[i];
    const field_spec builtin = grid_of(c, 13, -3.4);
    const field_spec lowered = as_graph(builtin);
    ASSERT_TRUE(lowered.noise_graph) << c.name;
    std::vector<float> a(value_count(builtin), -7.0f), b(value_count(builtin), -9.0f);
    ASSERT_TRUE(renderer_->fill(builtin, table, a).ok()) << c.name;
    const status s = (*graphs)->fill(lowered, table, b);
    ASSERT_TRUE(s.ok()) << c.name << ": " << s.message();
    EXPECT_EQ(bit_differences(b, a), 0u) << c.name;
    ++compared;
  }
  EXPECT_GE(compared, 10);
}

INSTANTIATE_TEST_SUITE_P(placements, lower_noise_gpu_test, both_table_placements(),
                         placement_test_name);

}  // namespace
