// eval_fast with float coordinates: bit for bit the mirror of the same coordinates widened to
// double (reduce_point, then sample_mirror), on every SIMD target Highway compiled (each forced in
// turn), with the double overload's errors. The coordinates mix those the kernels reduce in float
// (a power-of-two scale, no period, no offset) with those they widen to double, and in float both
// fractional ones and the integral ones from 2^23 up.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "simd_targets.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/noise_spec.hpp"

namespace {

using simd_targets::target_override;
using simd_targets::targets;
using vknoise::cpu_options;
using vknoise::fractal_kind;
using vknoise::noise_kind;
using vknoise::noise_spec;
using vknoise::permutation_table;

bool in_domain(const noise_spec& noise, int axis, double x) {
  return std::isfinite(x) &&
         vknoise::max_octave_position(noise, axis, std::fabs(x)) < vknoise::max_abs_coordinate;
}

std::vector<double> widened(const std::vector<float>& points) {
  return std::vector<double>(points.begin(), points.end());
}

// The mirror at each point, its float coordinates widened.
std::vector<float> mirror_points(const noise_spec& noise, int dims,
                                 const std::vector<float>& points, const permutation_table& table) {
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

std::size_t bit_differences(const std::vector<float>& a, const std::vector<float>& b,
                            const std::vector<float>& points, int dims, const std::string& what) {
  std::size_t differ = 0;
  const std::size_t channels = a.empty() ? 1 : a.size() / (points.size() / dims);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0 && differ++ == 0) {
      ADD_FAILURE() << what << ": value " << i << " is " << a[i] << ", the mirror's " << b[i]
                    << " (first coordinate " << points[i / channels * dims] << ")";
    }
  }
  return differ;
}

void expect_identical(const noise_spec& noise, int dims, const std::vector<float>& points,
                      const permutation_table& table, const std::string& what,
                      std::vector<unsigned> thread_counts = {1, 3}) {
  const std::vector<float> expected = mirror_points(noise, dims, points, table);
  for (std::int64_t target : targets()) {
    target_override only(target);
    for (unsigned threads : thread_counts) {
      std::vector<float> out(expected.size(), 12345.0f);
      const auto done = vknoise::eval_fast(noise, dims, std::span<const float>(points), table, out,
                                           cpu_options{threads});
      ASSERT_TRUE(done.ok()) << what << ": " << done.message();
      EXPECT_EQ(bit_differences(out, expected, points, dims,
                                what + " on " + hwy::TargetName(target) + " with " +
                                    std::to_string(threads) + " threads"),
                0u);
    }
  }
}

// `count` float points with every case the two reductions have: fractions of every size on both
// sides of 0, floats just below an integer (whose fraction rounds to 1.0f or not), -0 and the
// smallest negatives (a fraction of 1 - tiny), floats around 2^23 (from there on integers),
// multiples of a period and far ones. Each is kept only where it is in the domain.
std::vector<float> float_points(const noise_spec& noise, int dims, std::size_t count,
                                std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const auto uniform = [&](double low, double high) {
    return low + (high - low) * static_cast<double>(random() >> 11) * 0x1p-53;
  };
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> points(count * dims);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const int axis = static_cast<int>(i % dims);
    const double period = noise.period[axis] ? noise.period[axis] : 256.0;
    const float integer = static_cast<float>(std::floor(uniform(-600.0, 600.0)));
    const float sign = random() % 2 ? 1.0f : -1.0f;
    float x = 0;
    switch (random() % 12) {
      case 0:
        x = integer;
        break;
      case 1:
        x = std::nextafter(integer, -inf);
        break;
      case 2:
        x = std::nextafter(integer, inf);
        break;
      case 3:
        x = static_cast<float>(std::floor(uniform(-5.0, 5.0)) * period);
        break;
      case 4: {
        const float tiny[] = {0.0f,      std::numeric_limits<float>::denorm_min(),
                              0x1p-126f, 0x1p-31f,
                              0x1p-30f,  0x1p-29f,
                              0x1p-26f,  0x1p-25f,
                              0x1p-24f,  0x1.000002p-25f};
        x = -tiny[random() % 10];
        break;
      }
      case 5: {
        const float edges[] = {8388607.5f, 8388608.0f, 8388609.0f, 4194303.75f, 16777215.0f};
        x = sign * edges[random() % 5];
        break;
      }
      case 6:
        x = static_cast<float>(uniform(-1e9, 1e9));
        break;
      case 7:
        x = static_cast<float>(uniform(-1e6, 1e6));
        break;
      default:
        x = static_cast<float>(uniform(-40.0, 40.0));
    }
    points[i] = in_domain(noise, axis, x) ? x : static_cast<float>(uniform(-3.0, 3.0));
  }
  return points;
}

noise_spec fractal_noise(fractal_kind kind, int octaves) {
  noise_spec noise;
  noise.fractal = kind;
  noise.octaves = octaves;
  return noise;
}

TEST(CpuEvalPoints, FloatEveryDimsAndFractalMatchesTheMirror) {
  const permutation_table table = permutation_table::from_seed(11);
  for (int dims = 1; dims <= 4; ++dims) {
    for (fractal_kind kind : {fractal_kind::none, fractal_kind::fbm, fractal_kind::turbulence,
                              fractal_kind::ridged, fractal_kind::billow}) {
      const std::string what =
          std::string(vknoise::fractal_kind_name(kind)) + " " + std::to_string(dims) + "D";
      // Lacunarity 2: every octave's scale a power of two (reduced in float where small enough).
      noise_spec doubling = fractal_noise(kind, kind == fractal_kind::none ? 1 : 5);
      doubling.persistence = 0.6;
      expect_identical(doubling, dims, float_points(doubling, dims, 301, dims), table, what);
      // Lacunarity 1.93 and octave offsets: widened to double.
      noise_spec other = doubling;
      other.lacunarity = 1.93;
      other.octave_offsets = dims % 2 == 1;
      expect_identical(other, dims, float_points(other, dims, 301, 10 + dims), table,
                       what + " lacunarity 1.93");
    }
  }
  noise_spec halving = fractal_noise(fractal_kind::fbm, 4);
  halving.lacunarity = 0.5;
  expect_identical(halving, 3, float_points(halving, 3, 301, 5), table, "lacunarity 0.5");
}

TEST(CpuEvalPoints, FloatBalancedPeriodsAndOffsetsMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  noise_spec balanced;
  balanced.kind = noise_kind::improved4_balanced;
  expect_identical(balanced, 4, float_points(balanced, 4, 203, 1), table, "balanced");
  balanced.fractal = fractal_kind::ridged;
  balanced.octaves = 3;
  balanced.period = {4, 1, 7, 256};
  expect_identical(balanced, 4, float_points(balanced, 4, 203, 2), table,
                   "balanced periodic ridged");
  for (int dims = 1; dims <= 4; ++dims) {
    noise_spec periodic = fractal_noise(fractal_kind::fbm, 4);
    periodic.period = {3, 5, 2, 6};
    periodic.lacunarity = 2;
    periodic.octave_offsets = true;
    expect_identical(periodic, dims, float_points(periodic, dims, 157, 10 + dims), table,
                     "periodic fbm " + std::to_string(dims) + "D");
    noise_spec tiles = fractal_noise(fractal_kind::none, 1);
    tiles.period = {1, 256, 9, 2};
    expect_identical(tiles, dims, float_points(tiles, dims, 157, 20 + dims), table,
                     "periods 1 and 256 " + std::to_string(dims) + "D");
  }
}

TEST(CpuEvalPoints, FloatFarPointsMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  std::vector<float> points;
  for (float sign : {1.0f, -1.0f}) {
    for (float far : {8388607.5f, 8388608.0f, 1.6777215e7f, 1e9f, 2147483520.0f}) {
      points.insert(points.end(), {sign * far, -sign * far, std::nextafter(sign * far, 0.0f), far});
    }
  }
  for (int dims = 1; dims <= 4; ++dims) {
    std::vector<float> picked;
    for (std::size_t i = 0; i < points.size(); i += 4) {
      picked.insert(picked.end(), points.begin() + i, points.begin() + i + dims);
    }
    expect_identical(noise_spec{}, dims, picked, table, "far " + std::to_string(dims) + "D");
  }
  // 4 octaves at lacunarity 2: 8 * 2.5e8 stays below 2^31; 8 * 1e6 below 2^23, 8 * 2.5e8 above.
  const noise_spec fbm = fractal_noise(fractal_kind::fbm, 4);
  expect_identical(fbm, 3, {2.5e8f, -2.5e8f, 1e6f + 0.5f, -1048575.75f, 1.1e8f, 0.3f}, table,
                   "far fbm");
}

TEST(CpuEvalPoints, FloatAnyCountAndThreadCountMatchesTheMirror) {
  const permutation_table table = permutation_table::perlin();
  for (int octaves : {1, 3}) {
    const noise_spec noise = fractal_noise(fractal_kind::fbm, octaves);
    // Counts that end inside a vector or a group of 64 points, and enough points for several
    // threads (one per 4096) with a ragged last chunk.
    for (std::size_t count : {0, 1, 2, 5, 15, 17, 33, 63, 65, 1000, 3 * 4096 + 13, 9 * 4096 + 7}) {
      expect_identical(noise, 3, float_points(noise, 3, count, count), table,
                       std::to_string(count) + " points", {1, 2, 3, 7});
    }
  }
}

TEST(CpuEvalPoints, FloatFallbackKindsMatchTheMirror) {
  const permutation_table table = permutation_table::perlin();
  noise_spec gradient = fractal_noise(fractal_kind::fbm, 3);
  gradient.gradient = true;
  expect_identical(gradient, 3, float_points(gradient, 3, 71, 1), table, "gradient");
  noise_spec warped;
  warped.warp = 0.7;
  expect_identical(warped, 2, float_points(warped, 2, 71, 2), table, "warp");
  noise_spec classic = fractal_noise(fractal_kind::turbulence, 2);
  classic.kind = noise_kind::classic;
  classic.classic_seed = 5;
  expect_identical(classic, 4, float_points(classic, 4, 71, 3), table, "classic");
  noise_spec value;
  value.kind = noise_kind::value;
  expect_identical(value, 3, float_points(value, 3, 71, 4), table, "value");
}

TEST(CpuEvalPoints, FloatInputGivesTheDoubleInputsValuesAndErrors) {
  const permutation_table table = permutation_table::perlin();
  const auto eval = [&](const noise_spec& noise, int dims, std::vector<float> points,
                        std::size_t out_size, unsigned threads = 1) {
    std::vector<float> out(out_size, 7.0f), out_double(out_size, 7.0f);
    const vknoise::status done = vknoise::eval_fast(noise, dims, std::span<const float>(points),
                                                    table, out, cpu_options{threads});
    const vknoise::status done_double =
        vknoise::eval_fast(noise, dims, widened(points), table, out_double, cpu_options{threads});
    EXPECT_EQ(done.ok(), done_double.ok());
    EXPECT_EQ(done.message(), done_double.message());
    if (done.ok() && !out.empty()) {  // memcmp's pointers must not be null, even for 0 bytes
      EXPECT_EQ(std::memcmp(out.data(), out_double.data(), sizeof(float) * out.size()), 0);
    }
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
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(code(eval(noise_spec{}, 0, {1.0f}, 1)), invalid);
  EXPECT_EQ(code(eval(noise_spec{}, 5, {1, 2, 3, 4, 5}, 1)), invalid);
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0f, 2.0f}, 1)), invalid);        // not whole points
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0f, 2.0f, 3.0f}, 2)), invalid);  // out too large
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0f, 2.0f, 3.0f}, 0)), invalid);  // out too small
  EXPECT_EQ(code(eval(fractal_noise(fractal_kind::fbm, 0), 3, {1, 2, 3}, 1)), invalid);
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0f, nan, 3.0f}, 1)), range);
  EXPECT_EQ(code(eval(noise_spec{}, 3, {1.0f, 2.0f, -inf}, 1)), range);
  EXPECT_EQ(code(eval(noise_spec{}, 1, {2147483648.0f}, 1)), range);
  EXPECT_EQ(code(eval(noise_spec{}, 1, {2147483520.0f}, 1)), "ok");  // the float below 2^31
  EXPECT_EQ(code(eval(fractal_noise(fractal_kind::fbm, 4), 2, {3e8f, 0.5f}, 1)), range);
  EXPECT_EQ(code(eval(noise_spec{}, 3, {}, 0)), "ok");

  // The first bad point is named, among many (checked against per-axis bounds), whichever
  // thread's stretch of points it lies in; the bounds' edges as the double check judges them.
  std::vector<float> many(3 * 500, 0.25f);
  many[3 * 321 + 2] = nan;
  many[3 * 400] = inf;
  EXPECT_NE(eval(noise_spec{}, 3, many, 500).message().find("point 321 "), std::string::npos);
  for (std::size_t bad : {std::size_t{5}, std::size_t{4096 * 2 + 3}, std::size_t{29999}}) {
    for (unsigned threads : {1u, 2u, 5u}) {
      std::vector<float> points(3 * 30000, 0.5f);
      points[3 * bad + 1] = 3e9f;
      points[3 * 29999] = nan;
      const auto done = eval(noise_spec{}, 3, points, 30000, threads);
      ASSERT_FALSE(done.ok());
      EXPECT_NE(done.message().find("point " + std::to_string(bad) + " "), std::string::npos)
          << done.message() << " with " << threads << " threads";
    }
  }
  noise_spec offsets = fractal_noise(fractal_kind::fbm, 4);
  offsets.octave_offsets = true;
  noise_spec periodic = fractal_noise(fractal_kind::fbm, 3);
  periodic.period = {0, 200, 0, 0};
  for (const noise_spec& noise : {noise_spec{}, offsets, periodic}) {
    for (float edge : {2147483648.0f, 268435456.0f, 268435456.0f - 16.0f}) {
      float x = std::nextafter(std::nextafter(edge, 0.0f), 0.0f);
      for (int step = 0; step < 5; ++step, x = std::nextafter(x, inf)) {
        std::vector<float> batch(2 * 300, 0.5f);
        batch[2 * 150 + 1] = step % 2 ? x : -x;
        eval(noise, 2, batch, 300);
        eval(noise, 2, {0.5f, x}, 1);
      }
    }
  }
}

TEST(CpuEvalPoints, FloatGraphPointsGiveTheDoublePointsValues) {
  auto g = vknoise::graph::from_noise(fractal_noise(fractal_kind::fbm, 3), 3);
  ASSERT_TRUE(g.ok()) << g.message();
  const noise_spec noise = fractal_noise(fractal_kind::fbm, 3);
  std::vector<float> points = float_points(noise, 3, 5000, 7);
  std::vector<float> out(5000), expected(5000);
  const auto table = permutation_table::perlin();
  ASSERT_TRUE(
      vknoise::eval_fast(*g, std::span<const float>(points), table, out, cpu_options{2}).ok());
  ASSERT_TRUE(vknoise::eval_fast(*g, widened(points), table, expected, cpu_options{2}).ok());
  EXPECT_EQ(std::memcmp(out.data(), expected.data(), sizeof(float) * out.size()), 0);
  points[3 * 4000 + 1] = std::numeric_limits<float>::quiet_NaN();
  const auto bad = vknoise::eval_fast(*g, std::span<const float>(points), table, out);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(), vknoise::eval_fast(*g, widened(points), table, out).message());
}

}  // namespace
