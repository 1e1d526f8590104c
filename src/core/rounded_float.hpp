// Correctly rounded float square root and division from an approximation: the twin of
// shaders/rounded_float.glsl (the same functions in the same order under the same names).
//
// Vulkan lets a device's sqrt and `/` be a few ulp off (the spec's precision table: division
// 2.5 ulp, sqrt inherited from 1 / inversesqrt), while IEEE float, which the C++ mirror computes,
// rounds them correctly. The shaders therefore take the device's approximation and correct it
// here: only exact float operations (add, subtract and multiply are correctly rounded on every
// device; no fused multiply-add, every GLSL value `precise`) decide which float the exact result
// rounds to. On the host the same code, fed an approximation, must give std::sqrt(x) and a / b
// exactly (tests/rounded_float_test.cpp checks it from approximations several ulp away).
//
// Method. The operands are first brought to a fixed binade by exact power-of-two scaling
// (x = m * 2^(2h), m in [1, 4); a = ma * 2^ea, b = mb * 2^eb, ma, mb in [1, 2)), so that no
// intermediate value below is subnormal (a device may flush those) whatever the operands' sizes,
// and the result is scaled back, exactly as long as it is normal.
//   Two-product (Dekker 1971, Veltkamp's split with C = 2^12 + 1): p = fl(u * v) and the exact
//   error e = u * v - p, a float, with 17 float operations; exact here since every operand is in
//   [2^-1, 2^2] (nothing overflows or underflows).
//   sqrt: for a candidate r and its neighbour r+ above, sqrt(m) lies above their midpoint
//   iff m > r * r+. Proof: ((r + r+) / 2)^2 = r * r+ + ((r+ - r) / 2)^2, and the last term,
//   ulp(r)^2 / 4, is finer than the granularity of both m and r * r+ (multiples of 2^-23 and of
//   ulp(r) * ulp(r+) >= ulp(r)^2), so it decides only when m == r * r+, where the midpoint is
//   above. m > p + e is tested as (m - p) > e: m - p is exact (Sterbenz: p is within a factor 2
//   of m) and the comparison is exact. The candidate moves up while sqrt(m) is above the upper
//   midpoint, down while it is at or below the lower one (no midpoint is ever a square root of a
//   float: its square has more than 24 significant bits), then it is the rounded root.
//   division: the residual rho(c) = ma - mb * c = (ma - p) - e, with ma - p exact (Sterbenz) and
//   the last subtraction rounded, has the sign of ma / mb - c. The candidate moves down while
//   rho(c) < 0 and up while rho(c+) > 0; then c <= ma / mb <= c+, both candidates are faithful,
//   and then both residuals are exact (a multiple of ulp(mb) * ulp(c) below mb * ulp(c) in size:
//   24 bits), so the nearer one is the one with the smaller |rho| (mb > 0 scales both distances
//   alike). A quotient of two floats is never a midpoint, so there are no ties to break.
//
// Domain (where the result is the correctly rounded one): sqrt: x a positive normal float, or
// +-0 (returned as is); division: a and b normal (either sign), or a == +-0 with b normal (the
// signed zero), with the exponents' difference ea - eb in [-125, 126] so that the quotient is
// normal. In both, the approximation must be within 16 ulp of the exact result (a device's is
// within a few; the candidate moves at most 32 steps). Outside the domain (zero divisor,
// infinities, NaN, subnormals, an approximation that is not a normal float of the result's sign
// within a factor 4 or so of it) the approximation is returned as it is.
// Cellular noise needs the domain only: its roots are of squared distances in [2^-82, 2^8] or
// 0, its quotients of a distance component by a distance (both in [2^-41, 2^4], or a zero
// component) and of F1 by F2 (F1 in [2^-82, 2^8] or 0, F2 in [2^-34, 2^8]); see
// core/cellular_noise.hpp.
//
// This file must be compiled with -ffp-contract=off: a fused multiply-add changes the bits.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace vknoise::detail {

// The neighbours of a positive finite nonzero float.
inline float rounded_next_up(float x) {
  return std::bit_cast<float>(std::bit_cast<std::uint32_t>(x) + 1u);
}
inline float rounded_next_down(float x) {
  return std::bit_cast<float>(std::bit_cast<std::uint32_t>(x) - 1u);
}

// 2^e for e in [-126, 127].
inline float rounded_pow2(int e) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(e + 127) << 23);
}

// The biased exponent field (1..254 for a normal float).
inline int rounded_exponent(float x) {
  return static_cast<int>((std::bit_cast<std::uint32_t>(x) >> 23) & 255u);
}

// Dekker's two-product: p = fl(u * v) and the exact error e = u * v - p.
struct rounded_product {
  float p, e;
};

inline rounded_product rounded_two_product(float u, float v) {
  const float split = 4097.0f;  // 2^12 + 1
  const float tu = split * u;
  const float uh = tu - (tu - u);
  const float ul = u - uh;
  const float tv = split * v;
  const float vh = tv - (tv - v);
  const float vl = v - vh;
  const float p = u * v;
  const float e = ((uh * vh - p) + uh * vl + ul * vh) + ul * vl;
  return {p, e};
}

// Whether m > u * v exactly (u * v within a factor 2 of m).
inline bool rounded_above(float m, float u, float v) {
  const rounded_product q = rounded_two_product(u, v);
  const float d = m - q.p;
  return d > q.e;
}

// The residual m - u * v: its sign always, its value exactly where representable.
inline float rounded_residual(float m, float u, float v) {
  const rounded_product q = rounded_two_product(u, v);
  const float d = m - q.p;
  return d - q.e;
}

// The correctly rounded sqrt(x), from approx, an approximation of it (see the domain above).
inline float rounded_sqrt_from(float x, float approx) {
  if (x == 0.0f) return x;
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
  const int ex = rounded_exponent(x), ea = rounded_exponent(approx);
  if ((bits >> 31) != 0u || ex == 0 || ex == 255 || approx <= 0.0f || ea == 0 || ea == 255) {
    return approx;
  }
  const int e = ex - 127;
  const int h = e >> 1;  // floor(e / 2)
  const float m = std::bit_cast<float>((bits & 0x7fffffu) |
                                       (static_cast<std::uint32_t>(127 + e - 2 * h) << 23));
  float r = approx * rounded_pow2(-h);  // exact: both factors and the product are normal
  if (!(r >= 0.5f && r <= 4.0f)) return approx;
  for (int i = 0; i < 32; ++i) {
    const float up = rounded_next_up(r);
    if (rounded_above(m, r, up)) {
      r = up;
      continue;
    }
    const float down = rounded_next_down(r);
    if (!rounded_above(m, down, r)) {
      r = down;
      continue;
    }
    break;
  }
  return r * rounded_pow2(h);
}

// The correctly rounded a / b, from approx, an approximation of it (see the domain above).
inline float rounded_div_from(float a, float b, float approx) {
  const std::uint32_t abits = std::bit_cast<std::uint32_t>(a);
  const std::uint32_t bbits = std::bit_cast<std::uint32_t>(b);
  const std::uint32_t sign = (abits ^ bbits) & 0x80000000u;
  const int ea = rounded_exponent(a), eb = rounded_exponent(b);
  if (eb == 0 || eb == 255) return approx;
  if ((abits & 0x7fffffffu) == 0u) return std::bit_cast<float>(sign);  // +-0 / b
  const int e = ea - eb;
  const std::uint32_t qbits = std::bit_cast<std::uint32_t>(approx);
  const int eq = rounded_exponent(approx);
  if (ea == 0 || ea == 255 || e < -125 || e > 126 || (qbits & 0x80000000u) != sign || eq == 0 ||
      eq == 255) {
    return approx;
  }
  const float ma = std::bit_cast<float>((abits & 0x7fffffu) | 0x3f800000u);
  const float mb = std::bit_cast<float>((bbits & 0x7fffffu) | 0x3f800000u);
  float c = std::bit_cast<float>(qbits & 0x7fffffffu) * rounded_pow2(-e);  // exact
  if (!(c >= 0.25f && c <= 4.0f)) return approx;
  for (int i = 0; i < 32; ++i) {
    const float rho = rounded_residual(ma, mb, c);
    if (rho < 0.0f) {
      c = rounded_next_down(c);
      continue;
    }
    const float up = rounded_next_up(c);
    const float rho_up = rounded_residual(ma, mb, up);
    if (rho_up > 0.0f) {
      c = up;
      continue;
    }
    if (-rho_up < rho) c = up;
    break;
  }
  const float q = c * rounded_pow2(e);
  return std::bit_cast<float>(std::bit_cast<std::uint32_t>(q) | sign);
}

// The host's own approximations (already correctly rounded: the correction keeps them).
inline float rounded_sqrt(float x) {
  return rounded_sqrt_from(x, std::sqrt(x));
}

inline float rounded_div(float a, float b) {
  return rounded_div_from(a, b, a / b);
}

}  // namespace vknoise::detail
