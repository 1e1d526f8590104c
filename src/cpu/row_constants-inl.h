// The SIMD half of a row's tables (row_tables.hpp): hash words and gradient constants.
//
// Per-target code (Highway's -inl.h convention): included by fill_rows.cpp once per target.
#if defined(VKNOISE_CPU_ROW_CONSTANTS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_ROW_CONSTANTS_INL_H_
#undef VKNOISE_CPU_ROW_CONSTANTS_INL_H_
#else
#define VKNOISE_CPU_ROW_CONSTANTS_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <hwy/highway.h>
#include "cpu/field_plan.hpp"
#include "cpu/row_tables.hpp"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// improved_corners*'s hash chains for every x cell the row touches, one cell per lane, with the
// row's y, z and t cells: the row's hash words (row_tables.hpp). `at` looks the permutation up
// lane by lane, `plus` adds a cell; both wrap as the doubled table does (perm[i] = perm[i & 255]).
template <class lane, class lookup, class add>
HWY_INLINE void corner_chains(int dims, const row_tables& t, lane pc, lookup at, add plus,
                              lane* h) {
  const lattice_coord &y = t.axis[1], &z = t.axis[2], &w = t.axis[3];
  if (dims == 1) {
    h[0] = pc;
  } else if (dims == 2) {
    h[0] = at(at(plus(pc, y.cell)));
    h[1] = at(at(plus(pc, y.next)));
  } else {
    const lane a = at(plus(pc, y.cell)), ab = at(plus(pc, y.next));
    const lane yz[4] = {plus(a, z.cell), plus(ab, z.cell), plus(a, z.next), plus(ab, z.next)};
    for (int k = 0; k < 4; ++k) {
      if (dims == 3) {
        h[k] = at(yz[k]);
      } else {
        const lane q = at(yz[k]);
        h[k] = at(plus(q, w.cell));
        h[k + 4] = at(plus(q, w.next));
      }
    }
  }
}

#if HWY_ARCH_X86 && HWY_TARGET == HWY_AVX3_DL
// 64 cells a vector, in byte lanes. The cells go in transposed (lane 16b + 4k + j holds cell
// 16k + 4b + j), so that the byte and word interleaves, which work within 128-bit blocks, leave
// each word vector's cells in order.
void build_hashes_in_bytes(const field_plan& p, const x_octave& x, row_tables& t) {
  const DB db;
  const perm_registers perm(p.perm_bytes);
  const auto at = [&](VB i) HWY_ATTR { return perm_lookup(perm, i); };
  const auto plus = [&](VB v, std::int32_t cell) HWY_ATTR {
    return hn::Add(v, hn::Set(db, static_cast<std::uint8_t>(cell)));
  };
  alignas(64) std::uint8_t order[64];
  for (int lane = 0; lane < 64; ++lane)
    order[lane] = 16 * (lane / 4 % 4) + 4 * (lane / 16) + lane % 4;
  const __m512i transpose = _mm512_load_si512(order);
  const VB mask = hn::Set(db, static_cast<std::uint8_t>(p.hashes - 1));
  for (std::size_t first = 0; first < x.slots; first += byte_lane_padding) {
    VB v[8];
    for (auto& lane : v) lane = hn::Zero(db);
    const __m512i cells = _mm512_loadu_si512(x.distinct.data() + first);
    corner_chains(p.dims, t, at(VB{_mm512_permutexvar_epi8(transpose, cells)}), at, plus, v);
    for (int word = 0; word < (p.dims == 4 ? 2 : 1); ++word) {
      __m512i h[4];
      for (int k = 0; k < 4; ++k) h[k] = hn::And(v[4 * word + k], mask).raw;
      const __m512i low01 = _mm512_unpacklo_epi8(h[0], h[1]),
                    low23 = _mm512_unpacklo_epi8(h[2], h[3]);
      const __m512i high01 = _mm512_unpackhi_epi8(h[0], h[1]),
                    high23 = _mm512_unpackhi_epi8(h[2], h[3]);
      std::uint32_t* out = t.hashes[word] + first;
      _mm512_storeu_si512(out, _mm512_unpacklo_epi16(low01, low23));
      _mm512_storeu_si512(out + 16, _mm512_unpackhi_epi16(low01, low23));
      _mm512_storeu_si512(out + 32, _mm512_unpacklo_epi16(high01, high23));
      _mm512_storeu_si512(out + 48, _mm512_unpackhi_epi16(high01, high23));
    }
  }
}
#endif

void build_hashes(const field_plan& p, const x_octave& x, row_tables& t) {
#if HWY_ARCH_X86 && HWY_TARGET == HWY_AVX3_DL
  return build_hashes_in_bytes(p, x, t);
#endif
  const int mask = p.hashes - 1;
  if (x.slots < 16) {  // a few cells (the usual steps) are quicker one by one
    const auto at = [&](int i) { return p.perm[i]; };
    const auto plus = [](int v, int cell) { return v + cell; };
    for (std::size_t slot = 0; slot < x.slots; ++slot) {
      int h[8] = {};
      corner_chains(p.dims, t, p.perm[x.distinct[slot]], at, plus, h);
      for (int word = 0; word < 2; ++word) {
        const int* b = h + 4 * word;
        t.hashes[word][slot] = static_cast<std::uint32_t>(
            (b[0] & mask) | (b[1] & mask) << 8 | (b[2] & mask) << 16 | (b[3] & mask) << 24);
      }
    }
    return;
  }
  const DI di;
  const std::size_t n = hn::Lanes(di);
  const std::int32_t* perm = p.perm;
  const auto at = [&](hn::Vec<DI> i) HWY_ATTR { return hn::GatherIndex(di, perm, i); };
  const auto plus = [&](hn::Vec<DI> v, int cell) HWY_ATTR { return hn::Add(v, hn::Set(di, cell)); };
  const auto lane_mask = hn::Set(di, mask);
  const hn::Rebind<std::uint8_t, DI> d8;
  for (std::size_t i = 0; i < x.slots; i += n) {
    hn::Vec<DI> h[8];
    for (auto& v : h) v = hn::Zero(di);
    const auto cells = hn::BitCast(
        di, hn::PromoteTo(hn::RebindToUnsigned<DI>(), hn::LoadU(d8, x.distinct.data() + i)));
    corner_chains(p.dims, t, at(cells), at, plus, h);
    for (int word = 0; word < 2; ++word) {
      auto packed = hn::And(h[4 * word], lane_mask);
      packed = hn::Or(packed, hn::ShiftLeft<8>(hn::And(h[4 * word + 1], lane_mask)));
      packed = hn::Or(packed, hn::ShiftLeft<16>(hn::And(h[4 * word + 2], lane_mask)));
      packed = hn::Or(packed, hn::ShiftLeft<24>(hn::And(h[4 * word + 3], lane_mask)));
      hn::StoreU(hn::BitCast(DU(), packed), DU(), t.hashes[word] + i);
    }
  }
}

// The row's signed components (row_tables::signed_component) from the plan's blocks of four,
// joined in registers where the target permutes (a vector load of stores just made would wait
// for them), else copied into the row's tables.
HWY_INLINE table16 signed_components(const field_plan& p, const row_position& at, int octave,
                                     row_tables& t) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
  __m512 v = _mm512_castps128_ps512(_mm_loadu_ps(p.sides(1, octave, at.index[1])));
  v = _mm512_insertf32x4(v, _mm_loadu_ps(p.sides(2, octave, at.index[2])), 1);
  v = _mm512_insertf32x4(v, _mm_loadu_ps(p.sides(3, octave, at.index[3])), 2);
  v = _mm512_insertf32x4(v, _mm_set1_ps(-0.0f), 3);
  (void)t;
  return table16(V{v});
#elif HWY_ARCH_X86 && HWY_TARGET == HWY_AVX2
  (void)t;
  return table16(
      _mm256_loadu2_m128(p.sides(2, octave, at.index[2]), p.sides(1, octave, at.index[1])),
      _mm256_set_m128(_mm_set1_ps(-0.0f), _mm_loadu_ps(p.sides(3, octave, at.index[3]))));
#else
  for (int a = 1; a < 4; ++a) {
    std::memcpy(t.signed_component + signed_component_lane(a, 0, false),
                p.sides(a, octave, at.index[a]), 4 * sizeof(float));
  }
  for (int lane = signed_component_negative_zero; lane < 16; ++lane)
    t.signed_component[lane] = -0.0f;
  return table16(t.signed_component);
#endif
}

// The row's constant and after tables (row_tables.hpp): sums of the row's signed components,
// in the order the plan's indices give.
void build_constants(const field_plan& p, const table16& signed_component, row_tables& t) {
  const D d;
  const DI di;
  const std::size_t n = hn::Lanes(d);
  const int combinations = 1 << (p.dims - 1);
  const std::size_t hashes = p.dims == 4 ? 32 : 16;
  const auto index = [&](int k, int q, std::size_t i) HWY_ATTR {
    return hn::BitCast(DU(), hn::LoadU(di, p.constant_index[k][q] + i));
  };
  for (int k = 0; k < combinations; ++k) {
    for (std::size_t i = 0; i < hashes; i += n) {
      const V first = signed_component(index(k, 0, i));
      const V second = signed_component(index(k, 1, i));
      hn::StoreU(hn::Add(first, second), d, t.constant[k] + i);
      hn::StoreU(signed_component(index(k, 2, i)), d, t.after[k] + i);
    }
  }
}

// The shared cells' gradient terms (row_tables::shared_terms), cell by cell, a vector of corners
// at a time: the same sums of the row's signed components as build_constants makes. With fresh
// hash words (`hashes_changed`), each corner's x factor and the signed_component lanes of its
// constant and after, which depend on its hash alone; then, every row, the constants and afters.
// Throws std::bad_alloc the first time, when memory runs out.
void build_shared_terms(const field_plan& p, const x_octave& x, bool hashes_changed,
                        const table16& signed_component, row_tables& t) {
  const D d;
  const std::size_t n = hn::Lanes(d);
  const int corners = 1 << p.dims;
  if (hashes_changed) {
    t.shared_terms.resize(x.shared_cells * shared_terms_per_cell);
    t.shared_lanes.resize(x.shared_cells * shared_terms_per_cell);
    for (std::size_t cell = 0; cell < x.shared_cells; ++cell) {
      float* terms = t.shared_terms.data() + cell * shared_terms_per_cell;
      std::uint32_t* lanes = t.shared_lanes.data() + cell * shared_terms_per_cell;
      for (int i = 0; i < 16; ++i) {  // corners past 1 << dims: a -0 nobody reads
        const int side = i & 1, k = i >> 1;
        const std::int32_t slot = side ? x.shared_next_slot[cell] : x.shared_slot[cell];
        const std::uint32_t h = i < corners ? t.hashes[k >> 2][slot] >> (8 * (k & 3)) & 0xff : 0;
        terms[i] = i < corners ? p.x_factor[side][h] : -0.0f;
        for (int q = 0; q < 3; ++q) {
          lanes[16 * q + i] = i < corners ? static_cast<std::uint32_t>(p.constant_index[k][q][h])
                                          : signed_component_negative_zero;
        }
      }
    }
  }
  for (std::size_t cell = 0; cell < x.shared_cells; ++cell) {
    float* terms = t.shared_terms.data() + cell * shared_terms_per_cell;
    const std::uint32_t* lanes = t.shared_lanes.data() + cell * shared_terms_per_cell;
    for (std::size_t first = 0; first < std::size_t(corners); first += n) {
      const auto component = [&](int q) HWY_ATTR {
        return signed_component(hn::LoadU(DU(), lanes + 16 * q + first));
      };
      hn::StoreU(hn::Add(component(0), component(1)), d, terms + 16 + first);
      if (p.dims == 4) hn::StoreU(component(2), d, terms + 32 + first);
    }
  }
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_ROW_CONSTANTS_INL_H_
