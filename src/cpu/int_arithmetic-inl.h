// The SIMD twin of src/core/int_arithmetic.hpp, for the bases whose lattice index comes from a
// float coordinate (simplex_noise-inl.h, flow_noise-inl.h): int adds wrap in lanes by
// themselves; a float's floor saturates as the scalar saturating_floor does.
//
// Per-target code (Highway's -inl.h convention).
#if defined(VKNOISE_CPU_INT_ARITHMETIC_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_INT_ARITHMETIC_INL_H_
#undef VKNOISE_CPU_INT_ARITHMETIC_INL_H_
#else
#define VKNOISE_CPU_INT_ARITHMETIC_INL_H_
#endif

#include <hwy/highway.h>

#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Java's fastfloor as saturating_floor computes it: (int)x toward zero, saturating at the int
// range, NaN 0; then xi - 1, wrapping (-inf gives INT_MAX), where x < xi. Lanes outside the range
// (and NaN) convert 0 and are then given their saturated value, so the conversion never sees a
// value it cannot hold.
HWY_INLINE hn::Vec<DI> saturating_floor(V x) {
  const D d;
  const DI di;
  const V top = hn::Set(d, 2147483648.0f), bottom = hn::Set(d, -2147483648.0f);
  const auto inside = hn::And(hn::Lt(x, top), hn::Gt(x, bottom));  // false for NaN
  hn::Vec<DI> xi = hn::ConvertTo(di, hn::IfThenElseZero(inside, x));
  xi = hn::IfThenElse(hn::RebindMask(di, hn::Ge(x, top)), hn::Set(di, 2147483647), xi);
  xi = hn::IfThenElse(hn::RebindMask(di, hn::Le(x, bottom)), hn::Set(di, -2147483647 - 1), xi);
  const auto below = hn::RebindMask(di, hn::Lt(x, hn::ConvertTo(d, xi)));
  return hn::IfThenElse(below, hn::Add(xi, hn::Set(di, -1)), xi);
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_INT_ARITHMETIC_INL_H_
