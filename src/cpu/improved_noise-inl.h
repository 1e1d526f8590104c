// The SIMD twins of src/core/improved_noise.hpp, one sample per lane along a row: same names,
// same order, same float operations as the scalar templates. What differs is only where the work
// happens: everything that does not depend on x was done per row (row_tables.hpp), fade(x) per
// field (field_plan.hpp), with the scalar functions themselves. Never use MulAdd or other fused
// operations here: the mirror rounds every multiply and add on its own.
//
// Per-target code (Highway's -inl.h convention): included by fill_rows.cpp once per target.
#if defined(VKNOISE_CPU_IMPROVED_NOISE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_IMPROVED_NOISE_INL_H_
#undef VKNOISE_CPU_IMPROVED_NOISE_INL_H_
#else
#define VKNOISE_CPU_IMPROVED_NOISE_INL_H_
#endif

#include <cstddef>

#include <hwy/highway.h>
#include "cpu/field_plan.hpp"
#include "cpu/row_tables.hpp"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Corner hashes of one vector of samples: the row's hash words of each lane's cell (x side 0)
// and next cell (x side 1), and the x offsets and x fade.
struct lanes_x {
  VU side_word[2][2];  // [x side][word]
  V offset[2];         // x0, x1
  V u;                 // fade(x0)
};

// The hash words at the lanes' slots: from the samples' window (field_plan.hpp), or gathered
// from the whole table where they spread wider.
HWY_INLINE VU hash_words(const std::uint32_t* table, std::int32_t window, hn::Vec<DI> slot) {
  if (window >= 0) return hash_word(table + window, slot);
  return hn::GatherIndex(DU(), table, slot);
}

HWY_INLINE lanes_x load_x(const x_octave& x, const row_tables& t, std::size_t i, bool two_words) {
  const DI di;
  lanes_x l;
  const std::int32_t window = x.window[i / lane_padding];
  const auto cell = hn::LoadU(di, x.cell_slot.data() + i);
  const auto next = hn::LoadU(di, x.next_slot.data() + i);
  l.side_word[0][0] = hash_words(t.hashes[0], window, cell);
  l.side_word[1][0] = hash_words(t.hashes[0], window, next);
  if (two_words) {
    l.side_word[0][1] = hash_words(t.hashes[1], window, cell);
    l.side_word[1][1] = hash_words(t.hashes[1], window, next);
  } else {
    l.side_word[0][1] = l.side_word[1][1] = hn::Zero(DU());
  }
  l.offset[0] = hn::LoadU(D(), x.x0.data() + i);
  l.offset[1] = hn::LoadU(D(), x.x1.data() + i);
  l.u = hn::LoadU(D(), x.u.data() + i);
  return l;
}

// The hash of corner i (x side i & 1, other sides k = i >> 1): byte k & 3 of word k >> 2.
template <int i>
HWY_INLINE VU corner_hash(const lanes_x& l) {
  constexpr int k = i >> 1;
  return hn::ShiftRight<8 * (k & 3)>(l.side_word[i & 1][k >> 2]);
}

// lerp(t, a, b) = a + t * (b - a).
HWY_INLINE V lerp(V t, V a, V b) {
  return hn::Add(a, hn::Mul(t, hn::Sub(b, a)));
}

// Where the corner gradients come from. Both give the mirror's gradient with the same float
// operations; they differ in how the terms reach the lanes:
// - hashed_corners: each lane's hash (its cell's and next cell's hash words), looked up in the
//   row's tables;
// - shared_corners: a vector whose samples all sit in one cell has one hash per corner, whose
//   terms the row computed once (row_tables::shared_terms) and the lanes read broadcast (loads,
//   where the lookups are ALU work).
struct hashed_corners {
  const field_plan& p;
  const row_tables& t;
  lanes_x l;

  // grad1, grad3 (and ImprovedNoise2D's grad3 with z = 0): x * (+-1, or the zero that makes -0)
  // plus the row's constant for the other term.
  template <int i>
  HWY_INLINE V grad3() const {
    const VU h = corner_hash<i>(l);
    return hn::Add(hn::Mul(l.offset[i & 1], lookup16(p.x_factor[i & 1], h)),
                   lookup16(t.constant[i >> 1], h));
  }
  // grad4 and grad4_balanced: ((terms before x) + x * factor) + (terms after x).
  template <int i>
  HWY_INLINE V grad4() const {
    const VU h = corner_hash<i>(l);
    const V x_term = hn::Mul(l.offset[i & 1], lookup32(p.x_factor[i & 1], h));
    return hn::Add(hn::Add(lookup32(t.constant[i >> 1], h), x_term), lookup32(t.after[i >> 1], h));
  }
};

struct shared_corners {
  const float* terms;  // the cell's terms (row_tables::shared_terms)
  V offset[2];         // x0, x1

  // Term `term` (x factor, constant, after) of corner i, in every lane.
  HWY_INLINE V term(int i, int term) const { return hn::Set(D(), terms[16 * term + i]); }
  template <int i>
  HWY_INLINE V grad3() const {
    return hn::Add(hn::Mul(offset[i & 1], term(i, 0)), term(i, 1));
  }
  template <int i>
  HWY_INLINE V grad4() const {
    const V x_term = hn::Mul(offset[i & 1], term(i, 0));
    return hn::Add(hn::Add(term(i, 1), x_term), term(i, 2));
  }
};

template <class corners>
HWY_INLINE V improved_noise1(const corners& g, V u, const row_tables&) {
  return lerp(u, g.template grad3<0>(), g.template grad3<1>());
}

template <class corners>
HWY_INLINE V improved_noise2(const corners& g, V u, const row_tables& t) {
  const V v = hn::Set(D(), t.fade[1]);
  return lerp(v, lerp(u, g.template grad3<0>(), g.template grad3<1>()),
              lerp(u, g.template grad3<2>(), g.template grad3<3>()));
}

template <class corners>
HWY_INLINE V improved_noise3(const corners& g, V u, const row_tables& t) {
  const V v = hn::Set(D(), t.fade[1]), w = hn::Set(D(), t.fade[2]);
  return lerp(w,
              lerp(v, lerp(u, g.template grad3<0>(), g.template grad3<1>()),
                   lerp(u, g.template grad3<2>(), g.template grad3<3>())),
              lerp(v, lerp(u, g.template grad3<4>(), g.template grad3<5>()),
                   lerp(u, g.template grad3<6>(), g.template grad3<7>())));
}

template <class corners>
HWY_INLINE V improved_noise4(const corners& g, V a, const row_tables& t) {
  const V b = hn::Set(D(), t.fade[1]), cz = hn::Set(D(), t.fade[2]);
  const V d = hn::Set(D(), t.fade[3]);
  return lerp(d,
              lerp(cz,
                   lerp(b, lerp(a, g.template grad4<0>(), g.template grad4<1>()),
                        lerp(a, g.template grad4<2>(), g.template grad4<3>())),
                   lerp(b, lerp(a, g.template grad4<4>(), g.template grad4<5>()),
                        lerp(a, g.template grad4<6>(), g.template grad4<7>()))),
              lerp(cz,
                   lerp(b, lerp(a, g.template grad4<8>(), g.template grad4<9>()),
                        lerp(a, g.template grad4<10>(), g.template grad4<11>())),
                   lerp(b, lerp(a, g.template grad4<12>(), g.template grad4<13>()),
                        lerp(a, g.template grad4<14>(), g.template grad4<15>()))));
}

template <int dims, class corners>
HWY_INLINE V basis_noise(const corners& g, V u, const row_tables& t) {
  if constexpr (dims == 1) return improved_noise1(g, u, t);
  if constexpr (dims == 2) return improved_noise2(g, u, t);
  if constexpr (dims == 3) return improved_noise3(g, u, t);
  if constexpr (dims == 4) return improved_noise4(g, u, t);
}

// The basis noise of the vector of samples from i at one octave, by its cell's shared terms
// (the vector has a shared cell) or by its lanes' hashes (any vector).
template <int dims>
HWY_INLINE V shared_noise(const x_octave& x, const row_tables& t, std::size_t i) {
  const D d;
  const shared_corners g{
      t.shared_terms.data() + std::size_t(x.shared_cell[i / lane_padding]) * shared_terms_per_cell,
      {hn::LoadU(d, x.x0.data() + i), hn::LoadU(d, x.x1.data() + i)}};
  return basis_noise<dims>(g, hn::LoadU(d, x.u.data() + i), t);
}

template <int dims>
HWY_INLINE V hashed_noise(const field_plan& p, const x_octave& x, const row_tables& t,
                          std::size_t i) {
  const hashed_corners g{p, t, load_x(x, t, i, dims == 4)};
  return basis_noise<dims>(g, g.l.u, t);
}

template <int dims>
HWY_INLINE V octave_noise(const field_plan& p, const x_octave& x, const row_tables& t,
                          std::size_t i) {
  if (x.shared_cell[i / lane_padding] >= 0) return shared_noise<dims>(x, t, i);
  return hashed_noise<dims>(p, x, t, i);
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_IMPROVED_NOISE_INL_H_
