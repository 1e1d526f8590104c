// A built-in field's noise lowered to a graph (graph::from_noise, src/graph/lower_noise.hpp) gives
// the built-in noise's samples bit for bit: against the per-sample functions of noise_spec.hpp
// (sample_reference, and sample_mirror of each octave's axis_coordinate), which compute a
// noise_spec directly, the graph's double reference, float mirror and fast CPU path, over every
// basis, fractal, dims, warp, period, octave offsets and gradient the built-in fields take. The
// fills of a built-in field (fill_reference, fill_mirror, fill_fast, the GPU) run this graph.
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

// The built-in noise sample by sample, from its own functions.
std::vector<double> sampled_reference(const field_spec& f, const permutation_table& table) {
  const int channels = channel_count(f.noise, f.dims);
  std::vector<double> out;
  double sample[5];
  for (std::uint32_t t = 0; t < f.size[3]; ++t)
    for (std::uint32_t z = 0; z < f.size[2]; ++z)
      for (std::uint32_t y = 0; y < f.size[1]; ++y)
        for (std::uint32_t x = 0; x < f.size[0]; ++x) {
          const double position[4] = {sample_position(f, 0, x), sample_position(f, 1, y),
                                      sample_position(f, 2, z), sample_position(f, 3, t)};
          sample_reference(f.noise, f.dims, position, table, sample);
          out.insert(out.end(), sample, sample + channels);
        }
  return out;
}

std::vector<float> sampled_mirror(const field_spec& f, const permutation_table& table) {
  const int channels = channel_count(f.noise, f.dims);
  std::vector<float> out;
  std::vector<lattice_coord> coords(4 * f.noise.octaves);
  float sample[5];
  for (std::uint32_t t = 0; t < f.size[3]; ++t)
    for (std::uint32_t z = 0; z < f.size[2]; ++z)
      for (std::uint32_t y = 0; y < f.size[1]; ++y)
        for (std::uint32_t x = 0; x < f.size[0]; ++x) {
          const std::uint32_t index[4] = {x, y, z, t};
          for (int o = 0; o < f.noise.octaves; ++o) {
            for (int a = 0; a < 4; ++a) coords[o * 4 + a] = axis_coordinate(f, a, index[a], o);
          }
          sample_mirror(f.noise, f.dims, coords.data(), table, sample);
          out.insert(out.end(), sample, sample + channels);
        }
  return out;
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
      const std::vector<double> ref_builtin = sampled_reference(builtin, table);
      std::vector<double> ref_graph(count);
      ASSERT_TRUE(fill_reference(lowered, table, ref_graph).ok()) << c.name;
      EXPECT_EQ(bit_differences(ref_graph, ref_builtin), 0u) << "reference: " << c.name;
      const std::vector<float> mirror_builtin = sampled_mirror(builtin, table);
      std::vector<float> mirror_graph(count), fast_graph(count, -7.0f);
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
