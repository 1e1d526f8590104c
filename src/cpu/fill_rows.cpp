// The SIMD twins of src/core/improved_noise.hpp and src/core/fractal.hpp, one sample per lane
// along a row. Same names, same order, same float operations as the scalar templates; what
// differs is only where the work happens: everything that does not depend on x was done per row
// by build_row_tables, and fade(x) per field by make_plan, with the scalar functions themselves.
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

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D = hn::ScalableTag<float>;
using DU = hn::RebindToUnsigned<D>;
using DI = hn::RebindToSigned<D>;
using V = hn::Vec<D>;
using VU = hn::Vec<DU>;

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
constexpr bool permute_tables = true;
// A 16- or 32-entry float table indexed by the low bits of each lane: vpermps / vpermt2ps, which
// ignore the higher bits, so the hash bytes need no masking.
HWY_INLINE V lookup16(const float* table, VU index) {
  return V{_mm512_permutexvar_ps(index.raw, hn::LoadU(D(), table).raw)};
}
HWY_INLINE V lookup32(const float* table, VU index) {
  return V{
      _mm512_permutex2var_ps(hn::LoadU(D(), table).raw, index.raw, hn::LoadU(D(), table + 16).raw)};
}
// A row's hash word per lane's slot: from one or two registers when the row has at most 16 or
// 32 slots (the usual case), else a gather.
template <int slots>
HWY_INLINE VU hash_word(const std::uint32_t* table, hn::Vec<DI> slot) {
  if constexpr (slots == 16) {
    return VU{_mm512_permutexvar_epi32(slot.raw, hn::LoadU(DU(), table).raw)};
  } else if constexpr (slots == 32) {
    return VU{_mm512_permutex2var_epi32(hn::LoadU(DU(), table).raw, slot.raw,
                                        hn::LoadU(DU(), table + 16).raw)};
  } else {
    return hn::GatherIndex(DU(), table, slot);
  }
}
#elif HWY_TARGET == HWY_AVX2
constexpr bool permute_tables = true;
// 8-lane vpermps on each 8-entry part of the table, the parts chosen by index bits 3 and 4
// (blendv reads each lane's sign bit, so the bit is shifted there).
HWY_INLINE __m256 lookup8s(const float* table, __m256i index, int parts) {
  __m256 r[4];
  for (int i = 0; i < parts; ++i)
    r[i] = _mm256_permutevar8x32_ps(_mm256_loadu_ps(table + 8 * i), index);
  if (parts == 1) return r[0];
  const __m256 bit3 = _mm256_castsi256_ps(_mm256_slli_epi32(index, 28));
  const __m256 low = _mm256_blendv_ps(r[0], r[1], bit3);
  if (parts == 2) return low;
  const __m256 high = _mm256_blendv_ps(r[2], r[3], bit3);
  return _mm256_blendv_ps(low, high, _mm256_castsi256_ps(_mm256_slli_epi32(index, 27)));
}
HWY_INLINE V lookup16(const float* table, VU index) {
  return V{lookup8s(table, index.raw, 2)};
}
HWY_INLINE V lookup32(const float* table, VU index) {
  return V{lookup8s(table, index.raw, 4)};
}
template <int slots>
HWY_INLINE VU hash_word(const std::uint32_t* table, hn::Vec<DI> slot) {
  if constexpr (slots == 16 || slots == 32) {
    const float* t = reinterpret_cast<const float*>(table);  // moved as bits, never computed
    return VU{_mm256_castps_si256(lookup8s(t, slot.raw, slots / 8))};
  } else {
    return hn::GatherIndex(DU(), table, slot);
  }
}
#else
constexpr bool permute_tables = false;
HWY_INLINE V lookup16(const float* table, VU index) {
  return hn::GatherIndex(D(), table, hn::BitCast(DI(), hn::And(index, hn::Set(DU(), 15))));
}
HWY_INLINE V lookup32(const float* table, VU index) {
  return hn::GatherIndex(D(), table, hn::BitCast(DI(), hn::And(index, hn::Set(DU(), 31))));
}
template <int slots>
HWY_INLINE VU hash_word(const std::uint32_t* table, hn::Vec<DI> slot) {
  return hn::GatherIndex(DU(), table, slot);
}
#endif

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

// Corner hashes of one vector of samples: the row's hash words of each lane's cell (x side 0)
// and next cell (x side 1), and the x offsets and x fade.
struct lanes_x {
  VU side_word[2][2];  // [x side][word]
  V offset[2];         // x0, x1
  V u;                 // fade(x0)
};

template <int slots>
HWY_INLINE lanes_x load_x(const x_octave& x, const row_tables& t, std::size_t i, bool two_words) {
  const DI di;
  lanes_x l;
  const auto cell = hn::LoadU(di, x.cell_slot.data() + i);
  const auto next = hn::LoadU(di, x.next_slot.data() + i);
  l.side_word[0][0] = hash_word<slots>(t.hashes[0], cell);
  l.side_word[1][0] = hash_word<slots>(t.hashes[0], next);
  if (two_words) {
    l.side_word[0][1] = hash_word<slots>(t.hashes[1], cell);
    l.side_word[1][1] = hash_word<slots>(t.hashes[1], next);
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

// grad1, grad3 (and ImprovedNoise2D's grad3 with z = 0): x * (+-1, or the zero that makes -0)
// plus the row's constant for the other term.
template <int i>
HWY_INLINE V grad3(const field_plan& p, const row_tables& t, const lanes_x& l) {
  const VU h = corner_hash<i>(l);
  return hn::Add(hn::Mul(l.offset[i & 1], lookup16(p.x_factor[i & 1], h)),
                 lookup16(t.constant[i >> 1], h));
}

// grad4 and grad4_balanced: ((terms before x) + x * factor) + (terms after x).
template <int i>
HWY_INLINE V grad4(const field_plan& p, const row_tables& t, const lanes_x& l) {
  const VU h = corner_hash<i>(l);
  const V x_term = hn::Mul(l.offset[i & 1], lookup32(p.x_factor[i & 1], h));
  return hn::Add(hn::Add(lookup32(t.constant[i >> 1], h), x_term), lookup32(t.after[i >> 1], h));
}

HWY_INLINE V improved_noise1(const field_plan& p, const row_tables& t, const lanes_x& l) {
  return lerp(l.u, grad3<0>(p, t, l), grad3<1>(p, t, l));
}

HWY_INLINE V improved_noise2(const field_plan& p, const row_tables& t, const lanes_x& l) {
  const V v = hn::Set(D(), t.fade[1]);
  return lerp(v, lerp(l.u, grad3<0>(p, t, l), grad3<1>(p, t, l)),
              lerp(l.u, grad3<2>(p, t, l), grad3<3>(p, t, l)));
}

HWY_INLINE V improved_noise3(const field_plan& p, const row_tables& t, const lanes_x& l) {
  const V u = l.u, v = hn::Set(D(), t.fade[1]), w = hn::Set(D(), t.fade[2]);
  return lerp(w,
              lerp(v, lerp(u, grad3<0>(p, t, l), grad3<1>(p, t, l)),
                   lerp(u, grad3<2>(p, t, l), grad3<3>(p, t, l))),
              lerp(v, lerp(u, grad3<4>(p, t, l), grad3<5>(p, t, l)),
                   lerp(u, grad3<6>(p, t, l), grad3<7>(p, t, l))));
}

HWY_INLINE V improved_noise4(const field_plan& p, const row_tables& t, const lanes_x& l) {
  const V a = l.u, b = hn::Set(D(), t.fade[1]), cz = hn::Set(D(), t.fade[2]);
  const V d = hn::Set(D(), t.fade[3]);
  return lerp(d,
              lerp(cz,
                   lerp(b, lerp(a, grad4<0>(p, t, l), grad4<1>(p, t, l)),
                        lerp(a, grad4<2>(p, t, l), grad4<3>(p, t, l))),
                   lerp(b, lerp(a, grad4<4>(p, t, l), grad4<5>(p, t, l)),
                        lerp(a, grad4<6>(p, t, l), grad4<7>(p, t, l)))),
              lerp(cz,
                   lerp(b, lerp(a, grad4<8>(p, t, l), grad4<9>(p, t, l)),
                        lerp(a, grad4<10>(p, t, l), grad4<11>(p, t, l))),
                   lerp(b, lerp(a, grad4<12>(p, t, l), grad4<13>(p, t, l)),
                        lerp(a, grad4<14>(p, t, l), grad4<15>(p, t, l)))));
}

template <int dims>
HWY_INLINE V basis_noise(const field_plan& p, const row_tables& t, const lanes_x& l) {
  if constexpr (dims == 1) return improved_noise1(p, t, l);
  if constexpr (dims == 2) return improved_noise2(p, t, l);
  if constexpr (dims == 3) return improved_noise3(p, t, l);
  if constexpr (dims == 4) return improved_noise4(p, t, l);
}

// octave_term and one step of fractal_sum's loop: sum = sum + amp * octave_term(n).
template <fractal_kind fractal>
HWY_INLINE void accumulate(V n, float amp, float* sum, float* weight) {
  const D d;
  V term = n;
  if constexpr (fractal == fractal_kind::turbulence) term = hn::Abs(n);
  if constexpr (fractal == fractal_kind::billow) {
    term = hn::Sub(hn::Mul(hn::Set(d, 2.0f), hn::Abs(n)), hn::Set(d, 1.0f));
  }
  if constexpr (fractal == fractal_kind::ridged) {
    V s = hn::Sub(hn::Set(d, 1.0f), hn::Abs(n));
    s = hn::Mul(s, s);
    s = hn::Mul(s, hn::LoadU(d, weight));
    // std::clamp(s * 2, 0, 1): (v < 0) ? 0 : (1 < v) ? 1 : v.
    const V v = hn::Mul(s, hn::Set(d, 2.0f));
    const V one = hn::Set(d, 1.0f);
    const V clamped =
        hn::IfThenElse(hn::Lt(v, hn::Zero(d)), hn::Zero(d), hn::IfThenElse(hn::Lt(one, v), one, v));
    hn::StoreU(clamped, d, weight);
    term = s;
  }
  hn::StoreU(hn::Add(hn::LoadU(d, sum), hn::Mul(hn::Set(d, amp), term)), d, sum);
}

// One octave over a row: the basis noise into `value` (fractal none), or accumulated.
template <int dims, fractal_kind fractal, int slots>
void octave_row_with(const field_plan& p, const row_tables& t, int octave, float amp,
                     row_scratch& s) {
  const D d;
  const std::size_t n = hn::Lanes(d);
  const x_octave& x = p.x[octave];
  for (std::size_t i = 0; i < p.padded_nx; i += n) {
    const lanes_x l = load_x<slots>(x, t, i, dims == 4);
    const V noise = basis_noise<dims>(p, t, l);
    if constexpr (fractal == fractal_kind::none) {
      hn::StoreU(noise, d, s.value.data() + i);
    } else {
      accumulate<fractal>(noise, amp, s.sum.data() + i, s.weight.data() + i);
    }
  }
}

template <int dims, fractal_kind fractal>
void octave_row(const field_plan& p, const row_tables& t, int octave, float amp, row_scratch& s) {
  const std::size_t slots = p.x[octave].slots;
  if (permute_tables && slots <= 16)
    return octave_row_with<dims, fractal, 16>(p, t, octave, amp, s);
  if (permute_tables && slots <= 32)
    return octave_row_with<dims, fractal, 32>(p, t, octave, amp, s);
  octave_row_with<dims, fractal, 0>(p, t, octave, amp, s);
}

// fractal_sum for one row, octave by octave (each sample sees the same operations in the same
// order as the mirror's loop), then the normalisation.
template <int dims, fractal_kind fractal>
void fractal_row(const field_plan& p, std::uint64_t row, row_scratch& s) {
  const D d;
  const std::size_t n = hn::Lanes(d);
  if constexpr (fractal == fractal_kind::none) {
    build_row_tables(p, locate_row(p, row), 0, s.tables);
    build_hashes(p, p.x[0], s.tables);
    build_constants(p, s.tables);
    octave_row<dims, fractal>(p, s.tables, 0, 1.0f, s);
    return;
  }
  std::fill(s.sum.begin(), s.sum.end(), 0.0f);
  std::fill(s.weight.begin(), s.weight.end(), 1.0f);
  float amp = 1.0f;
  const row_position at = locate_row(p, row);
  for (int o = 0; o < p.fractal.octaves; ++o) {
    build_row_tables(p, at, o, s.tables);
    build_hashes(p, p.x[o], s.tables);
    build_constants(p, s.tables);
    octave_row<dims, fractal>(p, s.tables, o, amp, s);
    amp = amp * p.fractal.persistence;
  }
  const V inv_norm = hn::Set(d, p.fractal.inv_norm);
  for (std::size_t i = 0; i < p.padded_nx; i += n) {
    V value = hn::Mul(hn::LoadU(d, s.sum.data() + i), inv_norm);
    if constexpr (fractal == fractal_kind::ridged) {
      value = hn::Sub(hn::Mul(value, hn::Set(d, 2.0f)), hn::Set(d, 1.0f));
    }
    hn::StoreU(value, d, s.value.data() + i);
  }
}

template <int dims>
void rows_of(const field_plan& p, std::uint64_t begin, std::uint64_t end, float* out,
             row_scratch& s) {
  for (std::uint64_t row = begin; row < end; ++row) {
    switch (p.fractal.fractal) {
      case fractal_kind::none:
        fractal_row<dims, fractal_kind::none>(p, row, s);
        break;
      case fractal_kind::fbm:
        fractal_row<dims, fractal_kind::fbm>(p, row, s);
        break;
      case fractal_kind::turbulence:
        fractal_row<dims, fractal_kind::turbulence>(p, row, s);
        break;
      case fractal_kind::ridged:
        fractal_row<dims, fractal_kind::ridged>(p, row, s);
        break;
      case fractal_kind::billow:
        fractal_row<dims, fractal_kind::billow>(p, row, s);
        break;
    }
    std::memcpy(out + (row - begin) * p.nx, s.value.data(), sizeof(float) * p.nx);
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
