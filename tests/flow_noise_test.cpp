// Flow noise (core/flow_noise.hpp): flow_sincos, flow_sqrt and the angle's reduction against the
// library's maths, tiling bit for bit on every supported period, the exact loop in the angle, the
// gradient forms against finite differences, the float mirror against the double reference, the
// output range, the angle's and the table's effect, the pseudo-advected fractal, and the GLSL
// twin's constants against the C++ ones.

#include <gtest/gtest.h>

#include "test_random.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/flow_noise.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"

#ifndef VKNOISE_SOURCE_DIR
#define VKNOISE_SOURCE_DIR "."
#endif

namespace {

using namespace vknoise::detail;

const double kTwoPi = 6.283185307179586;
const float kTwoPiF = static_cast<float>(kTwoPi);

const vknoise::permutation_table& perlin_table() {
  static const vknoise::permutation_table t = vknoise::permutation_table::perlin();
  return t;
}

// Perlin's table doubled to 512 entries, as the library keeps it.
const std::int32_t* perlin_perm() {
  return perlin_table().doubled().data();
}

template <class real>
std::uint64_t bits(real v) {
  if constexpr (sizeof(real) == 8) {
    return std::bit_cast<std::uint64_t>(v);
  } else {
    return std::bit_cast<std::uint32_t>(v);
  }
}

template <class real>
bool same(const dual<real>& a, const dual<real>& b) {
  if (bits(a.v) != bits(b.v)) return false;
  for (int i = 0; i < 4; ++i) {
    if (bits(a.d[i]) != bits(b.d[i])) return false;
  }
  return true;
}

using vknoise_test::splitmix;

// A shuffled table (Fisher-Yates from SplitMix64), doubled.
std::array<std::int32_t, 512> shuffled_perm(std::uint64_t seed) {
  std::array<std::int32_t, 256> p{};
  for (int i = 0; i < 256; ++i) p[i] = i;
  splitmix rng{seed};
  for (int i = 255; i > 0; --i) std::swap(p[i], p[rng.next() % static_cast<std::uint64_t>(i + 1)]);
  std::array<std::int32_t, 512> t{};
  for (int i = 0; i < 512; ++i) t[i] = p[i & 255];
  return t;
}

template <class real>
dual<real> noise_d(int dims, const std::int32_t* perm, const real* p, const std::int32_t* period,
                   real alpha) {
  return dims == 2 ? flow_noise2_d(perm, p[0], p[1], period, alpha)
                   : flow_noise3_d(perm, p[0], p[1], p[2], period, alpha);
}

template <class real>
real noise_v(int dims, const std::int32_t* perm, const real* p, const std::int32_t* period,
             real alpha) {
  return dims == 2 ? flow_noise2(perm, p[0], p[1], period, alpha)
                   : flow_noise3(perm, p[0], p[1], p[2], period, alpha);
}

// --- Maths ---------------------------------------------------------------------------------------

TEST(FlowNoise, SinCosAccuracy) {
  splitmix rng{1};
  double worst_f = 0, worst_d = 0;
  const double lim = 8 * kTwoPi / 2;  // 8 pi... the documented domain is |x| <= 8 pi
  for (int n = 0; n < 1000000; ++n) {
    const double x = n < 64 ? (n - 32) * (kTwoPi / 8) : rng.uniform(-lim, lim);
    const float xf = static_cast<float>(x);
    const flow_sc<float> f = flow_sincos(xf);
    const flow_sc<double> d = flow_sincos(x);
    // float: absolute error in units of 2^-24 (the values are at most 1), against the double maths
    // at the float argument.
    const double xs = static_cast<double>(xf);
    worst_f = std::max(
        {worst_f, std::fabs(f.s - std::sin(xs)) * 0x1p24, std::fabs(f.c - std::cos(xs)) * 0x1p24});
    worst_d = std::max({worst_d, std::fabs(d.s - std::sin(x)), std::fabs(d.c - std::cos(x))});
  }
  std::printf("flow_sincos: float within %.3f * 2^-24, double within %.3g\n", worst_f, worst_d);
  EXPECT_LE(worst_f, 3.0);
  EXPECT_LE(worst_d, 1e-15);
  // sin is odd, exactly; sin 0 and cos 0 exact.
  EXPECT_EQ(flow_sincos(0.0f).s, 0.0f);
  EXPECT_EQ(flow_sincos(0.0f).c, 1.0f);
  EXPECT_EQ(flow_sincos(-1.25f).s, -flow_sincos(1.25f).s);
  EXPECT_EQ(flow_sincos(-1.25f).c, flow_sincos(1.25f).c);
}

TEST(FlowNoise, SqrtAccuracy) {
  splitmix rng{2};
  double worst_f = 0, worst_d = 0;
  for (int n = 0; n < 200000; ++n) {
    const double x = std::ldexp(rng.uniform(1, 4), rng.integer(-20, 20));
    const float xf = static_cast<float>(x);
    const double ef = std::sqrt(static_cast<double>(xf));
    worst_f = std::max(worst_f, std::fabs(flow_sqrt(xf) - ef) / ef * 0x1p24);
    worst_d = std::max(worst_d, std::fabs(flow_sqrt(x) - std::sqrt(x)) / std::sqrt(x));
  }
  std::printf("flow_sqrt: float within %.3f * 2^-24 relative, double within %.3g\n", worst_f,
              worst_d);
  EXPECT_LE(worst_f, 4.0);
  EXPECT_LE(worst_d, 1e-15);
}

// The reduction is exactly alpha - n * 2pi_real, with |result| < 2pi_real and alpha's sign.
TEST(FlowNoise, ReduceAngleIsExact) {
  splitmix rng{3};
  for (int n = 0; n < 200000; ++n) {
    const float a = static_cast<float>(rng.uniform(-1e6, 1e6) * (n % 3 == 0 ? 1e-5 : 1.0));
    const float r = flow_reduce_angle(a);
    ASSERT_LT(std::fabs(r), kTwoPiF);
    ASSERT_TRUE(r == 0.0f || (r < 0) == (a < 0)) << a;
    const double diff = static_cast<double>(a) - static_cast<double>(r);  // exact in double
    const double k = std::round(diff / static_cast<double>(kTwoPiF));
    ASSERT_EQ(diff, k * static_cast<double>(kTwoPiF)) << a;
    const double ad = rng.uniform(-1e6, 1e6);
    const double rd = flow_reduce_angle(ad);
    ASSERT_LT(std::fabs(rd), kTwoPi);
    // In double, exact to the ulp of alpha: (ad - rd) / 2pi is an integer to within that.
    const double kd = std::round((ad - rd) / kTwoPi);
    ASSERT_NEAR(ad - rd, kd * kTwoPi, 1e-9);
  }
  EXPECT_EQ(flow_reduce_angle(kTwoPiF), 0.0f);
  EXPECT_EQ(flow_reduce_angle(kTwoPi), 0.0);
  EXPECT_EQ(flow_reduce_angle(std::nanf("")), 0.0f);
  EXPECT_EQ(flow_reduce_angle(INFINITY), 0.0f);
}

// --- Tiling
// ----------------------------------------------------------------------------------------

// f(p + k P) == f(p) bit for bit, for dyadic p whose shifted copies are exact: float points on a
// 2^-10 grid (so that x + y/2 stays exact too), double points on a 2^-30 grid.
template <class real>
void expect_tiles(int dims, const std::int32_t* period, splitmix& rng, int points) {
  const int frac_bits = sizeof(real) == 4 ? 10 : 30;
  for (int n = 0; n < points; ++n) {
    real p[3], q[3];
    for (int a = 0; a < dims; ++a) {
      p[a] = static_cast<real>(rng.dyadic(64, frac_bits));
      const int k = period[a] > 0 ? rng.integer(-3, 3) : 0;
      q[a] = p[a] + static_cast<real>(k * period[a]);
    }
    const real alpha = static_cast<real>(rng.uniform(-7, 7));
    const dual<real> a = noise_d(dims, perlin_perm(), p, period, alpha);
    const dual<real> b = noise_d(dims, perlin_perm(), q, period, alpha);
    ASSERT_TRUE(same(a, b)) << dims << "D period " << period[0] << " " << period[1] << " "
                            << (dims == 3 ? period[2] : 0) << " at " << p[0] << " " << p[1] << " "
                            << (dims == 3 ? p[2] : 0) << ": " << a.v << " vs " << b.v;
    ASSERT_EQ(bits(a.v), bits(noise_v(dims, perlin_perm(), q, period, alpha)));
  }
}

TEST(FlowNoise, Tiles2DOnEverySupportedPeriod) {
  splitmix rng{10};
  for (int P = 1; P <= 256; ++P) {
    const std::int32_t px[2] = {P, 0};
    expect_tiles<float>(2, px, rng, 40);
    expect_tiles<double>(2, px, rng, 40);
    if (P % 2 == 0) {
      const std::int32_t py[2] = {0, P};
      expect_tiles<float>(2, py, rng, 40);
      expect_tiles<double>(2, py, rng, 40);
    }
  }
  for (int n = 0; n < 300; ++n) {
    const std::int32_t pxy[2] = {rng.integer(1, 256), 2 * rng.integer(1, 128)};
    expect_tiles<float>(2, pxy, rng, 40);
    expect_tiles<double>(2, pxy, rng, 40);
  }
}

TEST(FlowNoise, Tiles3DOnEverySupportedPeriod) {
  splitmix rng{11};
  for (int P = 1; P <= 256; ++P) {
    for (int axis = 0; axis < 3; ++axis) {
      std::int32_t per[3] = {0, 0, 0};
      per[axis] = P;
      expect_tiles<float>(3, per, rng, 25);
      expect_tiles<double>(3, per, rng, 25);
    }
  }
  for (int n = 0; n < 300; ++n) {
    const std::int32_t per[3] = {rng.integer(1, 256), rng.integer(1, 256), rng.integer(1, 256)};
    expect_tiles<float>(3, per, rng, 25);
    expect_tiles<double>(3, per, rng, 25);
  }
}

// An odd y period in 2D does not tile (and is refused); the others are supported.
TEST(FlowNoise, PeriodSupport) {
  for (int P = 0; P <= 256; ++P) {
    EXPECT_TRUE(flow_period_supported(2, 0, P));
    EXPECT_EQ(flow_period_supported(2, 1, P), P % 2 == 0);
    for (int axis = 0; axis < 3; ++axis) EXPECT_TRUE(flow_period_supported(3, axis, P));
  }
  EXPECT_FALSE(flow_period_supported(2, 0, 257));
  EXPECT_FALSE(flow_period_supported(3, 2, -1));
  // The construction itself: with y period 3 the rows' shift does not wrap.
  const std::int32_t odd[2] = {0, 3};
  int differ = 0;
  splitmix rng{12};
  for (int n = 0; n < 1000; ++n) {
    const double x = rng.dyadic(16, 20), y = rng.dyadic(16, 20);
    differ += flow_noise2(perlin_perm(), x, y, odd, 0.0) !=
              flow_noise2(perlin_perm(), x, y + 3.0, odd, 0.0);
  }
  EXPECT_GT(differ, 900);
}

// Through the reduction helpers: any position and its shifted copies reduce to the same point
// (exactly, where p + k P is exact in double), and the reduced noise is the noise at p.
TEST(FlowNoise, ReductionHelpers) {
  splitmix rng{13};
  double worst = 0;
  for (int n = 0; n < 20000; ++n) {
    const std::uint32_t Px = static_cast<std::uint32_t>(rng.integer(1, 256));
    const std::uint32_t Py = static_cast<std::uint32_t>(2 * rng.integer(1, 128));
    const std::uint32_t Pz = static_cast<std::uint32_t>(rng.integer(1, 256));
    const double x = rng.dyadic(1000, 36), y = rng.dyadic(1000, 36), z = rng.dyadic(1000, 36);
    const int k = rng.integer(-50, 50);
    const double rx = flow_reduce_position(x, Px);
    ASSERT_GE(rx, 0.0);
    ASSERT_LT(rx, static_cast<double>(Px));
    ASSERT_EQ(rx, flow_reduce_position(x + k * static_cast<double>(Px), Px));
    const float fx = flow_reduce_position_float(x, Px);
    ASSERT_LT(fx, static_cast<float>(Px));
    ASSERT_EQ(bits(fx), bits(flow_reduce_position_float(x + k * static_cast<double>(Px), Px)));
    const std::int32_t per2[2] = {static_cast<std::int32_t>(Px), static_cast<std::int32_t>(Py)};
    const std::int32_t per3[3] = {static_cast<std::int32_t>(Px), static_cast<std::int32_t>(Py),
                                  static_cast<std::int32_t>(Pz)};
    const double a2 = flow_noise2(perlin_perm(), x, y, per2, 0.5);
    const double r2 = flow_noise2(perlin_perm(), rx, flow_reduce_position(y, Py), per2, 0.5);
    const double a3 = flow_noise3(perlin_perm(), x, y, z, per3, 0.5);
    const double r3 = flow_noise3(perlin_perm(), rx, flow_reduce_position(y, Py),
                                  flow_reduce_position(z, Pz), per3, 0.5);
    worst = std::max({worst, std::fabs(a2 - r2), std::fabs(a3 - r3)});
  }
  std::printf("reduced vs unreduced positions (double): within %.3g\n", worst);
  EXPECT_LE(worst, 1e-11);
  EXPECT_EQ(flow_reduce_position(-0x1p-80, 7), 0.0);  // rounds up to the period: its start
  EXPECT_EQ(flow_reduce_position(-1.0, 7), 6.0);
  EXPECT_EQ(flow_reduce_position_float(-0x1p-40, 7), 0.0f);
  EXPECT_EQ(flow_reduce_position(3.5, 0), 3.5);
}

// --- The angle
// -------------------------------------------------------------------------------------

TEST(FlowNoise, LoopIsExact) {
  splitmix rng{20};
  const std::int32_t none[3] = {0, 0, 0}, per[3] = {8, 6, 5};
  for (int N : {1, 7, 24, 25, 30, 60, 90, 100, 120, 240, 360, 1000, 4096}) {
    // The last frame of an N-frame loop, as a host computes it for the float path; the reference
    // loops on real's 2 pi exactly (2 pi N / N in double is that for most N, not all).
    const float last_f = static_cast<float>(kTwoPi * N / N);
    const double last_d = kTwoPi * (N % 3 + 1);
    for (int n = 0; n < 200; ++n) {
      for (int dims : {2, 3}) {
        const std::int32_t* period = n % 2 ? per : none;
        float pf[3];
        double pd[3];
        for (int a = 0; a < 3; ++a) {
          pd[a] = rng.uniform(-40, 40);
          pf[a] = static_cast<float>(pd[a]);
        }
        ASSERT_TRUE(same(noise_d(dims, perlin_perm(), pf, period, last_f),
                         noise_d(dims, perlin_perm(), pf, period, 0.0f)));
        ASSERT_TRUE(same(noise_d(dims, perlin_perm(), pd, period, last_d),
                         noise_d(dims, perlin_perm(), pd, period, 0.0)));
      }
    }
  }
  // a and a + k 2pi_f of the same sign wherever that float is exact: the same noise. (Of
  // different signs, the reductions differ by 2pi_f: the same angle mathematically, not in bits.)
  int exact = 0;
  for (int n = 0; n < 20000; ++n) {
    const float a = static_cast<float>(rng.uniform(-20, 20));
    const int k = rng.integer(-5, 5);
    const float b = a + static_cast<float>(k) * kTwoPiF;
    if (static_cast<double>(b) - a != k * static_cast<double>(kTwoPiF)) continue;
    if ((a < 0) != (b < 0)) continue;
    ++exact;
    const float p[3] = {static_cast<float>(rng.uniform(-40, 40)),
                        static_cast<float>(rng.uniform(-40, 40)),
                        static_cast<float>(rng.uniform(-40, 40))};
    ASSERT_TRUE(same(noise_d(2, perlin_perm(), p, none, a), noise_d(2, perlin_perm(), p, none, b)));
    ASSERT_TRUE(same(noise_d(3, perlin_perm(), p, none, a), noise_d(3, perlin_perm(), p, none, b)));
  }
  EXPECT_GT(exact, 1000);
  // The fractal loops too (each octave turns a whole number of times): fractal_loops_exactly.
}

TEST(FlowNoise, AngleAndTableChangeTheValue) {
  splitmix rng{21};
  const std::int32_t none[3] = {0, 0, 0};
  const auto shuffled = shuffled_perm(99);
  int angle_differs = 0, table_differs = 0, both = 0;
  for (int n = 0; n < 10000; ++n) {
    const double p[3] = {rng.uniform(-50, 50), rng.uniform(-50, 50), rng.uniform(-50, 50)};
    for (int dims : {2, 3}) {
      const double v = noise_v(dims, perlin_perm(), p, none, 0.0);
      if (v == 0.0) continue;
      ++both;
      angle_differs += std::fabs(noise_v(dims, perlin_perm(), p, none, 0.7) - v) > 1e-6;
      table_differs += std::fabs(noise_v(dims, shuffled.data(), p, none, 0.0) - v) > 1e-6;
    }
  }
  EXPECT_GT(angle_differs, both * 98 / 100);
  EXPECT_GT(table_differs, both * 98 / 100);
  // A half turn reverses every 2D gradient: the noise changes sign.
  for (int n = 0; n < 1000; ++n) {
    const double x = rng.uniform(-50, 50), y = rng.uniform(-50, 50);
    EXPECT_NEAR(flow_noise2(perlin_perm(), x, y, none, kTwoPi / 2),
                -flow_noise2(perlin_perm(), x, y, none, 0.0), 1e-12);
  }
}

// --- Derivatives, mirror, range
// --------------------------------------------------------------------

TEST(FlowNoise, GradientMatchesFiniteDifferences) {
  splitmix rng{30};
  const double h = 1e-6;
  double worst = 0;
  for (int n = 0; n < 20000; ++n) {
    const int dims = 2 + n % 2;
    const std::int32_t period[3] = {rng.integer(0, 9), 2 * rng.integer(0, 5), rng.integer(0, 9)};
    const double alpha = rng.uniform(-7, 7);
    double p[3] = {rng.uniform(-30, 30), rng.uniform(-30, 30), rng.uniform(-30, 30)};
    const dual<double> r = noise_d(dims, perlin_perm(), p, period, alpha);
    ASSERT_EQ(bits(r.v), bits(noise_v(dims, perlin_perm(), p, period, alpha)));
    for (int a = 0; a < dims; ++a) {
      double lo[3] = {p[0], p[1], p[2]}, hi[3] = {p[0], p[1], p[2]};
      lo[a] -= h;
      hi[a] += h;
      const double fd = (noise_v(dims, perlin_perm(), hi, period, alpha) -
                         noise_v(dims, perlin_perm(), lo, period, alpha)) /
                        (2 * h);
      worst = std::max(worst, std::fabs(fd - r.d[a]));
    }
  }
  std::printf("gradient vs central differences (h = 1e-6): within %.3g\n", worst);
  EXPECT_LE(worst, 1e-7);
}

TEST(FlowNoise, FloatMirrorNearReference) {
  splitmix rng{31};
  double worst_v = 0, worst_d = 0;
  for (int n = 0; n < 100000; ++n) {
    const int dims = 2 + n % 2;
    const std::int32_t period[3] = {n % 5 ? 0 : rng.integer(1, 256),
                                    n % 7 ? 0 : 2 * rng.integer(1, 128),
                                    n % 3 ? 0 : rng.integer(1, 256)};
    float pf[3];
    double pd[3];
    for (int a = 0; a < 3; ++a) {
      pf[a] = static_cast<float>(period[a] > 0 ? rng.uniform(0, period[a]) : rng.uniform(-64, 64));
      if (period[a] > 0 && pf[a] >= static_cast<float>(period[a])) pf[a] = 0.0f;
      pd[a] = pf[a];
    }
    const float alpha = static_cast<float>(rng.uniform(0, kTwoPiF));
    const dual<float> f = noise_d(dims, perlin_perm(), pf, period, alpha);
    const dual<double> d = noise_d(dims, perlin_perm(), pd, period, static_cast<double>(alpha));
    worst_v = std::max(worst_v, std::fabs(f.v - d.v));
    for (int a = 0; a < dims; ++a) worst_d = std::max(worst_d, std::fabs(f.d[a] - d.d[a]));
  }
  std::printf("float mirror vs double reference: value within %.3g, gradient within %.3g\n",
              worst_v, worst_d);
  // Measured: 7.7e-7 and 4.6e-6.
  EXPECT_LE(worst_v, 2e-6);
  EXPECT_LE(worst_d, 1.5e-5);
}

TEST(FlowNoise, RangeOverAMillionPoints) {
  splitmix rng{32};
  float lo2 = 0, hi2 = 0, lo3 = 0, hi3 = 0;
  const std::int32_t none[3] = {0, 0, 0};
  for (int n = 0; n < 1000000; ++n) {
    const float p[3] = {static_cast<float>(rng.uniform(-200, 200)),
                        static_cast<float>(rng.uniform(-200, 200)),
                        static_cast<float>(rng.uniform(-200, 200))};
    const float alpha = static_cast<float>(rng.uniform(0, kTwoPiF));
    const float v2 = noise_v(2, perlin_perm(), p, none, alpha);
    const float v3 = noise_v(3, perlin_perm(), p, none, alpha);
    lo2 = std::min(lo2, v2);
    hi2 = std::max(hi2, v2);
    lo3 = std::min(lo3, v3);
    hi3 = std::max(hi3, v3);
  }
  std::printf("range over 10^6 points: 2D [%.4f, %.4f], 3D [%.4f, %.4f]\n", lo2, hi2, lo3, hi3);
  EXPECT_GE(lo2, -1.0f);
  EXPECT_LE(hi2, 1.0f);
  EXPECT_GE(lo3, -1.0f);
  EXPECT_LE(hi3, 1.0f);
  // It fills most of the range.
  EXPECT_LT(lo2, -0.8f);
  EXPECT_GT(hi2, 0.8f);
  EXPECT_LT(lo3, -0.75f);
  EXPECT_GT(hi3, 0.75f);
}

// --- The fractal (fractal.hpp's sums over the basis, as a noise_spec runs them: sample.cpp)
// -------------------------------------------------------------------------------------

vknoise::noise_spec flow_fbm(int octaves, double lacunarity, double advection, double angle,
                             std::array<std::uint32_t, 4> period = {0, 0, 0, 0}) {
  vknoise::noise_spec s;
  s.kind = vknoise::noise_kind::flow;
  s.fractal = vknoise::fractal_kind::fbm;
  s.octaves = octaves;
  s.lacunarity = lacunarity;
  s.advection = advection;
  s.angle = angle;
  s.period = period;
  return s;
}

double reference(const vknoise::noise_spec& s, int dims, const double* p) {
  return vknoise::sample_reference(s, dims, p, perlin_table());
}

float mirror(const vknoise::noise_spec& s, int dims, const double* p) {
  vknoise::lattice_coord c[vknoise::max_octaves * 4];
  vknoise::reduce_point(s, dims, p, c);
  return vknoise::sample_mirror(s, dims, c, perlin_table());
}

// The angle 2 pi (double's in the reference, float's in the mirror) gives angle 0's bits, every
// octave and the advection included, at integer and fractional lacunarities.
TEST(FlowNoise, FractalLoopsExactly) {
  splitmix rng{39};
  for (const double lacunarity : {2.0, 3.0, 1.7}) {
    const vknoise::noise_spec zero = flow_fbm(5, lacunarity, 0.3, 0.0);
    const vknoise::noise_spec turn = flow_fbm(5, lacunarity, 0.3, kTwoPi * 48 / 48);
    for (int n = 0; n < 300; ++n) {
      const double p[3] = {rng.uniform(0, 8), rng.uniform(0, 6), rng.uniform(0, 5)};
      for (int dims = 2; dims <= 3; ++dims) {
        ASSERT_EQ(bits(reference(zero, dims, p)), bits(reference(turn, dims, p)));
        ASSERT_EQ(std::bit_cast<std::uint32_t>(mirror(zero, dims, p)),
                  std::bit_cast<std::uint32_t>(mirror(turn, dims, p)));
      }
    }
  }
}

// With advection 0 the fractal is the plain sum of the basis at p * lacunarity^o, periods
// period * lacunarity^o and angles alpha * lacunarity^o, normalised.
TEST(FlowNoise, FbmWithoutAdvectionIsPlainFbm) {
  splitmix rng{40};
  const std::int32_t period[3] = {4, 6, 3};
  for (int n = 0; n < 2000; ++n) {
    const double p[3] = {rng.uniform(0, 4), rng.uniform(0, 6), rng.uniform(0, 3)};
    const double alpha = rng.uniform(0, kTwoPi);
    const vknoise::noise_spec s = flow_fbm(5, 2.0, 0.0, alpha, {4, 6, 3, 0});
    double s2 = 0, s3 = 0, amp = 1, freq = 1;
    for (int o = 0; o < 5; ++o) {
      const int m = static_cast<int>(freq);
      const std::int32_t po[3] = {period[0] * m, period[1] * m, period[2] * m};
      s2 += amp * flow_noise2(perlin_perm(), p[0] * freq, p[1] * freq, po, alpha * freq);
      s3 +=
          amp * flow_noise3(perlin_perm(), p[0] * freq, p[1] * freq, p[2] * freq, po, alpha * freq);
      amp *= 0.5;
      freq *= 2;
    }
    EXPECT_NEAR(reference(s, 2, p), s2 / 1.9375, 1e-12);
    EXPECT_NEAR(reference(s, 3, p), s3 / 1.9375, 1e-12);
  }
}

TEST(FlowNoise, FbmGradientWithoutAdvectionMatchesFiniteDifferences) {
  splitmix rng{41};
  const double h = 1e-6;
  double worst = 0;
  for (int n = 0; n < 2000; ++n) {
    const double p[3] = {rng.uniform(-10, 10), rng.uniform(-10, 10), rng.uniform(-10, 10)};
    vknoise::noise_spec s = flow_fbm(4, 2.0, 0.0, rng.uniform(0, kTwoPi));
    for (int dims = 2; dims <= 3; ++dims) {
      s.gradient = true;
      double r[4];
      vknoise::sample_reference(s, dims, p, perlin_table(), r);
      s.gradient = false;
      ASSERT_EQ(bits(r[0]), bits(reference(s, dims, p)));
      for (int a = 0; a < dims; ++a) {
        double lo[3] = {p[0], p[1], p[2]}, hi[3] = {p[0], p[1], p[2]};
        lo[a] -= h;
        hi[a] += h;
        const double fd = (reference(s, dims, hi) - reference(s, dims, lo)) / (2 * h);
        worst = std::max(worst, std::fabs(fd - r[1 + a]));
      }
    }
  }
  std::printf("fbm gradient (advection 0) vs central differences: within %.3g\n", worst);
  EXPECT_LE(worst, 1e-6);
}

// Pseudo-advection changes the pattern, tiles bit for bit (the position is reduced modulo the
// period in double before the octaves read it), and the float path stays near the double.
TEST(FlowNoise, FbmAdvectionTilesAndMatters) {
  splitmix rng{42};
  int differs = 0;
  double worst_mirror = 0;
  for (int n = 0; n < 1000; ++n) {
    const double alpha = rng.uniform(0, kTwoPi);
    const vknoise::noise_spec plain = flow_fbm(4, 2.0, 0.0, alpha, {5, 4, 7, 0});
    const vknoise::noise_spec adv = flow_fbm(4, 2.0, 0.4, alpha, {5, 4, 7, 0});
    const double p[3] = {rng.dyadic(32, 30), rng.dyadic(32, 30), rng.dyadic(32, 30)};
    differs += std::fabs(reference(adv, 2, p) - reference(plain, 2, p)) > 1e-6;
    const int k = rng.integer(-3, 3);
    const double q[3] = {p[0] + 5 * k, p[1] - 4 * k, p[2] + 7 * k};
    for (int dims = 2; dims <= 3; ++dims) {
      ASSERT_EQ(bits(reference(adv, dims, q)), bits(reference(adv, dims, p)));
      ASSERT_EQ(std::bit_cast<std::uint32_t>(mirror(adv, dims, q)),
                std::bit_cast<std::uint32_t>(mirror(adv, dims, p)));
      worst_mirror = std::max(worst_mirror, std::fabs(static_cast<double>(mirror(adv, dims, p)) -
                                                      reference(adv, dims, p)));
    }
  }
  EXPECT_GT(differs, 900);
  std::printf("advected fbm, float mirror vs reference: within %.3g\n", worst_mirror);
  EXPECT_LE(worst_mirror, 2e-5);
}

// --- The GLSL twin's constants
// ---------------------------------------------------------------------

// Every float constant of shaders/flow_noise.glsl names the float the C++ mirror uses.
TEST(FlowNoise, GlslConstantsMatchTheMirror) {
  std::ifstream in(std::string(VKNOISE_SOURCE_DIR) + "/shaders/flow_noise.glsl");
  ASSERT_TRUE(in) << "shaders/flow_noise.glsl not found under " << VKNOISE_SOURCE_DIR;
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string src = ss.str();
  const auto scalar = [&](const std::string& name) {
    const std::string key = "const float " + name + " = ";
    const auto at = src.find(key);
    EXPECT_NE(at, std::string::npos) << name;
    return std::strtof(src.c_str() + at + key.size(), nullptr);
  };
  const auto array = [&](const std::string& name, int count) {
    std::vector<float> v;
    const auto at = src.find("const float " + name + "[");
    EXPECT_NE(at, std::string::npos) << name;
    auto pos = src.find('(', at) + 1;
    for (int i = 0; i < count; ++i) {
      char* end = nullptr;
      v.push_back(std::strtof(src.c_str() + pos, &end));
      pos = static_cast<std::size_t>(end - src.c_str()) + 1;
    }
    return v;
  };
  EXPECT_EQ(bits(scalar("flow_two_pi")), bits(flow_two_pi<float>()));
  EXPECT_EQ(bits(scalar("flow_two_over_pi")), bits(flow_two_over_pi<float>()));
  EXPECT_EQ(bits(scalar("flow_pio2_1")), bits(flow_pio2_1<float>()));
  EXPECT_EQ(bits(scalar("flow_pio2_2")), bits(flow_pio2_2<float>()));
  EXPECT_EQ(bits(scalar("flow_pio2_3")), bits(flow_pio2_3<float>()));
  EXPECT_EQ(bits(scalar("flow_two_pi_256")), bits(flow_two_pi_256<float>()));
  EXPECT_EQ(bits(scalar("flow_two_pi_65536")), bits(flow_two_pi_65536<float>()));
  EXPECT_EQ(bits(scalar("flow_angle_limit")), bits(flow_two_pi<float>() * 16777216.0f));
  EXPECT_EQ(bits(scalar("flow_angle_top")), bits(flow_two_pi<float>() * 8388608.0f));
  EXPECT_EQ(bits(scalar("flow_scale2")), bits(static_cast<float>(flow_scale2)));
  EXPECT_EQ(bits(scalar("flow_scale3")), bits(static_cast<float>(flow_scale3)));
  const std::vector<float> s = array("flow_sin_coef", 7), c = array("flow_cos_coef", 8);
  for (int k = 0; k < 7; ++k) EXPECT_EQ(bits(s[k]), bits(flow_sin_coef<float>(k))) << k;
  for (int k = 0; k < 8; ++k) EXPECT_EQ(bits(c[k]), bits(flow_cos_coef<float>(k))) << k;
}

}  // namespace
