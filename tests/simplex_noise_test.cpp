// Simplex noise (core/simplex_noise.hpp): the double reference against Gustavson's
// SimplexNoise.java (2012-03-09) bit for bit, the gradient forms against the value forms and
// against finite differences, the float mirror against the reference, and the output range.
//
// The expected values come from tests/golden/generate_simplex.py, an independent literal Python
// port of the Java with Perlin's permutation.

#include <gtest/gtest.h>

#include "golden/perlin_permutation.hpp"
#include "test_random.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/simplex_noise.hpp"

namespace {

struct simplex_golden2 {
  double x, y, expected;
};
struct simplex_golden3 {
  double x, y, z, expected;
};
struct simplex_golden4 {
  double x, y, z, w, expected;
};

#include "golden/simplex_golden.inc"

using vknoise::detail::dual;
using vknoise::detail::simplex_noise2;
using vknoise::detail::simplex_noise2_d;
using vknoise::detail::simplex_noise3;
using vknoise::detail::simplex_noise3_d;
using vknoise::detail::simplex_noise4;
using vknoise::detail::simplex_noise4_d;

// Perlin's table doubled to 512 entries (perm[i] == kPerlin[i & 255]).
const std::int32_t* perlin_perm() {
  static const std::array<std::int32_t, 512> table = [] {
    std::array<std::int32_t, 512> t{};
    for (int i = 0; i < 512; ++i) t[i] = vknoise_test::kPerlin[i & 255];
    return t;
  }();
  return table.data();
}

std::string hex(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

template <class real>
std::uint64_t bits(real v) {
  if constexpr (sizeof(real) == 8) {
    return std::bit_cast<std::uint64_t>(v);
  } else {
    return std::bit_cast<std::uint32_t>(v);
  }
}

using vknoise_test::splitmix;

// The noise of dimension D at p[0..D-1], value or gradient form, in either precision.
template <int D, class real>
real noise(const real* p) {
  const std::int32_t* perm = perlin_perm();
  if constexpr (D == 2) {
    return simplex_noise2<real>(perm, p[0], p[1]);
  } else if constexpr (D == 3) {
    return simplex_noise3<real>(perm, p[0], p[1], p[2]);
  } else {
    return simplex_noise4<real>(perm, p[0], p[1], p[2], p[3]);
  }
}

template <int D, class real>
dual<real> noise_d(const real* p) {
  const std::int32_t* perm = perlin_perm();
  if constexpr (D == 2) {
    return simplex_noise2_d<real>(perm, p[0], p[1]);
  } else if constexpr (D == 3) {
    return simplex_noise3_d<real>(perm, p[0], p[1], p[2]);
  } else {
    return simplex_noise4_d<real>(perm, p[0], p[1], p[2], p[3]);
  }
}

template <int D>
std::string describe(const double* p) {
  std::string s = "simplex_noise" + std::to_string(D) + "(";
  for (int a = 0; a < D; ++a) s += (a ? ", " : "") + hex(p[a]);
  return s + ")";
}

// A golden row as {coordinates..., expected}.
std::array<double, 3> row_values(const simplex_golden2& g) {
  return {g.x, g.y, g.expected};
}
std::array<double, 4> row_values(const simplex_golden3& g) {
  return {g.x, g.y, g.z, g.expected};
}
std::array<double, 5> row_values(const simplex_golden4& g) {
  return {g.x, g.y, g.z, g.w, g.expected};
}

template <int D, class row>
void check_golden(const row* rows, std::size_t count) {
  int mismatches = 0;
  for (std::size_t r = 0; r < count; ++r) {
    const auto values = row_values(rows[r]);
    const double* p = values.data();
    const double expected = p[D];
    const double actual = noise<D>(p);
    if (bits(actual) != bits(expected)) {
      if (++mismatches <= 10) {
        ADD_FAILURE() << describe<D>(p) << " = " << hex(actual) << " (" << actual << "), expected "
                      << hex(expected) << " (" << expected << ")";
      }
    }
  }
  EXPECT_EQ(mismatches, 0) << "of " << count;
}

TEST(SimplexNoise, GoldenTablesHaveTheExpectedSize) {
  EXPECT_EQ(std::size(kSimplexGolden2), 200u);
  EXPECT_EQ(std::size(kSimplexGolden3), 200u);
  EXPECT_EQ(std::size(kSimplexGolden4), 200u);
}

TEST(SimplexNoise, Noise2MatchesJavaReferenceBitForBit) {
  check_golden<2>(kSimplexGolden2, std::size(kSimplexGolden2));
}

TEST(SimplexNoise, Noise3MatchesJavaReferenceBitForBit) {
  check_golden<3>(kSimplexGolden3, std::size(kSimplexGolden3));
}

TEST(SimplexNoise, Noise4MatchesJavaReferenceBitForBit) {
  check_golden<4>(kSimplexGolden4, std::size(kSimplexGolden4));
}

TEST(SimplexNoise, ZeroAtTheOrigin) {
  const std::int32_t* perm = perlin_perm();
  EXPECT_EQ(simplex_noise2<double>(perm, 0.0, 0.0), 0.0);
  EXPECT_EQ(simplex_noise3<double>(perm, 0.0, 0.0, 0.0), 0.0);
  EXPECT_EQ(simplex_noise4<double>(perm, 0.0, 0.0, 0.0, 0.0), 0.0);
  EXPECT_EQ(simplex_noise3<float>(perm, 0.0f, 0.0f, 0.0f), 0.0f);
}

// The value of a gradient form is the value form's, bit for bit, at point p (given in double;
// the float check uses p rounded to float).
template <int D>
int value_mismatches(const double* p) {
  int bad = 0;
  const dual<double> dd = noise_d<D>(p);
  const double vd = noise<D>(p);
  if (bits(dd.v) != bits(vd)) {
    if (++bad <= 5) ADD_FAILURE() << describe<D>(p) << ": _d " << hex(dd.v) << ", " << hex(vd);
  }
  float pf[D];
  for (int a = 0; a < D; ++a) pf[a] = static_cast<float>(p[a]);
  const dual<float> df = noise_d<D>(pf);
  const float vf = noise<D>(pf);
  if (bits(df.v) != bits(vf)) {
    ++bad;
    ADD_FAILURE() << describe<D>(p) << " (float): _d " << hex(df.v) << ", " << hex(vf);
  }
  for (int a = D; a < 4; ++a) {
    if (dd.d[a] != 0.0 || df.d[a] != 0.0f) {
      ++bad;
      ADD_FAILURE() << describe<D>(p) << ": unused axis " << a << " not 0";
    }
  }
  return bad;
}

template <int D, class row>
void check_values(const row* rows, std::size_t count, std::uint64_t seed) {
  int bad = 0;
  for (std::size_t r = 0; r < count; ++r) bad += value_mismatches<D>(row_values(rows[r]).data());
  splitmix rng{seed};
  for (int n = 0; n < 10000; ++n) {
    double p[D];
    for (double& c : p) c = rng.uniform(-300.0, 300.0);
    bad += value_mismatches<D>(p);
  }
  EXPECT_EQ(bad, 0);
}

TEST(SimplexNoise, GradientFormValueEqualsValueForm) {
  check_values<2>(kSimplexGolden2, std::size(kSimplexGolden2), 21);
  check_values<3>(kSimplexGolden3, std::size(kSimplexGolden3), 31);
  check_values<4>(kSimplexGolden4, std::size(kSimplexGolden4), 41);
}

// The skewed cell and the simplex inside it that hold p: the piece of the function that p is on.
// 2D's kernel (0.5 - |d|^2) vanishes exactly where a neighbouring simplex begins, so 2D noise is C1
// everywhere and no 2D point is left out. Java's 3D and 4D kernels (0.6 - |d|^2) reach
// sqrt(0.6) = 0.775 from a corner, past the faces of the simplices that hold it (continuity needs
// 0.5): a corner stops contributing when p crosses into a simplex it is not a vertex of while its
// kernel is still nonzero, and the noise jumps there (measured: up to about 0.005 in 3D and 0.003
// in 4D, across faces in 200,000 random segments). A central difference across such a face
// measures the jump over 2h, not the derivative, so 3D and 4D points within h of a face are left
// out and counted (none among the seeded points below, but the check must not depend on that).
template <int D>
std::array<std::int64_t, 2 * D> simplex_of(const double* p) {
  using namespace vknoise::detail;
  double F = 0, G = 0;
  if constexpr (D == 2) {
    F = simplex_f2<double>(), G = simplex_g2<double>();
  } else if constexpr (D == 3) {
    F = simplex_f3<double>(), G = simplex_g3<double>();
  } else {
    F = simplex_f4<double>(), G = simplex_g4<double>();
  }
  double s = p[0];
  for (int a = 1; a < D; ++a) s = s + p[a];
  s = s * F;
  std::array<std::int64_t, 2 * D> key{};
  std::int64_t sum = 0;
  for (int a = 0; a < D; ++a) sum += key[a] = saturating_floor(p[a] + s);
  const double t = static_cast<double>(sum) * G;
  double off[D];
  for (int a = 0; a < D; ++a) off[a] = p[a] - (static_cast<double>(key[a]) - t);
  // The order of the offsets (the simplex within the cell), as ranks.
  for (int a = 0; a < D; ++a) {
    for (int b = 0; b < D; ++b)
      key[D + a] += b != a && (off[a] > off[b] || (off[a] == off[b] && a > b));
  }
  return key;
}

template <int D>
void check_derivatives(std::uint64_t seed) {
  splitmix rng{seed};
  const double h = 1e-6;
  int bad = 0, crossing = 0;
  double worst = 0;
  for (int n = 0; n < 10000; ++n) {
    double p[D];
    for (double& c : p) c = rng.uniform(-300.0, 300.0);
    const dual<double> d = noise_d<D>(p);
    bool crosses = false;
    double fd[D];
    for (int a = 0; a < D; ++a) {
      double hi[D], lo[D];
      std::copy(p, p + D, hi);
      std::copy(p, p + D, lo);
      hi[a] = p[a] + h;
      lo[a] = p[a] - h;
      fd[a] = (noise<D>(hi) - noise<D>(lo)) / (hi[a] - lo[a]);
      crosses =
          crosses || simplex_of<D>(hi) != simplex_of<D>(p) || simplex_of<D>(lo) != simplex_of<D>(p);
    }
    if (crosses) {
      ++crossing;
      continue;
    }
    for (int a = 0; a < D; ++a) {
      const double err = std::abs(d.d[a] - fd[a]) / std::max(1.0, std::abs(d.d[a]));
      worst = std::max(worst, err);
      if (err > 1e-4 && ++bad <= 10) {
        ADD_FAILURE() << describe<D>(p) << ": d/d"
                      << "xyzw"[a] << " analytic " << d.d[a] << ", central difference " << fd[a];
      }
    }
  }
  std::printf(
      "simplex noise %dD: derivatives vs central differences, worst relative error %.3g; "
      "%d of 10000 points next to a simplex face left out\n",
      D, worst, crossing);
  EXPECT_EQ(bad, 0);
  // Only points within h of a face can be left out: a handful in 10,000 at most.
  EXPECT_LE(crossing, 10);
}

TEST(SimplexNoise, DerivativesMatchCentralDifferences2) {
  check_derivatives<2>(22);
}
TEST(SimplexNoise, DerivativesMatchCentralDifferences3) {
  check_derivatives<3>(32);
}
TEST(SimplexNoise, DerivativesMatchCentralDifferences4) {
  check_derivatives<4>(42);
}

// The float mirror against the double reference at the same (float) points, |coords| < 256.
template <int D>
double float_mirror_error(std::uint64_t seed) {
  splitmix rng{seed};
  double worst = 0;
  for (int n = 0; n < 100000; ++n) {
    float pf[D];
    double pd[D];
    for (int a = 0; a < D; ++a) {
      pf[a] = static_cast<float>(rng.uniform(-256.0, 256.0));
      pd[a] = pf[a];
    }
    worst = std::max(worst, std::abs(static_cast<double>(noise<D>(pf)) - noise<D>(pd)));
  }
  return worst;
}

TEST(SimplexNoise, FloatMirrorStaysNearTheReference) {
  // Measured over these 100,000 points per dimension: 1.37e-4 (2D), 1.11e-4 (3D) and 8.84e-5
  // (4D); each bound is about twice that.
  constexpr double kBound[3] = {3e-4, 2.5e-4, 2e-4};
  const double e2 = float_mirror_error<2>(23), e3 = float_mirror_error<3>(33),
               e4 = float_mirror_error<4>(43);
  std::printf(
      "simplex noise float mirror: largest |float - double| %.3g (2D), %.3g (3D), "
      "%.3g (4D)\n",
      e2, e3, e4);
  EXPECT_LE(e2, kBound[0]);
  EXPECT_LE(e3, kBound[1]);
  EXPECT_LE(e4, kBound[2]);
}

template <int D>
double max_abs_value(std::uint64_t seed) {
  splitmix rng{seed};
  double worst = 0;
  for (int n = 0; n < 100000; ++n) {
    double p[D];
    for (double& c : p) c = rng.uniform(-300.0, 300.0);
    worst = std::max(worst, std::abs(noise<D>(p)));
  }
  return worst;
}

// Measured over these 100,000 points per dimension: 0.9977 (2D), 0.9742 (3D), 0.9724 (4D).
TEST(SimplexNoise, OutputStaysWithinUnitRange) {
  const double m2 = max_abs_value<2>(24), m3 = max_abs_value<3>(34), m4 = max_abs_value<4>(44);
  std::printf("simplex noise: largest |value| over 100000 points %.4f (2D), %.4f (3D), %.4f (4D)\n",
              m2, m3, m4);
  EXPECT_LE(m2, 1.0);
  EXPECT_LE(m3, 1.0);
  EXPECT_LE(m4, 1.0);
}

}  // namespace
