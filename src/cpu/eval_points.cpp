// Points, a vector of them at a time, octave by octave: the SIMD twin of src/core/fractal.hpp's
// fractal_sum around the point noise of point_noise-inl.h, and the run-time dispatch between
// targets.
//
// Compiled once per Highway target (foreach_target.h re-includes this file). Never use MulAdd or
// other fused operations here: the mirror rounds every multiply and add on its own.
#include "cpu/eval_points.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "cpu/eval_points.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/fractal-inl.h"
#include "cpu/point_noise-inl.h"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

static_assert(group_vectors * HWY_MAX_BYTES / sizeof(float) <= byte_lane_padding,
              "a point_block holds one group");

// fractal_sum over the octaves for one group (each lane sees the mirror's operations in the
// mirror's order).
template <int dims, bool balanced, fractal_kind fractal, class real>
HWY_INLINE void group_values(const point_tables& t, point_block<real>& b, V* value) {
  const D d;
  const point_plan& p = t.plan;
  if constexpr (fractal == fractal_kind::none) {
    reduce_octave<dims>(p, 0, b);
    octave_noise<dims, balanced>(t, b, value);
    return;
  }
  V sum[group_vectors], weight[group_vectors], noise[group_vectors];
  for (std::size_t s = 0; s < group_vectors; ++s) {
    sum[s] = hn::Zero(d);
    weight[s] = hn::Set(d, 1.0f);
  }
  float amp = 1.0f;
  for (int o = 0; o < p.fractal.octaves; ++o) {
    reduce_octave<dims>(p, o, b);
    octave_noise<dims, balanced>(t, b, noise);
    for (std::size_t s = 0; s < group_vectors; ++s) {
      const V term = octave_term<fractal>(noise[s], weight[s]);
      sum[s] = hn::Add(sum[s], hn::Mul(hn::Set(d, amp), term));
    }
    amp = amp * p.fractal.persistence;
  }
  for (std::size_t s = 0; s < group_vectors; ++s) {
    value[s] = normalised<fractal>(sum[s], p.fractal.inv_norm);
  }
}

#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
// Lane i of axis a is element 3i + a of the three vectors [A B C] (N lanes each): two-table
// permutes, the first taking what lies in A and B, the second the rest from C; two instructions
// per axis, where LoadInterleaved3 shuffles more.
template <class T, std::size_t N>
struct deinterleave3_indices {
  alignas(64) T first[3][N];
  alignas(64) T second[3][N];
  constexpr deinterleave3_indices() : first{}, second{} {
    for (std::size_t a = 0; a < 3; ++a) {
      for (std::size_t i = 0; i < N; ++i) {
        const std::size_t k = 3 * i + a;
        first[a][i] = static_cast<T>(k < 2 * N ? k : 0);
        second[a][i] = static_cast<T>(k < 2 * N ? i : N + (k - 2 * N));
      }
    }
  }
};
inline constexpr deinterleave3_indices<std::int32_t, 16> float_deinterleave3{};
inline constexpr deinterleave3_indices<std::int64_t, 8> double_deinterleave3{};

HWY_INLINE __m512 two_tables(__m512 a, __m512i index, __m512 b) {
  return _mm512_permutex2var_ps(a, index, b);
}
HWY_INLINE __m512d two_tables(__m512d a, __m512i index, __m512d b) {
  return _mm512_permutex2var_pd(a, index, b);
}

template <class real>
HWY_INLINE void load_interleaved3(const real* at, hn::Vec<hn::ScalableTag<real>>* v) {
  const hn::ScalableTag<real> d;
  const std::size_t n = hn::Lanes(d);
  const auto& indices = []() -> const auto& {  // the constant itself, not a copy
    if constexpr (sizeof(real) == 4)
      return float_deinterleave3;
    else
      return double_deinterleave3;
  }
  ();
  const auto a = hn::LoadU(d, at).raw, b = hn::LoadU(d, at + n).raw,
             c = hn::LoadU(d, at + 2 * n).raw;
  for (int axis = 0; axis < 3; ++axis) {
    const __m512i first = _mm512_load_si512(indices.first[axis]);
    const __m512i second = _mm512_load_si512(indices.second[axis]);
    v[axis].raw = two_tables(two_tables(a, first, b), second, c);
  }
}
#else
template <class real>
HWY_INLINE void load_interleaved3(const real* at, hn::Vec<hn::ScalableTag<real>>* v) {
  hn::LoadInterleaved3(hn::ScalableTag<real>(), at, v[0], v[1], v[2]);
}
#endif

// The group's positions axis by axis, from `here` points of dims coordinates each; lanes past the
// last point compute the origin. With `bounds` (per axis), whether every coordinate's magnitude is
// below its axis's bound (point_domain's comparisons; a NaN never is).
template <int dims, class real>
HWY_INLINE bool load_positions(const real* source, std::size_t here, const real* bounds,
                               point_block<real>& b) {
  const hn::ScalableTag<real> dr;
  const std::size_t n = group_vectors * hn::Lanes(D()), nr = hn::Lanes(dr);
  if (here < n) {
    bool inside = true;
    for (std::size_t i = 0; i < n; ++i) {
      for (int axis = 0; axis < dims; ++axis) {
        const real x = i < here ? source[i * dims + axis] : real(0);
        if (bounds && !(std::fabs(x) < bounds[axis])) inside = false;
        b.position[axis][i] = x;
      }
    }
    return inside;
  }
  auto inside = hn::FirstN(dr, nr);
  for (std::size_t i = 0; i < n; i += nr) {
    const real* at = source + i * dims;
    hn::Vec<decltype(dr)> v[4];
    if constexpr (dims == 1) v[0] = hn::LoadU(dr, at);
    if constexpr (dims == 2) hn::LoadInterleaved2(dr, at, v[0], v[1]);
    if constexpr (dims == 3) load_interleaved3(at, v);
    if constexpr (dims == 4) hn::LoadInterleaved4(dr, at, v[0], v[1], v[2], v[3]);
    for (int axis = 0; axis < dims; ++axis) {
      hn::Store(v[axis], dr, b.position[axis] + i);
      if (bounds) inside = hn::And(inside, hn::Lt(hn::Abs(v[axis]), hn::Set(dr, bounds[axis])));
    }
  }
  return !bounds || hn::AllTrue(dr, inside);
}

// Points [0, count) into out; with `bounds`, each group's coordinates are checked as they are
// loaded (while the computing goes on, the next ones stream in) and the first point outside is
// returned, the groups before it computed. count when every point was computed.
template <int dims, bool balanced, fractal_kind fractal, class real>
std::size_t points_of(const point_plan& p, const real* points, std::size_t count, float* out,
                      const real* bounds) {
  const D d;
  const std::size_t n = hn::Lanes(d), group = group_vectors * n;
  const point_tables t(p);
  point_block<real> b;
  for (std::size_t first = 0; first < count; first += group) {
    const std::size_t here = std::min(group, count - first);
    if (!load_positions<dims>(points + first * dims, here, bounds, b)) {
      for (std::size_t i = 0;; ++i) {
        const real x = points[first * dims + i];
        if (!(std::fabs(x) < bounds[i % dims])) return first + i / dims;
      }
    }
    V value[group_vectors];
    group_values<dims, balanced, fractal>(t, b, value);
    if (here == group) {
      for (std::size_t s = 0; s < group_vectors; ++s) hn::StoreU(value[s], d, out + first + s * n);
    } else {
      alignas(64) float tail[byte_lane_padding];
      for (std::size_t s = 0; s < group_vectors; ++s) hn::Store(value[s], d, tail + s * n);
      std::memcpy(out + first, tail, sizeof(float) * here);
    }
  }
  return count;
}

template <int dims, bool balanced, class real>
std::size_t points_with_fractal(const point_plan& p, const real* points, std::size_t count,
                                float* out, const real* bounds) {
  switch (p.fractal.fractal) {
    case fractal_kind::none:
      return points_of<dims, balanced, fractal_kind::none>(p, points, count, out, bounds);
    case fractal_kind::fbm:
      return points_of<dims, balanced, fractal_kind::fbm>(p, points, count, out, bounds);
    case fractal_kind::turbulence:
      return points_of<dims, balanced, fractal_kind::turbulence>(p, points, count, out, bounds);
    case fractal_kind::ridged:
      return points_of<dims, balanced, fractal_kind::ridged>(p, points, count, out, bounds);
    case fractal_kind::billow:
      return points_of<dims, balanced, fractal_kind::billow>(p, points, count, out, bounds);
  }
  return 0;  // not reached: every fractal_kind is a case above (-Wswitch names a new one)
}

template <class real>
std::size_t points_any(const point_plan& p, const real* points, std::size_t count, float* out,
                       const real* bounds) {
  switch (p.dims) {
    case 1:
      return points_with_fractal<1, false>(p, points, count, out, bounds);
    case 2:
      return points_with_fractal<2, false>(p, points, count, out, bounds);
    case 3:
      return points_with_fractal<3, false>(p, points, count, out, bounds);
    default:
      if (p.balanced) return points_with_fractal<4, true>(p, points, count, out, bounds);
      return points_with_fractal<4, false>(p, points, count, out, bounds);
  }
}

// point_domain's bounded check, dims vectors (whole points) at a time.
template <class real>
std::size_t first_outside_of(const real* values, std::size_t n, int dims, const real* bounds) {
  const hn::ScalableTag<real> d;
  const std::size_t lanes = hn::Lanes(d), stride = lanes * static_cast<std::size_t>(dims);
  alignas(64) real pattern[4 * HWY_MAX_BYTES / sizeof(real)];
  for (std::size_t j = 0; j < stride; ++j) pattern[j] = bounds[j % dims];
  std::size_t i = 0;
  for (; i + stride <= n; i += stride) {
    auto inside = hn::Lt(hn::Abs(hn::LoadU(d, values + i)), hn::Load(d, pattern));
    for (int k = 1; k < dims; ++k) {
      inside = hn::And(inside, hn::Lt(hn::Abs(hn::LoadU(d, values + i + k * lanes)),
                                      hn::Load(d, pattern + k * lanes)));
    }
    if (!hn::AllTrue(d, inside)) break;
  }
  for (; i < n; ++i) {  // i is a multiple of dims here: values[i] is on axis i % dims
    if (!(std::fabs(values[i]) < bounds[i % dims])) return i;
  }
  return n;
}

std::size_t FirstOutside(const double* values, std::size_t n, int dims, const double* bounds) {
  return first_outside_of(values, n, dims, bounds);
}

std::size_t FirstOutsideFloat(const float* values, std::size_t n, int dims, const float* bounds) {
  return first_outside_of(values, n, dims, bounds);
}

std::size_t EvalPoints(const point_plan& p, const double* points, std::size_t count, float* out,
                       const double* bounds) {
  return points_any(p, points, count, out, bounds);
}

std::size_t EvalFloatPoints(const point_plan& p, const float* points, std::size_t count, float* out,
                            const float* bounds) {
  return points_any(p, points, count, out, bounds);
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace vknoise::cpu {

HWY_EXPORT(EvalPoints);

std::size_t eval_points(const point_plan& plan, const double* points, std::size_t count, float* out,
                        const double* bounds) {
  return HWY_DYNAMIC_DISPATCH(EvalPoints)(plan, points, count, out, bounds);
}

HWY_EXPORT(EvalFloatPoints);
HWY_EXPORT(FirstOutside);
HWY_EXPORT(FirstOutsideFloat);

std::size_t first_outside(std::span<const double> coordinates, int dims, const double* bounds) {
  return HWY_DYNAMIC_DISPATCH(FirstOutside)(coordinates.data(), coordinates.size(), dims, bounds);
}

std::size_t first_outside(std::span<const float> coordinates, int dims, const float* bounds) {
  return HWY_DYNAMIC_DISPATCH(FirstOutsideFloat)(coordinates.data(), coordinates.size(), dims,
                                                 bounds);
}

std::size_t eval_points(const point_plan& plan, const float* points, std::size_t count, float* out,
                        const float* bounds) {
  return HWY_DYNAMIC_DISPATCH(EvalFloatPoints)(plan, points, count, out, bounds);
}

}  // namespace vknoise::cpu
#endif  // HWY_ONCE
