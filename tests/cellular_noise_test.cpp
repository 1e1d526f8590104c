// Cellular noise (core/cellular_noise.hpp): the pruned search against a brute-force scan of a
// window two cells wider than the search's on every axis, bit for bit in double and in float;
// periodicity; the regular grid at jitter 0; the tie rule; the gradients against finite
// differences; and the ranges of the returns.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/cellular_noise.hpp"
#include "core/lattice.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"

namespace {

using vknoise::cellular_distance;
using vknoise::cellular_return;
using vknoise::permutation_table;
using vknoise::detail::cellular_find;
using vknoise::detail::cellular_finish;
using vknoise::detail::cellular_noise;
using vknoise::detail::cellular_noise_d;
using vknoise::detail::cellular_radius;
using vknoise::detail::cellular_search;
using vknoise::detail::cellular_setup;
using vknoise::detail::cellular_value;
using vknoise::detail::dual;
using vknoise::detail::lattice_axis;

constexpr cellular_distance kDistances[] = {
    cellular_distance::euclidean, cellular_distance::euclidean2, cellular_distance::manhattan,
    cellular_distance::chebyshev};
constexpr cellular_return kReturns[] = {cellular_return::f1,          cellular_return::f2,
                                        cellular_return::f2_minus_f1, cellular_return::f1_times_f2,
                                        cellular_return::f1_over_f2,  cellular_return::cell};

std::string hex(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

template <class real>
bool same_bits(real a, real b) {
  if constexpr (sizeof(real) == 8) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  } else {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
  }
}

// Perlin's table and a few shuffled ones.
const std::vector<permutation_table>& tables() {
  static const std::vector<permutation_table> t = {
      permutation_table::perlin(), permutation_table::from_seed(1),
      permutation_table::from_seed(0xC0FFEE), permutation_table::from_seed(987654321)};
  return t;
}

// A random sample: its table, periods, cells and fractions, and the jitter.
template <class real>
struct sample {
  const std::int32_t* perm;
  std::uint32_t period[4];
  lattice_axis<real> axis[4];
  real jitter;
};

template <class real>
real random_unit(std::mt19937_64& rng) {
  // Often exactly 0 or 1 (the ends of the closed interval), otherwise uniform.
  const int pick = std::uniform_int_distribution<int>(0, 19)(rng);
  if (pick == 0) return real(0);
  if (pick == 1) return real(1);
  return static_cast<real>(std::uniform_real_distribution<double>(0.0, 1.0)(rng));
}

template <class real>
sample<real> random_sample(std::mt19937_64& rng, bool random_periods) {
  sample<real> s;
  s.perm = tables()[rng() % tables().size()].doubled().data();
  for (int a = 0; a < 4; ++a) {
    std::uint32_t p = 256;
    if (random_periods && (rng() & 1u) != 0u) {
      // Small periods often (1 and 2 wrap within the window), any of 1..256 otherwise.
      p = (rng() & 1u) != 0u ? static_cast<std::uint32_t>(1 + rng() % 4)
                             : static_cast<std::uint32_t>(1 + rng() % 256);
    }
    s.period[a] = p;
    const int cell = static_cast<int>(rng() % p);
    s.axis[a] = {cell, 0, 0, 0, random_unit<real>(rng)};
  }
  s.jitter = random_unit<real>(rng);
  return s;
}

// The brute force: every cell of a window of radius R + 2, no pruning, the definition written
// out again: the three smallest distances, the nearest point's cell value and the d vectors of
// the two nearest.
template <class real>
struct brute_result {
  real f[3];
  real cell;
  real d[2][4];
};

template <class real>
void brute_insert(brute_result<real>& best, real dist, const real* d, real cell) {
  if (dist < best.f[0]) {
    best.f[2] = best.f[1];
    best.f[1] = best.f[0];
    std::copy(best.d[0], best.d[0] + 4, best.d[1]);
    best.f[0] = dist;
    std::copy(d, d + 4, best.d[0]);
    best.cell = cell;
  } else if (dist < best.f[1]) {
    best.f[2] = best.f[1];
    best.f[1] = dist;
    std::copy(d, d + 4, best.d[1]);
  } else if (dist < best.f[2]) {
    best.f[2] = dist;
  }
}

template <class real>
brute_result<real> brute_force(const sample<real>& s, int dims, cellular_distance distance) {
  const int W = cellular_radius(dims, distance) + 2;
  const int side = 2 * W + 1;
  const std::int32_t* perm = s.perm;
  brute_result<real> best;
  best.f[0] = best.f[1] = best.f[2] = real(INFINITY);
  best.cell = real(0);
  for (auto& v : best.d) std::fill(v, v + 4, real(0));
  // Per axis, the window's cells (wrapped: the mathematical modulo) and their offsets.
  int wrapped[4][16];
  for (int a = 0; a < 4; ++a) {
    const int p = static_cast<int>(s.period[a]);
    for (int j = 0; j < side; ++j) wrapped[a][j] = ((s.axis[a].cell + j - W) % p + p) % p;
  }
  const int n2 = dims >= 3 ? side : 1, n3 = dims >= 4 ? side : 1;
  for (int j0 = 0; j0 < side; ++j0) {
    for (int j1 = 0; j1 < side; ++j1) {
      const int h01 = perm[perm[wrapped[0][j0]] + wrapped[1][j1]];
      for (int j2 = 0; j2 < n2; ++j2) {
        const int h012 = dims >= 3 ? perm[h01 + wrapped[2][j2]] : h01;
        for (int j3 = 0; j3 < n3; ++j3) {
          const int h = dims >= 4 ? perm[h012 + wrapped[3][j3]] : h012;
          const int k[4] = {j0 - W, j1 - W, j2 - W, j3 - W};
          real d[4] = {0, 0, 0, 0};
          for (int a = 0; a < dims; ++a) {
            const real q =
                (static_cast<real>(perm[h + 2 * a] * 256 + perm[h + 2 * a + 1]) + real(0.5)) /
                real(65536);
            const real o = real(0.5) + s.jitter * (q - real(0.5));
            d[a] = (static_cast<real>(k[a]) + o) - s.axis[a].frac;
          }
          real dist;
          if (distance == cellular_distance::manhattan) {
            dist = std::abs(d[0]);
            for (int a = 1; a < dims; ++a) dist = dist + std::abs(d[a]);
          } else if (distance == cellular_distance::chebyshev) {
            dist = std::abs(d[0]);
            for (int a = 1; a < dims; ++a) dist = std::max(dist, std::abs(d[a]));
          } else {
            dist = d[0] * d[0];
            for (int a = 1; a < dims; ++a) dist = dist + d[a] * d[a];
          }
          if (dist < best.f[2]) {
            const real n = static_cast<real>(perm[h + 2 * dims] * 256 + perm[h + 2 * dims + 1]);
            brute_insert(best, dist, d, (n + real(0.5)) / real(32768) - real(1));
          }
        }
      }
    }
  }
  if (distance == cellular_distance::euclidean) {
    for (real& f : best.f) f = std::sqrt(f);
  }
  return best;
}

template <class real>
real call(const sample<real>& s, int dims, cellular_distance distance, cellular_return returns) {
  const cellular_setup<real> setup{distance, returns, s.jitter};
  return cellular_noise(s.perm, setup, dims, s.axis[0], s.axis[1], s.axis[2], s.axis[3], s.period);
}

template <class real>
dual<real> call_d(const sample<real>& s, int dims, cellular_distance distance,
                  cellular_return returns) {
  const cellular_setup<real> setup{distance, returns, s.jitter};
  return cellular_noise_d(s.perm, setup, dims, s.axis[0], s.axis[1], s.axis[2], s.axis[3],
                          s.period);
}

template <class real>
std::string describe(const sample<real>& s, int dims, cellular_distance distance) {
  std::string out = std::to_string(dims) + "D " + vknoise::cellular_distance_name(distance) +
                    " jitter " + hex(static_cast<double>(s.jitter));
  for (int a = 0; a < dims; ++a) {
    out += " [cell " + std::to_string(s.axis[a].cell) + " frac " +
           hex(static_cast<double>(s.axis[a].frac)) + " period " + std::to_string(s.period[a]) +
           "]";
  }
  return out;
}

// The search against the brute force for `count` random samples; every return checked.
template <class real>
void check_exact(int dims, cellular_distance distance, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int failures = 0;
  int strict = 0;
  for (int i = 0; i < count && failures < 5; ++i) {
    const sample<real> s = random_sample<real>(rng, (i & 1) != 0);
    const brute_result<real> b = brute_force(s, dims, distance);
    const cellular_setup<real> setup{distance, cellular_return::f1, s.jitter};
    const cellular_search<real> r =
        cellular_find(s.perm, setup, dims, s.axis[0], s.axis[1], s.axis[2], s.axis[3], s.period);
    const real f1 = cellular_finish(distance, r.f1), f2 = cellular_finish(distance, r.f2);
    bool ok = same_bits(f1, b.f[0]) && same_bits(f2, b.f[1]);
    const bool distinct = b.f[0] < b.f[1];
    strict += distinct ? 1 : 0;
    const real expected[6] = {b.f[0],          b.f[1],          b.f[1] - b.f[0],
                              b.f[0] * b.f[1], b.f[0] / b.f[1], b.cell};
    for (int ret = 0; ret < 6; ++ret) {
      if (kReturns[ret] == cellular_return::cell && !distinct) continue;
      const cellular_setup<real> each{distance, kReturns[ret], s.jitter};
      ok = ok && same_bits(cellular_value(s.perm, each, dims, r), expected[ret]);
    }
    // The public entry point: one return per sample, in turn.
    const cellular_return ret = kReturns[i % 6];
    if (ret != cellular_return::cell || distinct) {
      ok = ok && same_bits(call(s, dims, distance, ret), expected[i % 6]);
    }
    if (!ok) {
      ++failures;
      ADD_FAILURE() << describe(s, dims, distance) << ": F1 " << hex(f1) << " F2 " << hex(f2)
                    << ", brute force " << hex(b.f[0]) << " " << hex(b.f[1]);
    }
  }
  EXPECT_EQ(failures, 0);
  // The comparison of cells is not vacuous.
  EXPECT_GT(strict, count * 9 / 10);
}

class CellularExact : public ::testing::TestWithParam<std::tuple<int, cellular_distance>> {};

// 4D's windows are large (up to 15^4 cells for manhattan): fewer samples there.
int double_count(int dims, cellular_distance distance) {
  if (dims < 4) return 100000;
  return distance == cellular_distance::manhattan ? 1500 : 5000;
}

int float_count(int dims, cellular_distance distance) {
  if (dims < 4) return 10000;
  return distance == cellular_distance::manhattan ? 600 : 2000;
}

TEST_P(CellularExact, DoubleMatchesBruteForce) {
  const auto [dims, distance] = GetParam();
  check_exact<double>(
      dims, distance, double_count(dims, distance),
      0xCE11 + static_cast<std::uint64_t>(dims * 8) + static_cast<std::uint64_t>(distance));
}

TEST_P(CellularExact, FloatMatchesBruteForce) {
  const auto [dims, distance] = GetParam();
  check_exact<float>(
      dims, distance, float_count(dims, distance),
      0xF10A7 + static_cast<std::uint64_t>(dims * 8) + static_cast<std::uint64_t>(distance));
}

INSTANTIATE_TEST_SUITE_P(AllDimsAndMetrics, CellularExact,
                         ::testing::Combine(::testing::Values(2, 3, 4),
                                            ::testing::ValuesIn(kDistances)));

// 4D at the full count: 100,000 samples per metric against the same brute force, in double. A
// 4D window has 9^4 to 15^4 cells, so the samples come in groups of 100 that share a cell, its
// periods, the jitter and the table (and so the window's feature points, computed once a group)
// and differ in their fractions; the groups run on every hardware thread. About 15 s on two
// cores; the sanitizer build leaves it out (ASAN_EXCLUDED in the Makefile): it runs the code of
// DoubleMatchesBruteForce, which the sanitizers do run, 20 times more often.
TEST(CellularExhaustive, FourDimsHundredThousandSamplesPerMetric) {
  constexpr int dims = 4, groups = 1000, per_group = 100;
  struct window_point {
    double p[4];  // real(k_a) + o_a: the point's position relative to the sample's cell
    double cell;
  };
  std::atomic<int> next{0}, failures{0}, checked{0}, strict{0};
  const auto work = [&] {
    std::vector<window_point> window;
    for (int task; (task = next.fetch_add(1)) < 4 * groups && failures.load() < 5;) {
      const cellular_distance distance = kDistances[task / groups];
      std::mt19937_64 rng(0xE4A057 + static_cast<std::uint64_t>(task));
      sample<double> s = random_sample<double>(rng, (task & 1) != 0);
      const int W = cellular_radius(dims, distance) + 2, side = 2 * W + 1;
      window.clear();
      const std::int32_t* perm = s.perm;
      int wrapped[4][16];
      for (int a = 0; a < 4; ++a) {
        const int p = static_cast<int>(s.period[a]);
        for (int j = 0; j < side; ++j) wrapped[a][j] = ((s.axis[a].cell + j - W) % p + p) % p;
      }
      for (int j0 = 0; j0 < side; ++j0) {
        for (int j1 = 0; j1 < side; ++j1) {
          for (int j2 = 0; j2 < side; ++j2) {
            for (int j3 = 0; j3 < side; ++j3) {
              const int j[4] = {j0, j1, j2, j3};
              const int h =
                  perm[perm[perm[perm[wrapped[0][j0]] + wrapped[1][j1]] + wrapped[2][j2]] +
                       wrapped[3][j3]];
              window_point w;
              for (int a = 0; a < dims; ++a) {
                const double q =
                    (static_cast<double>(perm[h + 2 * a] * 256 + perm[h + 2 * a + 1]) + 0.5) /
                    65536.0;
                w.p[a] = static_cast<double>(j[a] - W) + (0.5 + s.jitter * (q - 0.5));
              }
              const double n = static_cast<double>(perm[h + 8] * 256 + perm[h + 9]);
              w.cell = (n + 0.5) / 32768.0 - 1.0;
              window.push_back(w);
            }
          }
        }
      }
      for (int i = 0; i < per_group; ++i) {
        for (int a = 0; a < dims; ++a) s.axis[a].frac = random_unit<double>(rng);
        brute_result<double> best;
        best.f[0] = best.f[1] = best.f[2] = INFINITY;
        best.cell = 0;
        for (const window_point& w : window) {
          double d[4];
          for (int a = 0; a < dims; ++a) d[a] = w.p[a] - s.axis[a].frac;
          double dist;
          if (distance == cellular_distance::manhattan) {
            dist = ((std::abs(d[0]) + std::abs(d[1])) + std::abs(d[2])) + std::abs(d[3]);
          } else if (distance == cellular_distance::chebyshev) {
            dist = std::max(std::max(std::max(std::abs(d[0]), std::abs(d[1])), std::abs(d[2])),
                            std::abs(d[3]));
          } else {
            dist = ((d[0] * d[0] + d[1] * d[1]) + d[2] * d[2]) + d[3] * d[3];
          }
          if (dist < best.f[2]) brute_insert(best, dist, d, w.cell);
        }
        if (distance == cellular_distance::euclidean) {
          for (double& f : best.f) f = std::sqrt(f);
        }
        const cellular_setup<double> setup{distance, cellular_return::f1, s.jitter};
        const cellular_search<double> r = cellular_find(s.perm, setup, dims, s.axis[0], s.axis[1],
                                                        s.axis[2], s.axis[3], s.period);
        const bool distinct = best.f[0] < best.f[1];
        const cellular_setup<double> cell{distance, cellular_return::cell, s.jitter};
        const bool ok = same_bits(cellular_finish(distance, r.f1), best.f[0]) &&
                        same_bits(cellular_finish(distance, r.f2), best.f[1]) &&
                        (!distinct || same_bits(cellular_value(s.perm, cell, dims, r), best.cell));
        checked.fetch_add(1);
        strict.fetch_add(distinct ? 1 : 0);
        if (!ok && failures.fetch_add(1) < 5) {
          ADD_FAILURE() << describe(s, dims, distance) << ": brute force " << hex(best.f[0]) << " "
                        << hex(best.f[1]);
        }
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t) {
    threads.emplace_back(work);
  }
  work();
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(checked.load(), 4 * groups * per_group);
  EXPECT_GT(strict.load(), checked.load() * 9 / 10);
}

// f(x) == f(x + k P) bit for bit, with the axes split from the double coordinate (lattice.hpp).
TEST(CellularNoise, PeriodicOnEveryAxis) {
  std::mt19937_64 rng(0x9E810D);
  const std::int32_t* perm = tables()[2].doubled().data();
  int checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const int dims = 2 + static_cast<int>(rng() % 3);
    const cellular_distance distance = kDistances[rng() % 4];
    const cellular_return returns = kReturns[rng() % 6];
    const double jitter = random_unit<double>(rng);
    std::uint32_t period[4];
    lattice_axis<double> at[4], shifted[4];
    lattice_axis<float> at_f[4], shifted_f[4];
    for (int a = 0; a < 4; ++a) {
      period[a] = static_cast<std::uint32_t>(1 + rng() % 256);
      // Multiples of 2^-20 within +-2^20: x + k P stays exact.
      const double x =
          std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() % (1ull << 41)) -
                                         (std::int64_t{1} << 40)),
                     -20);
      const double k = static_cast<double>(static_cast<int>(rng() % 2001) - 1000);
      at[a] = vknoise::detail::split_axis(x, period[a]);
      shifted[a] = vknoise::detail::split_axis(x + k * period[a], period[a]);
      at_f[a] = {at[a].cell, 0, 0, 0, static_cast<float>(at[a].frac)};
      shifted_f[a] = {shifted[a].cell, 0, 0, 0, static_cast<float>(shifted[a].frac)};
    }
    const cellular_setup<double> setup{distance, returns, jitter};
    const double v = cellular_noise(perm, setup, dims, at[0], at[1], at[2], at[3], period);
    const double w =
        cellular_noise(perm, setup, dims, shifted[0], shifted[1], shifted[2], shifted[3], period);
    ASSERT_TRUE(same_bits(v, w)) << i << ": " << hex(v) << " " << hex(w);
    const cellular_setup<float> setup_f{distance, returns, static_cast<float>(jitter)};
    const float vf =
        cellular_noise(perm, setup_f, dims, at_f[0], at_f[1], at_f[2], at_f[3], period);
    const float wf = cellular_noise(perm, setup_f, dims, shifted_f[0], shifted_f[1], shifted_f[2],
                                    shifted_f[3], period);
    ASSERT_TRUE(same_bits(vf, wf)) << i << ": " << hex(vf) << " " << hex(wf);
    ++checked;
  }
  EXPECT_EQ(checked, 20000);
}

// A period of P tiles the feature points: with period 1 on every axis every cell holds the same
// point, so F1 and F2 are those of a regular grid of that point.
TEST(CellularNoise, PeriodOneIsARegularGrid) {
  std::mt19937_64 rng(0x9E810E);
  const std::int32_t* perm = tables()[0].doubled().data();
  for (int i = 0; i < 2000; ++i) {
    sample<double> s;
    s.perm = perm;
    s.jitter = 1.0;
    for (int a = 0; a < 4; ++a) {
      s.period[a] = 1;
      s.axis[a] = {0, 0, 0, 0, random_unit<double>(rng)};
    }
    const int dims = 2 + i % 3;
    const int h = dims == 2   ? perm[perm[0]]
                  : dims == 3 ? perm[perm[perm[0]]]
                              : perm[perm[perm[perm[0]]]];
    // The nearest copy of the point on each axis: offset k + o for the k nearest frac.
    double d[4] = {0, 0, 0, 0};
    for (int a = 0; a < dims; ++a) {
      const double o = vknoise::detail::cellular_point(perm, h, a, 1.0);
      const double frac = s.axis[a].frac;
      const double below = (-1.0 + o) - frac, own = (0.0 + o) - frac, above = (1.0 + o) - frac;
      d[a] = own;
      if (std::abs(below) < std::abs(d[a])) d[a] = below;
      if (std::abs(above) < std::abs(d[a])) d[a] = above;
    }
    double f1 = 0;
    for (int a = 0; a < dims; ++a) f1 = f1 + d[a] * d[a];
    EXPECT_TRUE(same_bits(call(s, dims, cellular_distance::euclidean2, cellular_return::f1), f1))
        << i;
  }
}

// At jitter 0 the points are the cell centres: F1 is the distance to the own cell's centre (0 at
// the centre), F2 the distance to the centre across the nearest face.
TEST(CellularNoise, JitterZeroIsTheRegularGridOfCentres) {
  std::mt19937_64 rng(0x0);
  for (int i = 0; i < 20000; ++i) {
    sample<double> s = random_sample<double>(rng, true);
    s.jitter = 0.0;
    const int dims = 2 + i % 3;
    const cellular_distance distance = kDistances[(i / 3) % 4];
    const bool centre = i % 7 == 0;
    if (centre) {
      for (auto& a : s.axis) a.frac = 0.5;
    }
    double d[4] = {0, 0, 0, 0};
    int m = 0;
    for (int a = 0; a < dims; ++a) {
      d[a] = (0.0 + 0.5) - s.axis[a].frac;
      if (std::abs(d[a]) > std::abs(d[m])) m = a;
    }
    const auto metric = [&](const double* v) {
      double r = 0;
      for (int a = 0; a < dims; ++a) {
        if (distance == cellular_distance::manhattan) {
          r = r + std::abs(v[a]);
        } else if (distance == cellular_distance::chebyshev) {
          r = std::max(r, std::abs(v[a]));
        } else {
          r = r + v[a] * v[a];
        }
      }
      return distance == cellular_distance::euclidean ? std::sqrt(r) : r;
    };
    double across[4];
    std::copy(d, d + 4, across);
    across[m] = (d[m] > 0 ? -1.0 + 0.5 : 1.0 + 0.5) - s.axis[m].frac;
    const double f1 = call(s, dims, distance, cellular_return::f1);
    const double f2 = call(s, dims, distance, cellular_return::f2);
    EXPECT_TRUE(same_bits(f1, metric(d))) << describe(s, dims, distance) << " " << hex(f1);
    EXPECT_TRUE(same_bits(f2, metric(across))) << describe(s, dims, distance) << " " << hex(f2);
    if (centre) {
      EXPECT_EQ(f1, 0.0);
      EXPECT_EQ(f2, 1.0);
    }
  }
}

// Points at equal distances: the first visited (offsets 0, -1, +1, ... per axis) is the nearest.
// At jitter 0 with frac 0 (or 1) on axis 0 and 0.5 elsewhere, the own cell's centre and the one
// at offset -1 (or +1) tie; the own cell is visited first.
TEST(CellularNoise, TiesGoToTheFirstVisitedCell) {
  const std::int32_t* perm = tables()[0].doubled().data();
  for (int dims = 2; dims <= 4; ++dims) {
    for (cellular_distance distance : kDistances) {
      for (double frac0 : {0.0, 1.0}) {
        for (int cell = 0; cell < 256; ++cell) {
          sample<double> s;
          s.perm = perm;
          s.jitter = 0.0;
          for (int a = 0; a < 4; ++a) {
            s.period[a] = 256;
            s.axis[a] = {(cell * (a + 3)) & 255, 0, 0, 0, a == 0 ? frac0 : 0.5};
          }
          int h = perm[perm[s.axis[0].cell] + s.axis[1].cell];
          if (dims >= 3) h = perm[h + s.axis[2].cell];
          if (dims >= 4) h = perm[h + s.axis[3].cell];
          const double own = vknoise::detail::cellular_cell_value<double>(perm, h, dims);
          EXPECT_EQ(call(s, dims, distance, cellular_return::f1),
                    call(s, dims, distance, cellular_return::f2));
          EXPECT_EQ(call(s, dims, distance, cellular_return::cell), own) << dims << " " << cell;
        }
      }
    }
  }
}

// The order beyond the own cell: at jitter 0 with the sample at a centre, the 2 dims face
// neighbours all tie for F2; the first visited is offset -1 on the innermost (last) axis, so F2's
// gradient (of euclidean2, -2 d) is +2 there and 0 elsewhere.
TEST(CellularNoise, SecondNearestTieGoesToTheFirstVisitedCell) {
  for (int dims = 2; dims <= 4; ++dims) {
    for (int cell = 0; cell < 256; cell += 17) {
      sample<double> s;
      s.perm = tables()[1].doubled().data();
      s.jitter = 0.0;
      for (int a = 0; a < 4; ++a) {
        s.period[a] = 256;
        s.axis[a] = {(cell + 5 * a) & 255, 0, 0, 0, 0.5};
      }
      const dual<double> g = call_d(s, dims, cellular_distance::euclidean2, cellular_return::f2);
      EXPECT_EQ(g.v, 1.0);
      for (int a = 0; a < 4; ++a) EXPECT_EQ(g.d[a], a == dims - 1 ? 2.0 : 0.0) << dims << " " << a;
    }
  }
}

// The gradients against central differences in double, where the nearest two points and the
// pieces of the metric are unambiguous.
TEST(CellularNoise, GradientsMatchFiniteDifferences) {
  std::mt19937_64 rng(0xD1FF);
  const double h = 1e-7, gap = 1e-5;
  int checked = 0;
  for (int i = 0; i < 36000; ++i) {
    const int dims = 2 + i % 3;
    const cellular_distance distance = kDistances[(i / 3) % 4];
    const cellular_return returns = kReturns[(i / 12) % 3];
    if (dims == 4 && i % 8 != 0) continue;  // 4D's brute force is slow
    sample<double> s = random_sample<double>(rng, true);
    for (int a = 0; a < 4; ++a) s.axis[a].frac = 0.001 + 0.998 * s.axis[a].frac;
    const brute_result<double> b = brute_force(s, dims, distance);
    if (b.f[1] - b.f[0] < gap || b.f[2] - b.f[1] < gap) continue;
    // The root's curvature is 1 / F: keep the central difference's error small.
    if (distance == cellular_distance::euclidean && b.f[0] < 1e-3) continue;
    bool kink = false;
    for (int p = 0; p < 2; ++p) {
      double sorted[4];
      for (int a = 0; a < 4; ++a) sorted[a] = a < dims ? std::abs(b.d[p][a]) : 0.0;
      std::sort(sorted, sorted + 4);
      if (distance == cellular_distance::manhattan) kink = kink || sorted[4 - dims] < gap;
      if (distance == cellular_distance::chebyshev) kink = kink || sorted[3] - sorted[2] < gap;
    }
    if (kink) continue;
    const dual<double> g = call_d(s, dims, distance, returns);
    EXPECT_TRUE(same_bits(g.v, call(s, dims, distance, returns)));
    for (int a = 0; a < dims; ++a) {
      sample<double> plus = s, minus = s;
      plus.axis[a].frac += h;
      minus.axis[a].frac -= h;
      const double fd =
          (call(plus, dims, distance, returns) - call(minus, dims, distance, returns)) / (2 * h);
      EXPECT_NEAR(g.d[a], fd, 1e-5) << describe(s, dims, distance) << " axis " << a;
    }
    for (int a = dims; a < 4; ++a) EXPECT_EQ(g.d[a], 0.0);
    ++checked;
  }
  EXPECT_GT(checked, 14000);
}

// The value forms of cellular_noise_d are those of cellular_noise, for every return, in float.
TEST(CellularNoise, GradientFormKeepsTheValueBits) {
  std::mt19937_64 rng(0xB175);
  for (int i = 0; i < 30000; ++i) {
    const sample<float> s = random_sample<float>(rng, true);
    const int dims = 2 + i % 3;
    const cellular_distance distance = kDistances[(i / 3) % 4];
    const cellular_return returns = kReturns[(i / 12) % 6];
    const float v = call(s, dims, distance, returns);
    const dual<float> d = call_d(s, dims, distance, returns);
    ASSERT_TRUE(same_bits(v, d.v)) << describe(s, dims, distance);
    if (returns != cellular_return::f1 && returns != cellular_return::f2 &&
        returns != cellular_return::f2_minus_f1) {
      for (float c : d.d) EXPECT_EQ(c, 0.0f);
    }
  }
}

// The returns' ranges, and F2 within the bound the window radius is derived from.
TEST(CellularNoise, RangesOfTheReturns) {
  std::mt19937_64 rng(0x4A46E);
  for (int i = 0; i < 60000; ++i) {
    const sample<double> s = random_sample<double>(rng, true);
    const int dims = 2 + i % 3;
    const cellular_distance distance = kDistances[(i / 3) % 4];
    const double f1 = call(s, dims, distance, cellular_return::f1);
    const double f2 = call(s, dims, distance, cellular_return::f2);
    // The bounds of the window's derivation (cellular_noise.hpp).
    const double square = std::max(static_cast<double>(dims), dims / 4.0 + 2.0);
    double f2max = 1.5;  // chebyshev
    if (distance == cellular_distance::euclidean) f2max = std::sqrt(square);
    if (distance == cellular_distance::euclidean2) f2max = square;
    if (distance == cellular_distance::manhattan) f2max = dims;
    ASSERT_GE(f1, 0.0);
    ASSERT_GT(f2, 0.0);
    ASSERT_LE(f1, f2);
    ASSERT_LE(f2, f2max) << describe(s, dims, distance);
    EXPECT_EQ(call(s, dims, distance, cellular_return::f2_minus_f1), f2 - f1);
    EXPECT_EQ(call(s, dims, distance, cellular_return::f1_times_f2), f1 * f2);
    const double ratio = call(s, dims, distance, cellular_return::f1_over_f2);
    ASSERT_GE(ratio, 0.0);
    ASSERT_LE(ratio, 1.0);
    const double cell = call(s, dims, distance, cellular_return::cell);
    ASSERT_GT(cell, -1.0);
    ASSERT_LT(cell, 1.0);
    // The cell value is 1/32768-granular with the half offset: (n + 0.5) / 32768 - 1.
    const double n = (cell + 1.0) * 32768.0 - 0.5;
    ASSERT_EQ(n, std::floor(n));
  }
}

}  // namespace
