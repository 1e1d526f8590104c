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
// A 16- or 32-entry float table indexed by the low bits of each lane: vpermps / vpermt2ps, which
// ignore the higher bits, so the hash bytes need no masking.
// table16 holds a 16-entry table for many lookups (its loads otherwise repeat after every store
// that might alias it); lookup16 is one lookup in a table read for it.
struct table16 {
  V entries;
  explicit table16(V held) : entries(held) {}
  explicit table16(const float* table) : entries(hn::LoadU(D(), table)) {}
  HWY_INLINE V operator()(VU index) const {
    return V{_mm512_permutexvar_ps(index.raw, entries.raw)};
  }
};
HWY_INLINE V lookup16(const float* table, VU index) {
  return table16(table)(index);
}
HWY_INLINE V lookup32(const float* table, VU index) {
  return V{
      _mm512_permutex2var_ps(hn::LoadU(D(), table).raw, index.raw, hn::LoadU(D(), table + 16).raw)};
}
// A row's hash word per lane's slot, from the hash_window words at `window` (field_plan.hpp).
HWY_INLINE VU hash_word(const std::uint32_t* window, hn::Vec<DI> slot_in_window) {
  return VU{_mm512_permutex2var_epi32(hn::LoadU(DU(), window).raw, slot_in_window.raw,
                                      hn::LoadU(DU(), window + 16).raw)};
}
#elif HWY_ARCH_X86 && HWY_TARGET == HWY_AVX2
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
// The table's two halves held in registers, for lookups as lookup8s's.
struct table16 {
  __m256 part[2];
  table16(__m256 low, __m256 high) : part{low, high} {}
  explicit table16(const float* table) : part{_mm256_loadu_ps(table), _mm256_loadu_ps(table + 8)} {}
  HWY_INLINE V operator()(VU index) const {
    const __m256 low = _mm256_permutevar8x32_ps(part[0], index.raw);
    const __m256 high = _mm256_permutevar8x32_ps(part[1], index.raw);
    return V{_mm256_blendv_ps(low, high, _mm256_castsi256_ps(_mm256_slli_epi32(index.raw, 28)))};
  }
};
HWY_INLINE VU hash_word(const std::uint32_t* window, hn::Vec<DI> slot_in_window) {
  const float* t = reinterpret_cast<const float*>(window);  // moved as bits, never computed
  return VU{_mm256_castps_si256(lookup8s(t, slot_in_window.raw, 4))};
}
#else
HWY_INLINE V lookup16(const float* table, VU index) {
  return hn::GatherIndex(D(), table, hn::BitCast(DI(), hn::And(index, hn::Set(DU(), 15))));
}
HWY_INLINE V lookup32(const float* table, VU index) {
  return hn::GatherIndex(D(), table, hn::BitCast(DI(), hn::And(index, hn::Set(DU(), 31))));
}
struct table16 {
  const float* entries;
  explicit table16(const float* table) : entries(table) {}
  HWY_INLINE V operator()(VU index) const { return lookup16(entries, index); }
};
HWY_INLINE VU hash_word(const std::uint32_t* window, hn::Vec<DI> slot_in_window) {
  return hn::GatherIndex(DU(), window, slot_in_window);
}
#endif

// Perlin's permutation looked up in byte lanes (index & 255, as the doubled table reads), four
// 128-byte halves of the table in two-register permutes: a vector of 64 lookups in four
// instructions, where a gather of 16 takes more than that. AVX-512 VBMI only.
#if HWY_ARCH_X86 && HWY_TARGET == HWY_AVX3_DL
using DB = hn::ScalableTag<std::uint8_t>;
using VB = hn::Vec<DB>;
struct perm_registers {
  __m512i part[4];
  explicit perm_registers(const std::uint8_t* table) {
    for (int i = 0; i < 4; ++i) part[i] = _mm512_loadu_si512(table + 64 * i);
  }
};
HWY_INLINE VB perm_lookup(const perm_registers& p, VB index) {
  const __m512i low = _mm512_permutex2var_epi8(p.part[0], index.raw, p.part[1]);
  const __m512i high = _mm512_permutex2var_epi8(p.part[2], index.raw, p.part[3]);
  return VB{_mm512_mask_blend_epi8(_mm512_movepi8_mask(index.raw), low, high)};
}
#endif

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_TABLE_LOOKUP_INL_H_
