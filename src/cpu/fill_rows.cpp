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

// One step of fractal_sum's loop: sum = sum + amp * octave_term(n).
template <fractal_kind fractal>
HWY_INLINE void accumulate(V n, float amp, float* sum, float* weight) {
  const D d;
  V w = hn::Zero(d);  // the ridge weight, which only ridged reads and updates
  if constexpr (fractal == fractal_kind::ridged) w = hn::LoadU(d, weight);
  const V term = octave_term<fractal>(n, w);
  if constexpr (fractal == fractal_kind::ridged) hn::StoreU(w, d, weight);
  hn::StoreU(hn::Add(hn::LoadU(d, sum), hn::Mul(hn::Set(d, amp), term)), d, sum);
}

// The tables of a row at octave `octave`: the hash words only when its cells changed.
HWY_INLINE const row_tables& octave_tables(const field_plan& p, const row_position& at, int octave,
                                           row_scratch& s) {
  row_tables& t = s.tables[octave];
  build_row_tables(p, at, octave, t);
  const hashes_key key = hashes_key_of(p, octave, t);
  if (!(t.built == key)) {
    build_hashes(p, p.x[octave], t);
    t.built = key;
  }
  build_constants(p, t);
  return t;
}

// One octave over a row: the basis noise into `value` (fractal none), or accumulated.
template <int dims, fractal_kind fractal>
void octave_row(const field_plan& p, const row_tables& t, int octave, float amp, row_scratch& s,
                float* value) {
  const D d;
  const std::size_t n = hn::Lanes(d);
  const x_octave& x = p.x[octave];
  for (std::size_t i = 0; i < p.padded_nx; i += n) {
    const lanes_x l = load_x(x, t, i, dims == 4);
    const V noise = basis_noise<dims>(p, t, l);
    if constexpr (fractal == fractal_kind::none) {
      hn::StoreU(noise, d, value + i);
    } else {
      accumulate<fractal>(noise, amp, s.sum.data() + i, s.weight.data() + i);
    }
  }
}

// fractal_sum for one row, octave by octave (each sample sees the same operations in the same
// order as the mirror's loop), then the normalisation, into value (padded_nx floats).
template <int dims, fractal_kind fractal>
void fractal_row(const field_plan& p, std::uint64_t row, row_scratch& s, float* value) {
  const D d;
  const std::size_t n = hn::Lanes(d);
  const row_position at = locate_row(p, row);
  if constexpr (fractal == fractal_kind::none) {
    octave_row<dims, fractal>(p, octave_tables(p, at, 0, s), 0, 1.0f, s, value);
    return;
  }
  std::fill(s.sum.begin(), s.sum.end(), 0.0f);
  std::fill(s.weight.begin(), s.weight.end(), 1.0f);
  float amp = 1.0f;
  for (int o = 0; o < p.fractal.octaves; ++o) {
    octave_row<dims, fractal>(p, octave_tables(p, at, o, s), o, amp, s, value);
    amp = amp * p.fractal.persistence;
  }
  for (std::size_t i = 0; i < p.padded_nx; i += n) {
    const V sum = hn::LoadU(d, s.sum.data() + i);
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
