// fill_fast against fill_mirror and eval_fast against the mirror's point evaluation (reduce_point
// then sample_mirror), bit for bit (memcmp, so -0 and +0 differ), on every SIMD target Highway
// compiled that this CPU runs, with several thread counts.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "simd_targets.hpp"
#include "vknoise/catalogue.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/field.hpp"
#include "vknoise/graph.hpp"

namespace {

using vknoise::cpu_options;
using vknoise::field_spec;
using vknoise::fractal_kind;
using vknoise::noise_kind;
using vknoise::noise_spec;
using vknoise::permutation_table;

using simd_targets::target_override;
using simd_targets::targets;

std::vector<float> mirror(const field_spec& field, const permutation_table& table) {
  std::vector<float> out(vknoise::value_count(field));
  EXPECT_TRUE(vknoise::fill_mirror(field, table, out).ok());
  return out;
}

// Counts the samples whose bits differ; prints the first.
std::size_t bit_differences(const std::vector<float>& a, const std::vector<float>& b,
                            const std::string& what) {
  std::size_t differ = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) {
      if (differ++ == 0) {
        ADD_FAILURE() << what << ": value " << i << " is " << a[i] << ", the mirror's " << b[i];
      }
    }
  }
  return differ;
}

void expect_identical(const field_spec& field, const permutation_table& table,
                      const std::string& what, std::vector<unsigned> thread_counts = {1, 2, 3, 7}) {
  const std::vector<float> expected = mirror(field, table);
  for (std::int64_t target : targets()) {
    target_override only(target);
    ASSERT_STREQ(vknoise::cpu_simd_target(), hwy::TargetName(target));
    for (unsigned threads : thread_counts) {
      std::vector<float> out(expected.size(), 12345.0f);
      ASSERT_TRUE(vknoise::fill_fast(field, table, out, cpu_options{threads}).ok());
      EXPECT_EQ(bit_differences(out, expected,
                                what + " on " + hwy::TargetName(target) + " with " +
                                    std::to_string(threads) + " threads"),
                0u);
    }
  }
}

// fill_fast within the documented 1e-5 of the double reference, on a field that is not flat: for
// the kinds fill_fast computes with fill_mirror itself, the comparison with the mirror cannot fail,
// this one can.
void expect_near_reference(const field_spec& field, const permutation_table& table,
                           const std::string& what) {
  std::vector<double> reference(vknoise::value_count(field));
  ASSERT_TRUE(vknoise::fill_reference(field, table, std::span<double>(reference)).ok()) << what;
  std::vector<float> out(reference.size());
  ASSERT_TRUE(vknoise::fill_fast(field, table, out, cpu_options{2}).ok()) << what;
  double worst = 0, largest = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    worst = std::max(worst, std::fabs(double(out[i]) - reference[i]));
    largest = std::max(largest, std::fabs(reference[i]));
  }
  EXPECT_LE(worst, vknoise::float_path_bound(field.noise, field.dims))
      << what << ": fill_fast against the double reference";
  EXPECT_GT(largest, 0.1) << what << ": a field this flat proves little";
}

field_spec make(int dims, std::array<std::uint32_t, 4> size, std::array<double, 4> origin,
                double step, fractal_kind fractal = fractal_kind::none, int octaves = 1) {
  field_spec f;
  f.dims = dims;
  f.size = size;
  f.origin = origin;
  f.step = {step, step * 1.25, step * 0.75, step * 1.5};
  f.noise.fractal = fractal;
  f.noise.octaves = octaves;
  return f;
}

TEST(CpuFill, ReportsATarget) {
  const std::string name = vknoise::cpu_simd_target();
  EXPECT_FALSE(name.empty());
  std::string verified;
  for (std::int64_t target : targets()) verified += std::string(" ") + hwy::TargetName(target);
  EXPECT_FALSE(verified.empty());
  std::printf("fill_fast uses %s; verified on:%s\n", name.c_str(), verified.c_str());
}

TEST(CpuFill, EveryCatalogueEntryMatchesTheMirror) {
  const permutation_table table = permutation_table::perlin();
  for (const vknoise::catalogue_entry& entry : vknoise::catalogue()) {
    expect_identical(entry.field, table, entry.name, {1, 3});
    expect_near_reference(entry.field, table, entry.name);
  }
}

TEST(CpuFill, OddSizesAndOriginsMatchTheMirror) {
  const permutation_table tables[] = {permutation_table::perlin(),
                                      permutation_table::from_seed(42)};
  const std::array<double, 4> origins[] = {{0.0, 0.0, 0.0, 0.0},
                                           {-3.7, -11.25, -0.5, -7.125},
                                           {1e9, -1e9, 1e9, -1e9},
                                           {-1e9 + 0.3, 1e9 - 0.6, 0.25, 1e9}};
  for (const permutation_table& table : tables) {
    for (const auto& origin : origins) {
      for (int octaves : {1, 4, 8}) {
        const fractal_kind fractal = octaves == 1 ? fractal_kind::none : fractal_kind::fbm;
        const std::string where =
            " at " + std::to_string(origin[0]) + ", " + std::to_string(octaves) + " octaves";
        // 8 octaves at lacunarity 2 multiply 1e9 by 128: still below 2^31 is not guaranteed,
        // so the far origins use fewer.
        if (std::fabs(origin[0]) > 1e6 && octaves > 1) continue;
        expect_identical(make(3, {37, 5, 3, 1}, origin, 0.07, fractal, octaves), table,
                         "3D" + where);
        expect_identical(make(4, {19, 3, 2, 3}, origin, 0.11, fractal, octaves), table,
                         "4D" + where);
      }
    }
  }
}

TEST(CpuFill, FarOriginsWithOctavesMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  // lacunarity 2, 4 octaves: 8 * 2.5e8 stays below 2^31.
  const std::array<double, 4> origin = {2.5e8, -2.5e8 + 0.5, 2.5e8 - 0.25, -2.5e8};
  expect_identical(make(3, {33, 4, 3, 1}, origin, 0.013, fractal_kind::fbm, 4), table, "3D far");
  expect_identical(make(4, {21, 2, 3, 2}, origin, 0.013, fractal_kind::fbm, 4), table, "4D far");
}

TEST(CpuFill, RowsTouchingFewOrManyCellsMatchTheMirror) {
  // A vector of samples whose cells are all one reads its corners' terms broadcast (steps of
  // 1/16 cell and less); others look their hash words up in a 32-slot window (steps up to about
  // 1.9 cells), or gather them (wider steps, and rows wrapping from cell 255 to 0).
  const permutation_table table = permutation_table::from_seed(3);
  for (double step : {1.0 / 32, 0.05, 0.9, 1.7, 2.9}) {
    expect_identical(make(3, {150, 3, 2, 1}, {-20.0, 1.5, 2.5, 0.0}, step), table,
                     "3D step " + std::to_string(step), {1, 2});
    expect_identical(make(4, {150, 2, 2, 2}, {-20.0, 1.5, 2.5, 3.5}, step), table,
                     "4D step " + std::to_string(step), {1, 2});
  }
  // Octaves that get coarser (lacunarity below 1): the later octaves share their cells, some
  // vectors of an octave and not others.
  field_spec coarser = make(2, {16, 16, 1, 1}, {0.31, -1.7, 0.0, 0.0}, 0.37, fractal_kind::fbm, 6);
  coarser.step[1] = 0.37;
  coarser.noise.lacunarity = 0.5;
  expect_identical(coarser, table, "2D fBm, lacunarity 0.5", {1, 2});
  coarser.dims = 3;
  coarser.size = {40, 3, 2, 1};
  expect_identical(coarser, table, "3D fBm, lacunarity 0.5", {1, 2});
  // fBm at 32 samples a cell: its first octaves share their cells in every vector, the others
  // in none, and a row takes the two in turn.
  expect_identical(make(3, {128, 3, 2, 1}, {0.0, 1.5, 2.5, 0.0}, 1.0 / 32, fractal_kind::fbm, 6),
                   table, "3D fBm at 1/32", {1, 2});
  expect_identical(make(4, {64, 2, 2, 2}, {0.0, 1.5, 2.5, 3.5}, 1.0 / 32, fractal_kind::ridged, 4),
                   table, "4D ridged at 1/32", {1, 2});
}

TEST(CpuFill, EveryFractalKindMatchesTheMirror) {
  const permutation_table table = permutation_table::from_seed(7);
  for (fractal_kind kind :
       {fractal_kind::fbm, fractal_kind::turbulence, fractal_kind::ridged, fractal_kind::billow}) {
    const std::string name = vknoise::fractal_kind_name(kind);
    for (int dims = 1; dims <= 4; ++dims) {
      std::array<std::uint32_t, 4> size = {23, 1, 1, 1};
      for (int a = 1; a < dims; ++a) size[a] = 3;
      field_spec f = make(dims, size, {-1.3, 2.9, -0.7, 5.1}, 0.21, kind, 5);
      f.noise.persistence = 0.6;
      f.noise.lacunarity = 1.93;
      f.noise.octave_offsets = dims % 2 == 0;
      expect_identical(f, table, name + " " + std::to_string(dims) + "D", {1, 2});
    }
  }
}

TEST(CpuFill, PeriodsAndBalancedMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  field_spec periodic = make(3, {41, 6, 2, 1}, {-5.0, 3.0, 1.0, 0.0}, 0.19, fractal_kind::fbm, 3);
  periodic.noise.period = {3, 5, 2, 0};
  expect_identical(periodic, table, "3D periodic");
  field_spec balanced = make(4, {29, 3, 2, 2}, {0.5, -2.0, 7.0, -1.0}, 0.17);
  balanced.noise.kind = noise_kind::improved4_balanced;
  expect_identical(balanced, table, "4D balanced");
  balanced.noise.period = {4, 1, 7, 256};
  expect_identical(balanced, table, "4D balanced periodic");
}

TEST(CpuFill, RegionsMatchTheMirror) {
  // A region of a larger grid (render --region, streamed slabs): positions start at region.
  const permutation_table table = permutation_table::perlin();
  field_spec f = make(3, {29, 4, 3, 1}, {-2.5, 0.5, 1e6, 0.0}, 0.09, fractal_kind::ridged, 3);
  f.region = {1000, 7, 3, 0};
  expect_identical(f, table, "3D region");
  field_spec g = make(4, {17, 3, 2, 2}, {0.25, -9.0, 4.0, 2.0}, 0.31, fractal_kind::billow, 2);
  g.region = {33, 0, 5, 11};
  expect_identical(g, table, "4D region");
}

TEST(CpuFill, IntegerLatticeKeepsTheMirrorsSignedZeros) {
  // Integer positions have fraction 0: the gradients of x0 = +0 yield -0 and +0, which == would
  // not tell apart.
  const permutation_table table = permutation_table::perlin();
  std::size_t negative_zeros = 0;
  for (int dims = 1; dims <= 4; ++dims) {
    std::array<std::uint32_t, 4> size = {70, 1, 1, 1};
    for (int a = 1; a < dims; ++a) size[a] = 4;
    field_spec f = make(dims, size, {-7.0, -2.0, 0.0, 3.0}, 1.0);
    f.step = {1.0, 0.5, 1.0, 0.25};
    for (float v : mirror(f, table)) negative_zeros += v == 0.0f && std::signbit(v);
    expect_identical(f, table, std::to_string(dims) + "D lattice", {1, 2});
  }
  EXPECT_GT(negative_zeros, 0u);
}

TEST(CpuFill, FallbackKindsAreThreadedAndIdentical) {
  const permutation_table table = permutation_table::perlin();
  field_spec gradient = make(3, {17, 4, 3, 1}, {0.3, 0.6, 0.9, 0.0}, 0.1);
  gradient.noise.gradient = true;
  expect_identical(gradient, table, "3D gradient");
  expect_near_reference(gradient, table, "3D gradient");
  field_spec value = make(2, {31, 9, 1, 1}, {0.3, 0.6, 0.0, 0.0}, 0.3);
  value.noise.kind = noise_kind::value;
  expect_identical(value, table, "2D value");
  expect_near_reference(value, table, "2D value");
}

// fill_fast keeps the last noise or graph it lowered and planned (per thread); a fill that differs
// from the previous one only in its table, its dims, one noise parameter, its region or its graph
// must not reuse it.
TEST(CpuFill, FillsInTurnThatDifferInOneThingMatchTheMirror) {
  const permutation_table perlin = permutation_table::perlin();
  const permutation_table seeded = permutation_table::from_seed(7);
  field_spec a = make(3, {19, 5, 3, 1}, {0.3, 0.6, 0.9, 0.2}, 0.37, fractal_kind::fbm, 3);
  field_spec more_octaves = a;
  more_octaves.noise.octaves = 4;
  field_spec lacunarity = a;
  lacunarity.noise.lacunarity = 2.5;
  field_spec four_dims = a;
  four_dims.dims = 4;
  four_dims.size = {19, 5, 3, 2};
  field_spec moved = a;
  moved.region = {2, 1, 0, 0};
  // Graph fields: two graphs, a second parse of the first, and a's noise as a graph.
  const auto graph_field = [&](const char* json) {
    auto parsed = vknoise::graph::parse(json);
    EXPECT_TRUE(parsed.ok()) << parsed.message();
    field_spec f = a;
    f.noise_graph = std::make_shared<const vknoise::graph>(std::move(parsed).value());
    return f;
  };
  const char* scaled_fbm = R"({"dims": 3, "nodes": {"p": {"kind": "position"},
      "s": {"kind": "scale", "in": "p", "factor": 1.5}, "n": {"kind": "noise", "at": "s"},
      "f": {"kind": "fractal", "noise": "n", "octaves": 3}}, "outputs": {"f": "f"}})";
  const field_spec graph_one = graph_field(scaled_fbm);
  const field_spec graph_one_again = graph_field(scaled_fbm);
  const field_spec graph_two = graph_field(R"({"dims": 3, "nodes": {"p": {"kind": "position"},
      "n": {"kind": "noise", "at": "p"}, "f": {"kind": "fractal", "noise": "n", "type": "ridged",
      "octaves": 2}, "m": {"kind": "mul", "a": "f", "b": 0.5}}, "outputs": {"m": "m"}})");
  field_spec a_as_graph = a;
  a_as_graph.noise_graph =
      std::make_shared<const vknoise::graph>(vknoise::graph::from_noise(a.noise, 3).value());
  struct fill {
    const field_spec* field;
    const permutation_table* table;
    const char* what;
  };
  const fill fills[] = {{&a, &perlin, "a"},
                        {&a, &seeded, "a, seeded"},
                        {&a, &perlin, "a again"},
                        {&more_octaves, &perlin, "4 octaves"},
                        {&lacunarity, &perlin, "lacunarity 2.5"},
                        {&four_dims, &perlin, "4 dims"},
                        {&moved, &perlin, "a region"},
                        {&graph_one, &perlin, "graph one"},
                        {&graph_two, &perlin, "graph two"},
                        {&graph_two, &seeded, "graph two, seeded"},
                        {&graph_one_again, &perlin, "graph one parsed again"},
                        {&a_as_graph, &perlin, "a as a graph"},
                        {&a, &perlin, "a at last"}};
  for (int round = 0; round < 2; ++round) {
    for (const fill& f : fills) {
      const std::vector<float> expected = mirror(*f.field, *f.table);
      std::vector<float> out(expected.size(), 12345.0f);
      ASSERT_TRUE(vknoise::fill_fast(*f.field, *f.table, out, cpu_options{1}).ok()) << f.what;
      EXPECT_EQ(bit_differences(out, expected, f.what), 0u);
    }
  }
}

// The kept threads (src/cpu/kept_threads.hpp) serve one fill at a time: fills started at once
// from several threads, some on the kept threads and some on threads of their own, each match
// the mirror.
TEST(CpuFill, FillsFromSeveralThreadsAtOnceMatchTheMirror) {
  const permutation_table table = permutation_table::from_seed(11);
  std::vector<field_spec> fields;
  for (int i = 0; i < 4; ++i) {
    fields.push_back(
        make(3, {67, 9, 5, 1}, {0.1 * i, 0.2, 0.3, 0.0}, 0.09, fractal_kind::fbm, 1 + i));
  }
  std::vector<std::vector<float>> expected, out;
  for (const field_spec& f : fields) {
    expected.push_back(mirror(f, table));
    out.emplace_back(expected.back().size(), 12345.0f);
  }
  std::vector<int> ok(fields.size(), 0);
  std::vector<std::thread> callers;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    callers.emplace_back([&, i] {
      for (int round = 0; round < 20; ++round) {
        ok[i] += vknoise::fill_fast(fields[i], table, out[i], cpu_options{2}).ok();
      }
    });
  }
  for (std::thread& t : callers) t.join();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    EXPECT_EQ(ok[i], 20);
    EXPECT_EQ(bit_differences(out[i], expected[i], "caller " + std::to_string(i)), 0u);
  }
}

// A child made by fork() has none of its parent's threads: its first threaded fill starts kept
// threads of its own, and matches the mirror (a child that used the parent's would wait for
// ever: alarm() ends it, and the test sees the signal).
TEST(CpuFill, AForkedChildFillsWithThreadsOfItsOwn) {
  const permutation_table table = permutation_table::perlin();
  const field_spec f = make(3, {64, 16, 8, 1}, {0.5, 0.25, 0.125, 0.0}, 0.05, fractal_kind::fbm, 3);
  const std::vector<float> expected = mirror(f, table);
  std::vector<float> out(expected.size());
  ASSERT_TRUE(vknoise::fill_fast(f, table, out, cpu_options{2}).ok());  // the parent's threads
  const pid_t child = fork();
  ASSERT_NE(child, -1);
  if (child == 0) {
    alarm(60);
    std::vector<float> mine(expected.size(), 12345.0f);
    const bool same = vknoise::fill_fast(f, table, mine, cpu_options{2}).ok() &&
                      std::memcmp(mine.data(), expected.data(), sizeof(float) * mine.size()) == 0;
    _exit(same ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "the child ended by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the child's fill differs from the mirror";
}

// A stop check that fills another noise on the same thread replaces the noise fill_fast keeps
// for that thread; the fill it interrupts must go on with its own (ASan sees a use after free
// otherwise).
TEST(CpuFill, AStopCheckThatFillsAnotherNoiseLeavesTheOuterFillIntact) {
  const permutation_table table = permutation_table::perlin();
  // Warped: its graph runs on the block kernels, which read the plan all through the fill.
  field_spec outer = make(3, {37, 64, 2, 1}, {0.3, 0.6, 0.9, 0.0}, 0.29, fractal_kind::fbm, 3);
  outer.noise.warp = 0.5;
  const field_spec inner =
      make(3, {9, 4, 3, 1}, {0.1, 0.2, 0.3, 0.0}, 0.41, fractal_kind::ridged, 2);
  const std::vector<float> inner_expected = mirror(inner, table);
  int checks = 0;
  cpu_options options{1};
  options.should_stop = [&] {
    ++checks;
    std::vector<float> values(inner_expected.size());
    EXPECT_TRUE(vknoise::fill_fast(inner, table, values, cpu_options{1}).ok());
    EXPECT_EQ(bit_differences(values, inner_expected, "the inner fill"), 0u);
    return false;
  };
  std::vector<float> out(vknoise::value_count(outer));
  ASSERT_TRUE(vknoise::fill_fast(outer, table, out, options).ok());
  EXPECT_GT(checks, 1);
  EXPECT_EQ(bit_differences(out, mirror(outer, table), "the outer fill"), 0u);
}

TEST(CpuFill, KnownValueAndErrors) {
  // Perlin's reference point (3.14, 42, 7): the mirror's float value, within float rounding of
  // noise3's 0.13691995878400012.
  field_spec f = make(3, {1, 1, 1, 1}, {3.14, 42.0, 7.0, 0.0}, 1.0);
  std::vector<float> out(1);
  ASSERT_TRUE(vknoise::fill_fast(f, permutation_table::perlin(), out).ok());
  EXPECT_NEAR(out[0], 0.13691995878400012, 1e-6);

  std::vector<float> wrong(2);
  const auto status = vknoise::fill_fast(f, permutation_table::perlin(), wrong);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error_value().code, vknoise::errc::invalid_argument);
  f.size = {0, 1, 1, 1};
  EXPECT_EQ(vknoise::fill_fast(f, permutation_table::perlin(), out).error_value().code,
            vknoise::errc::invalid_argument);
}

// --- eval_fast -------------------------------------------------------------------------------

// The mirror's evaluation of each point: what gpu_renderer::eval is checked against.
std::vector<float> mirror_points(const noise_spec& noise, int dims,
                                 const std::vector<double>& points,
                                 const permutation_table& table) {
  const std::size_t channels = static_cast<std::size_t>(vknoise::channel_count(noise, dims));
  const std::size_t count = points.size() / dims;
  std::vector<float> out(count * channels);
  std::vector<vknoise::lattice_coord> coords(std::size_t{4} * noise.octaves);
  for (std::size_t i = 0; i < count; ++i) {
    double position[4] = {0, 0, 0, 0};
    for (int a = 0; a < dims; ++a) position[a] = points[i * dims + a];
    vknoise::reduce_point(noise, dims, position, coords.data());
    vknoise::sample_mirror(noise, dims, coords.data(), table, &out[i * channels]);
  }
  return out;
}

void expect_points_identical(const noise_spec& noise, int dims, const std::vector<double>& points,
                             const permutation_table& table, const std::string& what,
                             std::vector<unsigned> thread_counts = {1, 3}) {
  const std::vector<float> expected = mirror_points(noise, dims, points, table);
  for (std::int64_t target : targets()) {
    target_override only(target);
    for (unsigned threads : thread_counts) {
      std::vector<float> out(expected.size(), 12345.0f);
      const auto done = vknoise::eval_fast(noise, dims, points, table, out, cpu_options{threads});
      ASSERT_TRUE(done.ok()) << what << ": " << done.message();
      EXPECT_EQ(bit_differences(out, expected,
                                what + " on " + hwy::TargetName(target) + " with " +
                                    std::to_string(threads) + " threads"),
                0u);
    }
  }
}

bool in_domain(const noise_spec& noise, int axis, double x) {
  return std::isfinite(x) &&
         vknoise::max_octave_position(noise, axis, std::fabs(x)) < vknoise::max_abs_coordinate;
}

// `count` points that mix every kind of coordinate the reduction has cases for: small ones of
// both signs, lattice points and coordinates just off them (a fraction that rounds to 1.0f moves
// to the next cell), multiples of the period and just below them, -0, tiny negatives, and the far
// ones up to the largest the noise's octaves allow. Each is kept only where it is in the domain.
std::vector<double> scattered_points(const noise_spec& noise, int dims, std::size_t count,
                                     std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const auto uniform = [&](double low, double high) {
    return low + (high - low) * static_cast<double>(random() >> 11) * 0x1p-53;
  };
  std::vector<double> points(count * dims);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const int axis = static_cast<int>(i % dims);
    const double period = noise.period[axis] ? noise.period[axis] : 256.0;
    const double integer = std::floor(uniform(-600.0, 600.0));
    double x = 0;
    switch (random() % 10) {
      case 0:
        x = integer;
        break;
      case 1:
        x = integer - 0x1p-30;  // frac rounds to 1.0f
        break;
      case 2:
        x = integer + 0x1p-40;
        break;
      case 3:
        x = std::floor(uniform(-5.0, 5.0)) * period - 0x1p-45;
        break;
      case 4:
        x = random() % 2 ? -0.0 : -std::numeric_limits<double>::denorm_min() * 3;
        break;
      case 5:
        x = uniform(-1e9, 1e9);
        break;
      case 6:
        x = std::floor(uniform(-1e9, 1e9)) + uniform(0.99999, 1.0);
        break;
      default:
        x = uniform(-40.0, 40.0);
    }
    points[i] = in_domain(noise, axis, x) ? x : uniform(-3.0, 3.0);
  }
  return points;
}

noise_spec fractal_noise(fractal_kind kind, int octaves) {
  noise_spec noise;
  noise.fractal = kind;
  noise.octaves = octaves;
  return noise;
}

TEST(CpuEvalPoints, EveryDimsAndFractalMatchesTheMirror) {
  const permutation_table table = permutation_table::from_seed(11);
  for (int dims = 1; dims <= 4; ++dims) {
    for (fractal_kind kind : {fractal_kind::none, fractal_kind::fbm, fractal_kind::turbulence,
                              fractal_kind::ridged, fractal_kind::billow}) {
      noise_spec noise = fractal_noise(kind, kind == fractal_kind::none ? 1 : 5);
      noise.persistence = 0.6;
      noise.lacunarity = 1.93;
      noise.octave_offsets = dims % 2 == 1;
      const std::string what =
          std::string(vknoise::fractal_kind_name(kind)) + " " + std::to_string(dims) + "D";
      expect_points_identical(noise, dims, scattered_points(noise, dims, 301, dims), table, what);
    }
  }
}

TEST(CpuEvalPoints, BalancedPeriodsAndOffsetsMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  noise_spec balanced;
  balanced.kind = noise_kind::improved4_balanced;
  expect_points_identical(balanced, 4, scattered_points(balanced, 4, 203, 1), table, "balanced");
  balanced.fractal = fractal_kind::ridged;
  balanced.octaves = 3;
  balanced.period = {4, 1, 7, 256};
  expect_points_identical(balanced, 4, scattered_points(balanced, 4, 203, 2), table,
                          "balanced periodic ridged");
  for (int dims = 1; dims <= 4; ++dims) {
    noise_spec periodic = fractal_noise(fractal_kind::fbm, 4);
    periodic.period = {3, 5, 2, 6};
    periodic.lacunarity = 3;
    periodic.octave_offsets = true;
    expect_points_identical(periodic, dims, scattered_points(periodic, dims, 157, 10 + dims), table,
                            "periodic fbm " + std::to_string(dims) + "D");
    noise_spec tiles = fractal_noise(fractal_kind::none, 1);
    tiles.period = {1, 256, 9, 2};
    expect_points_identical(tiles, dims, scattered_points(tiles, dims, 157, 20 + dims), table,
                            "periods 1 and 256 " + std::to_string(dims) + "D");
  }
}

TEST(CpuEvalPoints, FarPointsMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  std::vector<double> points;
  for (double sign : {1.0, -1.0}) {
    for (double f : {0.0, 0.125, 0.5, 0.999, 1.0 - 0x1p-26}) {
      for (double far : {1e9, 2147483646.0, 2147483000.5}) {
        points.insert(points.end(), {sign * far + f, -sign * far + f, sign * (far - f), far});
      }
    }
  }
  for (int dims = 1; dims <= 4; ++dims) {
    std::vector<double> picked;
    for (std::size_t i = 0; i < points.size(); i += 4) {
      picked.insert(picked.end(), points.begin() + i, points.begin() + i + dims);
    }
    expect_points_identical(noise_spec{}, dims, picked, table, "far " + std::to_string(dims) + "D");
  }
  // 4 octaves at lacunarity 2: 8 * 2.5e8 stays below 2^31.
  const noise_spec fbm = fractal_noise(fractal_kind::fbm, 4);
  expect_points_identical(fbm, 3, {2.5e8, -2.5e8 + 0.5, 2.5e8 - 0.25, -2.68e8, 1.1e8, 0.3}, table,
                          "far fbm");
}

TEST(CpuEvalPoints, AnyCountAndThreadCountMatchesTheMirror) {
  const permutation_table table = permutation_table::perlin();
  const noise_spec noise = fractal_noise(fractal_kind::fbm, 3);
  // 0 and 1 point; counts that end inside a vector (every width up to 16 lanes); enough points
  // for several threads (one per 4096) with a ragged last chunk.
  for (std::size_t count : {0, 1, 2, 5, 15, 17, 33, 1000, 3 * 4096 + 13, 9 * 4096 + 7}) {
    expect_points_identical(noise, 3, scattered_points(noise, 3, count, count), table,
                            std::to_string(count) + " points", {1, 2, 3, 7});
  }
}

// eval_fast within the documented 1e-5 of the double reference, channel by channel: for the kinds
// that run the mirror itself, the bit-for-bit comparison above only proves the threading.
void expect_points_near_reference(const noise_spec& noise, int dims,
                                  const std::vector<double>& points, const permutation_table& table,
                                  const std::string& what) {
  const std::size_t channels = vknoise::channel_count(noise, dims);
  const std::size_t count = points.size() / dims;
  std::vector<float> out(count * channels);
  ASSERT_TRUE(vknoise::eval_fast(noise, dims, points, table, out).ok()) << what;
  std::vector<double> reference(channels);
  double worst = 0;
  for (std::size_t i = 0; i < count; ++i) {
    vknoise::sample_reference(noise, dims, &points[i * dims], table, reference.data());
    for (std::size_t c = 0; c < channels; ++c) {
      worst = std::max(worst, std::fabs(out[i * channels + c] - reference[c]));
    }
  }
  EXPECT_LE(worst, 1e-5) << what << ": eval_fast against the double reference";
}

TEST(CpuEvalPoints, FallbackKindsMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  noise_spec gradient = fractal_noise(fractal_kind::fbm, 3);
  gradient.gradient = true;
  expect_points_identical(gradient, 3, scattered_points(gradient, 3, 71, 1), table, "gradient");
  expect_points_near_reference(gradient, 3, scattered_points(gradient, 3, 71, 1), table,
                               "gradient");
  noise_spec warped;
  warped.warp = 0.7;
  expect_points_identical(warped, 2, scattered_points(warped, 2, 71, 2), table, "warp");
  expect_points_near_reference(warped, 2, scattered_points(warped, 2, 71, 2), table, "warp");
  noise_spec classic = fractal_noise(fractal_kind::turbulence, 2);
  classic.kind = noise_kind::classic;
  classic.classic_seed = 5;
  expect_points_identical(classic, 4, scattered_points(classic, 4, 71, 3), table, "classic");
  expect_points_near_reference(classic, 4, scattered_points(classic, 4, 71, 3), table, "classic");
  noise_spec value;
  value.kind = noise_kind::value;
  value.interpolation = vknoise::value_interpolation::cubic;
  expect_points_identical(value, 3, scattered_points(value, 3, 71, 4), table, "value");
  expect_points_near_reference(value, 3, scattered_points(value, 3, 71, 4), table, "value");
  // period * lacunarity^octave beyond 2^31: 256 * 256^4 = 2^40. Only multiples of the period are
  // inside the domain there (their position is 0 in every octave).
  noise_spec huge_period = fractal_noise(fractal_kind::fbm, 5);
  huge_period.period = {256, 256, 256, 256};
  huge_period.lacunarity = 256;
  expect_points_identical(huge_period, 3, {0.0, 256.0, -512.0, 1e9 * 256, -0.0, 2560.0}, table,
                          "huge octave period");
}

TEST(CpuEvalPoints, KnownValue) {
  std::vector<float> out(1);
  ASSERT_TRUE(vknoise::eval_fast(noise_spec{}, 3, std::vector<double>{3.14, 42.0, 7.0},
                                 permutation_table::perlin(), out)
                  .ok());
  EXPECT_NEAR(out[0], 0.13691995878400012, 1e-6);
}

TEST(CpuEvalPoints, BadInputGivesErrors) {
  const permutation_table table = permutation_table::perlin();
  const auto eval = [&](const noise_spec& noise, int dims, std::vector<double> points,
                        std::size_t out_size) {
    std::vector<float> out(out_size, 7.0f);
    const vknoise::status done = vknoise::eval_fast(noise, dims, points, table, out);
    if (!done.ok() && done.error_value().code == vknoise::errc::invalid_argument) {
      for (float v : out) EXPECT_EQ(v, 7.0f) << "an argument error wrote to out";
    }
    return done;
  };
  const auto code = [](const vknoise::status& s) {
    return s.ok() ? std::string("ok") : std::to_string(static_cast<int>(s.error_value().code));
  };
  const std::string invalid = std::to_string(static_cast<int>(vknoise::errc::invalid_argument));
  const std::string range = std::to_string(static_cast<int>(vknoise::errc::out_of_range));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(code(eval(noise_spec{}, 0, {1.0}, 1)), invalid);
  EXPECT_EQ(code(eval(noise_spec{}, 5, {1, 2, 3, 4, 5}, 1)), invalid);
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0, 2.0}, 1)), invalid);       // not whole points
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0, 2.0, 3.0}, 2)), invalid);  // out too large
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0, 2.0, 3.0}, 0)), invalid);  // out too small
  EXPECT_EQ(code(eval(fractal_noise(fractal_kind::fbm, 0), 3, {1, 2, 3}, 1)), invalid);
  noise_spec balanced;
  balanced.kind = noise_kind::improved4_balanced;
  EXPECT_EQ(code(eval(balanced, 3, {1, 2, 3}, 1)), invalid);
  noise_spec gradient;
  gradient.gradient = true;
  EXPECT_EQ(code(eval(gradient, 2, {1, 2}, 1)), invalid);  // needs 3 values per point
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0, nan, 3.0}, 1)), range);
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0, 2.0, -inf}, 1)), range);
  EXPECT_EQ(code(eval(noise_spec{}, 1, {2147483648.0}, 1)), range);
  EXPECT_EQ(code(eval(fractal_noise(fractal_kind::fbm, 4), 2, {3e8, 0.5}, 1)), range);
  EXPECT_EQ(code(eval(noise_spec{}, 3, {}, 0)), "ok");

  // The first bad point is named, among many (a batch the coordinate bounds check), whichever
  // thread's stretch of points it lies in.
  std::vector<double> many(3 * 500, 0.25);
  many[3 * 321 + 2] = nan;
  many[3 * 400] = inf;
  const vknoise::status first = eval(noise_spec{}, 3, many, 500);
  ASSERT_FALSE(first.ok());
  EXPECT_NE(first.message().find("point 321 "), std::string::npos) << first.message();
  for (std::size_t bad : {std::size_t{5}, std::size_t{4096 * 2 + 3}, std::size_t{29999}}) {
    for (unsigned threads : {1u, 2u, 5u}) {
      std::vector<double> points(3 * 30000, 0.5);
      points[3 * bad + 1] = 3e9;
      points[3 * 29999] = nan;
      std::vector<float> out(30000);
      const auto done =
          vknoise::eval_fast(noise_spec{}, 3, points, table, out, cpu_options{threads});
      ASSERT_FALSE(done.ok());
      EXPECT_EQ(done.error_value().code, vknoise::errc::out_of_range);
      EXPECT_NE(done.message().find("point " + std::to_string(bad) + " "), std::string::npos)
          << done.message() << " with " << threads << " threads";
    }
  }
}

TEST(CpuEvalPoints, DomainEdgesAreJudgedAsMaxOctavePositionDoes) {
  // Coordinates next to where the octaves leave +-2^31, alone (checked one by one) and among 300
  // points (checked against per-axis bounds): accepted exactly when max_octave_position allows.
  const permutation_table table = permutation_table::perlin();
  noise_spec offsets = fractal_noise(fractal_kind::fbm, 4);
  offsets.octave_offsets = true;
  noise_spec warped;
  warped.warp = 2.5;
  noise_spec slow_lacunarity = fractal_noise(fractal_kind::billow, 7);
  slow_lacunarity.lacunarity = 0.37;
  noise_spec periodic = fractal_noise(fractal_kind::fbm, 3);
  periodic.period = {0, 200, 0, 0};
  periodic.lacunarity = 2;
  for (const noise_spec& noise : {noise_spec{}, offsets, warped, slow_lacunarity, periodic}) {
    for (double edge :
         {2147483648.0, 2147483648.0 / 8, 2147483648.0 / 8 - 37.6 * 3 / 8, 2147483648.0 - 20.0}) {
      for (double step : {-2.0, -1.0, 0.0, 1.0, 2.0}) {
        double x = edge;
        for (int k = 0; k < std::fabs(step); ++k) x = std::nextafter(x, step < 0 ? 0.0 : 1e300);
        for (double signed_x : {x, -x}) {
          const bool expected = in_domain(noise, 1, signed_x);
          std::vector<float> one(1);
          const auto alone =
              vknoise::eval_fast(noise, 2, std::vector<double>{0.5, signed_x}, table, one);
          EXPECT_EQ(alone.ok(), expected) << signed_x;
          std::vector<double> batch(2 * 300, 0.5);
          batch[2 * 150 + 1] = signed_x;
          std::vector<float> out(300);
          const auto among = vknoise::eval_fast(noise, 2, batch, table, out);
          EXPECT_EQ(among.ok(), expected) << signed_x;
          if (!among.ok()) {
            EXPECT_NE(among.message().find("point 150 "), std::string::npos) << among.message();
          }
        }
      }
    }
  }
}

}  // namespace
