// The SIMD twin of src/core/flow_noise.hpp's float mirror (flow_noise2<float>, flow_noise3<float>,
// value only, and flow_octave_angle<float>), one sample per lane: the same functions in the same
// order under the same names, each float operation the mirror's (no fused or approximate ones,
// the same association), its integers wrapping where the mirror's wrap, and its branches made lane
// selects between both sides computed in full. Why that is exact, bit for bit, in every lane:
// - Every float value is the mirror's float operation on the mirror's operands: the constants
//   come from the scalar templates themselves (detail::flow_*<float>()), and Add, Sub, Mul and
//   Neg round (or flip the sign) exactly as the scalar operators do with -ffp-contract=off.
// - Int to float conversions round to nearest as static_cast<float> of an int32 does; the one
//   float to int conversion of the mirror with an unbounded operand, saturating_floor, is written
//   out for NaN and out-of-range values before ConvertTo sees its operand; flow_sincos's sees
//   |x| < 4 pi only (its callers' angles), where truncation is all there is.
// - A branch's other side is computed on every lane and dropped by the select, so it changes
//   nothing, and it cannot trap: floats raise no exceptions here (masked), every gather index is
//   a table value (0..255) or one plus a byte, below 512, whatever the lane's inputs, and the
//   periodic wrap (flow_wrap) divides in double, exactly, by the period's positive modulus.
//
// Per-target code (Highway's -inl.h convention): included once per target by the file that uses
// it (foreach_target.h).
#if defined(VKNOISE_CPU_FLOW_NOISE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_FLOW_NOISE_INL_H_
#undef VKNOISE_CPU_FLOW_NOISE_INL_H_
#else
#define VKNOISE_CPU_FLOW_NOISE_INL_H_
#endif

#include <cstdint>

#include <hwy/highway.h>
#include "core/flow_noise.hpp"
#include "cpu/int_arithmetic-inl.h"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using VI = hn::Vec<DI>;

// --- Integer helpers (core/flow_noise.hpp) ------------------------------------------------------
// b modulo m for 0 <= b < 2^31 and 0 < m < 2^31, in double: b / m rounded is below the next
// integer above the true quotient (that integer is at least 1/m away, the rounding error under
// 2^-21 / m), so its truncation is the true quotient, and b - q m is exact in int32.
HWY_INLINE VI flow_remainder(VI b, std::int32_t m) {
  const DI di;
#if HWY_TARGET == HWY_SCALAR
  const hn::Rebind<double, DI> dd;
  const VI q = hn::DemoteTo(di, hn::Div(hn::PromoteTo(dd, b), hn::Set(dd, double(m))));
#else
  const hn::Half<DI> dh;
  const hn::Rebind<double, hn::Half<DI> > dd;
  const auto md = hn::Set(dd, static_cast<double>(m));
  const auto q_low = hn::DemoteTo(dh, hn::Div(hn::PromoteTo(dd, hn::LowerHalf(dh, b)), md));
  const auto q_high = hn::DemoteTo(dh, hn::Div(hn::PromoteTo(dd, hn::UpperHalf(dh, b)), md));
  const VI q = hn::Combine(di, q_high, q_low);
#endif
  return hn::Sub(b, hn::Mul(q, hn::Set(di, m)));
}

// a modulo m in [0, m) for m > 0 (the same m in every lane): a % m where a >= 0, else
// m - 1 - (-(a + 1)) % m; -(a + 1) is ~a, in [0, 2^31) for every negative a. A power-of-two m
// (periods 2^k) takes the low bits, which is the same remainder of a non-negative operand.
HWY_INLINE VI flow_wrap(VI a, std::int32_t m) {
  const DI di;
  const auto negative = hn::Lt(a, hn::Zero(di));
  const VI b = hn::IfThenElse(negative, hn::Not(a), a);
  const VI r = (m & (m - 1)) == 0 ? hn::And(b, hn::Set(di, m - 1)) : flow_remainder(b, m);
  return hn::IfThenElse(negative, hn::Sub(hn::Set(di, m - 1), r), r);
}

// --- Angles, sine and cosine, square root ----------------------------------------------------

// The binary long division by 2pi * 2^k, k = 23 .. 0, each step a select of r - m where r >= m;
// the sign taken off and put back by negation (so -0 stays -0, as in the mirror, where Abs would
// make it +0); lanes not below the limit (NaN, infinities, huge angles) give +0.
HWY_INLINE V flow_reduce_angle(V alpha) {
  const D d;
  const float limit = detail::flow_two_pi<float>() * 16777216.0f;
  const auto neg = hn::Lt(alpha, hn::Zero(d));
  V r = hn::IfThenElse(neg, hn::Neg(alpha), alpha);
  const auto inside = hn::Lt(r, hn::Set(d, limit));
  float m = detail::flow_two_pi<float>() * 8388608.0f;
  for (int k = 0; k < 24; ++k) {
    const V mv = hn::Set(d, m);
    r = hn::IfThenElse(hn::Ge(r, mv), hn::Sub(r, mv), r);
    m = m * 0.5f;
  }
  return hn::IfThenElseZero(inside, hn::IfThenElse(neg, hn::Neg(r), r));
}

// The octave's factor s = round(lacunarity^o) is the same for every lane: computed here by the
// mirror's own scalar operations, then the lanes' reduced angles times s.
HWY_INLINE V flow_octave_angle(V angle, float lacunarity, int octave) {
  float freq = 1.0f;
  for (int o = 0; o < octave; ++o) freq = freq * lacunarity;
  const float r = freq + 0.5f;
  const std::int32_t s = r < 1073741824.0f ? static_cast<std::int32_t>(r) : 1073741824;
  return hn::Mul(flow_reduce_angle(angle), hn::Set(D(), static_cast<float>(s)));
}

struct flow_sc {
  V s, c;
};

// The mirror's reduction and polynomials on every lane; the quadrant's switch as selects: q odd
// swaps sin and cos, sin is negated in quadrants 2 and 3, cos in 1 and 2, and sin once more for a
// negative x (negations only flip the sign bit, so two of them cancel exactly). x is |x| < 4 pi
// here (the callers' angles), so q is 0..8 and its truncating conversion the mirror's.
HWY_INLINE flow_sc flow_sincos(V x) {
  const D d;
  const DI di;
  const auto neg = hn::Lt(x, hn::Zero(d));
  const V a = hn::IfThenElse(neg, hn::Neg(x), x);
  const VI q = hn::ConvertTo(
      di, hn::Add(hn::Mul(a, hn::Set(d, detail::flow_two_over_pi<float>())), hn::Set(d, 0.5f)));
  const V qf = hn::ConvertTo(d, q);
  const V t = hn::Sub(hn::Sub(hn::Sub(a, hn::Mul(qf, hn::Set(d, detail::flow_pio2_1<float>()))),
                              hn::Mul(qf, hn::Set(d, detail::flow_pio2_2<float>()))),
                      hn::Mul(qf, hn::Set(d, detail::flow_pio2_3<float>())));
  const V t2 = hn::Mul(t, t);
  V ps = hn::Set(d, detail::flow_sin_coef<float>(6));
  for (int k = 5; k >= 0; --k)
    ps = hn::Add(hn::Set(d, detail::flow_sin_coef<float>(k)), hn::Mul(t2, ps));
  V pc = hn::Set(d, detail::flow_cos_coef<float>(7));
  for (int k = 6; k >= 0; --k)
    pc = hn::Add(hn::Set(d, detail::flow_cos_coef<float>(k)), hn::Mul(t2, pc));
  const V st = hn::Add(t, hn::Mul(t, hn::Mul(t2, ps)));
  const V ct = hn::Add(hn::Set(d, 1.0f), hn::Mul(t2, pc));
  const auto odd = hn::RebindMask(d, hn::Ne(hn::And(q, hn::Set(di, 1)), hn::Zero(di)));
  const auto upper = hn::RebindMask(d, hn::Ne(hn::And(q, hn::Set(di, 2)), hn::Zero(di)));
  V s = hn::IfThenElse(odd, ct, st);
  V c = hn::IfThenElse(odd, st, ct);
  s = hn::IfThenElse(upper, hn::Neg(s), s);
  c = hn::IfThenElse(hn::Xor(odd, upper), hn::Neg(c), c);
  s = hn::IfThenElse(neg, hn::Neg(s), s);
  return {s, c};
}

// The float branch: the 0x5f3759df seed from the bits, three Newton steps, then x y.
HWY_INLINE V flow_sqrt(V x) {
  const D d;
  const DI di;
  V y = hn::BitCast(d, hn::Sub(hn::Set(di, static_cast<std::int32_t>(0x5f3759df)),
                               hn::ShiftRight<1>(hn::BitCast(di, x))));
  const V hx = hn::Mul(hn::Set(d, 0.5f), x);
  for (int k = 0; k < 3; ++k) y = hn::Mul(y, hn::Sub(hn::Set(d, 1.5f), hn::Mul(hn::Mul(hx, y), y)));
  return hn::Mul(x, y);
}

// --- Gradients -----------------------------------------------------------------------------------

HWY_INLINE void flow_gradient2(VI h, V alpha_r, V* g) {
  const D d;
  const V angle =
      hn::Add(hn::Mul(hn::ConvertTo(d, h), hn::Set(d, detail::flow_two_pi_256<float>())), alpha_r);
  const flow_sc sc = flow_sincos(angle);
  g[0] = sc.c;
  g[1] = sc.s;
}

// h is 0..255 in every lane (a table value), so perm[h] is inside the table and the integer
// products are small.
HWY_INLINE void flow_gradient3(const std::int32_t* perm, VI h, V alpha_r, V* g) {
  const D d;
  const DI di;
  const VI h2 = hn::Add(h, h);
  const V sz = hn::Mul(hn::ConvertTo(d, hn::Sub(hn::Set(di, 255), h2)), hn::Set(d, 0.00390625f));
  const VI area = hn::Mul(hn::Add(h2, hn::Set(di, 1)), hn::Sub(hn::Set(di, 511), h2));
  const V sz_prime = flow_sqrt(hn::Mul(hn::ConvertTo(d, area), hn::Set(d, 0.0000152587890625f)));
  const VI turn = hn::And(hn::Mul(h, hn::Set(di, 40503)), hn::Set(di, 65535));
  const flow_sc az =
      flow_sincos(hn::Mul(hn::ConvertTo(d, turn), hn::Set(d, detail::flow_two_pi_65536<float>())));
  const V px = hn::Neg(hn::Mul(az.c, sz)), py = hn::Neg(hn::Mul(az.s, sz)), pz = sz_prime;
  const V qx = az.s, qy = hn::Neg(az.c);
  const V psi = hn::Add(hn::Mul(hn::ConvertTo(d, hn::GatherIndex(di, perm, h)),
                                hn::Set(d, detail::flow_two_pi_256<float>())),
                        alpha_r);
  const flow_sc rot = flow_sincos(psi);
  g[0] = hn::Add(hn::Mul(rot.c, px), hn::Mul(rot.s, qx));
  g[1] = hn::Add(hn::Mul(rot.c, py), hn::Mul(rot.s, qy));
  g[2] = hn::Mul(rot.c, pz);
}

// --- Cells: each corner's offset p - V and its hash ---------------------------------------------

template <int dims>
struct flow_cell {
  V off[dims + 1][dims];
  VI h[dims + 1];
};

// Both gathers index with a byte of the lane's own integers or a table value plus a byte: below
// 512, inside the doubled table, for every lane.
HWY_INLINE flow_cell<2> flow_cell2(const std::int32_t* perm, V x, V y, const std::int32_t* period) {
  const D d;
  const DI di;
  const VI one = hn::Set(di, 1), low_byte = hn::Set(di, 255);
  const V u = hn::Add(x, hn::Mul(hn::Set(d, 0.5f), y));
  const VI i = saturating_floor(u), j = saturating_floor(y);
  const V fu = hn::Sub(u, hn::ConvertTo(d, i)), fv = hn::Sub(y, hn::ConvertTo(d, j));
  const auto o1 = hn::RebindMask(di, hn::Ge(fu, fv));  // false for NaN, as the mirror's 0
  const VI i1 = hn::Add(i, one), j1 = hn::Add(j, one);
  const VI ci[3] = {i, hn::IfThenElse(o1, i1, i), i1};
  const VI cj[3] = {j, hn::IfThenElse(o1, j, j1), j1};
  flow_cell<2> c;
  for (int k = 0; k < 3; ++k) {
    // The vertex is (X2 / 2, Y): X2 = 2i - j.
    VI X2 = hn::Sub(hn::Add(ci[k], ci[k]), cj[k]), Y = cj[k];
    c.off[k][0] = hn::Sub(x, hn::Mul(hn::ConvertTo(d, X2), hn::Set(d, 0.5f)));
    c.off[k][1] = hn::Sub(y, hn::ConvertTo(d, Y));
    if (period[0] > 0) X2 = flow_wrap(X2, 2 * period[0]);
    if (period[1] > 0) Y = flow_wrap(Y, period[1]);
    const VI iu = hn::ShiftRight<1>(hn::Add(X2, Y));
    const VI row = hn::GatherIndex(di, perm, hn::And(iu, low_byte));
    c.h[k] = hn::GatherIndex(di, perm, hn::Add(row, hn::And(Y, low_byte)));
  }
  return c;
}

// simplex_order3's branches as masks: where x >= y the first vertex steps in x unless z is the
// largest (z > x then, so also z > y), the second in x and in y where y >= z, else in z; where not
// (x < y, or a NaN), the first steps in z where y < z, else in y, the second in y and in z unless
// x is at least z (in x then). NaN compares false in both, as in the mirror's ifs.
HWY_INLINE flow_cell<3> flow_cell3(const std::int32_t* perm, V x, V y, V z,
                                   const std::int32_t* period) {
  const D d;
  const DI di;
  const VI one = hn::Set(di, 1), low_byte = hn::Set(di, 255);
  const V u = hn::Add(y, z), v = hn::Add(x, z), w = hn::Add(x, y);
  const VI i = saturating_floor(u), j = saturating_floor(v), k = saturating_floor(w);
  const V fu = hn::Sub(u, hn::ConvertTo(d, i));
  const V fv = hn::Sub(v, hn::ConvertTo(d, j));
  const V fw = hn::Sub(w, hn::ConvertTo(d, k));
  // The tetrahedron of the skewed unit cube: Gustavson's rank ordering of the fractions.
  const auto xy = hn::RebindMask(di, hn::Ge(fu, fv));
  const auto yz_ge = hn::RebindMask(di, hn::Ge(fv, fw));
  const auto xz_ge = hn::RebindMask(di, hn::Ge(fu, fw));
  const auto yz_lt = hn::RebindMask(di, hn::Lt(fv, fw));
  const auto xz_lt = hn::RebindMask(di, hn::Lt(fu, fw));
  const auto first_x = hn::And(xy, hn::Or(yz_ge, xz_ge));  // XYZ, XZY
  const auto first_z =
      hn::Or(hn::AndNot(yz_ge, hn::AndNot(xz_ge, xy)), hn::AndNot(xy, yz_lt));  // ZXY, ZYX
  const auto first_y = hn::AndNot(xy, hn::Not(yz_lt));                          // YZX, YXZ
  const auto second_x = hn::Or(xy, hn::AndNot(yz_lt, hn::Not(xz_lt)));          // X.., YXZ
  const auto second_y = hn::Or(hn::And(xy, yz_ge), hn::Not(xy));                // XYZ, Y.., ZYX
  const auto second_z = hn::Or(hn::AndNot(yz_ge, xy), hn::AndNot(xy, hn::Or(yz_lt, xz_lt)));
  const VI ca[4] = {i, hn::IfThenElse(first_x, hn::Add(i, one), i),
                    hn::IfThenElse(second_x, hn::Add(i, one), i), hn::Add(i, one)};
  const VI cb[4] = {j, hn::IfThenElse(first_y, hn::Add(j, one), j),
                    hn::IfThenElse(second_y, hn::Add(j, one), j), hn::Add(j, one)};
  const VI cc[4] = {k, hn::IfThenElse(first_z, hn::Add(k, one), k),
                    hn::IfThenElse(second_z, hn::Add(k, one), k), hn::Add(k, one)};
  flow_cell<3> c;
  for (int n = 0; n < 4; ++n) {
    // The vertex times 2: (-a + b + c, a - b + c, a + b - c), its components of one parity.
    VI X2 = hn::Sub(hn::Add(cb[n], cc[n]), ca[n]);
    VI Y2 = hn::Sub(hn::Add(ca[n], cc[n]), cb[n]);
    VI Z2 = hn::Sub(hn::Add(ca[n], cb[n]), cc[n]);
    const V half = hn::Set(d, 0.5f);
    c.off[n][0] = hn::Sub(x, hn::Mul(hn::ConvertTo(d, X2), half));
    c.off[n][1] = hn::Sub(y, hn::Mul(hn::ConvertTo(d, Y2), half));
    c.off[n][2] = hn::Sub(z, hn::Mul(hn::ConvertTo(d, Z2), half));
    if (period[0] > 0) X2 = flow_wrap(X2, 2 * period[0]);
    if (period[1] > 0) Y2 = flow_wrap(Y2, 2 * period[1]);
    if (period[2] > 0) Z2 = flow_wrap(Z2, 2 * period[2]);
    const VI iu = hn::ShiftRight<1>(hn::Add(Y2, Z2));
    const VI iv = hn::ShiftRight<1>(hn::Add(X2, Z2));
    const VI iw = hn::ShiftRight<1>(hn::Add(X2, Y2));
    const VI a = hn::GatherIndex(di, perm, hn::And(iu, low_byte));
    const VI b = hn::GatherIndex(di, perm, hn::Add(a, hn::And(iv, low_byte)));
    c.h[n] = hn::GatherIndex(di, perm, hn::Add(b, hn::And(iw, low_byte)));
  }
  return c;
}

// --- Sums: each corner's w^4 (g . d) (2D) or w^3 (g . d) (3D), left to right, then scaled -------
// A corner's term is added only in the lanes where w > 0 (a select, so the others keep their sum
// as it was, signed zeros included); a corner no lane reaches is skipped, which selects nothing.

HWY_INLINE V flow_sum2(const flow_cell<2>& c, V alpha_r) {
  const D d;
  V sum = hn::Zero(d);
  for (int k = 0; k < 3; ++k) {
    const V* dk = c.off[k];
    const V w = hn::Sub(hn::Sub(hn::Set(d, 0.8f), hn::Mul(dk[0], dk[0])), hn::Mul(dk[1], dk[1]));
    const auto inside = hn::Gt(w, hn::Zero(d));
    if (hn::AllFalse(d, inside)) continue;
    V g[2];
    flow_gradient2(c.h[k], alpha_r, g);
    const V w2 = hn::Mul(w, w), w4 = hn::Mul(w2, w2);
    const V gd = hn::Add(hn::Mul(g[0], dk[0]), hn::Mul(g[1], dk[1]));
    sum = hn::IfThenElse(inside, hn::Add(sum, hn::Mul(w4, gd)), sum);
  }
  return hn::Mul(hn::Set(d, static_cast<float>(detail::flow_scale2)), sum);
}

HWY_INLINE V flow_sum3(const std::int32_t* perm, const flow_cell<3>& c, V alpha_r) {
  const D d;
  V sum = hn::Zero(d);
  for (int k = 0; k < 4; ++k) {
    const V* dk = c.off[k];
    const V w =
        hn::Sub(hn::Sub(hn::Sub(hn::Set(d, 0.5f), hn::Mul(dk[0], dk[0])), hn::Mul(dk[1], dk[1])),
                hn::Mul(dk[2], dk[2]));
    const auto inside = hn::Gt(w, hn::Zero(d));
    if (hn::AllFalse(d, inside)) continue;
    V g[3];
    flow_gradient3(perm, c.h[k], alpha_r, g);
    const V w2 = hn::Mul(w, w), w3 = hn::Mul(w2, w);
    const V gd = hn::Add(hn::Add(hn::Mul(g[0], dk[0]), hn::Mul(g[1], dk[1])), hn::Mul(g[2], dk[2]));
    sum = hn::IfThenElse(inside, hn::Add(sum, hn::Mul(w3, gd)), sum);
  }
  return hn::Mul(hn::Set(d, static_cast<float>(detail::flow_scale3)), sum);
}

// --- The basis -----------------------------------------------------------------------------------
// perm: the doubled 512-entry table. period: as the mirror's (0, or below, = none), the same for
// every lane; a positive period's modulus (2 period or period) must fit an int32, as in the mirror.
// angle: per lane, reduced here (flow_reduce_angle).

HWY_INLINE V flow_noise2(const std::int32_t* perm, V x, V y, const std::int32_t* period, V angle) {
  return flow_sum2(flow_cell2(perm, x, y, period), flow_reduce_angle(angle));
}

HWY_INLINE V flow_noise3(const std::int32_t* perm, V x, V y, V z, const std::int32_t* period,
                         V angle) {
  return flow_sum3(perm, flow_cell3(perm, x, y, z, period), flow_reduce_angle(angle));
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_FLOW_NOISE_INL_H_
