// The rows of a field, octave by octave: the SIMD twin of src/core/fractal.hpp's fractal_sum
// around the basis noises of improved_noise-inl.h, and the run-time dispatch between targets.
//
// Compiled once per Highway target (foreach_target.h re-includes this file). Never use MulAdd or
// other fused operations here: the mirror rounds every multiply and add on its own.
#include "cpu/fill_rows.hpp"

#include <algorithm>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "cpu/fill_rows.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/fractal-inl.h"
#include "cpu/improved_noise-inl.h"
#include "cpu/row_constants-inl.h"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The tables of a row at octave `octave`: the hash words only when its cells changed, the
// shared cells' terms when the row reads them (`reads_shared`: the same for every row of a plan,
// so the terms' per-hash part, built when the hashes change, is never stale).
HWY_INLINE const row_tables& octave_tables(const field_plan& p, const row_position& at, int octave,
                                           bool reads_shared, row_scratch& s) {
  row_tables& t = s.tables[octave];
  build_row_tables(p, at, octave, t);
  const hashes_key key = hashes_key_of(p, octave, t);
  const bool hashes_changed = !(t.built == key);
  if (hashes_changed) {
    build_hashes(p, p.x[octave], t);
    t.built = key;
  }
  const table16 signed_component = signed_components(p, at, octave, t);
  // The octaves computed from the shared terms alone (the usual steps) leave them unread.
  if (octave >= p.shared_octaves) build_constants(p, signed_component, t);
  if (reads_shared) build_shared_terms(p, p.x[octave], hashes_changed, signed_component, t);
  return t;
}

// fractal_sum for one row into value (padded_nx floats): the tables of every octave first, then
// vector by vector the octave loop, the sum and the ridge weight in registers (each sample sees
// the same operations in the same order as the mirror's loop), then the normalisation. The
// leading octaves whose vectors all share their cells (the low ones, at usual steps) take the
// shared terms and the others the hashes, in loops of their own: one loop with both would keep
// too much in registers.
template <int dims, fractal_kind fractal>
void fractal_row(const field_plan& p, std::uint64_t row, row_scratch& s, float* value) {
  const D d;
  const std::size_t n = hn::Lanes(d);
  const row_position at = locate_row(p, row);
  const int octaves = fractal == fractal_kind::none ? 1 : p.fractal.octaves;
  const row_tables* tables[max_octaves];
  float amp[max_octaves];
  for (int o = 0; o < octaves; ++o) {
    // fractal none reads octave 0 vector by vector, a shared cell's terms where it has one; the
    // fractals read them in their leading all-shared octaves only.
    const bool reads_shared = fractal == fractal_kind::none || o < p.shared_octaves;
    tables[o] = &octave_tables(p, at, o, reads_shared, s);
    amp[o] = o == 0 ? 1.0f : amp[o - 1] * p.fractal.persistence;
  }
  for (std::size_t i = 0; i < p.padded_nx; i += n) {
    if constexpr (fractal == fractal_kind::none) {
      hn::StoreU(octave_noise<dims>(p, p.x[0], *tables[0], i), d, value + i);
      continue;
    }
    V sum = hn::Zero(d), weight = hn::Set(d, 1.0f);
    // sum = sum + amp * octave_term(n), as fractal_sum's loop.
    const auto add = [&](int o, V noise) HWY_ATTR {
      sum = hn::Add(sum, hn::Mul(hn::Set(d, amp[o]), octave_term<fractal>(noise, weight)));
    };
    int o = 0;
    for (; o < p.shared_octaves; ++o) add(o, shared_noise<dims>(p.x[o], *tables[o], i));
    for (; o < octaves; ++o) add(o, hashed_noise<dims>(p, p.x[o], *tables[o], i));
    hn::StoreU(normalised<fractal>(sum, p.fractal.inv_norm), d, value + i);
  }
}

// Rows whose length is a whole number of vectors go straight to out; others through `value`.
template <int dims>
void rows_of(const field_plan& p, std::uint64_t begin, std::uint64_t end, float* out,
             row_scratch& s) {
  for (std::uint64_t row = begin; row < end; ++row) {
    float* row_out = out + (row - begin) * p.nx;
    float* value = p.padded_nx == p.nx ? row_out : s.value.data();
    switch (p.fractal.fractal) {
      case fractal_kind::none:
        fractal_row<dims, fractal_kind::none>(p, row, s, value);
        break;
      case fractal_kind::fbm:
        fractal_row<dims, fractal_kind::fbm>(p, row, s, value);
        break;
      case fractal_kind::turbulence:
        fractal_row<dims, fractal_kind::turbulence>(p, row, s, value);
        break;
      case fractal_kind::ridged:
        fractal_row<dims, fractal_kind::ridged>(p, row, s, value);
        break;
      case fractal_kind::billow:
        fractal_row<dims, fractal_kind::billow>(p, row, s, value);
        break;
    }
    if (value != row_out) std::memcpy(row_out, value, sizeof(float) * p.nx);
  }
}

void FillRows(const field_plan& p, std::uint64_t begin, std::uint64_t end, float* out,
              row_scratch& s) {
  switch (p.dims) {
    case 1:
      return rows_of<1>(p, begin, end, out, s);
    case 2:
      return rows_of<2>(p, begin, end, out, s);
    case 3:
      return rows_of<3>(p, begin, end, out, s);
    default:
      return rows_of<4>(p, begin, end, out, s);
  }
}

const char* TargetName() {
  return hwy::TargetName(HWY_TARGET);
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace vknoise::cpu {

HWY_EXPORT(FillRows);
HWY_EXPORT(TargetName);

void fill_rows(const field_plan& plan, std::uint64_t begin, std::uint64_t end, float* out,
               row_scratch& scratch) {
  HWY_DYNAMIC_DISPATCH(FillRows)(plan, begin, end, out, scratch);
}

const char* simd_target_name() {
  return HWY_DYNAMIC_DISPATCH(TargetName)();
}

}  // namespace vknoise::cpu
#endif  // HWY_ONCE
