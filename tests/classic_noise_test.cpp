// Perlin's classic gradient noise: the seeded gradient tables, the double reference against
// golden values from tests/golden/generate_classic.py, the float mirror against the reference,
// lattice points, periods and the range of the output.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <random>

#include "core/classic_noise.hpp"
#include "core/lattice.hpp"
#include "vknoise/classic_gradients.hpp"
#include "vknoise/permutation.hpp"

namespace {

using vknoise::classic_gradients;
using vknoise::permutation_table;
using vknoise::detail::lattice_axis;

std::uint64_t bits(double v) {
  return std::bit_cast<std::uint64_t>(v);
}

// The double table as the reference reads it: 256 x 4 contiguous doubles.
std::array<double, 256 * 4> flat_table(const classic_gradients& g, int dims) {
  std::array<double, 256 * 4> f;
  for (int i = 0; i < 256; ++i) {
    for (int k = 0; k < 4; ++k) f[4 * i + k] = g.table(dims)[i][k];
  }
  return f;
}

// The float axis as vknoise::reduce_coordinate forms it: the exact double fraction rounded to
// float, moving to the next cell when that rounds to 1.
lattice_axis<float> float_axis(double x, std::uint64_t period = 256) {
  const auto s = vknoise::detail::split(x, period);
  std::uint64_t cell = s.cell;
  float frac = static_cast<float>(s.frac);
  if (frac == 1.0f) {
    cell = (cell + 1) % period;
    frac = 0.0f;
  }
  return vknoise::detail::to_axis(vknoise::detail::wrapped_cells(cell, period, frac), frac);
}

template <class real>
real classic(int dims, const std::int32_t* perm, const real* g,
             const std::array<lattice_axis<real>, 4>& a) {
  using namespace vknoise::detail;
  // clang-format off
  switch (dims) {
    case 1: return classic_noise1(perm, g, a[0]);
    case 2: return classic_noise2(perm, g, a[0], a[1]);
    case 3: return classic_noise3(perm, g, a[0], a[1], a[2]);
    default: return classic_noise4(perm, g, a[0], a[1], a[2], a[3]);
  }
  // clang-format on
}

// A seed's permutation and gradient tables, flattened once for the noise functions.
struct seeded_tables {
  explicit seeded_tables(std::uint64_t seed)
      : perm(permutation_table::from_seed(seed)), gradients(classic_gradients::from_seed(seed)) {
    for (int dims = 1; dims <= 4; ++dims) {
      doubles[dims - 1] = flat_table(gradients, dims);
      floats[dims - 1] = gradients.float_table(dims);
    }
  }
  permutation_table perm;
  classic_gradients gradients;
  std::array<std::array<double, 256 * 4>, 4> doubles;
  std::array<std::array<float, 256 * 4>, 4> floats;
};

double reference(int dims, const seeded_tables& s, const std::array<double, 4>& p,
                 std::uint64_t period = 256) {
  std::array<lattice_axis<double>, 4> a;
  for (int k = 0; k < 4; ++k) a[k] = vknoise::detail::split_axis(p[k], period);
  return classic(dims, s.perm.doubled().data(), s.doubles[dims - 1].data(), a);
}

float mirror(int dims, const seeded_tables& s, const std::array<double, 4>& p) {
  std::array<lattice_axis<float>, 4> a;
  for (int k = 0; k < 4; ++k) a[k] = float_axis(p[k]);
  return classic(dims, s.perm.doubled().data(), s.floats[dims - 1].data(), a);
}

TEST(ClassicGradients, SameSeedSameTablesOtherSeedOtherTables) {
  const auto a = classic_gradients::from_seed(7), b = classic_gradients::from_seed(7);
  const auto c = classic_gradients::from_seed(8);
  for (int dims = 1; dims <= 4; ++dims) {
    EXPECT_EQ(a.table(dims), b.table(dims)) << dims;
    EXPECT_EQ(a.float_table(dims), b.float_table(dims)) << dims;
    int same = 0;
    for (int i = 0; i < 256; ++i) same += a.table(dims)[i] == c.table(dims)[i];
    EXPECT_EQ(same, 0) << dims;
  }
}

TEST(ClassicGradients, SlopesIn1DUnitVectorsIn2DTo4D) {
  for (std::uint64_t seed : {0ull, 1ull, 42ull, 0xFFFFFFFFFFFFFFFFull}) {
    const auto g = classic_gradients::from_seed(seed);
    for (const auto& v : g.table(1)) {
      EXPECT_GE(v[0], -1.0);
      EXPECT_LE(v[0], 1.0);
      EXPECT_EQ(v[1], 0.0);
      EXPECT_EQ(v[2], 0.0);
      EXPECT_EQ(v[3], 0.0);
    }
    for (int dims = 2; dims <= 4; ++dims) {
      for (const auto& v : g.table(dims)) {
        double s = 0;
        for (int k = 0; k < dims; ++k) s += v[k] * v[k];
        EXPECT_NEAR(std::sqrt(s), 1.0, 1e-12) << seed << " " << dims;
        for (int k = dims; k < 4; ++k) EXPECT_EQ(v[k], 0.0);
      }
    }
  }
}

TEST(ClassicGradients, SlopesCoverTheInterval) {
  // 256 uniform slopes: both signs, and values near both ends.
  const auto g = classic_gradients::from_seed(1);
  const auto& t = g.table(1);
  const auto [lo, hi] = std::minmax_element(t.begin(), t.end());
  EXPECT_LT((*lo)[0], -0.9);
  EXPECT_GT((*hi)[0], 0.9);
}

TEST(ClassicGradients, FloatTableIsTheRoundedDoubleTable) {
  const auto g = classic_gradients::from_seed(3);
  for (int dims = 1; dims <= 4; ++dims) {
    const auto f = g.float_table(dims);
    for (int i = 0; i < 256; ++i) {
      for (int k = 0; k < 4; ++k) {
        EXPECT_EQ(f[4 * i + k], static_cast<float>(g.table(dims)[i][k]));
      }
    }
  }
}

TEST(ClassicGradients, DimsOutsideOneToFourAreClamped) {
  const auto g = classic_gradients::from_seed(5);
  EXPECT_EQ(&g.table(0), &g.table(1));
  EXPECT_EQ(&g.table(-3), &g.table(1));
  EXPECT_EQ(&g.table(9), &g.table(4));
}

TEST(ClassicGradients, GoldenSeed1) {
  // python3 tests/golden/generate_classic.py 1
  const auto g = classic_gradients::from_seed(1);
  using row = std::array<double, 4>;
  EXPECT_EQ(g.table(1)[0], (row{0x1.70a7d0e6f2f76p-1, 0, 0, 0}));
  EXPECT_EQ(g.table(2)[0], (row{0x1.369428e70dfa5p-1, -0x1.970b45686e483p-1, 0, 0}));
  EXPECT_EQ(g.table(3)[255],
            (row{0x1.631567648bd13p-4, -0x1.aea89bab98e17p-1, -0x1.11537215563bep-1, 0}));
  EXPECT_EQ(g.table(4)[128], (row{0x1.1d18f2b8f0493p-1, 0x1.7317ffc682538p-1, 0x1.774b51b9c1774p-5,
                                  -0x1.9ccef385d4d48p-2}));
}

TEST(ClassicNoise, GoldenSeed1) {
  // python3 tests/golden/generate_classic.py 1, with permutation_table::from_seed(1).
  const seeded_tables s(1);
  const std::array<double, 4> p{3.14, 42.7, 7.3, -1.6};
  EXPECT_EQ(bits(reference(1, s, p)), bits(0x1.445a34142e99ap-3));
  EXPECT_EQ(bits(reference(2, s, p)), bits(0x1.1911b06975cd2p-3));
  EXPECT_EQ(bits(reference(3, s, p)), bits(0x1.5970d7ce73f2dp-4));
  EXPECT_EQ(bits(reference(4, s, p)), bits(0x1.adaa8c582da14p-4));
}

TEST(ClassicNoise, SCurveIsExactAtTheEndsAndTheMiddle) {
  using vknoise::detail::scurve;
  EXPECT_EQ(scurve(0.0), 0.0);
  EXPECT_EQ(scurve(1.0), 1.0);
  EXPECT_EQ(scurve(0.5), 0.5);
  EXPECT_EQ(scurve(0.0f), 0.0f);
  EXPECT_EQ(scurve(1.0f), 1.0f);
  EXPECT_EQ(scurve(0.5f), 0.5f);
}

TEST(ClassicNoise, ZeroAtLatticePoints) {
  const seeded_tables s(11);
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<int> cell(-1000, 1000);
  for (int i = 0; i < 2000; ++i) {
    const std::array<double, 4> p{double(cell(rng)), double(cell(rng)), double(cell(rng)),
                                  double(cell(rng))};
    for (int dims = 1; dims <= 4; ++dims) {
      EXPECT_EQ(reference(dims, s, p), 0.0) << dims;
      EXPECT_EQ(reference(dims, s, p, 5), 0.0) << dims;
      EXPECT_EQ(mirror(dims, s, p), 0.0f) << dims;
    }
  }
}

TEST(ClassicNoise, FloatMirrorTracksTheReference) {
  const seeded_tables s(0xC1A551C);
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> u(-300, 300);
  for (int dims = 1; dims <= 4; ++dims) {
    double worst = 0;
    for (int i = 0; i < 100000; ++i) {
      const std::array<double, 4> p{u(rng), u(rng), u(rng), u(rng)};
      worst = std::max(worst, std::abs(double(mirror(dims, s, p)) - reference(dims, s, p)));
    }
    EXPECT_LT(worst, 1e-6) << dims;
    std::printf("classic noise %dD: largest |float mirror - reference| = %.3g\n", dims, worst);
  }
}

TEST(ClassicNoise, RepeatsWithTheAxisPeriod) {
  const seeded_tables s(21);
  std::mt19937_64 rng(3);
  // Multiples of 2^-20 of magnitude below 2^11: x and x + k * period are exact, so both split
  // into the same fraction, and only the wrapped cells can make the noise agree.
  std::uniform_int_distribution<std::int64_t> fixed(-(std::int64_t{1} << 30),
                                                    std::int64_t{1} << 30);
  std::uniform_int_distribution<int> shift(-4, 4);
  for (std::uint64_t period : {1, 2, 3, 7, 100, 255, 256}) {
    for (int i = 0; i < 500; ++i) {
      std::array<double, 4> p, q;
      for (int k = 0; k < 4; ++k) {
        p[k] = std::ldexp(double(fixed(rng)), -20);
        q[k] = p[k] + double(shift(rng)) * double(period);
      }
      for (int dims = 1; dims <= 4; ++dims) {
        EXPECT_EQ(bits(reference(dims, s, p, period)), bits(reference(dims, s, q, period)))
            << dims << " " << period;
      }
    }
  }
}

TEST(ClassicNoise, PeriodicAxisIsContinuousAcrossTheWrap) {
  // With period 7 along every axis, cell 6 blends into cell 0: along x, noise just below 7 equals
  // noise just below 0 and approaches noise at 0.
  const seeded_tables s(4);
  for (int dims = 1; dims <= 4; ++dims) {
    const std::array<double, 4> below{7 - 0x1p-20, 0.25, 0.5, 0.75};
    const std::array<double, 4> before_zero{-0x1p-20, 0.25, 0.5, 0.75};
    const double v = reference(dims, s, below, 7);
    EXPECT_EQ(bits(v), bits(reference(dims, s, before_zero, 7)));
    const std::array<double, 4> zero{0, 0.25, 0.5, 0.75};
    EXPECT_NEAR(v, reference(dims, s, zero, 7), 1e-5) << dims;
  }
}

TEST(ClassicNoise, RangeIsWithinHalfTheCellDiagonal) {
  // |noise| <= sqrt(D) / 2 for gradients of length <= 1 (classic_noise.hpp); report what random
  // points reach.
  const seeded_tables s(1);
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> u(0, 256);
  const int samples[] = {1000000, 1000000, 400000, 200000};
  for (int dims = 1; dims <= 4; ++dims) {
    std::array<lattice_axis<double>, 4> a;
    double lo = 0, hi = 0;
    for (int i = 0; i < samples[dims - 1]; ++i) {
      for (auto& axis : a) axis = vknoise::detail::split_axis(u(rng), 256);
      const double v = classic(dims, s.perm.doubled().data(), s.doubles[dims - 1].data(), a);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    const double bound = std::sqrt(double(dims)) / 2;
    EXPECT_GE(lo, -bound) << dims;
    EXPECT_LE(hi, bound) << dims;
    // Not degenerate: both signs reach a good part of the bound.
    EXPECT_LT(lo, -0.4 * bound) << dims;
    EXPECT_GT(hi, 0.4 * bound) << dims;
    std::printf("classic noise %dD: range over %d random points [%.4f, %.4f], bound %.4f\n", dims,
                samples[dims - 1], lo, hi, bound);
  }
}

}  // namespace
