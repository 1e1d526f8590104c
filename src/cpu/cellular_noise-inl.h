// The SIMD twin of src/core/cellular_noise.hpp's float mirror (cellular_noise<float>, values
// only), one sample per lane: same names, same order, same float operations. Never use MulAdd or
// other fused operations here: the mirror rounds every multiply and add on its own.
//
// Why every lane is the mirror's value although the lanes search together:
// - The cells are visited in the mirror's order (axis 0 outermost, offsets 0, -1, +1, ...), and a
//   slab is skipped only when every lane would skip it. A lane then also visits slabs its own
//   search would have skipped; their points are farther than the lane's F2 (the slab's bound,
//   computed with the distance's own monotone operations, never exceeds a point's computed
//   distance), so they fail both strict comparisons and change nothing.
// - For the returns f1 and cell only F1 matters, and the search prunes against F1 instead of F2:
//   a slab whose bound exceeds F1 holds no point nearer than F1, nor one as near (the comparisons
//   are strict), so F1 and the nearest cell stay those of the mirror, which tracks F2 as well.
// - A feature point's offsets and a cell's value depend on its hash alone: they come from the
//   plan's table (graph_node_plan::feature), computed per hash by the mirror's own functions.
//
// Per-target code (Highway's -inl.h convention): included by graph_kernels.cpp once per target.
#if defined(VKNOISE_CPU_CELLULAR_NOISE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_CELLULAR_NOISE_INL_H_
#undef VKNOISE_CPU_CELLULAR_NOISE_INL_H_
#else
#define VKNOISE_CPU_CELLULAR_NOISE_INL_H_
#endif

#include <cstdint>

#include <hwy/highway.h>

#include "core/cellular_noise.hpp"
#include "cpu/cellular_rows.hpp"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using VI32 = hn::Vec<DI>;

// What the search reads: the feature table (graph_node_plan::feature), the doubled permutation,
// the setup's slab extremes lo and hi, and one octave's periods.
struct cellular_params {
  const std::int32_t* perm;
  const float* feature;
  float lo, hi;
  const std::uint32_t* period;
};

// The neighbour's cell (cell + k + 8 period) % period, per lane. The sum is non-negative and
// below 2^12; a power-of-two period takes its low bits, any other the quotient in float, whose
// floor is the true one (a non-integral quotient is at least 1 / period from an integer, far
// more than its rounding error, and an integral one is exact).
HWY_INLINE VI32 cellular_wrap(VI32 cell, int k, std::uint32_t period) {
  const DI di;
  const D d;
  const int p = static_cast<int>(period);
  const VI32 v = hn::Add(cell, hn::Set(di, k + 8 * p));
  if ((period & (period - 1)) == 0) return hn::And(v, hn::Set(di, p - 1));
  const V q = hn::Floor(hn::Div(hn::ConvertTo(d, v), hn::Set(d, static_cast<float>(p))));
  return hn::Sub(v, hn::Mul(hn::ConvertTo(di, q), hn::Set(di, p)));
}

// cellular_accumulate under the metric.
template <cellular_distance metric>
HWY_INLINE V cellular_accumulate(V acc, V t) {
  if constexpr (metric == cellular_distance::manhattan) {
    return hn::Add(acc, hn::Abs(t));
  } else if constexpr (metric == cellular_distance::chebyshev) {
    const V a = hn::Abs(t);
    return hn::IfThenElse(hn::Gt(a, acc), a, acc);
  } else {
    return hn::Add(acc, hn::Mul(t, t));
  }
}

// cellular_accumulate(0, t): a square or an absolute value is never -0, so adding it to +0 gives
// it back (a NaN too); chebyshev's comparison with 0 turns a NaN into 0, and stays.
template <cellular_distance metric>
HWY_INLINE V cellular_accumulate_first(V t) {
  if constexpr (metric == cellular_distance::manhattan) {
    return hn::Abs(t);
  } else if constexpr (metric == cellular_distance::chebyshev) {
    return cellular_accumulate<metric>(hn::Zero(D()), t);
  } else {
    return hn::Mul(t, t);
  }
}

// cellular_axis_bound: max(0, lower, -upper) as the mirror's two comparisons.
HWY_INLINE V cellular_axis_bound(int k, float lo, float hi, V frac) {
  const D d;
  const V lower = hn::Sub(hn::Set(d, static_cast<float>(k) + lo), frac);
  const V upper = hn::Sub(hn::Set(d, static_cast<float>(k) + hi), frac);
  V b = hn::Zero(d);
  b = hn::IfThenElse(hn::Gt(lower, b), lower, b);
  const V negated = hn::Neg(upper);
  return hn::IfThenElse(hn::Gt(negated, b), negated, b);
}

// The two nearest distances (F2 only when `second`) and the nearest's hash.
struct cellular_search_lanes {
  V f1, f2;
  VI32 h1;
};

// Whether every lane would skip a slab whose bound is b.
HWY_INLINE bool cellular_all_beyond(V b, V target) {
  return hn::AllTrue(D(), hn::Gt(b, target));
}

template <int dims, cellular_distance metric, bool second>
HWY_INLINE void cellular_visit(const cellular_params& c, const V* frac, const int* k, VI32 h,
                               cellular_search_lanes& r) {
  const D d;
  V dist = hn::Zero(d);
  for (int a = 0; a < dims; ++a) {
    const V o = hn::GatherIndex(d, c.feature + a * 256, h);
    const V offset = hn::Sub(hn::Add(hn::Set(d, static_cast<float>(k[a])), o), frac[a]);
    dist = cellular_accumulate<metric>(dist, offset);
  }
  const auto nearer = hn::Lt(dist, r.f1);
  if constexpr (second) {
    r.f2 = hn::IfThenElse(nearer, r.f1, hn::IfThenElse(hn::Lt(dist, r.f2), dist, r.f2));
  }
  r.f1 = hn::IfThenElse(nearer, dist, r.f1);
  r.h1 = hn::IfThenElse(hn::RebindMask(DI(), nearer), h, r.h1);
}

template <int dims, cellular_distance metric, bool second>
HWY_INLINE cellular_search_lanes cellular_find(const cellular_params& c, const VI32* cell,
                                               const V* frac) {
  const D d;
  const DI di;
  const int R = detail::cellular_radius(dims, metric);
  const int n = 2 * R + 1;
  cellular_search_lanes r{hn::Set(d, 1e30f), hn::Set(d, 1e30f), hn::Zero(di)};
  const auto target = [&]() HWY_ATTR { return second ? r.f2 : r.f1; };
  for (int i0 = 0; i0 < n; ++i0) {
    const int k0 = detail::cellular_offset(i0);
    const V b0 = cellular_accumulate_first<metric>(cellular_axis_bound(k0, c.lo, c.hi, frac[0]));
    if (cellular_all_beyond(b0, target())) continue;
    const VI32 p0 = hn::GatherIndex(di, c.perm, cellular_wrap(cell[0], k0, c.period[0]));
    for (int i1 = 0; i1 < n; ++i1) {
      const int k1 = detail::cellular_offset(i1);
      const V b1 = cellular_accumulate<metric>(b0, cellular_axis_bound(k1, c.lo, c.hi, frac[1]));
      if (cellular_all_beyond(b1, target())) continue;
      const VI32 p1 =
          hn::GatherIndex(di, c.perm, hn::Add(p0, cellular_wrap(cell[1], k1, c.period[1])));
      if constexpr (dims == 2) {
        const int k[2] = {k0, k1};
        cellular_visit<dims, metric, second>(c, frac, k, p1, r);
        continue;
      } else {
        for (int i2 = 0; i2 < n; ++i2) {
          const int k2 = detail::cellular_offset(i2);
          const V b2 =
              cellular_accumulate<metric>(b1, cellular_axis_bound(k2, c.lo, c.hi, frac[2]));
          if (cellular_all_beyond(b2, target())) continue;
          const VI32 p2 =
              hn::GatherIndex(di, c.perm, hn::Add(p1, cellular_wrap(cell[2], k2, c.period[2])));
          if constexpr (dims == 3) {
            const int k[3] = {k0, k1, k2};
            cellular_visit<dims, metric, second>(c, frac, k, p2, r);
          } else {
            for (int i3 = 0; i3 < n; ++i3) {
              const int k3 = detail::cellular_offset(i3);
              const V b3 =
                  cellular_accumulate<metric>(b2, cellular_axis_bound(k3, c.lo, c.hi, frac[3]));
              if (cellular_all_beyond(b3, target())) continue;
              const VI32 h =
                  hn::GatherIndex(di, c.perm, hn::Add(p2, cellular_wrap(cell[3], k3, c.period[3])));
              const int k[4] = {k0, k1, k2, k3};
              cellular_visit<dims, metric, second>(c, frac, k, h, r);
            }
          }
        }
      }
    }
  }
  return r;
}

// A metric term of the row's table (d * d, or |d|) added to a distance, as cellular_accumulate
// adds that term.
template <cellular_distance metric>
HWY_INLINE V cellular_add_term(V acc, V term) {
  if constexpr (metric == cellular_distance::chebyshev) {
    return hn::IfThenElse(hn::Gt(term, acc), term, acc);
  } else {
    return hn::Add(acc, term);
  }
}

// cellular_find for lanes that share their cells and fractions on axes 1..dims-1 (a row's
// samples): the same visits, with the neighbour's hash, axis 0 offset and the other axes' terms
// read from the row's table (cellular_rows.hpp) by each lane's axis 0 cell. Where the lanes' cells
// lie within 16 of each other the table is read by lane permutes, else gathered.
template <int dims, cellular_distance metric, bool second, bool cell_value>
HWY_INLINE cellular_search_lanes cellular_find_row(const cellular_params& c, cellular_row_table& t,
                                                   const VI32* cell, const V* frac) {
  const D d;
  const DI di;
  const DU du;
  const int R = detail::cellular_radius(dims, metric);
  const int n = 2 * R + 1;
  cellular_search_lanes r{hn::Set(d, 1e30f), hn::Set(d, 1e30f), hn::Zero(di)};
  const auto target = [&]() HWY_ATTR { return second ? r.f2 : r.f1; };
  for (int i0 = 0; i0 < n; ++i0) {
    const int k0 = detail::cellular_offset(i0);
    const V b0 = cellular_accumulate_first<metric>(cellular_axis_bound(k0, c.lo, c.hi, frac[0]));
    if (cellular_all_beyond(b0, target())) continue;
    const VI32 w = cellular_wrap(cell[0], k0, c.period[0]);
    // The lanes' cells from lane 0's on, modulo the period: within 16, one window of the table
    // (its entries past the period repeat its first cells); else each lane's own entry.
    const int first = hn::GetLane(w);
    const VI32 from_first = hn::Sub(w, hn::Set(di, first));
    const VI32 rel =
        hn::IfThenElse(hn::Lt(from_first, hn::Zero(di)),
                       hn::Add(from_first, hn::Set(di, static_cast<int>(c.period[0]))), from_first);
    const int spread = hn::GetLane(hn::MaxOfLanes(di, rel));
    const bool window = spread < 16;
    const int last = window ? first + spread : static_cast<int>(c.period[0]) - 1;
    const int low = window ? first : 0;
    const VU index = hn::BitCast(du, rel);
    const auto lookup = [&](const float* table) HWY_ATTR {
      return window ? lookup16(table + first, index) : hn::GatherIndex(d, table, w);
    };
    const auto visit = [&](const int* i) HWY_ATTR {
      const int combination = t.combination(i);
      t.ensure(combination, low, last);
      const V o = lookup(t.offset0(combination));
      V dist = cellular_accumulate_first<metric>(
          hn::Sub(hn::Add(hn::Set(d, static_cast<float>(k0)), o), frac[0]));
      for (int a = 1; a < dims; ++a)
        dist = cellular_add_term<metric>(dist, lookup(t.term(combination, a)));
      const auto nearer = hn::Lt(dist, r.f1);
      if constexpr (second) {
        r.f2 = hn::IfThenElse(nearer, r.f1, hn::IfThenElse(hn::Lt(dist, r.f2), dist, r.f2));
      }
      r.f1 = hn::IfThenElse(nearer, dist, r.f1);
      if constexpr (cell_value) {
        const VI32 h = hn::BitCast(di, lookup(t.hash_bits(combination)));
        r.h1 = hn::IfThenElse(hn::RebindMask(di, nearer), h, r.h1);
      }
    };
    int i[4] = {i0, 0, 0, 0};
    for (i[1] = 0; i[1] < n; ++i[1]) {
      const V b1 = cellular_accumulate<metric>(b0, hn::Set(d, t.axis_bounds(1)[i[1]]));
      if (cellular_all_beyond(b1, target())) continue;
      if constexpr (dims == 2) {
        visit(i);
      } else {
        for (i[2] = 0; i[2] < n; ++i[2]) {
          const V b2 = cellular_accumulate<metric>(b1, hn::Set(d, t.axis_bounds(2)[i[2]]));
          if (cellular_all_beyond(b2, target())) continue;
          if constexpr (dims == 3) {
            visit(i);
          } else {
            for (i[3] = 0; i[3] < n; ++i[3]) {
              const V b3 = cellular_accumulate<metric>(b2, hn::Set(d, t.axis_bounds(3)[i[3]]));
              if (cellular_all_beyond(b3, target())) continue;
              visit(i);
            }
          }
        }
      }
    }
  }
  return r;
}

// cellular_finish: the root of the square for euclidean (correctly rounded, as std::sqrt).
template <cellular_distance metric>
HWY_INLINE V cellular_finish(V f) {
  if constexpr (metric == cellular_distance::euclidean) {
    return hn::Sqrt(f);
  } else {
    return f;
  }
}

// The search, by the row's table where the lanes share a row (row != null).
template <int dims, cellular_distance metric, bool second, bool cell_value>
HWY_INLINE cellular_search_lanes cellular_search_of(const cellular_params& c,
                                                    cellular_row_table* row, const VI32* cell,
                                                    const V* frac) {
  if (row != nullptr)
    return cellular_find_row<dims, metric, second, cell_value>(c, *row, cell, frac);
  return cellular_find<dims, metric, second>(c, cell, frac);
}

template <int dims, cellular_distance metric>
HWY_INLINE V cellular_value(const cellular_params& c, cellular_return returns,
                            cellular_row_table* row, const VI32* cell, const V* frac) {
  const D d;
  if (returns == cellular_return::f1) {
    return cellular_finish<metric>(
        cellular_search_of<dims, metric, false, false>(c, row, cell, frac).f1);
  }
  if (returns == cellular_return::cell) {
    const cellular_search_lanes r =
        cellular_search_of<dims, metric, false, true>(c, row, cell, frac);
    return hn::GatherIndex(d, c.feature + 4 * 256, r.h1);
  }
  const cellular_search_lanes r = cellular_search_of<dims, metric, true, false>(c, row, cell, frac);
  const V f1 = cellular_finish<metric>(r.f1);
  const V f2 = cellular_finish<metric>(r.f2);
  switch (returns) {
    case cellular_return::f2:
      return f2;
    case cellular_return::f2_minus_f1:
      return hn::Sub(f2, f1);
    case cellular_return::f1_times_f2:
      return hn::Mul(f1, f2);
    default:
      return hn::Div(f1, f2);
  }
}

// Whether every lane has the same cell and fraction (bits) on axes 1..dims-1, as a row's do.
template <int dims>
HWY_INLINE bool cellular_shares_row(const VI32* cell, const V* frac) {
  const DI di;
  for (int a = 1; a < dims; ++a) {
    if (!hn::AllTrue(di, hn::Eq(cell[a], hn::Set(di, hn::GetLane(cell[a]))))) return false;
    const VI32 bits = hn::BitCast(di, frac[a]);
    if (!hn::AllTrue(di, hn::Eq(bits, hn::Set(di, hn::GetLane(bits))))) return false;
  }
  return true;
}

// cellular_noise<float> of one vector of samples: their cells and fractions on axes a < dims.
// cache: the thread's row tables (or null); node and octave name the table.
template <int dims>
HWY_INLINE V cellular_noise(const cellular_params& c, const detail::cellular_setup<float>& s,
                            cellular_row_cache* cache, const void* node, int octave,
                            const VI32* cell, const V* frac) {
  cellular_row_table* row = nullptr;
  if (cache != nullptr && cellular_shares_row<dims>(cell, frac)) {
    cellular_row_key key;
    key.node = node;
    key.octave = octave;
    float shared[4] = {0, 0, 0, 0};
    for (int a = 1; a < dims; ++a) {
      key.cell[a - 1] = hn::GetLane(cell[a]);
      shared[a] = hn::GetLane(frac[a]);
      key.frac_bits[a - 1] = hn::GetLane(hn::BitCast(DU(), frac[a]));
    }
    bool fresh = false;
    row = &cache->table(key, fresh);
    if (fresh) {
      row->reset(key, dims, s.distance, c.perm, c.feature, c.lo, c.hi, shared, c.period,
                 detail::cellular_radius(dims, s.distance));
    } else if (!(row->key() == key)) {
      row->new_fractions(key, shared);
    }
  }
  switch (s.distance) {
    case cellular_distance::manhattan:
      return cellular_value<dims, cellular_distance::manhattan>(c, s.returns, row, cell, frac);
    case cellular_distance::chebyshev:
      return cellular_value<dims, cellular_distance::chebyshev>(c, s.returns, row, cell, frac);
    case cellular_distance::euclidean2:
      return cellular_value<dims, cellular_distance::euclidean2>(c, s.returns, row, cell, frac);
    default:
      return cellular_value<dims, cellular_distance::euclidean>(c, s.returns, row, cell, frac);
  }
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_CELLULAR_NOISE_INL_H_
