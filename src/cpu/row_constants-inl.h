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

#include <hwy/highway.h>
#include "cpu/field_plan.hpp"
#include "cpu/row_tables.hpp"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// improved_corners*'s hash chains for every x cell the row touches, one cell per lane, with the
// row's y, z and t cells: the row's hash words (row_tables.hpp).
void build_hashes(const field_plan& p, const x_octave& x, row_tables& t) {
  // A few cells (the usual steps below one cell per sample) are quicker one by one.
  if (x.slots < 16) return build_hashes_scalar(p, x, t);
  const DI di;
  const std::size_t n = hn::Lanes(di);
  const std::int32_t* perm = p.perm;
  const auto at = [&](hn::Vec<DI> i) HWY_ATTR { return hn::GatherIndex(di, perm, i); };
  const auto plus = [&](hn::Vec<DI> v, int cell) HWY_ATTR { return hn::Add(v, hn::Set(di, cell)); };
  const lattice_coord &y = t.axis[1], &z = t.axis[2], &w = t.axis[3];
  const auto mask = hn::Set(di, p.hashes - 1);
  for (std::size_t i = 0; i < x.slots; i += n) {
    const auto pc = at(hn::LoadU(di, x.distinct.data() + i));
    hn::Vec<DI> h[8];
    for (auto& v : h) v = hn::Zero(di);
    if (p.dims == 1) {
      h[0] = pc;
    } else if (p.dims == 2) {
      h[0] = at(at(plus(pc, y.cell)));
      h[1] = at(at(plus(pc, y.next)));
    } else {
      const auto a = at(plus(pc, y.cell)), ab = at(plus(pc, y.next));
      const hn::Vec<DI> yz[4] = {plus(a, z.cell), plus(ab, z.cell), plus(a, z.next),
                                 plus(ab, z.next)};
      for (int k = 0; k < 4; ++k) {
        if (p.dims == 3) {
          h[k] = at(yz[k]);
        } else {
          const auto q = at(yz[k]);
          h[k] = at(plus(q, w.cell));
          h[k + 4] = at(plus(q, w.next));
        }
      }
    }
    for (int word = 0; word < 2; ++word) {
      auto packed = hn::And(h[4 * word], mask);
      packed = hn::Or(packed, hn::ShiftLeft<8>(hn::And(h[4 * word + 1], mask)));
      packed = hn::Or(packed, hn::ShiftLeft<16>(hn::And(h[4 * word + 2], mask)));
      packed = hn::Or(packed, hn::ShiftLeft<24>(hn::And(h[4 * word + 3], mask)));
      hn::StoreU(hn::BitCast(DU(), packed), DU(), t.hashes[word] + i);
    }
  }
}

// The row's constant and after tables (row_tables.hpp): sums of the row's signed components,
// in the order the plan's indices give.
void build_constants(const field_plan& p, row_tables& t) {
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
      const V first = lookup16(t.signed_component, index(k, 0, i));
      const V second = lookup16(t.signed_component, index(k, 1, i));
      hn::StoreU(hn::Add(first, second), d, t.constant[k] + i);
      hn::StoreU(lookup16(t.signed_component, index(k, 2, i)), d, t.after[k] + i);
    }
  }
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_ROW_CONSTANTS_INL_H_
