// Correctly rounded float square root and division from the device's approximations: the twin of
// src/core/rounded_float.hpp (the same functions in the same order under the same names; see
// there for the method, its proof and its domain). Vulkan lets sqrt and `/` be a few ulp off;
// add, subtract and multiply are correctly rounded, and every value here is `precise` (SPIR-V
// NoContraction) so that no driver fuses a multiply and an add, which the exact error terms
// below depend on. Within the domain (sqrt: positive normal x, or +-0; division: normal
// operands, or a zero numerator, whose exponents differ by -125..126; an approximation within
// 16 ulp) the results are those of IEEE float, bit for bit; outside it, the approximation.

// The neighbours of a positive finite nonzero float.
float rounded_next_up(float x) { return uintBitsToFloat(floatBitsToUint(x) + 1u); }
float rounded_next_down(float x) { return uintBitsToFloat(floatBitsToUint(x) - 1u); }

// 2^e for e in [-126, 127].
float rounded_pow2(int e) { return uintBitsToFloat(uint(e + 127) << 23); }

// The biased exponent field (1..254 for a normal float).
int rounded_exponent(float x) { return int((floatBitsToUint(x) >> 23) & 255u); }

// Dekker's two-product: p = fl(u * v) and the exact error e = u * v - p.
struct rounded_product {
  float p, e;
};

rounded_product rounded_two_product(float u, float v) {
  const float split = 4097.0;  // 2^12 + 1
  precise float tu = split * u;
  precise float uh = tu - (tu - u);
  precise float ul = u - uh;
  precise float tv = split * v;
  precise float vh = tv - (tv - v);
  precise float vl = v - vh;
  precise float p = u * v;
  precise float e = ((uh * vh - p) + uh * vl + ul * vh) + ul * vl;
  return rounded_product(p, e);
}

// Whether m > u * v exactly (u * v within a factor 2 of m).
bool rounded_above(float m, float u, float v) {
  rounded_product q = rounded_two_product(u, v);
  precise float d = m - q.p;
  return d > q.e;
}

// The residual m - u * v: its sign always, its value exactly where representable.
float rounded_residual(float m, float u, float v) {
  rounded_product q = rounded_two_product(u, v);
  precise float d = m - q.p;
  precise float r = d - q.e;
  return r;
}

// The correctly rounded sqrt(x), from approx, an approximation of it.
float rounded_sqrt_from(float x, float approx) {
  if (x == 0.0) return x;
  uint bits = floatBitsToUint(x);
  int ex = rounded_exponent(x), ea = rounded_exponent(approx);
  if ((bits >> 31) != 0u || ex == 0 || ex == 255 || approx <= 0.0 || ea == 0 || ea == 255) {
    return approx;
  }
  int e = ex - 127;
  int h = e >> 1;  // floor(e / 2)
  float m = uintBitsToFloat((bits & 0x7fffffu) | (uint(127 + e - 2 * h) << 23));
  precise float r = approx * rounded_pow2(-h);  // exact: both factors and the product are normal
  if (!(r >= 0.5 && r <= 4.0)) return approx;
  for (int i = 0; i < 32; ++i) {
    float up = rounded_next_up(r);
    if (rounded_above(m, r, up)) {
      r = up;
      continue;
    }
    float down = rounded_next_down(r);
    if (!rounded_above(m, down, r)) {
      r = down;
      continue;
    }
    break;
  }
  precise float result = r * rounded_pow2(h);
  return result;
}

// The correctly rounded a / b, from approx, an approximation of it.
float rounded_div_from(float a, float b, float approx) {
  uint abits = floatBitsToUint(a);
  uint bbits = floatBitsToUint(b);
  uint sign = (abits ^ bbits) & 0x80000000u;
  int ea = rounded_exponent(a), eb = rounded_exponent(b);
  if (eb == 0 || eb == 255) return approx;
  if ((abits & 0x7fffffffu) == 0u) return uintBitsToFloat(sign);  // +-0 / b
  int e = ea - eb;
  uint qbits = floatBitsToUint(approx);
  int eq = rounded_exponent(approx);
  if (ea == 0 || ea == 255 || e < -125 || e > 126 || (qbits & 0x80000000u) != sign || eq == 0 ||
      eq == 255) {
    return approx;
  }
  float ma = uintBitsToFloat((abits & 0x7fffffu) | 0x3f800000u);
  float mb = uintBitsToFloat((bbits & 0x7fffffu) | 0x3f800000u);
  precise float c = uintBitsToFloat(qbits & 0x7fffffffu) * rounded_pow2(-e);  // exact
  if (!(c >= 0.25 && c <= 4.0)) return approx;
  for (int i = 0; i < 32; ++i) {
    float rho = rounded_residual(ma, mb, c);
    if (rho < 0.0) {
      c = rounded_next_down(c);
      continue;
    }
    float up = rounded_next_up(c);
    float rho_up = rounded_residual(ma, mb, up);
    if (rho_up > 0.0) {
      c = up;
      continue;
    }
    if (-rho_up < rho) c = up;
    break;
  }
  precise float q = c * rounded_pow2(e);
  return uintBitsToFloat(floatBitsToUint(q) | sign);
}

// The device's approximations, corrected.
float rounded_sqrt(float x) { return rounded_sqrt_from(x, sqrt(x)); }

float rounded_div(float a, float b) {
  precise float approx = a / b;
  return rounded_div_from(a, b, approx);
}
