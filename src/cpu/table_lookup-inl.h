// Lane-wise lookups in small tables: the gradient tables of a row (16 or 32 floats, indexed by a
// hash in the low bits of each lane) and the row's hash words (indexed by slot). In registers
// where the target has a lane permute (AVX-512, AVX2), else gathers.
//
// Per-target code (Highway's -inl.h convention): included by fill_rows.cpp once per target.
#if defined(VKNOISE_CPU_TABLE_LOOKUP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_TABLE_LOOKUP_INL_H_
#undef VKNOISE_CPU_TABLE_LOOKUP_INL_H_
#else
#define VKNOISE_CPU_TABLE_LOOKUP_INL_H_
#endif

#include <cstdint>

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D = hn::ScalableTag<float>;
using DU = hn::RebindToUnsigned<D>;
using DI = hn::RebindToSigned<D>;
using V = hn::Vec<D>;
using VU = hn::Vec<DU>;

// x86 targets are numbered best first: every AVX-512 flavour is <= HWY_AVX3.
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
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
#elif HWY_ARCH_X86 && HWY_TARGET == HWY_AVX2
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

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_TABLE_LOOKUP_INL_H_
