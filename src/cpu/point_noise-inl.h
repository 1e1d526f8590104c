// The point kernels' lanes: each lane one point, with its own cells on every axis. First the
// host-side reduction of reduce_point (octave_position, then reduce_coordinate) in double, then the
// basis noise of src/core/improved_noise.hpp in float: same names, same order, same operations as
// the scalar templates, so every lane is bit for bit sample_mirror's value. Never use MulAdd or
// other fused operations here: the mirror rounds every multiply and add on its own.
//
// Per-target code (Highway's -inl.h convention): included by eval_points.cpp once per target.
#if defined(VKNOISE_CPU_POINT_NOISE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_POINT_NOISE_INL_H_
#undef VKNOISE_CPU_POINT_NOISE_INL_H_
#else
#define VKNOISE_CPU_POINT_NOISE_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <hwy/highway.h>
#include "cpu/field_plan.hpp"  // lane_padding, byte_lane_padding
#include "cpu/improved_noise-inl.h"
#include "cpu/point_plan.hpp"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DD = hn::ScalableTag<double>;
using VD = hn::Vec<DD>;
using VI = hn::Vec<DI>;

// Where the target has byte permutes (AVX-512 VBMI), the hash chains run in byte lanes, 64 points
// at a time, where a gather fetches 16 hashes; elsewhere one vector of points at a time, gathers.
#if HWY_ARCH_X86 && HWY_TARGET == HWY_AVX3_DL
inline constexpr std::size_t group_vectors = 4;  // 4 x 16 float lanes: one vector of bytes
inline constexpr bool byte_lanes = true;
#else
inline constexpr std::size_t group_vectors = 1;
inline constexpr bool byte_lanes = false;
#endif

// Where Floor is an instruction (SSE4 and later), it gives -0 for -0, and x - floor(x) is +0 for
// x = -0 as in the mirror; elsewhere it is emulated, may give +0, and the fraction is then made +0
// by adding +0 (which leaves every other fraction as it is).
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_SSE4
inline constexpr bool exact_floor_of_zero = true;
#else
inline constexpr bool exact_floor_of_zero = false;
#endif

// One group of points (group_vectors vectors of them), axis by axis: the positions (as given,
// double or float), and one octave's lattice coordinates (cell and next as table indices, frac) as
// reduce_point gives them.
template <class real>
struct point_block {
  alignas(64) real position[4][byte_lane_padding];
  alignas(64) std::int32_t cell[4][byte_lane_padding];
  alignas(64) std::int32_t next[4][byte_lane_padding];
  alignas(64) float frac[4][byte_lane_padding];
  // Per axis: whether its cells wrap at 256, next being cell + 1 mod 256. With byte lanes, next is
  // then made from cell in bytes and not stored; and cell and next hold only their low byte right
  // (the bytes are what the hashes read).
  bool wraps_at_256[4];
};

// --- reduce_point, one octave of one axis ----------------------------------------------------

// octave_position's fmod(x, period), moved into [0, period) by adding the period when negative.
// The floor of the rounded quotient is the true one or one more: with the true one, x - q * period
// is the remainder rounded once, exactly as fmod(x, period) (exact) + period is rounded; with one
// more it is the exact negative remainder that fmod gives, which then gets the same + period.
HWY_INLINE VD positive_remainder(VD x, VD period) {
  const DD dd;
  const VD q = hn::Floor(hn::Div(x, period));
  const VD r = hn::Sub(x, hn::Mul(q, period));
  return hn::IfThenElse(hn::Lt(r, hn::Zero(dd)), hn::Add(r, period), r);
}

// floored mod period for integral floored and period (|floored| <= 2^31, period <= 2^31): every
// value involved is an integer below 2^53, so exact; the quotient guessed from the rounded
// reciprocal may be one off either way, which the remainder's range then corrects.
HWY_INLINE VD integer_remainder(VD floored, VD period, VD inverse_period) {
  const DD dd;
  const VD q = hn::Floor(hn::Mul(floored, inverse_period));
  VD m = hn::Sub(floored, hn::Mul(q, period));
  m = hn::IfThenElse(hn::Lt(m, hn::Zero(dd)), hn::Add(m, period), m);
  return hn::IfThenElse(hn::Ge(m, period), hn::Sub(m, period), m);
}

// (cell + 1) % period for a cell in [0, period).
HWY_INLINE VD next_cell(VD cell, VD period) {
  const VD next = hn::Add(cell, hn::Set(DD(), 1.0));
  return hn::IfThenZeroElse(hn::Eq(next, period), next);
}

// Lanes(DD) coordinates as doubles: loaded, or widened from floats (exactly).
HWY_INLINE VD load_double(const double* at) {
  return hn::LoadU(DD(), at);
}
HWY_INLINE VD load_double(const float* at) {
  return hn::PromoteTo(DD(), hn::LoadU(hn::Rebind<float, DD>(), at));
}

// The lattice coordinates of Lanes(DD) lanes: cell and next (mod 256), frac.
using DIH = hn::Rebind<std::int32_t, DD>;
using DFH = hn::Rebind<float, DD>;
struct reduced_lanes {
  hn::Vec<DIH> cell, next;
  hn::Vec<DFH> frac;
};

// reduce_coordinate(octave_position(noise, axis, o, x), octave_period(noise, axis, o)) for
// Lanes(DD) coordinates, in double vectors.
template <class real>
HWY_INLINE reduced_lanes reduce_in_double(const octave_axis& k, const real* position) {
  const DD dd;
  const DFH df;
  const DIH di;
  const VD period = hn::Set(dd, k.cell_period), inverse = hn::Set(dd, k.inverse_cell_period);
  const auto one = hn::Set(di, 1), low_byte = hn::Set(di, 255);
  (void)low_byte;
  // octave_position.
  VD x = load_double(position);
  if (k.period > 0) x = positive_remainder(x, hn::Set(dd, k.period));
  if (k.scale != 1.0) x = hn::Mul(x, hn::Set(dd, k.scale));  // x * 1 is x, -0 included
  if (k.has_offset) x = hn::Add(x, hn::Set(dd, k.offset));
  // reduce_coordinate: the cell modulo the period and the exact fraction rounded to float; a
  // fraction that rounds to 1.0f moves to the next cell with fraction 0.
  const VD floored = hn::Floor(x);
  VD exact = hn::Sub(x, floored);
  if constexpr (!exact_floor_of_zero) exact = hn::Add(exact, hn::Zero(dd));
  const auto f = hn::DemoteTo(df, exact);
  const auto rolled = hn::Ge(f, hn::Set(df, 1.0f));
  hn::Vec<DIH> c, n;
  if (k.period == 0) {
    // The cells wrap at 256: the low byte of the integral cell (|floored| <= 2^31), as two's
    // complement makes it for negative cells too.
    c = hn::DemoteTo(di, floored);
    c = hn::IfThenElse(hn::RebindMask(di, rolled), hn::Add(c, one), c);
    n = hn::Add(c, one);
  } else {
    VD cd = integer_remainder(floored, period, inverse);
    cd = hn::IfThenElse(hn::Ge(hn::PromoteTo(dd, f), hn::Set(dd, 1.0)), next_cell(cd, period), cd);
    c = hn::DemoteTo(di, cd);
    n = hn::DemoteTo(di, next_cell(cd, period));
  }
  if constexpr (!byte_lanes) {
    c = hn::And(c, low_byte);
    n = hn::And(n, low_byte);
  }
  return {c, n, hn::IfThenZeroElse(rolled, f)};
}

// One vector of lanes (Lanes(D)) reduced in double, stored as whole vectors: the two halves are
// joined in registers first, as a full-width load of two half-width stores would wait for them.
template <class real>
HWY_INLINE void reduce_vector_in_double(const octave_axis& k, const real* position,
                                        std::int32_t* cell, std::int32_t* next, float* frac) {
#if HWY_TARGET == HWY_SCALAR
  const reduced_lanes r = reduce_in_double(k, position);
  hn::StoreU(r.cell, DIH(), cell);
  hn::StoreU(r.next, DIH(), next);
  hn::StoreU(r.frac, DFH(), frac);
#else
  static_assert(std::is_same_v<DFH, hn::Half<D> >, "two double vectors make a float vector");
  const reduced_lanes low = reduce_in_double(k, position);
  const reduced_lanes high = reduce_in_double(k, position + hn::Lanes(DD()));
  hn::StoreU(hn::Combine(DI(), high.cell, low.cell), DI(), cell);
  if (!byte_lanes || k.period != 0) hn::StoreU(hn::Combine(DI(), high.next, low.next), DI(), next);
  hn::StoreU(hn::Combine(D(), high.frac, low.frac), D(), frac);
#endif
}

// The same for one vector of float coordinates x of an axis with k.float_reduction, in float.
//
// Why that is the double reduction, bit for bit, where p = x * 2^e (e >= 0) and |p| < 2^31 (the
// domain's bound, checked before any point is computed):
// - p is exact in float as in double (a float times a power of two that stays below 2^31), so
//   octave_position gives p, widened, with no period or offset to add.
// - Where |p| >= 2^23, p is an integer: both floors are p, both fractions p - p = +0 (no roll), and
//   the cells are the low byte of p, an int32 exactly (|p| < 2^31).
// - Else floor(p) is an integer of magnitude <= 2^23: a float, so both floors are the same number,
//   and so are the cells (its low byte, the next one after it). The exact fraction
//   f = p - floor(p) lies in [0, 1) and is a multiple of ulp(p). Where ulp(p) >= 2^-53 it has at
//   most 53 significant bits: the double subtraction gives f exactly and its rounding to float is
//   f rounded once, which is what the float subtraction (of exact operands) gives. Where
//   ulp(p) < 2^-53, |p| < 2^-29: for p >= 0 the fraction is p itself, exact in both; for p < 0 it
//   is 1 - |p|, in (1 - 2^-29, 1), which the double subtraction rounds into [1 - 2^-29, 1] and
//   then to 1.0f, the float subtraction to 1.0f directly (the nearest float below 1 is 1 - 2^-24,
//   the midpoint 1 - 2^-25).
// - The same float fraction then makes the same roll to the next cell at 1.0f. -0 gives +0 in
//   both (-0 - -0, or the same + 0 as in double where Floor is emulated).
HWY_INLINE void reduce_in_float(const octave_axis& k, const float* position, std::int32_t* cell,
                                std::int32_t* next, float* frac) {
  const D d;
  const DI di;
  V p = hn::LoadU(d, position);
  if (k.float_scale != 1.0f) p = hn::Mul(p, hn::Set(d, k.float_scale));
  const V floored = hn::Floor(p);
  V f = hn::Sub(p, floored);
  if constexpr (!exact_floor_of_zero) f = hn::Add(f, hn::Zero(d));
  const auto rolled = hn::Ge(f, hn::Set(d, 1.0f));
  const VI one = hn::Set(di, 1), low_byte = hn::Set(di, 255);
  VI c = hn::ConvertTo(di, floored);
  c = hn::IfThenElse(hn::RebindMask(di, rolled), hn::Add(c, one), c);
  if constexpr (byte_lanes) {
    hn::StoreU(c, di, cell);  // its low byte is the cell; next is made from it in bytes
  } else {
    hn::StoreU(hn::And(c, low_byte), di, cell);
    hn::StoreU(hn::And(hn::Add(c, one), low_byte), di, next);
  }
  hn::StoreU(hn::IfThenZeroElse(rolled, f), d, frac);
}

// One axis of a group's points: float coordinates of an axis with k.float_reduction in float, the
// others in double.
template <class real>
HWY_INLINE void reduce_axis(const octave_axis& k, const real* position, std::int32_t* cell,
                            std::int32_t* next, float* frac) {
  const std::size_t n = hn::Lanes(D());
  for (std::size_t i = 0; i < group_vectors * n; i += n) {
    if constexpr (std::is_same_v<real, float>) {
      if (k.float_reduction) {
        reduce_in_float(k, position + i, cell + i, next + i, frac + i);
        continue;
      }
    }
    reduce_vector_in_double(k, position + i, cell + i, next + i, frac + i);
  }
}

template <int dims, class real>
HWY_INLINE void reduce_octave(const point_plan& p, int octave, point_block<real>& b) {
  for (int axis = 0; axis < dims; ++axis) {
    const octave_axis& k = p.axis[octave][axis];
    b.wraps_at_256[axis] = k.period == 0;
    reduce_axis(k, b.position[axis], b.cell[axis], b.next[axis], b.frac[axis]);
  }
}

// --- The basis noise ---------------------------------------------------------------------------

HWY_INLINE V fade(V t) {
  const D d;
  return hn::Mul(hn::Mul(hn::Mul(t, t), t),
                 hn::Add(hn::Mul(t, hn::Sub(hn::Mul(t, hn::Set(d, 6.0f)), hn::Set(d, 15.0f))),
                         hn::Set(d, 10.0f)));
}

// v, or -v (its sign bit flipped, as unary minus does) in the lanes whose `sign` has bit 31 set.
HWY_INLINE V negate_where(V v, VI sign) {
  return hn::Xor(v, hn::BitCast(D(), sign));
}

// v, or -v in the lanes whose `bit` has bit 31 clear: v ^ (~bit & sign bit), in one ternary
// logic instruction where the target has it.
HWY_INLINE V negate_where_clear(V v, VI bit) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
  // Truth table of a ^ (~b & c) for a = 0xF0, b = 0xCC, c = 0xAA.
  const __m512i sign = _mm512_set1_epi32(static_cast<int>(0x80000000u));
  return V{_mm512_castsi512_ps(
      _mm512_ternarylogic_epi32(_mm512_castps_si512(v.raw), bit.raw, sign, 0xD2))};
#else
  const DI di;
  return hn::Xor(
      v, hn::BitCast(D(), hn::AndNot(bit, hn::Set(di, static_cast<std::int32_t>(0x80000000u)))));
#endif
}

HWY_INLINE V grad1(VI hash, V x) {
  return negate_where(x, hn::ShiftLeft<31>(hash));  // (hash & 1) == 0 ? x : -x
}

HWY_INLINE V grad3(VI hash, V x, V y, V z) {
  const D d;
  const DI di;
  const VI h = hn::And(hash, hn::Set(di, 15));
  const V u = hn::IfThenElse(hn::RebindMask(d, hn::Lt(h, hn::Set(di, 8))), x, y);
  const auto v_is_x = hn::Or(hn::Eq(h, hn::Set(di, 12)), hn::Eq(h, hn::Set(di, 14)));
  const V v = hn::IfThenElse(hn::RebindMask(d, hn::Lt(h, hn::Set(di, 4))), y,
                             hn::IfThenElse(hn::RebindMask(d, v_is_x), x, z));
  return hn::Add(negate_where(u, hn::ShiftLeft<31>(h)),
                 negate_where(v, hn::ShiftLeft<30>(hn::And(h, hn::Set(di, 2)))));
}

// grad4 (Perlin's selection) or grad4_balanced: h >> 3 picks (a, b, c), each negated where its
// bit (4, 2, 1) is clear, added left to right.
template <bool balanced>
HWY_INLINE V grad4(VI hash, V x, V y, V z, V w) {
  const D d;
  const DI di;
  const VI h = hn::And(hash, hn::Set(di, 31));
  const VI choice = hn::ShiftRight<3>(h);
  const auto is = [&](int c) HWY_ATTR { return hn::RebindMask(d, hn::Eq(choice, hn::Set(di, c))); };
  V a, b, c;
  if constexpr (balanced) {  // 0: (y, z, w), 1: (x, z, w), 2: (x, y, w), 3: (x, y, z)
    a = hn::IfThenElse(is(0), y, x);
    b = hn::IfThenElse(hn::Or(is(0), is(1)), z, y);
    c = hn::IfThenElse(is(3), z, w);
  } else {  // 0 and 3: (y, z, w), 1: (w, x, y), 2: (z, w, x)
    a = hn::IfThenElse(is(1), w, hn::IfThenElse(is(2), z, y));
    b = hn::IfThenElse(is(1), x, hn::IfThenElse(is(2), w, z));
    c = hn::IfThenElse(is(1), y, hn::IfThenElse(is(2), x, w));
  }
  const V sa = negate_where_clear(a, hn::ShiftLeft<29>(h));
  const V sb = negate_where_clear(b, hn::ShiftLeft<30>(h));
  const V sc = negate_where_clear(c, hn::ShiftLeft<31>(h));
  return hn::Add(hn::Add(sa, sb), sc);
}

// improved_corners*: the hash chains axis by axis. After axis a the first 2^(a+1) entries are
// perm[(hash so far) + cell or next of axis a], corner i taking next where its bit a is set (x
// fastest), which is the mirror's order A, B, AB, BB, AA, BA, ... ImprovedNoise2D hashes like
// noise3 with z cell 0, one more perm[.. + 0] per corner.
template <int dims>
HWY_INLINE void corner_hashes(const std::int32_t* perm, const VI* cell, const VI* next, VI* h) {
  const DI di;
  const auto at = [&](VI index) HWY_ATTR { return hn::GatherIndex(di, perm, index); };
  h[0] = at(cell[0]);
  h[1] = at(next[0]);
  int count = 2;
  for (int axis = 1; axis < dims; ++axis) {
    for (int i = 0; i < count; ++i) {
      h[i + count] = at(hn::Add(h[i], next[axis]));
      h[i] = at(hn::Add(h[i], cell[axis]));
    }
    count *= 2;
  }
  if constexpr (dims == 2) {
    for (int i = 0; i < 4; ++i) h[i] = at(h[i]);
  }
}

// grad3 and grad4_balanced as sums of products with per-axis factors (point_plan.hpp's
// gradient_factors): where the target looks up 16 or 32 floats in registers, three or four
// lookups, multiplies and adds cost less than the selections above. Bit for bit the same: each
// present axis's factor is +-1, whose product is the offset or its exact negation; the absent
// axis's is the signed zero that makes its product -0 (its offset is >= +0 on side 0, < 0 on side
// 1); and adding -0 changes nothing (v + -0 is v, -0 and +0 included), so what remains is the
// mirror's sum of the present terms in the mirror's order (grad3's u + v is x + y when u is y and v
// is x, one addition commuted, which is exact).
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
inline constexpr bool gradients_by_factors = true;
#else
inline constexpr bool gradients_by_factors = false;
#endif

// (x * fx[h] + y * fy[h]) + z * fz[h], the factors of corner `corner`'s sides.
HWY_INLINE V grad3_by_factors(const gradient_factors& g, int corner, VI hash, const V* offset) {
  const VU h = hn::BitCast(DU(), hash);
  const auto term = [&](int axis) HWY_ATTR {
    return hn::Mul(offset[axis], lookup16(g.grad3[axis][(corner >> axis) & 1], h));
  };
  return hn::Add(hn::Add(term(0), term(1)), term(2));
}

// ((x * fx[h] + y * fy[h]) + z * fz[h]) + w * fw[h].
HWY_INLINE V grad4_balanced_by_factors(const gradient_factors& g, int corner, VI hash,
                                       const V* offset) {
  const VU h = hn::BitCast(DU(), hash);
  const auto term = [&](int axis) HWY_ATTR {
    return hn::Mul(offset[axis], lookup32(g.grad4_balanced[axis][(corner >> axis) & 1], h));
  };
  return hn::Add(hn::Add(hn::Add(term(0), term(1)), term(2)), term(3));
}

// The corner gradient: grad1, ImprovedNoise2D's grad3 with z = +0, grad3, grad4 or
// grad4_balanced; by factors where the target has them and `g` is given.
template <int dims, bool balanced, bool by_factors>
HWY_INLINE V gradient(const gradient_factors* g, int corner, VI hash, const V* offset) {
  if constexpr (dims == 1) return grad1(hash, offset[0]);
  if constexpr (dims == 2 || dims == 3) {
    if constexpr (by_factors) return grad3_by_factors(*g, corner, hash, offset);
    return grad3(hash, offset[0], offset[1], offset[2]);
  }
  if constexpr (dims == 4) {
    if constexpr (by_factors && balanced) {
      return grad4_balanced_by_factors(*g, corner, hash, offset);
    }
    return grad4<balanced>(hash, offset[0], offset[1], offset[2], offset[3]);
  }
}

// The gradient of corner `corner` (bit a set: side 1 on axis a), its offsets picked at compile
// time.
template <int dims, bool balanced, bool by_factors, int corner>
HWY_INLINE V corner_gradient(const gradient_factors* g, VI hash, const V (&side)[2][4]) {
  V offset[4];
  for (int axis = 0; axis < dims; ++axis) offset[axis] = side[(corner >> axis) & 1][axis];
  if constexpr (dims == 2) offset[2] = side[0][2];
  return gradient<dims, balanced, by_factors>(g, corner, hash, offset);
}

// The lerps over the corners `first` + (bits 0 .. axis), axis `axis` outermost: depth first, so
// that only one partial value per axis is live at a time (the mirror's nesting and operations;
// the order the independent corners are computed in changes nothing).
template <int dims, bool balanced, bool by_factors, int axis, int first>
HWY_INLINE V lerped_corners(const gradient_factors* g, const VI* h, const V (&side)[2][4],
                            const V* fades) {
  if constexpr (axis < 0) {
    return corner_gradient<dims, balanced, by_factors, first>(g, h[first], side);
  } else {
    const V low = lerped_corners<dims, balanced, by_factors, axis - 1, first>(g, h, side, fades);
    const V high = lerped_corners<dims, balanced, by_factors, axis - 1, first + (1 << axis)>(
        g, h, side, fades);
    return lerp(fades[axis], low, high);
  }
}

// improved_noise1 .. improved_noise4 from the corners' hashes and the lanes' fractions: the
// corners' gradients, then lerps along x, y, z and w in turn (the mirror's nesting, innermost x).
// 2D passes z = +0 on side 0, as ImprovedNoise2D does.
template <int dims, bool balanced, bool by_factors = gradients_by_factors>
HWY_INLINE V noise_of_hashes(const gradient_factors* g, const VI* h, const V* frac) {
  V side[2][4], fades[4];  // side 0: frac, side 1: frac - 1
  for (int axis = 0; axis < dims; ++axis) {
    side[0][axis] = frac[axis];
    side[1][axis] = hn::Sub(frac[axis], hn::Set(D(), 1.0f));
    fades[axis] = fade(frac[axis]);
  }
  if constexpr (dims == 2) side[0][2] = hn::Zero(D());
  return lerped_corners<dims, balanced, by_factors, dims - 1, 0>(g, h, side, fades);
}

// improved_noise1 .. improved_noise4 at the lanes' lattice coordinates (cell and next as table
// indices, frac, per axis), the hashes gathered: for the graph kernels' noise nodes.
template <int dims, bool balanced>
HWY_INLINE V lattice_noise(const std::int32_t* perm, const VI* cell, const VI* next,
                           const V* frac) {
  VI h[1 << dims];
  corner_hashes<dims>(perm, cell, next, h);
  return noise_of_hashes<dims, balanced, false>(nullptr, h, frac);
}

// What one octave's noise reads besides the block: the table (and its registers) and the factors.
struct point_tables {
  const point_plan& plan;
#if HWY_ARCH_X86 && HWY_TARGET == HWY_AVX3_DL
  perm_registers perm;
  explicit point_tables(const point_plan& p) : plan(p), perm(p.perm_bytes) {}
#else
  explicit point_tables(const point_plan& p) : plan(p) {}
#endif
};

#if HWY_ARCH_X86 && HWY_TARGET == HWY_AVX3_DL
// 64 cells of one axis (int32 lanes below 256) as bytes.
HWY_INLINE VB cell_bytes(const std::int32_t* cells) {
  const auto part = [&](int i) HWY_ATTR {
    return _mm512_cvtepi32_epi8(_mm512_loadu_si512(cells + 16 * i));
  };
  __m512i v = _mm512_castsi128_si512(part(0));
  v = _mm512_inserti32x4(v, part(1), 1);
  v = _mm512_inserti32x4(v, part(2), 2);
  v = _mm512_inserti32x4(v, part(3), 3);
  return VB{v};
}

// corner_hashes for the group's 64 points in byte lanes: perm[(hash so far) + cell] through the
// doubled table is perm_bytes[(hash + cell) & 255], the byte sum wrapping as the index does.
template <int dims, class real>
HWY_INLINE void byte_corner_hashes(const perm_registers& perm, const point_block<real>& b,
                                   std::uint8_t (*out)[byte_lane_padding]) {
  const DB db;
  VB cell[4], next[4], h[1 << dims];
  for (int axis = 0; axis < dims; ++axis) {
    cell[axis] = cell_bytes(b.cell[axis]);
    next[axis] =
        b.wraps_at_256[axis] ? hn::Add(cell[axis], hn::Set(db, 1)) : cell_bytes(b.next[axis]);
  }
  h[0] = perm_lookup(perm, cell[0]);
  h[1] = perm_lookup(perm, next[0]);
  int count = 2;
  for (int axis = 1; axis < dims; ++axis) {
    for (int i = 0; i < count; ++i) {
      h[i + count] = perm_lookup(perm, hn::Add(h[i], next[axis]));
      h[i] = perm_lookup(perm, hn::Add(h[i], cell[axis]));
    }
    count *= 2;
  }
  if constexpr (dims == 2) {
    for (int i = 0; i < 4; ++i) h[i] = perm_lookup(perm, h[i]);
  }
  for (int i = 0; i < (1 << dims); ++i) hn::Store(h[i], db, out[i]);
}

// One octave's noise at the group's points: the hashes of all 64 in byte lanes, then each vector
// of 16 with its hashes widened to 32-bit lanes.
template <int dims, bool balanced, class real>
HWY_INLINE void octave_noise(const point_tables& t, const point_block<real>& b, V* noise) {
  constexpr int corners = 1 << dims;
  alignas(64) std::uint8_t hashes[corners][byte_lane_padding];
  byte_corner_hashes<dims>(t.perm, b, hashes);
  const D d;
  for (std::size_t s = 0; s < group_vectors; ++s) {
    VI h[corners];
    for (int i = 0; i < corners; ++i) {
      h[i] = VI{_mm512_cvtepu8_epi32(
          _mm_load_si128(reinterpret_cast<const __m128i*>(hashes[i] + 16 * s)))};
    }
    V frac[4];
    for (int axis = 0; axis < dims; ++axis) frac[axis] = hn::Load(d, b.frac[axis] + 16 * s);
    noise[s] = noise_of_hashes<dims, balanced>(&t.plan.factors, h, frac);
  }
}
#else
// One octave's noise at the group's points (one vector): the corner hashes gathered.
template <int dims, bool balanced, class real>
HWY_INLINE void octave_noise(const point_tables& t, const point_block<real>& b, V* noise) {
  const D d;
  const DI di;
  VI cell[4], next[4], h[1 << dims];
  V frac[4];
  for (int axis = 0; axis < dims; ++axis) {
    cell[axis] = hn::Load(di, b.cell[axis]);
    next[axis] = hn::Load(di, b.next[axis]);
    frac[axis] = hn::Load(d, b.frac[axis]);
  }
  corner_hashes<dims>(t.plan.perm, cell, next, h);
  noise[0] = noise_of_hashes<dims, balanced>(&t.plan.factors, h, frac);
}
#endif

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_POINT_NOISE_INL_H_
