// The correction of a device's sqrt and division (core/rounded_float.hpp, twin of
// shaders/rounded_float.glsl): from approximations up to several ulp off, it must give exactly
// std::sqrt(x) and a / b, the correctly rounded results, over random operands, operands whose
// results lie just beside a rounding midpoint, and operands at powers of two.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "core/rounded_float.hpp"

namespace {

using vknoise::detail::rounded_div_from;
using vknoise::detail::rounded_next_up;
using vknoise::detail::rounded_sqrt_from;

std::string hex(float v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", static_cast<double>(v));
  return buf;
}

// v moved by n ulp (n may be negative), staying positive and finite for the values used here.
float ulps_away(float v, int n) {
  const std::uint32_t sign = std::bit_cast<std::uint32_t>(v) & 0x80000000u;
  const std::uint32_t mag = std::bit_cast<std::uint32_t>(v) & 0x7fffffffu;
  return std::bit_cast<float>(sign |
                              static_cast<std::uint32_t>(static_cast<std::int64_t>(mag) + n));
}

// A positive normal float with a random exponent in [lo, hi] and a random significand.
float random_float(std::mt19937_64& rng, int lo, int hi) {
  const int e = std::uniform_int_distribution<int>(lo, hi)(rng);
  const auto frac = static_cast<std::uint32_t>(rng() & 0x7fffffu);
  return std::bit_cast<float>(static_cast<std::uint32_t>(e + 127) << 23 | frac);
}

// Checks the sqrt correction at x from every approximation within `spread` ulp of the root.
int check_sqrt(float x, int spread) {
  const float exact = std::sqrt(x);
  int failures = 0;
  for (int n = -spread; n <= spread; ++n) {
    const float got = rounded_sqrt_from(x, ulps_away(exact, n));
    if (std::bit_cast<std::uint32_t>(got) != std::bit_cast<std::uint32_t>(exact)) {
      if (++failures <= 3) {
        ADD_FAILURE() << "sqrt(" << hex(x) << ") from " << n << " ulp: " << hex(got)
                      << " != " << hex(exact);
      }
    }
  }
  return failures;
}

int check_div(float a, float b, int spread) {
  const float exact = a / b;
  int failures = 0;
  for (int n = -spread; n <= spread; ++n) {
    const float got = rounded_div_from(a, b, ulps_away(exact, n));
    if (std::bit_cast<std::uint32_t>(got) != std::bit_cast<std::uint32_t>(exact)) {
      if (++failures <= 3) {
        ADD_FAILURE() << hex(a) << " / " << hex(b) << " from " << n << " ulp: " << hex(got)
                      << " != " << hex(exact);
      }
    }
  }
  return failures;
}

TEST(RoundedFloat, SqrtOfRandomOperands) {
  std::mt19937_64 rng(0x5147);
  int failures = 0;
  for (int i = 0; i < 1000000; ++i) failures += check_sqrt(random_float(rng, -100, 100), 4);
  EXPECT_EQ(failures, 0);
}

// x just beside the square of a midpoint between two floats: the hardest roundings.
TEST(RoundedFloat, SqrtNearMidpoints) {
  std::mt19937_64 rng(0x5148);
  int failures = 0;
  for (int i = 0; i < 1000000; ++i) {
    const float r = random_float(rng, -60, 60);
    const double mid = (static_cast<double>(r) + static_cast<double>(rounded_next_up(r))) / 2;
    const float x = static_cast<float>(mid * mid);
    const int n = std::uniform_int_distribution<int>(-2, 2)(rng);
    failures += check_sqrt(ulps_away(x, n), 4);
  }
  EXPECT_EQ(failures, 0);
}

// x at and beside powers of two and four (where the root's binade or the scaling changes), and
// squares of floats (exact roots).
TEST(RoundedFloat, SqrtAtBinadeEdges) {
  std::mt19937_64 rng(0x5149);
  int failures = 0;
  for (int e = -126; e <= 127; ++e) {
    const float p = std::ldexp(1.0f, e);
    for (int n = -40; n <= 40; ++n) {
      if (e == -126 && n < 0) continue;
      if (e == 127 && n > 0) continue;
      failures += check_sqrt(ulps_away(p, n), 4);
    }
  }
  for (int i = 0; i < 200000; ++i) {
    const float r = random_float(rng, -60, 60);
    if ((std::bit_cast<std::uint32_t>(r) & 0xfffu) == 0u) continue;
    const float x = r * r;
    failures += check_sqrt(x, 4);
    failures += check_sqrt(ulps_away(x, 1), 4);
    failures += check_sqrt(ulps_away(x, -1), 4);
  }
  EXPECT_EQ(failures, 0);
}

// A device's sqrt may be further off than 4 ulp (1 / inversesqrt): the correction reaches 32 ulp,
// as documented.
TEST(RoundedFloat, SqrtFromFurtherApproximations) {
  std::mt19937_64 rng(0x514a);
  int failures = 0;
  for (int i = 0; i < 20000; ++i) failures += check_sqrt(random_float(rng, -126, 127), 16);
  EXPECT_EQ(failures, 0);
}

TEST(RoundedFloat, DivOfRandomOperands) {
  std::mt19937_64 rng(0xd1f0);
  int failures = 0;
  for (int i = 0; i < 1000000; ++i) {
    float a = random_float(rng, -60, 60), b = random_float(rng, -60, 60);
    if ((rng() & 1u) != 0u) a = -a;
    if ((rng() & 1u) != 0u) b = -b;
    failures += check_div(a, b, 4);
  }
  EXPECT_EQ(failures, 0);
}

// a just beside b times a midpoint between two floats.
TEST(RoundedFloat, DivNearMidpoints) {
  std::mt19937_64 rng(0xd1f1);
  int failures = 0;
  for (int i = 0; i < 1000000; ++i) {
    const float b = random_float(rng, -40, 40);
    const float q = random_float(rng, -40, 40);
    const double mid = (static_cast<double>(q) + static_cast<double>(rounded_next_up(q))) / 2;
    const float a = static_cast<float>(static_cast<double>(b) * mid);
    const int n = std::uniform_int_distribution<int>(-2, 2)(rng);
    failures += check_div(ulps_away(a, n), b, 4);
  }
  EXPECT_EQ(failures, 0);
}

// Significands at and beside 1 and 2 (quotients at the binade edges), exact quotients, and the
// ends of the domain's exponent range.
TEST(RoundedFloat, DivAtBinadeEdges) {
  std::mt19937_64 rng(0xd1f2);
  int failures = 0;
  for (int ea = -30; ea <= 30; ea += 3) {
    for (int eb = -30; eb <= 30; eb += 5) {
      for (int na = -20; na <= 20; ++na) {
        for (int nb = -20; nb <= 20; nb += 4) {
          const float a = ulps_away(std::ldexp(1.0f, ea), na);
          const float b = ulps_away(std::ldexp(1.0f, eb), nb);
          failures += check_div(a, b, 4);
        }
      }
    }
  }
  for (int i = 0; i < 200000; ++i) {
    const float b = random_float(rng, -40, 40);
    const float q = random_float(rng, -40, 40);
    if ((std::bit_cast<std::uint32_t>(q) & 0xfffu) == 0u ||
        (std::bit_cast<std::uint32_t>(b) & 0xfffu) == 0u)
      continue;
    const float a = b * q;
    failures += check_div(a, b, 4);
    failures += check_div(ulps_away(a, 1), b, 4);
    failures += check_div(ulps_away(a, -1), b, 4);
  }
  // The exponent difference at the domain's ends: quotients near 2^-126 and 2^127.
  for (int i = 0; i < 20000; ++i) {
    const float a = random_float(rng, -126, -100), b = random_float(rng, -1, 25);
    if (std::ilogb(a) - std::ilogb(b) < -125) continue;
    failures += check_div(a, b, 4);
    const float c = random_float(rng, 100, 127), d = random_float(rng, -20, 1);
    if (std::ilogb(c) - std::ilogb(d) > 126) continue;
    failures += check_div(c, d, 4);
  }
  EXPECT_EQ(failures, 0);
}

TEST(RoundedFloat, DivFromFurtherApproximations) {
  std::mt19937_64 rng(0xd1f3);
  int failures = 0;
  for (int i = 0; i < 20000; ++i) {
    failures += check_div(random_float(rng, -60, 60), random_float(rng, -60, 60), 16);
  }
  EXPECT_EQ(failures, 0);
}

// Zeros are exact; outside the domain the approximation comes back unchanged.
TEST(RoundedFloat, ZerosAndOutsideTheDomain) {
  EXPECT_EQ(std::bit_cast<std::uint32_t>(rounded_sqrt_from(0.0f, 1.0f)), 0u);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(rounded_sqrt_from(-0.0f, 1.0f)), 0x80000000u);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(rounded_div_from(0.0f, 3.0f, 1.0f)), 0u);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(rounded_div_from(-0.0f, 3.0f, 1.0f)), 0x80000000u);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(rounded_div_from(0.0f, -3.0f, 1.0f)), 0x80000000u);
  const float denormal = std::ldexp(1.0f, -130);
  EXPECT_EQ(rounded_sqrt_from(denormal, 7.0f), 7.0f);
  EXPECT_EQ(rounded_sqrt_from(-4.0f, 7.0f), 7.0f);
  EXPECT_EQ(rounded_sqrt_from(INFINITY, 7.0f), 7.0f);
  EXPECT_EQ(rounded_div_from(1.0f, 0.0f, 7.0f), 7.0f);
  EXPECT_EQ(rounded_div_from(1.0f, denormal, 7.0f), 7.0f);
  EXPECT_EQ(rounded_div_from(std::ldexp(1.0f, -100), std::ldexp(1.0f, 100), 7.0f), 7.0f);
  // An approximation far off (here 1000 times the root) is not corrected.
  EXPECT_EQ(rounded_sqrt_from(4.0f, 2000.0f), 2000.0f);
  // Inside the domain, a corrected result that the device got right stays as it is.
  EXPECT_EQ(rounded_sqrt_from(2.0f, std::sqrt(2.0f)), std::sqrt(2.0f));
  EXPECT_EQ(rounded_div_from(1.0f, 3.0f, 1.0f / 3.0f), 1.0f / 3.0f);
}

}  // namespace
