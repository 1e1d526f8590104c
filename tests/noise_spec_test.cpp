// The noise_spec catalogue on the CPU: periodicity, the 1D/2D/balanced definitions, fractal
// sums against their formulas, and validation.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <set>
#include <string>

#include "core/improved_noise.hpp"
#include "core/warp.hpp"
#include "vknoise/noise_spec.hpp"

namespace {

using vknoise::fractal_kind;
using vknoise::noise_kind;
using vknoise::noise_spec;
using vknoise::permutation_table;

std::uint64_t bits(double v) {
  return std::bit_cast<std::uint64_t>(v);
}
std::uint32_t bits(float v) {
  return std::bit_cast<std::uint32_t>(v);
}

double reference(const noise_spec& n, int dims, std::array<double, 4> p,
                 const permutation_table& t = permutation_table::perlin()) {
  return vknoise::sample_reference(n, dims, p.data(), t);
}

float mirror(const noise_spec& n, int dims, std::array<double, 4> p,
             const permutation_table& t = permutation_table::perlin()) {
  std::vector<vknoise::lattice_coord> coords(4 * n.octaves);
  vknoise::reduce_point(n, dims, p.data(), coords.data());
  return vknoise::sample_mirror(n, dims, coords.data(), t);
}

TEST(NoiseSpec, DefaultSpecIsNoise3AndNoise4BitForBit) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-500, 500);
  for (int i = 0; i < 2000; ++i) {
    const std::array<double, 4> p{u(rng), u(rng), u(rng), u(rng)};
    EXPECT_EQ(bits(reference({}, 3, p)), bits(vknoise::noise3(p[0], p[1], p[2])));
    EXPECT_EQ(bits(reference({}, 4, p)), bits(vknoise::noise4(p[0], p[1], p[2], p[3])));
  }
}

TEST(NoiseSpec, Improved2DIsNoise3AtZZero) {
  // Perlin's ImprovedNoise2D hashes like noise3 with z = 0; only the sign of a zero may differ.
  std::mt19937_64 rng(6);
  std::uniform_real_distribution<double> u(-300, 300);
  for (int i = 0; i < 5000; ++i) {
    const std::array<double, 4> p{u(rng), u(rng), 0, 0};
    EXPECT_EQ(reference({}, 2, p), vknoise::noise3(p[0], p[1], 0.0)) << p[0] << " " << p[1];
  }
}

TEST(NoiseSpec, Improved1DIsALerpOfSignedDistances) {
  const auto table = permutation_table::perlin();
  const int* perm = table.doubled().data();
  for (double x : {0.25, 3.5, -7.75, 100.125}) {
    const double X = std::floor(x), f = x - X;
    const int cell = static_cast<int>(std::fmod(std::fmod(X, 256) + 256, 256));
    const double g0 = (perm[cell] & 1) ? -f : f;
    const double g1 = (perm[cell + 1] & 1) ? -(f - 1) : (f - 1);
    const double u = f * f * f * (f * (f * 6 - 15) + 10);
    EXPECT_DOUBLE_EQ(reference({}, 1, {x, 0, 0, 0}), g0 + u * (g1 - g0)) << x;
  }
  // Range: a 1D gradient noise with unit slopes stays within +-0.5.
  double largest = 0;
  for (int i = 0; i < 100000; ++i)
    largest = std::max(largest, std::fabs(reference({}, 1, {i * 0.0137, 0, 0, 0})));
  EXPECT_LE(largest, 0.5);
  EXPECT_GT(largest, 0.3);
}

TEST(NoiseSpec, BalancedGradientsCoverAll32DirectionsOnce) {
  std::set<std::array<int, 4>> reference_dirs, balanced_dirs;
  for (int h = 0; h < 32; ++h) {
    std::array<int, 4> r, b;
    for (int a = 0; a < 4; ++a) {
      double unit[4] = {0, 0, 0, 0};
      unit[a] = 1;
      r[a] =
          static_cast<int>(vknoise::detail::grad4<double>(h, unit[0], unit[1], unit[2], unit[3]));
      b[a] = static_cast<int>(
          vknoise::detail::grad4_balanced<double>(h, unit[0], unit[1], unit[2], unit[3]));
    }
    reference_dirs.insert(r);
    balanced_dirs.insert(b);
  }
  EXPECT_EQ(balanced_dirs.size(), 32u);   // every (0, +-1, +-1, +-1) arrangement once
  EXPECT_EQ(reference_dirs.size(), 24u);  // Perlin's: the x-free 8 twice, the w-free 8 never
  for (const auto& d : reference_dirs) EXPECT_NE(d[3], 0) << "the reference never leaves out w";
}

struct period_case {
  int dims;
  std::array<std::uint32_t, 4> period;
  fractal_kind fractal;
  int octaves;
  bool offsets;
};

class Periodicity : public ::testing::TestWithParam<period_case> {};

TEST_P(Periodicity, ShiftByPeriodIsBitIdentical) {
  const period_case c = GetParam();
  noise_spec n;
  n.period = c.period;
  n.fractal = c.fractal;
  n.octaves = c.octaves;
  n.octave_offsets = c.offsets;
  ASSERT_TRUE(vknoise::validate(n, c.dims).ok());
  const auto table = permutation_table::from_seed(99);
  // Dyadic positions, so p + k * period is exact in double, for negative p too.
  for (int i = 0; i < 300; ++i) {
    std::array<double, 4> p;
    for (int a = 0; a < 4; ++a) p[a] = ((i * 37 + a * 11) % 613 - 306) / 64.0;
    for (int axis = 0; axis < c.dims; ++axis) {
      if (c.period[axis] == 0) continue;
      for (int k : {-3, -1, 1, 2, 7}) {
        std::array<double, 4> q = p;
        q[axis] += k * double(c.period[axis]);
        EXPECT_EQ(bits(reference(n, c.dims, p, table)), bits(reference(n, c.dims, q, table)))
            << "axis " << axis << " k " << k;
        EXPECT_EQ(bits(mirror(n, c.dims, p, table)), bits(mirror(n, c.dims, q, table)))
            << "axis " << axis << " k " << k;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    cases, Periodicity,
    ::testing::Values(period_case{1, {7, 0, 0, 0}, fractal_kind::none, 1, false},
                      period_case{2, {1, 256, 0, 0}, fractal_kind::none, 1, false},
                      period_case{3, {16, 12, 5, 0}, fractal_kind::none, 1, false},
                      period_case{4, {3, 4, 5, 6}, fractal_kind::none, 1, false},
                      period_case{3, {16, 16, 16, 0}, fractal_kind::fbm, 5, false},
                      period_case{3, {10, 6, 200, 0}, fractal_kind::ridged, 4, true},
                      period_case{4, {8, 8, 8, 12}, fractal_kind::turbulence, 3, false}));

TEST(NoiseSpec, FbmFollowsItsFormula) {
  noise_spec n;
  n.fractal = fractal_kind::fbm;
  n.octaves = 5;
  n.persistence = 0.6;
  n.lacunarity = 2.5;
  for (double x : {0.3, -4.7, 12.25}) {
    double sum = 0, norm = 0, amp = 1, freq = 1;
    for (int o = 0; o < 5; ++o) {
      sum += amp * vknoise::noise3(x * freq, 0.7 * freq, -1.1 * freq);
      norm += amp;
      amp *= 0.6;
      freq *= 2.5;
    }
    EXPECT_NEAR(reference(n, 3, {x, 0.7, -1.1, 0}), sum / norm, 1e-15);
    EXPECT_NEAR(mirror(n, 3, {x, 0.7, -1.1, 0}), sum / norm, 2e-6);
  }
}

TEST(NoiseSpec, FractalsStayInRangeAndMirrorTracksReference) {
  std::mt19937_64 rng(8);
  std::uniform_real_distribution<double> u(-50, 50);
  for (fractal_kind kind :
       {fractal_kind::fbm, fractal_kind::turbulence, fractal_kind::ridged, fractal_kind::billow}) {
    noise_spec n;
    n.fractal = kind;
    n.octaves = 6;
    for (int i = 0; i < 3000; ++i) {
      const std::array<double, 4> p{u(rng), u(rng), u(rng), u(rng)};
      const double r = reference(n, 3, p);
      EXPECT_LE(std::fabs(r), 1.04) << vknoise::fractal_kind_name(kind);
      if (kind == fractal_kind::turbulence) {
        EXPECT_GE(r, 0.0);
      }
      EXPECT_NEAR(mirror(n, 3, p), r, 5e-6) << vknoise::fractal_kind_name(kind);
    }
  }
}

TEST(NoiseSpec, WarpMovesThePointByTheWarpNoise) {
  // warp 0 is the plain noise; a warp reads the plain noise at the displaced point.
  noise_spec plain, warped;
  warped.warp = 1.25;
  for (double x : {0.3, -7.1, 123.456}) {
    const std::array<double, 4> p{x, 0.37 * x + 1, -0.2 * x, 0};
    double w[3];
    for (int a = 0; a < 3; ++a) {
      w[a] = vknoise::noise3(p[0] + vknoise::detail::warp_offset[a][0],
                             p[1] + vknoise::detail::warp_offset[a][1],
                             p[2] + vknoise::detail::warp_offset[a][2]);
    }
    const double expected =
        vknoise::noise3(p[0] + 1.25 * w[0], p[1] + 1.25 * w[1], p[2] + 1.25 * w[2]);
    EXPECT_EQ(bits(reference(warped, 3, p)), bits(expected));
    EXPECT_NEAR(mirror(warped, 3, p), expected, 2e-6);
    noise_spec zero;
    zero.warp = 0;
    EXPECT_EQ(bits(reference(zero, 3, p)), bits(reference(plain, 3, p)));
  }
}

TEST(NoiseSpec, ValidationNamesTheProblem) {
  const auto message = [](noise_spec n, int dims) {
    auto s = vknoise::validate(n, dims);
    EXPECT_FALSE(s.ok());
    return s.ok() ? std::string() : s.message();
  };
  noise_spec n;
  EXPECT_NE(message(n, 0).find("dims"), std::string::npos);
  n.kind = noise_kind::improved4_balanced;
  EXPECT_NE(message(n, 3).find("improved4-balanced"), std::string::npos);
  n = {};
  n.octaves = 2;
  EXPECT_NE(message(n, 3).find("fractal"), std::string::npos);
  n.fractal = fractal_kind::fbm;
  n.octaves = 0;
  EXPECT_NE(message(n, 3).find("octaves"), std::string::npos);
  n.octaves = 1000;
  EXPECT_NE(message(n, 3).find("octaves"), std::string::npos);
  n.octaves = 4;
  n.persistence = -0.5;
  EXPECT_NE(message(n, 3).find("persistence"), std::string::npos);
  n.persistence = 0.5;
  n.lacunarity = std::nan("");
  EXPECT_NE(message(n, 3).find("lacunarity"), std::string::npos);
  n.lacunarity = 2;
  n.period = {257, 0, 0, 0};
  EXPECT_NE(message(n, 3).find("257"), std::string::npos);
  n.period = {16, 0, 0, 0};
  n.lacunarity = 1.5;
  EXPECT_NE(message(n, 3).find("integer lacunarity"), std::string::npos);
  n = {};
  n.kind = noise_kind::value;
  n.gradient = true;
  EXPECT_NE(message(n, 2).find("value noise has no analytic gradient"), std::string::npos);
  n.gradient = false;
  n.value_smooth = true;
  n.interpolation = vknoise::value_interpolation::cubic;
  n.period = {0, 200, 0, 0};
  EXPECT_NE(message(n, 2).find("period 256"), std::string::npos);
  n.period = {0, 256, 0, 0};
  EXPECT_TRUE(vknoise::validate(n, 2).ok());
  n = {};
  n.warp = -1;
  EXPECT_NE(message(n, 2).find("warp"), std::string::npos);
  n.warp = 1;
  n.period = {16, 16, 0, 0};
  EXPECT_NE(message(n, 2).find("period"), std::string::npos);
  n.period = {0, 0, 0, 0};
  n.gradient = true;
  EXPECT_NE(message(n, 2).find("gradient"), std::string::npos);
}

}  // namespace

namespace {

// The analytic gradient against central differences of the reference, h = 1e-6.
void expect_gradient_matches_differences(vknoise::noise_spec n, int dims, unsigned seed) {
  n.gradient = true;
  ASSERT_TRUE(vknoise::validate(n, dims).ok());
  noise_spec plain = n;
  plain.gradient = false;
  const auto table = permutation_table::from_seed(seed);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-40, 40);
  const double h = 1e-6;
  double worst = 0;
  for (int i = 0; i < 2000; ++i) {
    double p[4] = {u(rng), u(rng), u(rng), u(rng)};
    double channels[5];
    vknoise::sample_reference(n, dims, p, table, channels);
    EXPECT_EQ(bits(channels[0]), bits(vknoise::sample_reference(plain, dims, p, table)))
        << "the value channel is the plain value";
    for (int axis = 0; axis < dims; ++axis) {
      double plus[4] = {p[0], p[1], p[2], p[3]}, minus[4] = {p[0], p[1], p[2], p[3]};
      plus[axis] += h;
      minus[axis] -= h;
      const double difference = (vknoise::sample_reference(plain, dims, plus, table) -
                                 vknoise::sample_reference(plain, dims, minus, table)) /
                                (2 * h);
      worst = std::max(worst, std::fabs(difference - channels[1 + axis]));
    }
    // The float mirror's channels track the reference's.
    std::vector<vknoise::lattice_coord> coords(4 * n.octaves);
    vknoise::reduce_point(n, dims, p, coords.data());
    float mirror[5];
    vknoise::sample_mirror(n, dims, coords.data(), table, mirror);
    for (int c = 0; c <= dims; ++c) EXPECT_NEAR(mirror[c], channels[c], 2e-4 * (c ? 8 : 0.01));
  }
  EXPECT_LE(worst, 1e-4);
}

TEST(NoiseGradient, ImprovedMatchesCentralDifferences) {
  for (int dims = 1; dims <= 4; ++dims) expect_gradient_matches_differences({}, dims, 10 + dims);
}

TEST(NoiseGradient, BalancedMatchesCentralDifferences) {
  noise_spec n;
  n.kind = noise_kind::improved4_balanced;
  expect_gradient_matches_differences(n, 4, 21);
}

TEST(NoiseGradient, FbmMatchesCentralDifferences) {
  noise_spec n;
  n.fractal = fractal_kind::fbm;
  n.octaves = 5;
  n.lacunarity = 2.17;
  n.persistence = 0.55;
  n.octave_offsets = true;
  for (int dims = 1; dims <= 4; ++dims) expect_gradient_matches_differences(n, dims, 30 + dims);
  n.lacunarity = 2;
  n.period = {16, 8, 4, 32};
  expect_gradient_matches_differences(n, 3, 40);
}

TEST(NoiseGradient, ClassicMatchesCentralDifferences) {
  noise_spec n;
  n.kind = noise_kind::classic;
  n.classic_seed = 12345;
  for (int dims = 1; dims <= 4; ++dims) expect_gradient_matches_differences(n, dims, 50 + dims);
  n.fractal = fractal_kind::fbm;
  n.octaves = 4;
  expect_gradient_matches_differences(n, 3, 60);
}

TEST(NoiseGradient, OnlyForNoneAndFbm) {
  noise_spec n;
  n.gradient = true;
  n.fractal = fractal_kind::ridged;
  n.octaves = 3;
  const auto s = vknoise::validate(n, 3);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("ridged"), std::string::npos);
}

}  // namespace

// One set of names for every reader (the command line, Python, the window, the graph JSON): each
// value's name reads back as that value, in the '-' and the '_' spelling; nothing else does.
TEST(NoiseSpecNames, EveryNameReadsBackInBothSpellings) {
  const auto underscored = [](std::string name) {
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
  };
  for (const vknoise::noise_kind kind : vknoise::all_noise_kinds()) {
    const std::string name = vknoise::noise_kind_name(kind);
    EXPECT_EQ(vknoise::noise_kind_from_name(name), kind) << name;
    EXPECT_EQ(vknoise::noise_kind_from_name(underscored(name)), kind) << name;
  }
  for (const vknoise::fractal_kind kind : vknoise::all_fractal_kinds()) {
    EXPECT_EQ(vknoise::fractal_kind_from_name(vknoise::fractal_kind_name(kind)), kind);
  }
  for (const vknoise::value_interpolation i : vknoise::all_value_interpolations()) {
    EXPECT_EQ(vknoise::value_interpolation_from_name(vknoise::value_interpolation_name(i)), i);
  }
  EXPECT_EQ(vknoise::all_noise_kinds().size(), 7u);
  EXPECT_EQ(vknoise::all_cellular_distances().size(), 4u);
  EXPECT_EQ(vknoise::all_cellular_returns().size(), 6u);
  EXPECT_EQ(vknoise::all_fractal_kinds().size(), 5u);
  EXPECT_EQ(vknoise::all_value_interpolations().size(), 3u);
  EXPECT_EQ(vknoise::noise_kind_from_name("improved4_balanced"),
            vknoise::noise_kind::improved4_balanced);
  for (const char* wrong : {"", "Improved", "improved4--balanced", "improved4-balanced ",
                            "improved4", "improved4-balanced-", "value_", "-"}) {
    EXPECT_FALSE(vknoise::noise_kind_from_name(wrong).has_value()) << '"' << wrong << '"';
  }
  EXPECT_FALSE(vknoise::fractal_kind_from_name("FBM").has_value());
  EXPECT_FALSE(vknoise::value_interpolation_from_name("linear_").has_value());
}

TEST(NoiseSpecNames, ChoicesListEveryName) {
  EXPECT_EQ(vknoise::noise_kind_choices(),
            "improved, improved4-balanced, classic, value, simplex, cellular or flow");
  EXPECT_EQ(vknoise::cellular_distance_choices(), "euclidean, euclidean2, manhattan or chebyshev");
  EXPECT_EQ(vknoise::cellular_return_choices(), "f1, f2, f2-f1, f1*f2, f1/f2 or cell");
  EXPECT_EQ(vknoise::fractal_kind_choices(), "none, fbm, turbulence, ridged or billow");
  EXPECT_EQ(vknoise::value_interpolation_choices(), "linear, cosine or cubic");
}

TEST(NoiseSpecNames, CellularNamesRoundTripAndTakeWordSpellings) {
  for (const vknoise::cellular_distance d : vknoise::all_cellular_distances()) {
    EXPECT_EQ(vknoise::cellular_distance_from_name(vknoise::cellular_distance_name(d)), d);
  }
  for (const vknoise::cellular_return r : vknoise::all_cellular_returns()) {
    EXPECT_EQ(vknoise::cellular_return_from_name(vknoise::cellular_return_name(r)), r);
  }
  EXPECT_EQ(vknoise::cellular_return_from_name("f2_minus_f1"),
            vknoise::cellular_return::f2_minus_f1);
  EXPECT_EQ(vknoise::cellular_return_from_name("f1_times_f2"),
            vknoise::cellular_return::f1_times_f2);
  EXPECT_EQ(vknoise::cellular_return_from_name("f1_over_f2"), vknoise::cellular_return::f1_over_f2);
  for (const char* wrong : {"", "F1", "f3", "f2-f", "f1-f2", "cells", "euclidean"}) {
    EXPECT_FALSE(vknoise::cellular_return_from_name(wrong).has_value()) << wrong;
  }
  EXPECT_FALSE(vknoise::cellular_distance_from_name("manhatan").has_value());
}

// Cellular noise: dims 2 to 4, jitter in [0, 1], gradients of f1, f2 and f2-f1 only, and each
// octave's period within 256; a warp and every fractal are fine.
TEST(NoiseSpecValidation, CellularSettings) {
  vknoise::noise_spec c;
  c.kind = vknoise::noise_kind::cellular;
  for (int dims = 2; dims <= 4; ++dims) EXPECT_TRUE(vknoise::validate(c, dims).ok()) << dims;
  EXPECT_EQ(vknoise::validate(c, 1).message(), "cellular noise has dims 2 to 4, not 1");
  for (const double jitter : {-0.01, 1.0001, std::nan("")}) {
    vknoise::noise_spec j = c;
    j.jitter = jitter;
    const auto refused = vknoise::validate(j, 3);
    ASSERT_FALSE(refused.ok()) << jitter;
    EXPECT_NE(refused.message().find("it must be a number from 0 to 1"), std::string::npos)
        << refused.message();
  }
  for (const vknoise::cellular_return r : vknoise::all_cellular_returns()) {
    vknoise::noise_spec g = c;
    g.returns = r;
    g.gradient = true;
    const bool differentiable = r == vknoise::cellular_return::f1 ||
                                r == vknoise::cellular_return::f2 ||
                                r == vknoise::cellular_return::f2_minus_f1;
    EXPECT_EQ(vknoise::validate(g, 2).ok(), differentiable) << vknoise::cellular_return_name(r);
  }
  vknoise::noise_spec tiled = c;
  tiled.fractal = vknoise::fractal_kind::fbm;
  tiled.octaves = 3;
  tiled.period = {64, 64, 0, 0};
  EXPECT_TRUE(vknoise::validate(tiled, 3).ok());  // 64, 128, 256
  tiled.octaves = 4;
  EXPECT_EQ(vknoise::validate(tiled, 3).message(),
            "cellular noise's x period 64 grows past 256 by its last octave (period * "
            "lacunarity^(octaves-1) must stay within 256)");
  vknoise::noise_spec warped = c;
  warped.warp = 0.5;
  EXPECT_TRUE(vknoise::validate(warped, 3).ok());
}

// Flow noise: dims 2 and 3, a finite angle, periods but an odd y period in 2D, advection with fbm
// only and then no gradient, no built-in warp; angle and advection on other bases refused.
TEST(NoiseSpecValidation, FlowSettings) {
  vknoise::noise_spec f;
  f.kind = vknoise::noise_kind::flow;
  f.angle = 2.5;
  for (int dims = 2; dims <= 3; ++dims) EXPECT_TRUE(vknoise::validate(f, dims).ok()) << dims;
  EXPECT_EQ(vknoise::validate(f, 1).message(), "flow noise has dims 2 to 3, not 1");
  EXPECT_EQ(vknoise::validate(f, 4).message(), "flow noise has dims 2 to 3, not 4");
  for (const double angle : {std::nan(""), double(INFINITY), 1e39}) {
    vknoise::noise_spec a = f;
    a.angle = angle;
    EXPECT_EQ(vknoise::validate(a, 2).message(),
              "the flow angle must be a finite number (radians) that float can hold")
        << angle;
  }
  vknoise::noise_spec tiled = f;
  tiled.period = {7, 6, 0, 0};
  EXPECT_TRUE(vknoise::validate(tiled, 2).ok());
  tiled.period = {7, 5, 0, 0};
  EXPECT_EQ(vknoise::validate(tiled, 2).message(),
            "2D flow noise tiles on even y periods only (its lattice's rows alternate a half-cell "
            "shift), not 5");
  tiled.period = {7, 5, 3, 0};
  EXPECT_TRUE(vknoise::validate(tiled, 3).ok());  // 3D takes every period
  vknoise::noise_spec advected = f;
  advected.advection = 0.5;
  EXPECT_EQ(vknoise::validate(advected, 2).message(),
            "flow advection is a kind of fbm: it needs fractal fbm");
  advected.fractal = vknoise::fractal_kind::fbm;
  advected.octaves = 4;
  EXPECT_TRUE(vknoise::validate(advected, 2).ok());
  advected.gradient = true;
  EXPECT_NE(vknoise::validate(advected, 2).message().find("an advected flow fbm has no gradient"),
            std::string::npos);
  advected.gradient = false;
  advected.advection = -0.1;
  EXPECT_EQ(vknoise::validate(advected, 2).message(),
            "the flow advection must be a finite number >= 0");
  vknoise::noise_spec warped = f;
  warped.warp = 1;
  EXPECT_EQ(vknoise::validate(warped, 2).message(),
            "flow noise is not warped here (use a graph's warp nodes)");
  vknoise::noise_spec improved;
  improved.angle = 1;
  EXPECT_EQ(vknoise::validate(improved, 3).message(),
            "a flow angle and advection apply to flow noise only");
}

// Simplex noise: dims 2 to 4, no period (its lattice does not tile on an integer grid), no built-in
// warp; a gradient and every fractal are fine.
TEST(NoiseSpecValidation, SimplexTakesTwoToFourDimsAndNoPeriodOrWarp) {
  vknoise::noise_spec s;
  s.kind = vknoise::noise_kind::simplex;
  for (int dims = 2; dims <= 4; ++dims) EXPECT_TRUE(vknoise::validate(s, dims).ok()) << dims;
  const auto refused = vknoise::validate(s, 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(), "simplex noise has dims 2 to 4, not 1");
  vknoise::noise_spec periodic = s;
  periodic.period = {0, 0, 8, 0};
  EXPECT_EQ(vknoise::validate(periodic, 3).message(),
            "simplex noise has no period: its skewed lattice does not tile on an integer grid "
            "(leave the periods at 0)");
  vknoise::noise_spec warped = s;
  warped.warp = 0.5;
  EXPECT_EQ(vknoise::validate(warped, 3).message(),
            "simplex noise is not warped here (use a graph's warp nodes)");
  vknoise::noise_spec fbm_gradient = s;
  fbm_gradient.fractal = vknoise::fractal_kind::fbm;
  fbm_gradient.octaves = 5;
  fbm_gradient.gradient = true;
  EXPECT_TRUE(vknoise::validate(fbm_gradient, 4).ok());
}
