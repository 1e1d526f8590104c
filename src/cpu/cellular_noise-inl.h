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
// - Lanes of a row (sharing their cells and fractions on axes 1..dims-1) are searched by how
//   densely they sample axis 0 (cellular_bands_for): the candidate lists of their cells'
//   boxes where they are dense (cellular_candidates.hpp says why a list's points give the
//   mirror's F1, F2 and nearest cell), the row's tables where a few share each cell
//   (cellular_rows.hpp, in the search above), and the search above per lane otherwise (and for
//   points).
//
// Per-target code (Highway's -inl.h convention): included by graph_kernels.cpp once per target.
#if defined(VKNOISE_CPU_CELLULAR_NOISE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VKNOISE_CPU_CELLULAR_NOISE_INL_H_
#undef VKNOISE_CPU_CELLULAR_NOISE_INL_H_
#else
#define VKNOISE_CPU_CELLULAR_NOISE_INL_H_
#endif

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include <hwy/highway.h>

#include "core/cellular_noise.hpp"
#include "cpu/cellular_candidates.hpp"
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

// cellular_finish: the root of the square for euclidean (correctly rounded, as std::sqrt).
template <cellular_distance metric>
HWY_INLINE V cellular_finish(V f) {
  if constexpr (metric == cellular_distance::euclidean) {
    return hn::Sqrt(f);
  } else {
    return f;
  }
}

// A metric term (d * d, or |d|) as cellular_accumulate computes it from d.
template <cellular_distance metric>
HWY_INLINE V cellular_term(V d) {
  if constexpr (metric == cellular_distance::euclidean || metric == cellular_distance::euclidean2) {
    return hn::Mul(d, d);
  } else {
    return hn::Abs(d);
  }
}

// A term added to a distance, as cellular_accumulate adds the term of its d.
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

// The most axis 0 cells a row's vector may touch for the lists: past that (a few samples a cell
// or fewer) each lane's own search is cheaper.
constexpr int kCellularMostLists = 8;

// A row's vector: lanes that share their cells and fractions on axes 1..dims-1, their axis 0
// cells rel = 0 .. lists - 1 after the first lane's (modulo the period), and the lists of those
// cells' boxes.
struct cellular_row_lanes {
  const cellular_candidates* list[kCellularMostLists];
  int lists;
  V rel;              // real(rel)
  V frac0;            // axis 0's fractions
  V lowest, highest;  // the least and greatest of rel + frac0 (every lane holds them)
  float shared[4];    // the shared fractions on axes 1..dims-1
  // Per listed point g (the lists one after another): its lower bound at g, its term on axis a
  // at a * stride + g; stride = the lists' padded lengths summed.
  float* scratch;
  int stride;
};

// How far the screen's axis 0 positions may stray from the mirror's |d0| (a few roundings of
// numbers below 16, each under 2^-20): the bounds are widened by this.
constexpr float kCellularScreenMargin = 0x1p-12f;

// The second least of the union of lane-wise least pairs (first <= second in each lane).
HWY_INLINE float cellular_second_least(V first, V second) {
  const D d;
  HWY_ALIGN float a[hn::MaxLanes(d)];
  hn::Store(first, d, a);
  const int n = static_cast<int>(hn::Lanes(d));
  float least = a[0], next = 1e30f;
  for (int l = 1; l < n; ++l) {
    next = std::min(next, std::max(least, a[l]));
    least = std::min(least, a[l]);
  }
  return std::min(next, hn::GetLane(hn::MinOfLanes(d, second)));
}

// A distance inserted for the return `cell`: it becomes the nearest where it is nearer, or as
// near and earlier in the mirror's visiting order (place), as cellular_find's strict comparison
// keeps the first visited of equal distances.
HWY_INLINE void cellular_insert_nearest(V dist, V place, V cell_value, V& f1, V& order, V& value) {
  const auto take = hn::Or(hn::Lt(dist, f1), hn::And(hn::Eq(dist, f1), hn::Lt(place, order)));
  f1 = hn::IfThenElse(take, dist, f1);
  order = hn::IfThenElse(take, place, order);
  value = hn::IfThenElse(take, cell_value, value);
}

// One listed point (g in the scratch, j in list l) inserted into every lane: its distance by the
// mirror's operations (k0 = the point's axis 0 offset from each lane's cell), inserted as
// cellular_find inserts; the nearest cell goes to the least place in the mirror's visiting order
// among equal distances.
template <int dims, cellular_distance metric, bool second, bool cell_value>
HWY_INLINE void cellular_insert_listed(const cellular_row_lanes& r, int l, int j, int g,
                                       int order_scale, cellular_search_lanes& s, V& value,
                                       V& order) {
  const D d;
  const cellular_candidates& c = *r.list[l];
  const V k0 = hn::Sub(hn::Set(d, c.k0()[j] + static_cast<float>(l)), r.rel);
  V dist = cellular_accumulate_first<metric>(hn::Sub(hn::Add(k0, hn::Set(d, c.o0()[j])), r.frac0));
  for (int a = 1; a < dims; ++a) {
    dist = cellular_add_term<metric>(dist, hn::Set(d, r.scratch[a * r.stride + g]));
  }
  if constexpr (cell_value) {
    // The mirror's place of the point per lane: its axis 0 index (0, -1, +1, ... -> 0, 1, 2, ...)
    // then the list's part for the other axes.
    const V index0 = hn::Sub(hn::Add(hn::Abs(k0), hn::Abs(k0)),
                             hn::IfThenElseZero(hn::Lt(k0, hn::Zero(d)), hn::Set(d, 1.0f)));
    const V place = hn::Add(hn::Mul(index0, hn::Set(d, static_cast<float>(order_scale))),
                            hn::Set(d, c.order()[j]));
    cellular_insert_nearest(dist, place, hn::Set(d, c.value()[j]), s.f1, order, value);
  } else {
    if constexpr (second) s.f2 = hn::Min(s.f2, hn::Max(s.f1, dist));
    s.f1 = hn::Min(s.f1, dist);
  }
}

// Whether point j of list l is also in an earlier list (neighbouring cells' lists share points):
// F2 counts each point once. Either that list inserted it, or its bound there, also a bound on
// its distance, shows it is not needed.
HWY_INLINE bool cellular_listed_earlier(const cellular_row_lanes& r, int l, int j) {
  const cellular_candidates& c = *r.list[l];
  for (int e = 0; e < l; ++e) {
    const cellular_candidates& earlier = *r.list[e];
    const float k0 = c.k0()[j] + static_cast<float>(l - e);
    for (int i = 0; i < earlier.count; ++i) {
      if (earlier.k0()[i] == k0 && earlier.order()[i] == c.order()[j]) return true;
    }
  }
  return false;
}

// The search where every lane is in one cell: every point of its list, without a screen (a
// list holds a few points, fewer than a screen costs). Each point's axis 0 offset is the same for
// every lane, so its p0 = real(k0) + o0 is the list's; d0 = p0 - frac0 enters the distance only
// through its square or magnitude, so frac0 - p0 (the same magnitude, rounded the same way)
// serves.
template <int dims, cellular_distance metric, bool second, bool cell_value>
HWY_INLINE cellular_search_lanes cellular_one_cell_search(const cellular_row_lanes& r, int n,
                                                          V& value) {
  const D d;
  const int lanes = static_cast<int>(hn::Lanes(d));
  const cellular_candidates& c = *r.list[0];
  // The row's terms on the shared axes, per point.
  for (int j = 0; j < c.padded; j += lanes) {
    for (int a = 1; a < dims; ++a) {
      const V t = cellular_term<metric>(hn::Sub(hn::LoadU(d, c.p(a) + j), hn::Set(d, r.shared[a])));
      hn::StoreU(t, d, r.scratch + a * r.stride + j);
    }
  }
  const float* p0 = c.p(0);
  const auto distance = [&](int j) HWY_ATTR {
    V dist = cellular_accumulate_first<metric>(hn::Sub(r.frac0, hn::Set(d, p0[j])));
    for (int a = 1; a < dims; ++a) {
      dist = cellular_add_term<metric>(dist, hn::Set(d, r.scratch[a * r.stride + j]));
    }
    return dist;
  };
  cellular_search_lanes s{hn::Set(d, 1e30f), hn::Set(d, 1e30f), hn::Zero(DI())};
  if constexpr (cell_value) {
    V order = hn::Set(d, 1e30f);
    int order_scale = 1;
    for (int a = 1; a < dims; ++a) order_scale *= n;
    for (int j = 0; j < c.count; ++j) {
      const V dist = distance(j);
      const float k0 = c.k0()[j];
      const float index0 = k0 > 0.0f ? 2.0f * k0 : -2.0f * k0 - (k0 < 0.0f ? 1.0f : 0.0f);
      const V place = hn::Set(d, index0 * static_cast<float>(order_scale) + c.order()[j]);
      cellular_insert_nearest(dist, place, hn::Set(d, c.value()[j]), s.f1, order, value);
    }
    return s;
  }
  // F1 and F2 are the least two of the distances in any order: two running pairs (even and
  // odd points, whose minimum chains then run side by side), merged at the end.
  cellular_search_lanes odd = s;
  const auto insert = [&](cellular_search_lanes& pair, V dist) HWY_ATTR {
    if constexpr (second) pair.f2 = hn::Min(pair.f2, hn::Max(pair.f1, dist));
    pair.f1 = hn::Min(pair.f1, dist);
  };
  int j = 0;
  for (; j + 1 < c.count; j += 2) {
    insert(s, distance(j));
    insert(odd, distance(j + 1));
  }
  if (j < c.count) insert(s, distance(j));
  if constexpr (second) {
    s.f2 = hn::Min(hn::Max(s.f1, odd.f1), hn::Min(s.f2, odd.f2));
  }
  s.f1 = hn::Min(s.f1, odd.f1);
  return s;
}

// The search over the lanes' lists where they span several cells (one cell's lanes take
// cellular_one_cell_search). Each point's bounds over the lanes: their axis 0 positions
// rel + frac0 lie in [lowest, highest], so |d0| lies within the point's distances to that range,
// widened by the margin; the row's terms on the other axes are exact. The threshold is the least
// upper bound (the second least when `second`); every point whose lower bound is within it is
// inserted. value: the nearest cell's value when `cell_value`.
template <int dims, cellular_distance metric, bool second, bool cell_value>
HWY_INLINE cellular_search_lanes cellular_candidate_search(const cellular_row_lanes& r, int n,
                                                           V& value) {
  const D d;
  const int lanes = static_cast<int>(hn::Lanes(d));
  const V lowest = r.lowest, highest = r.highest;
  const V margin = hn::Set(d, kCellularScreenMargin);
  // F2's threshold is taken per list, whose points are distinct (neighbouring lists share
  // points).
  float limit_second = 1e30f;
  V least = hn::Set(d, 1e30f);
  for (int l = 0, g = 0; l < r.lists; g += r.list[l]->padded, ++l) {
    const cellular_candidates& c = *r.list[l];
    const V shift = hn::Set(d, static_cast<float>(l));
    V list_least = hn::Set(d, 1e30f), next = hn::Set(d, 1e30f);
    for (int j = 0; j < c.padded; j += lanes) {
      const V u = hn::Add(hn::LoadU(d, c.p(0) + j), shift);
      const V apart = hn::Max(hn::Sub(lowest, u), hn::Sub(u, highest));
      V low = cellular_accumulate_first<metric>(hn::Max(hn::Zero(d), hn::Sub(apart, margin)));
      V high = cellular_accumulate_first<metric>(
          hn::Add(hn::Max(hn::Sub(u, lowest), hn::Sub(highest, u)), margin));
      for (int a = 1; a < dims; ++a) {
        const V t =
            cellular_term<metric>(hn::Sub(hn::LoadU(d, c.p(a) + j), hn::Set(d, r.shared[a])));
        hn::StoreU(t, d, r.scratch + a * r.stride + g + j);
        low = cellular_add_term<metric>(low, t);
        high = cellular_add_term<metric>(high, t);
      }
      hn::StoreU(low, d, r.scratch + g + j);
      if constexpr (second) next = hn::Min(next, hn::Max(list_least, high));
      list_least = hn::Min(list_least, high);
    }
    if constexpr (second) {
      limit_second = std::min(limit_second, cellular_second_least(list_least, next));
    }
    least = hn::Min(least, list_least);
  }
  const V limit = second ? hn::Set(d, limit_second) : hn::MinOfLanes(d, least);
  int order_scale = 1;
  for (int a = 1; a < dims; ++a) order_scale *= n;
  cellular_search_lanes s{hn::Set(d, 1e30f), hn::Set(d, 1e30f), hn::Zero(DI())};
  V order = hn::Set(d, 1e30f);
  for (int l = 0, g = 0; l < r.lists; g += r.list[l]->padded, ++l) {
    const cellular_candidates& c = *r.list[l];
    for (int j = 0; j < c.padded; j += lanes) {
      const auto within = hn::Le(hn::LoadU(d, r.scratch + g + j), limit);
      std::uint8_t bytes[8] = {};
      hn::StoreMaskBits(d, within, bytes);
      std::uint64_t bits = 0;
      std::memcpy(&bits, bytes, sizeof(bits));
      while (bits != 0) {
        const int i = std::countr_zero(bits);
        bits &= bits - 1;
        if constexpr (second) {
          if (l > 0 && cellular_listed_earlier(r, l, j + i)) continue;
        }
        cellular_insert_listed<dims, metric, second, cell_value>(r, l, j + i, g + j + i,
                                                                 order_scale, s, value, order);
      }
    }
  }
  return s;
}

// The lane source's search (every lane its own cells), or the lists' where the lanes are a row's.
template <int dims, cellular_distance metric, bool second, bool cell_value, bool one_cell>
HWY_INLINE cellular_search_lanes cellular_search_of(const cellular_params& c,
                                                    const cellular_row_lanes* row,
                                                    cellular_row_table* table, const VI32* cell,
                                                    const V* frac, V& value) {
  const int n = 2 * detail::cellular_radius(dims, metric) + 1;
  if constexpr (one_cell) {
    return cellular_one_cell_search<dims, metric, second, cell_value>(*row, n, value);
  } else {
    if (row != nullptr) {
      return cellular_candidate_search<dims, metric, second, cell_value>(*row, n, value);
    }
    // The pruned search by either source; the nearest cell's value from its hash.
    const auto search = [&](auto&& source) HWY_ATTR {
      const cellular_search_lanes s = cellular_search<dims, metric, second, cell_value>(source);
      if constexpr (cell_value) value = hn::GatherIndex(D(), c.feature + 4 * 256, s.h1);
      return s;
    };
    if (table != nullptr)
      return search(cellular_row_source<dims, metric, cell_value>{c, *table, cell, frac});
    return search(cellular_lane_source<dims, metric>{c, cell, frac, {}});
  }
}

template <int dims, cellular_distance metric, bool one_cell>
HWY_INLINE V cellular_value(const cellular_params& c, cellular_return returns,
                            const cellular_row_lanes* row, cellular_row_table* table,
                            const VI32* cell, const V* frac) {
  V value = hn::Zero(D());
  if (returns == cellular_return::f1) {
    return cellular_finish<metric>(
        cellular_search_of<dims, metric, false, false, one_cell>(c, row, table, cell, frac, value)
            .f1);
  }
  if (returns == cellular_return::cell) {
    cellular_search_of<dims, metric, false, true, one_cell>(c, row, table, cell, frac, value);
    return value;
  }
  const cellular_search_lanes r =
      cellular_search_of<dims, metric, true, false, one_cell>(c, row, table, cell, frac, value);
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

// The lanes' axis 0 cells from the first's (rel) and positions rel + frac0: their greatest rel
// and their least and greatest position. A field's rows come in ascending order, where the
// first and last lanes give them; any other order is reduced across the lanes.
struct cellular_lane_range {
  int spread;
  V rel, lowest, highest;
};
HWY_INLINE cellular_lane_range cellular_range(VI32 rel, V frac0) {
  const D d;
  const DI di;
  const int n = static_cast<int>(hn::Lanes(d));
  // Each lane's following lane (the last its own), made in registers: this runs per vector.
  const VI32 following = hn::Min(hn::Iota(di, 1), hn::Set(di, n - 1));
  const V relf = hn::ConvertTo(d, rel);
  const V position = hn::Add(relf, frac0);
  const bool ascending =
      hn::AllFalse(di, hn::Gt(rel, hn::TableLookupLanes(rel, hn::IndicesFromVec(di, following)))) &&
      hn::AllFalse(
          d, hn::Gt(position, hn::TableLookupLanes(position, hn::IndicesFromVec(d, following))));
  if (ascending) {
    HWY_ALIGN std::int32_t rels[hn::MaxLanes(di)];
    HWY_ALIGN float positions[hn::MaxLanes(d)];
    hn::Store(rel, di, rels);
    hn::Store(position, d, positions);
    return {rels[n - 1], relf, hn::Set(d, positions[0]), hn::Set(d, positions[n - 1])};
  }
  return {hn::GetLane(hn::MaxOfLanes(di, rel)), relf, hn::MinOfLanes(d, position),
          hn::MaxOfLanes(d, position)};
}

// cellular_bounds_function (cellular_candidates.hpp) under the metric: per axis, d's range
// over the box's fractions is [p - high, p - low] (the mirror's d = p - frac, monotone in frac),
// whose least magnitude is max(0, p - high, low - p) and whose most is the larger end's.
template <cellular_distance metric>
HWY_INLINE void cellular_box_bounds_of(int dims, const cellular_candidates& list, const float* low,
                                       const float* high, float* least, float* most) {
  const D d;
  for (int j = 0; j < list.padded; j += static_cast<int>(hn::Lanes(d))) {
    V l_sum = hn::Zero(d), m_sum = hn::Zero(d);
    for (int a = 0; a < dims; ++a) {
      const V p = hn::LoadU(d, list.p(a) + j);
      const V below = hn::Sub(p, hn::Set(d, high[a]));
      const V above = hn::Sub(p, hn::Set(d, low[a]));
      const V l = hn::Max(hn::Max(below, hn::Neg(above)), hn::Zero(d));
      const V m = hn::Max(hn::Abs(below), hn::Abs(above));
      l_sum = a == 0 ? cellular_accumulate_first<metric>(l) : cellular_accumulate<metric>(l_sum, l);
      m_sum = a == 0 ? cellular_accumulate_first<metric>(m) : cellular_accumulate<metric>(m_sum, m);
    }
    hn::StoreU(l_sum, d, least + j);
    hn::StoreU(m_sum, d, most + j);
  }
}

HWY_NOINLINE void cellular_box_bounds(const cellular_list_setup& s, const cellular_candidates& list,
                                      const float* low, const float* high, float* least,
                                      float* most) {
  switch (s.metric) {
    case cellular_distance::manhattan:
      return cellular_box_bounds_of<cellular_distance::manhattan>(s.dims, list, low, high, least,
                                                                  most);
    case cellular_distance::chebyshev:
      return cellular_box_bounds_of<cellular_distance::chebyshev>(s.dims, list, low, high, least,
                                                                  most);
    default:  // both euclidean metrics search by squares
      return cellular_box_bounds_of<cellular_distance::euclidean2>(s.dims, list, low, high, least,
                                                                   most);
  }
}

// Samples per cell along axis 0 among a row's lanes (infinite when they are all at one point).
HWY_INLINE float cellular_samples_per_cell(const cellular_lane_range& range) {
  const D d;
  const float extent = hn::GetLane(hn::Sub(range.highest, range.lowest));
  return static_cast<float>(hn::Lanes(d) - 1) / extent;
}

// How densely a row's lanes sample axis 0 decides how their search is shared:
// - Candidate lists, from 6 samples a cell: a list costs about as much to build as a few hundred
//   samples' searches, so it must serve many. Taking the other axes' steps to be like axis 0's
//   (as a field's usually are), a box of 6 samples a cell per axis and one band serves over 200;
//   up to 4 bands keep at least 6 samples a band. Returns the bands, or 0 below 6.
// - The row's tables (cellular_rows.hpp), from 2 samples a cell: filled per row, lazily, they
//   share a row's hashes and shared-axis terms among the few samples of each cell.
// - Below that each lane searches for itself.
constexpr float kCellularTableSamplesPerCell = 2.0f;
HWY_INLINE int cellular_bands_for(float per_cell) {
  if (!(per_cell >= 6.0f)) return 0;
  const int bands = per_cell >= 24.0f ? 4 : per_cell >= 12.0f ? 2 : 1;
  return bands < kCellularMostBands ? bands : kCellularMostBands;
}

// How one vector of samples is searched: by its cells' lists (row), by the row's tables
// (table), or lane by lane (neither). Not copied: row points into lanes.
struct cellular_route {
  cellular_row_lanes lanes;
  const cellular_row_lanes* row = nullptr;
  cellular_row_table* table = nullptr;
  cellular_route() = default;
  cellular_route(const cellular_route&) = delete;
  // Where the lanes are in one cell, their list's points are all they need.
  bool one_cell() const { return row != nullptr && row->lists == 1; }
};

// The route of one vector of samples (their cells and fractions on axes a < dims), its lists
// or table found or built. caches: the thread's (or null); node and octave name them.
template <int dims>
HWY_INLINE void cellular_route_of(const cellular_params& c, const detail::cellular_setup<float>& s,
                                  cellular_caches* caches, const void* node, int octave,
                                  const VI32* cell, const V* frac, cellular_route& route) {
  const DI di;
  cellular_row_lanes& lanes = route.lanes;
  if (caches != nullptr && cellular_shares_row<dims>(cell, frac)) {
    // The lanes' axis 0 cells from the first lane's on, modulo the period.
    const int p = static_cast<int>(c.period[0]);
    const int first = hn::GetLane(cell[0]);
    const VI32 from_first = hn::Sub(cell[0], hn::Set(di, first));
    const VI32 rel = hn::IfThenElse(hn::Lt(from_first, hn::Zero(di)),
                                    hn::Add(from_first, hn::Set(di, p)), from_first);
    const cellular_lane_range range = cellular_range(rel, frac[0]);
    const float per_cell = cellular_samples_per_cell(range);
    const int bands = cellular_bands_for(per_cell);
    if (bands > 0 && range.spread < kCellularMostLists) {
      cellular_row_key key;
      key.node = node;
      key.octave = octave;
      key.bands = bands;
      for (int a = 1; a < dims; ++a) {
        key.cell[a - 1] = hn::GetLane(cell[a]);
        lanes.shared[a] = hn::GetLane(frac[a]);
        key.band[a - 1] = cellular_band(lanes.shared[a], bands);
      }
      const cellular_list_setup setup{
          &cellular_box_bounds,
          dims,
          s.distance,
          c.perm,
          c.feature,
          c.lo,
          c.hi,
          c.period,
          detail::cellular_radius(dims, s.distance),
          s.returns != cellular_return::f1 && s.returns != cellular_return::cell};
      lanes.lists = range.spread + 1;
      lanes.stride = 0;
      for (int l = 0; l < lanes.lists; ++l) {
        lanes.list[l] = &caches->lists.list(key, (first + l) % p, setup);
        lanes.stride += lanes.list[l]->padded;
      }
      lanes.scratch = caches->lists.scratch(std::size_t(dims) * lanes.stride);
      lanes.rel = range.rel;
      lanes.frac0 = frac[0];
      lanes.lowest = range.lowest;
      lanes.highest = range.highest;
      route.row = &lanes;
    } else if (per_cell >= kCellularTableSamplesPerCell) {
      cellular_table_key key;
      key.node = node;
      key.octave = octave;
      float shared[4] = {0, 0, 0, 0};
      for (int a = 1; a < dims; ++a) {
        key.cell[a - 1] = hn::GetLane(cell[a]);
        shared[a] = hn::GetLane(frac[a]);
        key.frac_bits[a - 1] = hn::GetLane(hn::BitCast(DU(), frac[a]));
      }
      bool fresh = false;
      cellular_row_table* table = &caches->tables.table(key, fresh);
      route.table = table;
      if (fresh) {
        table->reset(key, dims, s.distance, c.perm, c.feature, c.lo, c.hi, shared, c.period,
                     detail::cellular_radius(dims, s.distance));
      } else if (!(table->key() == key)) {
        table->new_fractions(key, shared);
      }
    }
  }
}

// cellular_noise<float> of one vector of samples by its route; one_cell: the route is one_cell()
// (the caller checked), and this code is for that case alone.
template <int dims, bool one_cell>
HWY_INLINE V cellular_routed(const cellular_params& c, const detail::cellular_setup<float>& s,
                             const cellular_route& route, const VI32* cell, const V* frac) {
  switch (s.distance) {
    case cellular_distance::manhattan:
      return cellular_value<dims, cellular_distance::manhattan, one_cell>(c, s.returns, route.row,
                                                                          route.table, cell, frac);
    case cellular_distance::chebyshev:
      return cellular_value<dims, cellular_distance::chebyshev, one_cell>(c, s.returns, route.row,
                                                                          route.table, cell, frac);
    case cellular_distance::euclidean2:
      return cellular_value<dims, cellular_distance::euclidean2, one_cell>(c, s.returns, route.row,
                                                                           route.table, cell, frac);
    default:
      return cellular_value<dims, cellular_distance::euclidean, one_cell>(c, s.returns, route.row,
                                                                          route.table, cell, frac);
  }
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // VKNOISE_CPU_CELLULAR_NOISE_INL_H_
