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

#include <hwy/highway.h>
#include "cpu/field_plan.hpp"  // lane_padding
#include "cpu/improved_noise-inl.h"
#include "cpu/point_plan.hpp"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DD = hn::ScalableTag<double>;
using VD = hn::Vec<DD>;
using VI = hn::Vec<DI>;

// One vector of points (Lanes(D) of them), axis by axis: the positions, and one octave's lattice
// coordinates (cell and next as table indices, frac) as reduce_point gives them.
struct point_block {
  alignas(64) double position[4][lane_padding];
  alignas(64) std::int32_t cell[4][lane_padding];
  alignas(64) std::int32_t next[4][lane_padding];
  alignas(64) float frac[4][lane_padding];
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

// reduce_coordinate(octave_position(noise, axis, o, x), octave_period(noise, axis, o)) for the
// Lanes(D) positions of one axis, in double vectors, as cell and next (mod 256) and frac.
HWY_INLINE void reduce_axis(const octave_axis& k, const double* position, std::int32_t* cell,
                            std::int32_t* next, float* frac) {
  const DD dd;
  const hn::Rebind<float, DD> df;
  const hn::Rebind<std::int32_t, DD> di;
  const VD period = hn::Set(dd, k.cell_period), inverse = hn::Set(dd, k.inverse_cell_period);
  const auto one = hn::Set(di, 1), low_byte = hn::Set(di, 255);
  for (std::size_t i = 0; i < hn::Lanes(D()); i += hn::Lanes(dd)) {
    // octave_position.
    VD x = hn::LoadU(dd, position + i);
    if (k.period > 0) x = positive_remainder(x, hn::Set(dd, k.period));
    x = hn::Mul(x, hn::Set(dd, k.scale));
    if (k.has_offset) x = hn::Add(x, hn::Set(dd, k.offset));
    // reduce_coordinate: the cell modulo the period and the exact fraction rounded to float; a
    // fraction that rounds to 1.0f moves to the next cell with fraction 0.
    const VD floored = hn::Floor(x);
    // x - floor(x) is +0 for x = -0 in the mirror (-0 - -0); a target without a rounding
    // instruction emulates Floor(-0) as +0, giving -0 - +0 = -0, which + 0.0 makes +0 again (and
    // leaves every other fraction as it is).
    const auto f = hn::DemoteTo(df, hn::Add(hn::Sub(x, floored), hn::Zero(dd)));
    const auto rolled = hn::Ge(f, hn::Set(df, 1.0f));
    hn::Vec<decltype(di)> c, n;
    if (k.period == 0) {
      // The cells wrap at 256: the low byte of the integral cell (|floored| <= 2^31), as two's
      // complement makes it for negative cells too.
      c = hn::DemoteTo(di, floored);
      c = hn::IfThenElse(hn::RebindMask(di, rolled), hn::Add(c, one), c);
      n = hn::Add(c, one);
    } else {
      VD cd = integer_remainder(floored, period, inverse);
      cd =
          hn::IfThenElse(hn::Ge(hn::PromoteTo(dd, f), hn::Set(dd, 1.0)), next_cell(cd, period), cd);
      c = hn::DemoteTo(di, cd);
      n = hn::DemoteTo(di, next_cell(cd, period));
    }
    hn::StoreU(hn::And(c, low_byte), di, cell + i);
    hn::StoreU(hn::And(n, low_byte), di, next + i);
    hn::StoreU(hn::IfThenZeroElse(rolled, f), df, frac + i);
  }
}

template <int dims>
HWY_INLINE void reduce_octave(const point_plan& p, int octave, point_block& b) {
  for (int axis = 0; axis < dims; ++axis) {
    reduce_axis(p.axis[octave][axis], b.position[axis], b.cell[axis], b.next[axis], b.frac[axis]);
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
  const V sa = negate_where(a, hn::ShiftLeft<29>(hn::AndNot(h, hn::Set(di, 4))));
  const V sb = negate_where(b, hn::ShiftLeft<30>(hn::AndNot(h, hn::Set(di, 2))));
  const V sc = negate_where(c, hn::ShiftLeft<31>(hn::AndNot(h, hn::Set(di, 1))));
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

// The corner gradient: grad1, ImprovedNoise2D's grad3 with z = 0, grad3, grad4 or grad4_balanced.
template <int dims, bool balanced>
HWY_INLINE V gradient(VI hash, const V* offset) {
  if constexpr (dims == 1) return grad1(hash, offset[0]);
  if constexpr (dims == 2) return grad3(hash, offset[0], offset[1], hn::Zero(D()));
  if constexpr (dims == 3) return grad3(hash, offset[0], offset[1], offset[2]);
  if constexpr (dims == 4) return grad4<balanced>(hash, offset[0], offset[1], offset[2], offset[3]);
}

// improved_noise1 .. improved_noise4 at the lanes' lattice coordinates (cell and next as table
// indices, frac, per axis): the corners' gradients, then lerps along x, y, z and w in turn (the
// mirror's nesting, innermost x).
template <int dims, bool balanced>
HWY_INLINE V lattice_noise(const std::int32_t* perm, const VI* cell, const VI* next,
                           const V* frac) {
  constexpr int corners = 1 << dims;
  VI h[corners];
  corner_hashes<dims>(perm, cell, next, h);
  V side[2][4], fades[4];  // side 0: frac, side 1: frac - 1
  for (int axis = 0; axis < dims; ++axis) {
    side[0][axis] = frac[axis];
    side[1][axis] = hn::Sub(frac[axis], hn::Set(D(), 1.0f));
    fades[axis] = fade(frac[axis]);
  }
  V g[corners];
  for (int i = 0; i < corners; ++i) {
    V offset[4];
    for (int axis = 0; axis < dims; ++axis) offset[axis] = side[(i >> axis) & 1][axis];
    g[i] = gradient<dims, balanced>(h[i], offset);
  }
  for (int axis = 0, count = corners / 2; axis < dims; ++axis, count /= 2) {
    for (int j = 0; j < count; ++j) g[j] = lerp(fades[axis], g[2 * j], g[2 * j + 1]);
  }
  return g[0];
}

// lattice_noise at a point_block's coordinates.
template <int dims, bool balanced>
HWY_INLINE V point_noise(const std::int32_t* perm, const point_block& b) {
  const D d;
  const DI di;
  VI cell[4], next[4];
  V frac[4];
  for (int axis = 0; axis < dims; ++axis) {
    cell[axis] = hn::LoadU(di, b.cell[axis]);
    next[axis] = hn::LoadU(di, b.next[axis]);
    frac[axis] = hn::LoadU(d, b.frac[axis]);
  }
  return lattice_noise<dims, balanced>(perm, cell, next, frac);
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_POINT_NOISE_INL_H_
