// Candidate lists of the cellular search over rows (cellular_candidates.hpp).
#include "cpu/cellular_candidates.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/cellular_noise.hpp"

namespace vknoise::cpu {

namespace {

// Far enough that no threshold keeps a padding entry, near enough that its squares stay finite.
constexpr float kFar = 1.0e6f;

// The range of the mirror's d = p - frac over frac in [low, high] (a monotone function of
// frac): its least |d| and its greatest.
struct abs_range {
  float least, most;
};
abs_range d_range(float p, float low, float high) {
  const float below = p - high;  // the least d
  const float above = p - low;   // the greatest d
  if (below > 0.0f) return {below, above};
  if (above < 0.0f) return {-above, -below};
  return {0.0f, std::max(-below, above)};
}

// The least |d| over a slab of points at offset k (offsets in [lo, hi]) and fractions in
// [low, high]: cellular_axis_bound over a range of fractions.
float slab_bound(int k, float lo, float hi, float low, float high) {
  const float lower = (static_cast<float>(k) + lo) - high;
  const float upper = (static_cast<float>(k) + hi) - low;
  float b = 0.0f;
  if (lower > b) b = lower;
  if (-upper > b) b = -upper;
  return b;
}

// The box: fraction ranges per axis and the cells.
struct box {
  float low[4], high[4];
  const std::int32_t* cell;
};

// One point of the window: offsets k per axis, its hash, and its bounds over the box.
struct point_bounds {
  float least, most;
};

int wrap(const cellular_list_setup& s, const box& b, int axis, int k) {
  return detail::cellular_wrap(b.cell[axis], k, s.period[axis]);
}

// The hash of the cell at offsets k (cellular_find's chain).
int hash_of(const cellular_list_setup& s, const box& b, const int* k) {
  int h = s.perm[wrap(s, b, 0, k[0])];
  for (int a = 1; a < s.dims; ++a) h = s.perm[h + wrap(s, b, a, k[a])];
  return h;
}

point_bounds bounds_of(const cellular_list_setup& s, const box& b, const int* k, int h) {
  point_bounds r{0.0f, 0.0f};
  for (int a = 0; a < s.dims; ++a) {
    const float p = static_cast<float>(k[a]) + s.feature[a * 256 + h];
    const abs_range d = d_range(p, b.low[a], b.high[a]);
    r.least = a == 0 ? detail::cellular_accumulate(s.metric, 0.0f, d.least)
                     : detail::cellular_accumulate(s.metric, r.least, d.least);
    r.most = a == 0 ? detail::cellular_accumulate(s.metric, 0.0f, d.most)
                    : detail::cellular_accumulate(s.metric, r.most, d.most);
  }
  return r;
}

// The least (or second least) of upper bounds.
struct least_two {
  float first = 1e30f, second = 1e30f;
  void add(float v) {
    second = std::min(second, std::max(first, v));
    first = std::min(first, v);
  }
  float of(bool two) const { return two ? second : first; }
};

// A first threshold, to prune the window's slabs: the least (second least) upper bound of the
// own cell's point and its face neighbours', all inside the window (radius >= 2).
float first_threshold(const cellular_list_setup& s, const box& b) {
  least_two t;
  int k[4] = {0, 0, 0, 0};
  t.add(bounds_of(s, b, k, hash_of(s, b, k)).most);
  for (int a = 0; a < s.dims; ++a) {
    for (const int side : {-1, 1}) {
      k[a] = side;
      t.add(bounds_of(s, b, k, hash_of(s, b, k)).most);
      k[a] = 0;
    }
  }
  return t.of(s.second);
}

// A point met by the enumeration, as the builder's working memory holds it.
enum point_field { k0_field, k1_field, k2_field, k3_field, order_field, hash_field, least_field };
constexpr int point_fields = 7;

}  // namespace

void build_cellular_candidates(const cellular_list_setup& s, const std::int32_t* cell,
                               const std::int32_t* band, int bands, std::vector<float>& work,
                               cellular_candidates& out) {
  box b{};
  b.cell = cell;
  b.low[0] = 0.0f;
  b.high[0] = 1.0f;
  for (int a = 1; a < s.dims; ++a) {
    b.low[a] = cellular_band_low(band[a - 1], bands);
    b.high[a] = cellular_band_high(band[a - 1], bands);
  }
  const float loose = first_threshold(s, b);
  // cellular_find's loops with bounds over the box's ranges: a slab whose least bound exceeds
  // the first threshold holds no candidate. The points met give the threshold, the least (second
  // least) of their upper bounds; those whose lower bound is within it are the list.
  const int n = 2 * s.radius + 1;
  float slab[4][11];  // per axis and window index, the slab's least |d| (R <= 5)
  int wrapped[4][11];
  for (int a = 0; a < s.dims; ++a) {
    for (int i = 0; i < n; ++i) {
      const int k = detail::cellular_offset(i);
      slab[a][i] = slab_bound(k, s.lo, s.hi, b.low[a], b.high[a]);
      wrapped[a][i] = detail::cellular_wrap(b.cell[a], k, s.period[a]);
    }
  }
  work.clear();
  least_two limit;
  int i[4] = {0, 0, 0, 0}, k[4] = {0, 0, 0, 0};
  const auto visit = [&](auto&& self, int a, int chain, float bound) -> void {
    for (i[a] = 0; i[a] < n; ++i[a]) {
      const float here = a == 0 ? detail::cellular_accumulate(s.metric, 0.0f, slab[a][i[a]])
                                : detail::cellular_accumulate(s.metric, bound, slab[a][i[a]]);
      if (here > loose) continue;
      k[a] = detail::cellular_offset(i[a]);
      const int h = s.perm[chain + wrapped[a][i[a]]];
      if (a + 1 < s.dims) {
        self(self, a + 1, h, here);
        continue;
      }
      const point_bounds pb = bounds_of(s, b, k, h);
      if (pb.least > loose) continue;
      limit.add(pb.most);
      int order = 0;
      for (int axis = 1; axis < s.dims; ++axis) order = order * n + i[axis];
      const float point[point_fields] = {float(k[0]),  float(k[1]), float(k[2]), float(k[3]),
                                         float(order), float(h),    pb.least};
      work.insert(work.end(), point, point + point_fields);
    }
  };
  visit(visit, 0, 0, 0.0f);
  const float threshold = limit.of(s.second);
  const std::size_t met = work.size() / point_fields;
  int count = 0;
  for (std::size_t m = 0; m < met; ++m) count += work[m * point_fields + least_field] <= threshold;
  out.count = count;
  out.padded = (count + kCellularListPadding - 1) / kCellularListPadding * kCellularListPadding;
  const std::size_t P = out.padded;
  out.data.assign(cellular_candidates::arrays * P, 0.0f);
  float* data = out.data.data();
  for (int a = 0; a < s.dims; ++a) std::fill(data + (4 + a) * P + count, data + (5 + a) * P, kFar);
  std::size_t j = 0;
  for (std::size_t m = 0; m < met; ++m) {
    const float* point = work.data() + m * point_fields;
    if (point[least_field] > threshold) continue;
    const int h = static_cast<int>(point[hash_field]);
    data[j] = point[k0_field];
    data[P + j] = s.feature[h];
    data[2 * P + j] = s.feature[4 * 256 + h];
    data[3 * P + j] = point[order_field];
    for (int a = 0; a < s.dims; ++a) {
      data[(4 + a) * P + j] = point[k0_field + a] + s.feature[a * 256 + h];
    }
    ++j;
  }
}

void filter_cellular_candidates(const cellular_list_setup& s, const std::int32_t* band, int bands,
                                const cellular_candidates& parent, cellular_candidates& out,
                                std::vector<float>& work) {
  float low[4] = {0.0f, 0.0f, 0.0f, 0.0f}, high[4] = {1.0f, 1.0f, 1.0f, 1.0f};
  for (int a = 1; a < s.dims; ++a) {
    low[a] = cellular_band_low(band[a - 1], bands);
    high[a] = cellular_band_high(band[a - 1], bands);
  }
  const int n = parent.count;
  work.resize(2 * std::size_t(parent.padded));
  float* least = work.data();
  float* most = work.data() + parent.padded;
  s.box_bounds(s, parent, low, high, least, most);
  least_two limit;
  for (int j = 0; j < n; ++j) limit.add(most[j]);
  const float threshold = limit.of(s.second);
  int count = 0;
  for (int j = 0; j < n; ++j) count += least[j] <= threshold;
  out.count = count;
  out.padded = (count + kCellularListPadding - 1) / kCellularListPadding * kCellularListPadding;
  const std::size_t P = out.padded, from = parent.padded;
  out.data.assign(cellular_candidates::arrays * P, 0.0f);
  for (int a = 0; a < s.dims; ++a) {
    std::fill(out.data.data() + (4 + a) * P + count, out.data.data() + (5 + a) * P, kFar);
  }
  for (int j = 0, kept = 0; j < n; ++j) {
    if (least[j] > threshold) continue;
    for (int f = 0; f < 4 + s.dims; ++f) out.data[f * P + kept] = parent.data[f * from + j];
    ++kept;
  }
}

std::size_t cellular_candidate_cache::key_hash::operator()(const cellular_row_key& k) const {
  std::size_t h = std::hash<const void*>()(k.node) ^ (std::size_t(k.octave) * 0x9e3779b97f4a7c15u) ^
                  std::size_t(k.bands);
  for (int a = 0; a < 3; ++a) {
    h = h * 1000003u ^ std::size_t(k.cell[a]);
    h = h * 1000003u ^ std::size_t(k.band[a] + 1);
  }
  return h;
}

std::atomic<std::size_t>& cellular_cache_limit() {
  static std::atomic<std::size_t> limit{std::size_t(16) << 20};
  return limit;
}

cellular_candidate_cache::walker& cellular_candidate_cache::other_walker(
    const cellular_row_key& key) {
  for (std::size_t i = 0; i < walkers_.size(); ++i) {
    if (walkers_[i].key.node == key.node && walkers_[i].key.octave == key.octave) {
      last_walker_ = i;
      return walkers_[i];
    }
  }
  walkers_.emplace_back();
  walkers_.back().key = key;
  last_walker_ = walkers_.size() - 1;
  return walkers_.back();
}

cellular_candidate_cache::row_lists& cellular_candidate_cache::row_of(
    const cellular_row_key& key, const cellular_list_setup& setup) {
  row_lists& row = rows_[key];
  if (row.by_cell.empty()) {
    row.by_cell.resize(setup.period[0]);
    bytes_ += sizeof(row) + sizeof(key) + row.by_cell.size() * sizeof(row.by_cell[0]);
  }
  return row;
}

const cellular_candidates& cellular_candidate_cache::find(walker& w, const cellular_row_key& key,
                                                          int cell0,
                                                          const cellular_list_setup& setup) {
  if (w.row == nullptr || !(w.key == key)) {
    if (bytes_ >= max_bytes_) {
      rows_.clear();
      bytes_ = 0;
      for (walker& other : walkers_) other = walker{other.key};
    }
    w.row = &row_of(key, setup);
    w.key = key;
  }
  std::unique_ptr<cellular_candidates>& slot = w.row->by_cell[cell0];
  if (!slot) {
    slot = std::make_unique<cellular_candidates>();
    const std::int32_t cell[4] = {cell0, key.cell[0], key.cell[1], key.cell[2]};
    if (key.bands == 1) {
      build_cellular_candidates(setup, cell, key.band.data(), 1, points_, *slot);
    } else {
      // The box's list from its cells' (the whole cell on every axis, one band): far fewer
      // points than the window.
      cellular_row_key whole = key;
      whole.bands = 1;
      whole.band = {-1, -1, -1};
      std::unique_ptr<cellular_candidates>& parent = row_of(whole, setup).by_cell[cell0];
      if (!parent) {
        parent = std::make_unique<cellular_candidates>();
        build_cellular_candidates(setup, cell, whole.band.data(), 1, points_, *parent);
        bytes_ += sizeof(*parent) + parent->data.size() * sizeof(float);
      }
      filter_cellular_candidates(setup, key.band.data(), key.bands, *parent, *slot, points_);
    }
    bytes_ += sizeof(*slot) + slot->data.size() * sizeof(float);
  }
  w.cell0 = cell0;
  w.list = slot.get();
  return *slot;
}

}  // namespace vknoise::cpu
