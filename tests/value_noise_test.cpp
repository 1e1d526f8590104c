// Elias's value noise (src/core/value_noise.hpp) on the CPU: the integer noise against an
// independent port of Elias's code, the lattice and its periods, the three interpolations against
// their formulas, the cosine polynomial against std::cos, smoothing against Elias's explicit
// averages, the float mirror against the double reference, and the range.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <random>

#include "core/lattice.hpp"
#include "core/value_noise.hpp"

namespace {

using vknoise::detail::axis_cell;
using vknoise::detail::cos_pi;
using vknoise::detail::interpolate_cosine;
using vknoise::detail::interpolate_cubic;
using vknoise::detail::interpolate_linear;
using vknoise::detail::lattice_axis;
using vknoise::detail::lattice_value;
using vknoise::detail::smooth_value;
using vknoise::detail::value_cosine;
using vknoise::detail::value_cubic;
using vknoise::detail::value_hash;
using vknoise::detail::value_linear;

// Elias's IntNoise for these n, from a literal port of his code in 32-bit signed arithmetic
// with wrap-around (Python: x = i32(i32(x << 13) ^ x); t = i32(x * i32(i32(x * x) * 15731 +
// 789221) + 1376312589) & 0x7fffffff; 1.0 - t / 1073741824.0). INT_MAX and INT_MIN overflow in
// the shift and the products.
struct golden_hash {
  int n;
  double expected;
};
constexpr golden_hash kGoldenHash[] = {
    {0, -0.2817909838631749},         {1, -0.2263730512931943},
    {-1, 0.9001262886449695},         {2, 0.29363288078457117},
    {57, 0.20434398483484983},        {1013, 0.46932976227253675},
    {12345, -0.8928926484659314},     {-12345, -0.5632369266822934},
    {524287, -0.6946002738550305},    {524288, 0.3563926098868251},
    {1000000, 0.9486312149092555},    {-1000000, -0.27490849513560534},
    {2147483647, 0.9001262886449695}, {-2147483648, -0.2817909838631749},
    {123456789, 0.16682599764317274},
};

// An axis at cell c (any integer) of an axis with period p, cells wrapped as the library does.
template <class real>
lattice_axis<real> axis_at(std::int64_t c, std::uint64_t period, real frac) {
  const auto p = static_cast<std::int64_t>(period);
  const auto wrapped = static_cast<std::uint64_t>(((c % p) + p) % p);
  return vknoise::detail::to_axis(vknoise::detail::wrapped_cells(wrapped, period, 0.0f), frac);
}

// value_noise1..4 through one entry point; axes beyond dims are ignored.
template <class real>
real value_noise(int dims, int octave, bool smoothed, int interpolation,
                 const lattice_axis<real> (&a)[4]) {
  using namespace vknoise::detail;
  switch (dims) {
    case 1:
      return value_noise1<real>(octave, smoothed, interpolation, a[0]);
    case 2:
      return value_noise2<real>(octave, smoothed, interpolation, a[0], a[1]);
    case 3:
      return value_noise3<real>(octave, smoothed, interpolation, a[0], a[1], a[2]);
    default:
      return value_noise4<real>(octave, smoothed, interpolation, a[0], a[1], a[2], a[3]);
  }
}

TEST(ValueHash, MatchesEliasIntNoise) {
  for (const golden_hash& g : kGoldenHash) {
    EXPECT_EQ(value_hash<double>(g.n), g.expected) << "n = " << g.n;
  }
}

// The float hash is the exact value rounded once: both conversions are exact, only the add
// rounds.
TEST(ValueHash, FloatIsTheDoubleRoundedOnce) {
  std::mt19937 rng(1);
  for (int i = 0; i < 200000; ++i) {
    const int n = static_cast<int>(rng());
    ASSERT_EQ(value_hash<float>(n), static_cast<float>(value_hash<double>(n))) << "n = " << n;
  }
  for (const golden_hash& g : kGoldenHash) {
    EXPECT_EQ(value_hash<float>(g.n), static_cast<float>(g.expected));
  }
}

TEST(ValueHash, RangeIsMinusOneToOne) {
  std::mt19937 rng(2);
  double lo = 1, hi = -1;
  for (int i = 0; i < 200000; ++i) {
    const double v = value_hash<double>(static_cast<int>(rng()));
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  EXPECT_GT(lo, -1.0);
  EXPECT_LE(hi, 1.0);
  EXPECT_LT(lo, -0.999);
  EXPECT_GT(hi, 0.999);
}

TEST(LatticeValue, IsTheHashOfEliasIndex) {
  // Elias's 2D Noise(x, y) = IntNoise(x + 57 * y) at octave 0.
  EXPECT_EQ((lattice_value<double>(0, 2, 3, 4, 0, 0)), value_hash<double>(3 + 57 * 4));
  EXPECT_EQ((lattice_value<double>(0, 1, 200, 0, 0, 0)), value_hash<double>(200));
  EXPECT_EQ((lattice_value<double>(5, 3, 7, 8, 9, 0)),
            value_hash<double>(7 + 57 * 8 + 131 * 9 + 1013 * 5));
  EXPECT_EQ((lattice_value<double>(15, 4, 255, 254, 253, 252)),
            value_hash<double>(255 + 57 * 254 + 131 * 253 + 197 * 252 + 1013 * 15));
  // Axes at or beyond dims add nothing.
  EXPECT_EQ((lattice_value<double>(2, 1, 9, 100, 101, 102)),
            (lattice_value<double>(2, 1, 9, 0, 0, 0)));
  EXPECT_EQ((lattice_value<double>(2, 3, 9, 10, 11, 102)),
            (lattice_value<double>(2, 3, 9, 10, 11, 0)));
  // Each octave has its own values.
  int same = 0;
  for (int x = 0; x < 256; ++x) {
    same += lattice_value<double>(0, 1, x, 0, 0, 0) == lattice_value<double>(1, 1, x, 0, 0, 0);
  }
  EXPECT_EQ(same, 0);
}

// Cells are wrapped before hashing, so the lattice values, and the noise, repeat with the period
// (bit for bit); within one period the values differ.
TEST(LatticeValue, RepeatsWithThePeriod) {
  for (std::uint64_t period : {1u, 3u, 5u, 16u, 200u, 256u}) {
    for (std::int64_t c = -600; c < 600; ++c) {
      const auto a = axis_at<double>(c, period, 0.0),
                 b = axis_at<double>(c + 3 * period, period, 0.0);
      for (int k = -1; k <= 2; ++k) {
        ASSERT_EQ((lattice_value<double>(1, 2, axis_cell(a, k), axis_cell(a, 1 - k), 0, 0)),
                  (lattice_value<double>(1, 2, axis_cell(b, k), axis_cell(b, 1 - k), 0, 0)));
      }
    }
    if (period > 1) {
      EXPECT_NE((lattice_value<double>(0, 1, 0, 0, 0, 0)),
                (lattice_value<double>(0, 1, static_cast<int>(period - 1), 0, 0, 0)));
    }
  }
}

// prev..next2 are exact for every period; the cells two before and three after (read only by
// smoothing with cubic interpolation) are exact when the period is a multiple of 256 and not in
// general, which is why validation must reject that combination on periodic axes.
TEST(LatticeValue, OuterCellsNeedAMultipleOf256) {
  for (std::uint64_t period : {256u, 512u, 768u}) {
    for (std::int64_t c = -1000; c < 1000; ++c) {
      const auto a = axis_at<double>(c, period, 0.0);
      for (int k = -2; k <= 3; ++k) {
        const auto p = static_cast<std::int64_t>(period);
        ASSERT_EQ(axis_cell(a, k), static_cast<int>((((c + k) % p + p) % p) & 255));
      }
    }
  }
  // Period 200: two before cell 1 is 199, not 255; three after cell 197 is 0, not 200.
  EXPECT_EQ(axis_cell(axis_at<double>(1, 200, 0.0), -1), 0);
  EXPECT_NE(axis_cell(axis_at<double>(1, 200, 0.0), -2), 199);
  EXPECT_EQ(axis_cell(axis_at<double>(197, 200, 0.0), 2), 199);
  EXPECT_NE(axis_cell(axis_at<double>(197, 200, 0.0), 3), 0);
}

TEST(Interpolation, Linear) {
  EXPECT_EQ(interpolate_linear(0.3, -0.7, 0.0), 0.3);
  EXPECT_EQ(interpolate_linear(0.3, -0.7, 1.0), -0.7);
  EXPECT_EQ(interpolate_linear(0.25, -0.75, 0.5), -0.25);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> v(-1, 1), t(0, 1);
  for (int i = 0; i < 10000; ++i) {
    const double a = v(rng), b = v(rng), x = t(rng);
    ASSERT_NEAR(interpolate_linear(a, b, x), a * (1 - x) + b * x, 1e-15);
  }
}

TEST(Interpolation, Cosine) {
  EXPECT_EQ(interpolate_cosine(0.3, -0.7, 0.0), 0.3);
  EXPECT_EQ(interpolate_cosine(0.3, -0.7, 1.0), -0.7);
  EXPECT_EQ(interpolate_cosine(0.25, -0.75, 0.5), -0.25);
  EXPECT_EQ(interpolate_cosine(0.3f, -0.7f, 0.0f), 0.3f);
  EXPECT_EQ(interpolate_cosine(0.25f, -0.75f, 0.5f), -0.25f);
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> v(-1, 1), t(0, 1);
  for (int i = 0; i < 10000; ++i) {
    const double a = v(rng), b = v(rng), x = t(rng);
    const double f = (1 - std::cos(x * std::numbers::pi)) * 0.5;  // Elias's formula
    ASSERT_NEAR(interpolate_cosine(a, b, x), a * (1 - f) + b * f, 1e-14);
  }
}

TEST(Interpolation, Cubic) {
  const double v0 = -0.4, v1 = 0.3, v2 = -0.7, v3 = 0.9;
  const double P = (v3 - v2) - (v0 - v1), Q = (v0 - v1) - P, R = v2 - v0, S = v1;
  EXPECT_EQ(interpolate_cubic(v0, v1, v2, v3, 0.0), v1);
  EXPECT_NEAR(interpolate_cubic(v0, v1, v2, v3, 1.0), v2, 1e-15);
  EXPECT_NEAR(interpolate_cubic(v0, v1, v2, v3, 0.5), P / 8 + Q / 4 + R / 2 + S, 1e-15);
  // The overshoot: inner values 1, outer -1 give 1.5 halfway.
  EXPECT_EQ(interpolate_cubic(-1.0, 1.0, 1.0, -1.0, 0.5), 1.5);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> v(-1, 1), t(0, 1);
  for (int i = 0; i < 10000; ++i) {
    const double a = v(rng), b = v(rng), c = v(rng), d = v(rng), x = t(rng);
    const double p = (d - c) - (a - b), q = (a - b) - p, r = c - a;
    ASSERT_NEAR(interpolate_cubic(a, b, c, d, x), p * x * x * x + q * x * x + r * x + b, 1e-14);
  }
}

// The polynomial against std::cos on a fine grid of [0, 1]; the ends and the middle are exact.
TEST(Interpolation, CosPiPolynomial) {
  EXPECT_EQ(cos_pi(0.0), 1.0);
  EXPECT_EQ(cos_pi(1.0), -1.0);
  EXPECT_EQ(cos_pi(0.5), 0.0);
  EXPECT_EQ(cos_pi(0.0f), 1.0f);
  EXPECT_EQ(cos_pi(1.0f), -1.0f);
  double max_double = 0, max_float = 0;
  const int n = 1 << 20;
  for (int i = 0; i <= n; ++i) {
    const double x = static_cast<double>(i) / n;
    const double exact = std::cos(std::numbers::pi * x);
    max_double = std::max(max_double, std::fabs(cos_pi(x) - exact));
    max_float = std::max(max_float, std::fabs(cos_pi(static_cast<float>(x)) - exact));
  }
  std::printf("cos_pi max error vs std::cos: double %.3g, float %.3g\n", max_double, max_float);
  EXPECT_LE(max_double, 2e-15);
  EXPECT_LE(max_float, 2e-7);
}

// At a lattice point (all fractions 0) the unsmoothed noise is the lattice value itself, for all
// three interpolations.
TEST(ValueNoise, LatticePointsAreLatticeValues) {
  std::mt19937 rng(6);
  for (int i = 0; i < 200; ++i) {
    const int c[4] = {static_cast<int>(rng() & 255), static_cast<int>(rng() & 255),
                      static_cast<int>(rng() & 255), static_cast<int>(rng() & 255)};
    const lattice_axis<double> a[4] = {
        axis_at<double>(c[0], 256, 0.0), axis_at<double>(c[1], 256, 0.0),
        axis_at<double>(c[2], 256, 0.0), axis_at<double>(c[3], 256, 0.0)};
    for (int dims = 1; dims <= 4; ++dims) {
      for (int interpolation : {value_linear, value_cosine, value_cubic}) {
        ASSERT_EQ(value_noise<double>(dims, 3, false, interpolation, a),
                  (lattice_value<double>(3, dims, c[0], c[1], c[2], c[3])));
      }
    }
  }
}

// Elias's SmoothNoise written out: 1D exactly his sum; 2D his corners / 16 + sides / 8 +
// center / 4; 3D and 4D the product weights over the 3^D neighbourhood.
double elias_smooth(int octave, int dims, const int (&c)[4]) {
  const auto N = [&](int dx, int dy, int dz, int dw) {
    return lattice_value<double>(octave, dims, (c[0] + dx) & 255, (c[1] + dy) & 255,
                                 (c[2] + dz) & 255, (c[3] + dw) & 255);
  };
  if (dims == 1) return N(0, 0, 0, 0) / 2 + N(-1, 0, 0, 0) / 4 + N(1, 0, 0, 0) / 4;
  if (dims == 2) {
    const double corners = (N(-1, -1, 0, 0) + N(1, -1, 0, 0) + N(-1, 1, 0, 0) + N(1, 1, 0, 0)) / 16;
    const double sides = (N(-1, 0, 0, 0) + N(1, 0, 0, 0) + N(0, -1, 0, 0) + N(0, 1, 0, 0)) / 8;
    const double center = N(0, 0, 0, 0) / 4;
    return corners + sides + center;
  }
  const double w[3] = {0.25, 0.5, 0.25};
  double sum = 0;
  for (int l = -1; l <= 1; ++l) {
    for (int k = -1; k <= 1; ++k) {
      for (int j = -1; j <= 1; ++j) {
        for (int i = -1; i <= 1; ++i) {
          if (dims == 3 && l != 0) continue;
          const double weight = w[i + 1] * w[j + 1] * w[k + 1] * (dims == 4 ? w[l + 1] : 1.0);
          sum += weight * N(i, j, k, l);
        }
      }
    }
  }
  return sum;
}

TEST(ValueNoise, SmoothingIsEliasWeightedAverage) {
  std::mt19937 rng(7);
  for (int i = 0; i < 100; ++i) {
    int c[4];
    lattice_axis<double> a[4];
    for (int axis = 0; axis < 4; ++axis) {
      c[axis] = static_cast<int>(rng() & 255);
      a[axis] = axis_at<double>(c[axis], 256, 0.0);
    }
    for (int dims = 1; dims <= 4; ++dims) {
      const double expected = elias_smooth(2, dims, c);
      if (dims == 1) {
        ASSERT_EQ(value_noise<double>(dims, 2, true, value_linear, a), expected);
      }
      for (int interpolation : {value_linear, value_cosine, value_cubic}) {
        ASSERT_NEAR(value_noise<double>(dims, 2, true, interpolation, a), expected, 1e-15)
            << "dims " << dims << " interpolation " << interpolation;
      }
    }
  }
}

// Between lattice points, smoothed noise interpolates the smoothed lattice values: Elias's
// InterpolatedNoise written out with explicit SmoothNoise corners (2D linear and cosine, 1D
// cubic).
TEST(ValueNoise, SmoothingThenInterpolationIsElias) {
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> t(0, 1);
  for (int i = 0; i < 200; ++i) {
    const int cx = static_cast<int>(rng() & 255), cy = static_cast<int>(rng() & 255);
    const double fx = t(rng), fy = t(rng);
    const lattice_axis<double> a[4] = {
        axis_at<double>(cx, 256, fx), axis_at<double>(cy, 256, fy), {}, {}};
    const auto S = [&](int dx, int dy) {
      const int p[4] = {cx + dx, cy + dy, 0, 0};
      return elias_smooth(4, 2, p);
    };
    const double lin = interpolate_linear(interpolate_linear(S(0, 0), S(1, 0), fx),
                                          interpolate_linear(S(0, 1), S(1, 1), fx), fy);
    ASSERT_NEAR(value_noise<double>(2, 4, true, value_linear, a), lin, 1e-15);
    const double cosine = interpolate_cosine(interpolate_cosine(S(0, 0), S(1, 0), fx),
                                             interpolate_cosine(S(0, 1), S(1, 1), fx), fy);
    ASSERT_NEAR(value_noise<double>(2, 4, true, value_cosine, a), cosine, 1e-15);
    const auto S1 = [&](int dx) {
      const int p[4] = {cx + dx, 0, 0, 0};
      return elias_smooth(4, 1, p);
    };
    ASSERT_NEAR(value_noise<double>(1, 4, true, value_cubic, a),
                interpolate_cubic(S1(-1), S1(0), S1(1), S1(2), fx), 1e-15);
  }
}

// Random lattice inputs (random cells, periods, fractions; period 256 where smoothing meets cubic
// interpolation): the float mirror within 1e-6 of the double reference, every combination.
TEST(ValueNoise, FloatMirrorMatchesReference) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> t(0.0f, 1.0f);
  for (int dims = 1; dims <= 4; ++dims) {
    for (int interpolation : {value_linear, value_cosine, value_cubic}) {
      for (bool smoothed : {false, true}) {
        const int samples = dims == 4 && (smoothed || interpolation == value_cubic) ? 1000 : 5000;
        double max_error = 0;
        for (int i = 0; i < samples; ++i) {
          lattice_axis<double> d[4];
          lattice_axis<float> f[4];
          for (int axis = 0; axis < 4; ++axis) {
            const std::uint64_t period =
                smoothed && interpolation == value_cubic ? 256 : 1 + rng() % 256;
            const float frac = t(rng);
            const std::int64_t cell = static_cast<std::int64_t>(rng() % 4096) - 2048;
            d[axis] = axis_at<double>(cell, period, frac);
            f[axis] = axis_at<float>(cell, period, frac);
          }
          const int octave = static_cast<int>(rng() % 16);
          const double reference = value_noise<double>(dims, octave, smoothed, interpolation, d);
          const float mirror = value_noise<float>(dims, octave, smoothed, interpolation, f);
          max_error = std::max(max_error, std::fabs(mirror - reference));
        }
        std::printf("dims %d interpolation %d smoothed %d: max |mirror - reference| %.3g\n", dims,
                    interpolation, smoothed, max_error);
        EXPECT_LE(max_error, 1e-6)
            << "dims " << dims << " interpolation " << interpolation << " smoothed " << smoothed;
      }
    }
  }
}

// Periodicity of the whole noise: the same point one or more periods away gives the same bits.
TEST(ValueNoise, RepeatsWithThePeriod) {
  std::mt19937 rng(10);
  std::uniform_real_distribution<double> t(0, 1);
  for (int interpolation : {value_linear, value_cosine, value_cubic}) {
    for (bool smoothed : {false, true}) {
      const bool natural = smoothed && interpolation == value_cubic;
      for (int i = 0; i < 300; ++i) {
        lattice_axis<double> a[4], b[4];
        for (int axis = 0; axis < 4; ++axis) {
          const std::uint64_t period = natural ? 256 * (1 + rng() % 3) : 1 + rng() % 256;
          const std::int64_t cell = static_cast<std::int64_t>(rng() % 1024) - 512;
          const double frac = t(rng);
          a[axis] = axis_at<double>(cell, period, frac);
          b[axis] = axis_at<double>(cell + static_cast<std::int64_t>(period) * (1 + rng() % 4),
                                    period, frac);
        }
        for (int dims = 1; dims <= 4; ++dims) {
          ASSERT_EQ(value_noise<double>(dims, 1, smoothed, interpolation, a),
                    value_noise<double>(dims, 1, smoothed, interpolation, b));
        }
      }
    }
  }
}

// Linear and cosine (smoothed or not) are convex combinations of values in (-1, 1]; Elias's
// cubic overshoots, bounded by 1.5 per axis.
TEST(ValueNoise, Range) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> t(0.0f, 1.0f);
  for (int dims = 1; dims <= 4; ++dims) {
    for (int interpolation : {value_linear, value_cosine, value_cubic}) {
      for (bool smoothed : {false, true}) {
        const int samples = dims == 4 && (smoothed || interpolation == value_cubic) ? 2000 : 20000;
        double lo = 0, hi = 0;
        for (int i = 0; i < samples; ++i) {
          lattice_axis<double> d[4];
          lattice_axis<float> f[4];
          for (int axis = 0; axis < 4; ++axis) {
            const std::int64_t cell = rng() % 256;
            const float frac = t(rng);
            d[axis] = axis_at<double>(cell, 256, frac);
            f[axis] = axis_at<float>(cell, 256, frac);
          }
          const double reference = value_noise<double>(dims, 0, smoothed, interpolation, d);
          const double mirror = value_noise<float>(dims, 0, smoothed, interpolation, f);
          lo = std::min({lo, reference, mirror});
          hi = std::max({hi, reference, mirror});
        }
        std::printf("dims %d %s%s: [%.4f, %.4f]\n", dims,
                    interpolation == value_linear   ? "linear"
                    : interpolation == value_cosine ? "cosine"
                                                    : "cubic",
                    smoothed ? " smoothed" : "", lo, hi);
        const double bound = interpolation == value_cubic ? std::pow(1.5, dims) : 1.0 + 1e-6;
        EXPECT_GE(lo, -bound);
        EXPECT_LE(hi, bound);
        if (interpolation != value_cubic) {
          EXPECT_GE(lo, -1.01);
          EXPECT_LE(hi, 1.01);
        }
      }
    }
  }
}

}  // namespace
