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

// A distance inserted as the mirror's cellular_find inserts it: F1, F2 (when `second`) and the
// nearest's hash (when `cell_value`) kept by strict comparisons, in visiting order.
template <bool second, bool cell_value>
HWY_INLINE void cellular_insert(V dist, VI32 h, cellular_search_lanes& r) {
  const auto nearer = hn::Lt(dist, r.f1);
  if constexpr (second) {
    r.f2 = hn::IfThenElse(nearer, r.f1, hn::IfThenElse(hn::Lt(dist, r.f2), dist, r.f2));
  }
  r.f1 = hn::IfThenElse(nearer, dist, r.f1);
  if constexpr (cell_value) r.h1 = hn::IfThenElse(hn::RebindMask(DI(), nearer), h, r.h1);
}

// cellular_find's loops: axis 0 outermost, each axis over the offsets 0, -1, +1, ... of the
// window, the bound of each slab accumulated axis by axis; a slab is skipped only when every
// lane would skip it (against F2, or F1 when only F1 matters). The source gives each slab's
// bound, enters a slab (its share of the cell's hash) and visits a cell:
//   V bound(int axis, int i, V acc), void enter(int axis, int i), V visit(const int* i, VI32& h).
template <int dims, cellular_distance metric, bool second, bool cell_value, class Source>
HWY_INLINE cellular_search_lanes cellular_search(Source& source) {
  const D d;
  const int n = 2 * detail::cellular_radius(dims, metric) + 1;
  cellular_search_lanes r{hn::Set(d, 1e30f), hn::Set(d, 1e30f), hn::Zero(DI())};
  const auto beyond = [&](V b) HWY_ATTR { return cellular_all_beyond(b, second ? r.f2 : r.f1); };
  const auto visit = [&](const int* i) HWY_ATTR {
    VI32 h = hn::Zero(DI());
    const V dist = source.visit(i, h);
    cellular_insert<second, cell_value>(dist, h, r);
  };
  int i[4] = {0, 0, 0, 0};
  for (i[0] = 0; i[0] < n; ++i[0]) {
    const V b0 = source.bound(0, i[0], hn::Zero(d));
    if (beyond(b0)) continue;
    source.enter(0, i[0]);
    for (i[1] = 0; i[1] < n; ++i[1]) {
      const V b1 = source.bound(1, i[1], b0);
      if (beyond(b1)) continue;
      source.enter(1, i[1]);
      if constexpr (dims == 2) {
        visit(i);
      } else {
        for (i[2] = 0; i[2] < n; ++i[2]) {
          const V b2 = source.bound(2, i[2], b1);
          if (beyond(b2)) continue;
          source.enter(2, i[2]);
          if constexpr (dims == 3) {
            visit(i);
          } else {
            for (i[3] = 0; i[3] < n; ++i[3]) {
              const V b3 = source.bound(3, i[3], b2);
              if (beyond(b3)) continue;
              source.enter(3, i[3]);
              visit(i);
            }
          }
        }
      }
    }
  }
  return r;
}

// The search's source for any lanes: each level's share of the hash chain gathered from the
// permutation, the feature point's offsets gathered by hash (graph_node_plan::feature).
template <int dims, cellular_distance metric>
struct cellular_lane_source {
  const cellular_params& c;
  const VI32* cell;
  const V* frac;
  VI32 chain[4];  // perm[..] after each axis entered (the hash after the last)

  HWY_INLINE V bound(int axis, int i, V acc) const {
    const V t = cellular_axis_bound(detail::cellular_offset(i), c.lo, c.hi, frac[axis]);
    return axis == 0 ? cellular_accumulate_first<metric>(t) : cellular_accumulate<metric>(acc, t);
  }
  HWY_INLINE void enter(int axis, int i) {
    const VI32 wrapped = cellular_wrap(cell[axis], detail::cellular_offset(i), c.period[axis]);
    chain[axis] =
        hn::GatherIndex(DI(), c.perm, axis == 0 ? wrapped : hn::Add(chain[axis - 1], wrapped));
  }
  HWY_INLINE V visit(const int* i, VI32& h) const {
    const D d;
    h = chain[dims - 1];
    V dist = hn::Zero(d);
    for (int a = 0; a < dims; ++a) {
      const V o = hn::GatherIndex(d, c.feature + a * 256, h);
      const float k = static_cast<float>(detail::cellular_offset(i[a]));
      dist = cellular_accumulate<metric>(dist, hn::Sub(hn::Add(hn::Set(d, k), o), frac[a]));
    }
    return dist;
  }
};

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

// The search's source for lanes that share their cells and fractions on axes 1..dims-1 (a
// row's samples): the shared axes' bounds, the neighbour's hash, axis 0 offset and the other
// axes' terms read from the row's table (cellular_rows.hpp) by each lane's axis 0 cell. Where the
// lanes' cells lie within 16 of each other the table is read by lane permutes, else gathered.
template <int dims, cellular_distance metric, bool cell_value>
struct cellular_row_source {
  const cellular_params& c;
  cellular_row_table& t;
  const VI32* cell;
  const V* frac;
  // The axis 0 slab entered: its offset, the lanes' cells, and how the table is read.
  int k0 = 0, first = 0, low = 0, last = 0;
  bool window = false;
  VI32 w;
  VU index;

  HWY_INLINE V bound(int axis, int i, V acc) const {
    if (axis == 0) {
      return cellular_accumulate_first<metric>(
          cellular_axis_bound(detail::cellular_offset(i), c.lo, c.hi, frac[0]));
    }
    return cellular_accumulate<metric>(acc, hn::Set(D(), t.axis_bounds(axis)[i]));
  }
  HWY_INLINE void enter(int axis, int i) {
    if (axis != 0) return;
    const DI di;
    k0 = detail::cellular_offset(i);
    w = cellular_wrap(cell[0], k0, c.period[0]);
    // The lanes' cells from lane 0's on, modulo the period: within 16, one window of the table
    // (its entries past the period repeat its first cells); else each lane's own entry.
    first = hn::GetLane(w);
    const VI32 from_first = hn::Sub(w, hn::Set(di, first));
    const VI32 rel =
        hn::IfThenElse(hn::Lt(from_first, hn::Zero(di)),
                       hn::Add(from_first, hn::Set(di, static_cast<int>(c.period[0]))), from_first);
    const int spread = hn::GetLane(hn::MaxOfLanes(di, rel));
    window = spread < 16;
    last = window ? first + spread : static_cast<int>(c.period[0]) - 1;
    low = window ? first : 0;
    index = hn::BitCast(DU(), rel);
  }
  HWY_INLINE V lookup(const float* table) const {
    return window ? lookup16(table + first, index) : hn::GatherIndex(D(), table, w);
  }
  HWY_INLINE V visit(const int* i, VI32& h) const {
    const D d;
    const int combination = t.combination(i);
    t.ensure(combination, low, last);
    const V o = lookup(t.offset0(combination));
    V dist = cellular_accumulate_first<metric>(
        hn::Sub(hn::Add(hn::Set(d, static_cast<float>(k0)), o), frac[0]));
    for (int a = 1; a < dims; ++a) {
      dist = cellular_add_term<metric>(dist, lookup(t.term(combination, a)));
    }
    if constexpr (cell_value) h = hn::BitCast(DI(), lookup(t.hash_bits(combination)));
    return dist;
  }
};

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
  if (row != nullptr) {
    cellular_row_source<dims, metric, cell_value> source{c, *row, cell, frac};
    return cellular_search<dims, metric, second, cell_value>(source);
  }
  cellular_lane_source<dims, metric> source{c, cell, frac, {}};
  return cellular_search<dims, metric, second, cell_value>(source);
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

// The fewest samples a cell along a row for which the row's table beats gathering per lane.
constexpr int kCellularSamplesPerCell = 2;

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

// Whether the lanes are dense along axis 0, several samples a cell: the row's table fills each
// cell's entries once, with the mirror's scalar functions, which pays only when samples share
// them; sparser lanes (a texel a cell, as a texture's finest octaves have) gather per lane.
HWY_INLINE bool cellular_dense_row(const VI32* cell) {
  const DI di;
  const int lanes = static_cast<int>(hn::Lanes(di));
  const int spread = hn::ExtractLane(cell[0], lanes - 1) - hn::GetLane(cell[0]);
  return spread >= 0 && spread * kCellularSamplesPerCell <= lanes;
}

// cellular_noise<float> of one vector of samples: their cells and fractions on axes a < dims.
// cache: the thread's row tables (or null); node and octave name the table.
template <int dims>
HWY_INLINE V cellular_noise(const cellular_params& c, const detail::cellular_setup<float>& s,
                            cellular_row_cache* cache, const void* node, int octave,
                            const VI32* cell, const V* frac) {
  cellular_row_table* row = nullptr;
  if (cache != nullptr && cellular_dense_row(cell) && cellular_shares_row<dims>(cell, frac)) {
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
