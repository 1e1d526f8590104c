// The SIMD twin of src/core/simplex_noise.hpp's float mirror (simplex_noise2/3/4<float>, the value
// only), one sample per lane: same names, same order, same float operations as the scalar
// templates, and saturating_floor of src/core/int_arithmetic.hpp before them. Why every lane is
// the mirror's value bit for bit:
// - every float operation is the mirror's, on the same operands in the same order and with the
//   same association (each multiply and add rounded on its own: never MulAdd or other fused
//   operations here), and the constants are the mirror's floats (2 * G2, 3 * G3, ... rounded in
//   float as the mirror computes them);
// - the integer steps are the mirror's int arithmetic: the cells' floors saturate as
//   saturating_floor does (the conversion only ever sees the lanes inside the int range), and
//   the adds wrap (vector int adds wrap by themselves);
// - the branches become selects on the same comparisons (NaN compares false in both), and each
//   corner offset subtracts the step as a float 0 or 1 as the mirror does (so -0 - 0 stays -0);
// - the gradient components are those of Gustavson's tables as floats, looked up by the same
//   index (perm % 12 or % 32), and still multiplied by the offsets (g * d with g = 0 gives the
//   mirror's signed zero, or NaN for an infinite d).
// Only where the integers come from differs: the hashes' table entries are gathered, or looked up
// as bytes in registers where the target has byte permutes (simplex_perm), the same entries.
//
// Per-target code (Highway's -inl.h convention): included once per target by its users.
#if defined(VKNOISE_CPU_SIMPLEX_NOISE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_SIMPLEX_NOISE_INL_H_
#undef VKNOISE_CPU_SIMPLEX_NOISE_INL_H_
#else
#define VKNOISE_CPU_SIMPLEX_NOISE_INL_H_
#endif

#include <cstdint>

#include <hwy/highway.h>
#include "core/simplex_noise.hpp"
#include "cpu/int_arithmetic-inl.h"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using VI = hn::Vec<DI>;

// --- simplex_noise.hpp -------------------------------------------------------------------------

// Gustavson's grad3 and grad4 as float columns (component a of gradient g at [a][g]), zero past
// the table's end: the lanes look a component up by the gradient's index in 16 or 32 floats.
struct simplex_gradient_columns {
  alignas(64) float axis[4][32];
};
constexpr simplex_gradient_columns simplex_columns(bool grad4) {
  simplex_gradient_columns c{};
  for (int g = 0; g < (grad4 ? 32 : 12); ++g) {
    for (int a = 0; a < (grad4 ? 4 : 3); ++a) {
      c.axis[a][g] =
          static_cast<float>(grad4 ? detail::simplex_grad4[g][a] : detail::simplex_grad3[g][a]);
    }
  }
  return c;
}
inline constexpr simplex_gradient_columns simplex_grad3_columns = simplex_columns(false);
inline constexpr simplex_gradient_columns simplex_grad4_columns = simplex_columns(true);

// The corners of each lane's simplex: offsets and gradient indices, as detail::simplex_cell.
template <int dims>
struct simplex_cell {
  V off[dims + 1][dims];
  VI gi[dims + 1];
};

// simplex_order3's six cases as masks: each step (first[], second[]) of the corner offsets.
struct simplex_rank3 {
  hn::Mask<D> first[3];
  hn::Mask<D> second[3];
};

// The mirror's nested ifs, case by case (x >= y, y >= z, x >= z on one side; y < z, x < z on the
// other: with NaN neither a comparison nor its negation holds, so each is taken as written):
//   x >= y: y >= z -> X Y Z; x >= z -> X Z Y; else Z X Y
//   else:   y <  z -> Z Y X; x <  z -> Y Z X; else Y X Z
HWY_INLINE simplex_rank3 simplex_order3(V x, V y, V z) {
  const auto xy = hn::Ge(x, y), yz = hn::Ge(y, z), xz = hn::Ge(x, z);
  const auto y_lt_z = hn::Lt(y, z), x_lt_z = hn::Lt(x, z);
  const auto yx = hn::Not(xy);  // the else side
  // X Y Z, X Z Y, Z X Y on the first side; Z Y X, Y Z X, Y X Z on the other.
  const auto xyz = hn::And(xy, yz);
  const auto xzy = hn::And(hn::AndNot(yz, xy), xz);
  const auto zxy = hn::AndNot(xz, hn::AndNot(yz, xy));
  const auto zyx = hn::And(yx, y_lt_z);
  const auto yzx = hn::And(hn::AndNot(y_lt_z, yx), x_lt_z);
  const auto yxz = hn::AndNot(x_lt_z, hn::AndNot(y_lt_z, yx));
  simplex_rank3 r;
  // first:  X Y Z, X Z Y {1, 0, 0}; Z X Y, Z Y X {0, 0, 1}; Y Z X, Y X Z {0, 1, 0}.
  // second: X Y Z, Y X Z {1, 1, 0}; X Z Y, Z X Y {1, 0, 1}; Z Y X, Y Z X {0, 1, 1}.
  r.first[0] = hn::Or(xyz, xzy);
  r.first[1] = hn::Or(yzx, yxz);
  r.first[2] = hn::Or(zxy, zyx);
  r.second[0] = hn::Or(hn::Or(xyz, yxz), hn::Or(xzy, zxy));
  r.second[1] = hn::Or(hn::Or(xyz, yxz), hn::Or(zyx, yzx));
  r.second[2] = hn::Or(hn::Or(xzy, zxy), hn::Or(zyx, yzx));
  return r;
}

// A step of 0 or 1 where the mask is clear or set, as the mirror's int i1 and its float.
HWY_INLINE VI step_int(hn::Mask<D> m) {
  return hn::IfThenElseZero(hn::RebindMask(DI(), m), hn::Set(DI(), 1));
}
HWY_INLINE V step_float(hn::Mask<D> m) {
  return hn::IfThenElseZero(m, hn::Set(D(), 1.0f));  // +0 where clear, as static_cast<real>(0)
}

// perm[index] for each lane (index in 0..511, the doubled table, whose entries are those of
// index & 255). Where the target has byte permutes (AVX-512 VBMI), from the table's 256 entries
// as bytes in four registers: perm_lookup looks up every byte of the index vector, and the low
// byte of each lane is the lane's index & 255 (the other bytes' lookups are dropped); elsewhere
// gathered from the doubled table.
#if HWY_ARCH_X86 && HWY_TARGET == HWY_AVX3_DL
struct simplex_perm {
  perm_registers bytes;
  explicit simplex_perm(const std::int32_t* perm) : bytes(packed(perm).data()) {}
  struct packed {
    alignas(64) std::uint8_t entries[256];
    explicit packed(const std::int32_t* perm) {
      for (int q = 0; q < 4; ++q) {
        const std::int32_t* from = perm + 64 * q;
        __m512i part = _mm512_castsi128_si512(_mm512_cvtepi32_epi8(_mm512_loadu_si512(from)));
        part = _mm512_inserti32x4(part, _mm512_cvtepi32_epi8(_mm512_loadu_si512(from + 16)), 1);
        part = _mm512_inserti32x4(part, _mm512_cvtepi32_epi8(_mm512_loadu_si512(from + 32)), 2);
        part = _mm512_inserti32x4(part, _mm512_cvtepi32_epi8(_mm512_loadu_si512(from + 48)), 3);
        _mm512_store_si512(entries + 64 * q, part);
      }
    }
    const std::uint8_t* data() const { return entries; }
  };
  HWY_INLINE VI operator()(VI index) const {
    const VB entry = perm_lookup(bytes, hn::BitCast(DB(), index));
    return hn::And(hn::BitCast(DI(), entry), hn::Set(DI(), 255));
  }
};
#else
struct simplex_perm {
  const std::int32_t* table;
  explicit simplex_perm(const std::int32_t* perm) : table(perm) {}
  HWY_INLINE VI operator()(VI index) const { return hn::GatherIndex(DI(), table, index); }
};
#endif

// v % 12 for v in 0..255: v - 12 * (v * 171 >> 11), the quotient exact over that range
// (171 / 2048 exceeds 1 / 12 by less than 1 / (12 * 256)).
HWY_INLINE VI mod12(VI v) {
  const DI di;
  const VI q = hn::ShiftRight<11>(hn::Mul(v, hn::Set(di, 171)));
  return hn::Sub(v, hn::Mul(q, hn::Set(di, 12)));
}

HWY_INLINE simplex_cell<2> simplex_cell2(const simplex_perm& perm, V xin, V yin) {
  const D d;
  const DI di;
  const float f2 = detail::simplex_f2<float>(), g2 = detail::simplex_g2<float>();
  const V F2 = hn::Set(d, f2), G2 = hn::Set(d, g2);
  const V s = hn::Mul(hn::Add(xin, yin), F2);
  const VI i = saturating_floor(hn::Add(xin, s));
  const VI j = saturating_floor(hn::Add(yin, s));
  const V t = hn::Mul(hn::ConvertTo(d, hn::Add(i, j)), G2);
  const V X0 = hn::Sub(hn::ConvertTo(d, i), t);
  const V Y0 = hn::Sub(hn::ConvertTo(d, j), t);
  const V x0 = hn::Sub(xin, X0);
  const V y0 = hn::Sub(yin, Y0);
  const auto x_first = hn::Gt(x0, y0);  // i1 = 1, j1 = 0; else i1 = 0, j1 = 1
  const auto y_first = hn::Not(x_first);
  const V one = hn::Set(d, 1.0f), G2x2 = hn::Set(d, 2.0f * g2);
  simplex_cell<2> c;
  c.off[0][0] = x0;
  c.off[0][1] = y0;
  c.off[1][0] = hn::Add(hn::Sub(x0, step_float(x_first)), G2);
  c.off[1][1] = hn::Add(hn::Sub(y0, step_float(y_first)), G2);
  c.off[2][0] = hn::Add(hn::Sub(x0, one), G2x2);
  c.off[2][1] = hn::Add(hn::Sub(y0, one), G2x2);
  const VI byte = hn::Set(di, 255), one_i = hn::Set(di, 1);
  const VI ii = hn::And(i, byte);
  const VI jj = hn::And(j, byte);
  const VI i1 = step_int(x_first);
  // perm[jj + j1] with j1 0 or 1 is one of the two entries every corner reads from.
  const VI pj0 = perm(jj), pj1 = perm(hn::Add(jj, one_i));
  const VI pj = hn::IfThenElse(hn::RebindMask(di, y_first), pj1, pj0);
  c.gi[0] = mod12(perm(hn::Add(ii, pj0)));
  c.gi[1] = mod12(perm(hn::Add(hn::Add(ii, i1), pj)));
  c.gi[2] = mod12(perm(hn::Add(hn::Add(ii, one_i), pj1)));
  return c;
}

HWY_INLINE simplex_cell<3> simplex_cell3(const simplex_perm& perm, V xin, V yin, V zin) {
  const D d;
  const DI di;
  const float f3 = detail::simplex_f3<float>(), g3 = detail::simplex_g3<float>();
  const V F3 = hn::Set(d, f3), G3 = hn::Set(d, g3);
  const V s = hn::Mul(hn::Add(hn::Add(xin, yin), zin), F3);
  const VI i = saturating_floor(hn::Add(xin, s));
  const VI j = saturating_floor(hn::Add(yin, s));
  const VI k = saturating_floor(hn::Add(zin, s));
  const V t = hn::Mul(hn::ConvertTo(d, hn::Add(hn::Add(i, j), k)), G3);
  const V X0 = hn::Sub(hn::ConvertTo(d, i), t);
  const V Y0 = hn::Sub(hn::ConvertTo(d, j), t);
  const V Z0 = hn::Sub(hn::ConvertTo(d, k), t);
  const V x0 = hn::Sub(xin, X0);
  const V y0 = hn::Sub(yin, Y0);
  const V z0 = hn::Sub(zin, Z0);
  const simplex_rank3 rank = simplex_order3(x0, y0, z0);
  const V one = hn::Set(d, 1.0f);
  const V G3x2 = hn::Set(d, 2.0f * g3), G3x3 = hn::Set(d, 3.0f * g3);
  simplex_cell<3> c;
  c.off[0][0] = x0;
  c.off[0][1] = y0;
  c.off[0][2] = z0;
  c.off[1][0] = hn::Add(hn::Sub(x0, step_float(rank.first[0])), G3);
  c.off[1][1] = hn::Add(hn::Sub(y0, step_float(rank.first[1])), G3);
  c.off[1][2] = hn::Add(hn::Sub(z0, step_float(rank.first[2])), G3);
  c.off[2][0] = hn::Add(hn::Sub(x0, step_float(rank.second[0])), G3x2);
  c.off[2][1] = hn::Add(hn::Sub(y0, step_float(rank.second[1])), G3x2);
  c.off[2][2] = hn::Add(hn::Sub(z0, step_float(rank.second[2])), G3x2);
  c.off[3][0] = hn::Add(hn::Sub(x0, one), G3x3);
  c.off[3][1] = hn::Add(hn::Sub(y0, one), G3x3);
  c.off[3][2] = hn::Add(hn::Sub(z0, one), G3x3);
  const VI byte = hn::Set(di, 255), one_i = hn::Set(di, 1);
  const VI ii = hn::And(i, byte);
  const VI jj = hn::And(j, byte);
  const VI kk = hn::And(k, byte);
  // perm[kk + k1] with k1 0 or 1 is one of the two entries every corner reads from.
  const VI pk0 = perm(kk), pk1 = perm(hn::Add(kk, one_i));
  const auto corner = [&](VI i1, VI j1, VI pk) {
    return mod12(perm(hn::Add(hn::Add(ii, i1), perm(hn::Add(hn::Add(jj, j1), pk)))));
  };
  const auto pick = [&](hn::Mask<D> k1) {
    return hn::IfThenElse(hn::RebindMask(di, k1), pk1, pk0);
  };
  c.gi[0] = mod12(perm(hn::Add(ii, perm(hn::Add(jj, pk0)))));
  c.gi[1] = corner(step_int(rank.first[0]), step_int(rank.first[1]), pick(rank.first[2]));
  c.gi[2] = corner(step_int(rank.second[0]), step_int(rank.second[1]), pick(rank.second[2]));
  c.gi[3] = corner(one_i, one_i, pk1);
  return c;
}

HWY_INLINE simplex_cell<4> simplex_cell4(const simplex_perm& perm, V x, V y, V z, V w) {
  const D d;
  const DI di;
  const float f4 = detail::simplex_f4<float>(), g4 = detail::simplex_g4<float>();
  const V F4 = hn::Set(d, f4), G4 = hn::Set(d, g4);
  const V s = hn::Mul(hn::Add(hn::Add(hn::Add(x, y), z), w), F4);
  const VI i = saturating_floor(hn::Add(x, s));
  const VI j = saturating_floor(hn::Add(y, s));
  const VI k = saturating_floor(hn::Add(z, s));
  const VI l = saturating_floor(hn::Add(w, s));
  const V t = hn::Mul(hn::ConvertTo(d, hn::Add(hn::Add(hn::Add(i, j), k), l)), G4);
  const V X0 = hn::Sub(hn::ConvertTo(d, i), t);
  const V Y0 = hn::Sub(hn::ConvertTo(d, j), t);
  const V Z0 = hn::Sub(hn::ConvertTo(d, k), t);
  const V W0 = hn::Sub(hn::ConvertTo(d, l), t);
  const V x0 = hn::Sub(x, X0);
  const V y0 = hn::Sub(y, Y0);
  const V z0 = hn::Sub(z, Z0);
  const V w0 = hn::Sub(w, W0);
  // The six pairwise comparisons, each counting for the first where a > b, else (ties and NaN)
  // for the second.
  const VI zero_i = hn::Zero(di), one_i = hn::Set(di, 1);
  VI rankx = zero_i, ranky = zero_i, rankz = zero_i, rankw = zero_i;
  const auto count = [&](V a, V b, VI& rank_a, VI& rank_b) {
    const auto greater = hn::RebindMask(di, hn::Gt(a, b));
    rank_a = hn::Add(rank_a, hn::IfThenElseZero(greater, one_i));
    rank_b = hn::Add(rank_b, hn::IfThenZeroElse(greater, one_i));
  };
  count(x0, y0, rankx, ranky);
  count(x0, z0, rankx, rankz);
  count(x0, w0, rankx, rankw);
  count(y0, z0, ranky, rankz);
  count(y0, w0, ranky, rankw);
  count(z0, w0, rankz, rankw);
  // Corner n (1..3) steps along the axes of rank >= 4 - n: as ints for the hashes, as floats
  // (0 as +0) for the offsets.
  VI step[4][4];  // [corner - 1][axis]
  const VI ranks[4] = {rankx, ranky, rankz, rankw};
  for (int n = 0; n < 3; ++n) {
    for (int a = 0; a < 4; ++a) {
      step[n][a] = hn::IfThenElseZero(hn::Gt(ranks[a], hn::Set(di, 2 - n)), one_i);
    }
  }
  const V one = hn::Set(d, 1.0f);
  const V G4n[4] = {G4, hn::Set(d, 2.0f * g4), hn::Set(d, 3.0f * g4), hn::Set(d, 4.0f * g4)};
  const V at[4] = {x0, y0, z0, w0};
  simplex_cell<4> c;
  for (int a = 0; a < 4; ++a) {
    c.off[0][a] = at[a];
    for (int n = 0; n < 3; ++n) {
      c.off[n + 1][a] = hn::Add(hn::Sub(at[a], hn::ConvertTo(d, step[n][a])), G4n[n]);
    }
    c.off[4][a] = hn::Add(hn::Sub(at[a], one), G4n[3]);
  }
  const VI byte = hn::Set(di, 255), low5 = hn::Set(di, 31);
  const VI ii = hn::And(i, byte);
  const VI jj = hn::And(j, byte);
  const VI kk = hn::And(k, byte);
  const VI ll = hn::And(l, byte);
  // perm[ll + l1] with l1 0 or 1 is one of the two entries every corner reads from.
  const VI pl0 = perm(ll), pl1 = perm(hn::Add(ll, one_i));
  const auto corner = [&](VI i1, VI j1, VI k1, VI pl) {
    const VI pk = perm(hn::Add(hn::Add(kk, k1), pl));
    const VI pj = perm(hn::Add(hn::Add(jj, j1), pk));
    return hn::And(perm(hn::Add(hn::Add(ii, i1), pj)), low5);  // % 32 of 0..255
  };
  c.gi[0] = corner(zero_i, zero_i, zero_i, pl0);
  for (int n = 0; n < 3; ++n) {
    const VI pl = hn::IfThenElse(hn::Eq(step[n][3], one_i), pl1, pl0);
    c.gi[n + 1] = corner(step[n][0], step[n][1], step[n][2], pl);
  }
  c.gi[4] = corner(one_i, one_i, one_i, pl1);
  return c;
}

// The gradient of each lane's corner, component by component (grad3's x and y in 2D).
template <int dims>
struct simplex_gradient_lanes {
  V g[dims];
};
template <int dims>
HWY_INLINE simplex_gradient_lanes<dims> simplex_gradient(VI gi) {
  const VU index = hn::BitCast(DU(), gi);
  simplex_gradient_lanes<dims> r;
  for (int a = 0; a < dims; ++a) {
    if constexpr (dims == 4) {
      r.g[a] = lookup32(simplex_grad4_columns.axis[a], index);
    } else {
      r.g[a] = lookup16(simplex_grad3_columns.axis[a], index);
    }
  }
  return r;
}

// g.x * x + g.y * y + ..., the products added left to right.
template <int dims>
HWY_INLINE V simplex_dot(const simplex_gradient_lanes<dims>& g, const V* d) {
  V r = hn::Mul(g.g[0], d[0]);
  for (int a = 1; a < dims; ++a) r = hn::Add(r, hn::Mul(g.g[a], d[a]));
  return r;
}

// t = r - x*x - y*y - ..., subtracted left to right.
template <int dims>
HWY_INLINE V simplex_falloff(V r, const V* d) {
  V t = r;
  for (int a = 0; a < dims; ++a) t = hn::Sub(t, hn::Mul(d[a], d[a]));
  return t;
}

// Each corner's t2 * t2 * dot, or +0 where t < 0 (not where t is NaN), summed left to right, then
// scaled.
template <int dims>
HWY_INLINE V simplex_sum(const simplex_cell<dims>& c, float r, float scale) {
  const D d;
  V n[dims + 1];
  for (int corner = 0; corner <= dims; ++corner) {
    const V* off = c.off[corner];
    const V t = simplex_falloff<dims>(hn::Set(d, r), off);
    const simplex_gradient_lanes<dims> g = simplex_gradient<dims>(c.gi[corner]);
    const V t2 = hn::Mul(t, t);
    const V dot = simplex_dot<dims>(g, off);
    n[corner] = hn::IfThenZeroElse(hn::Lt(t, hn::Zero(d)), hn::Mul(hn::Mul(t2, t2), dot));
  }
  V sum = n[0];
  for (int corner = 1; corner <= dims; ++corner) sum = hn::Add(sum, n[corner]);
  return hn::Mul(hn::Set(d, scale), sum);
}

HWY_INLINE V simplex_noise2(const std::int32_t* perm, V x, V y) {
  return simplex_sum<2>(simplex_cell2(simplex_perm(perm), x, y), 0.5f, 70.0f);
}

HWY_INLINE V simplex_noise3(const std::int32_t* perm, V x, V y, V z) {
  return simplex_sum<3>(simplex_cell3(simplex_perm(perm), x, y, z), 0.6f, 32.0f);
}

HWY_INLINE V simplex_noise4(const std::int32_t* perm, V x, V y, V z, V w) {
  return simplex_sum<4>(simplex_cell4(simplex_perm(perm), x, y, z, w), 0.6f, 27.0f);
}

// Simplex noise of each lane's point in `dims` dimensions (2, 3 or 4; the axes past dims are
// ignored), bit for bit detail::simplex_noise2/3/4<float>. perm is the doubled 512-entry table.
template <int dims>
HWY_INLINE V simplex_noise(const std::int32_t* perm, V x, V y, [[maybe_unused]] V z,
                           [[maybe_unused]] V w) {
  static_assert(dims >= 2 && dims <= 4, "simplex noise has 2, 3 or 4 dimensions");
  if constexpr (dims == 2) return simplex_noise2(perm, x, y);
  if constexpr (dims == 3) return simplex_noise3(perm, x, y, z);
  if constexpr (dims == 4) return simplex_noise4(perm, x, y, z, w);
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_SIMPLEX_NOISE_INL_H_
