// Lazily filled tables of the cellular search over a row (cellular_rows.hpp).
#include "cpu/cellular_rows.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/cellular_noise.hpp"

namespace vknoise::cpu {

void cellular_row_table::reset(const cellular_row_key& key, int dims, cellular_distance metric,
                               const std::int32_t* perm, const float* feature, const float* frac,
                               const std::uint32_t* period, int radius) {
  key_ = key;
  dims_ = dims;
  metric_ = metric;
  perm_ = perm;
  feature_ = feature;
  for (int a = 0; a < 4; ++a) {
    frac_[a] = frac[a];
    period_[a] = period[a];
  }
  radius_ = radius;
  stride_ = static_cast<int>(period[0]) + padding;
  int combinations = 1;
  for (int a = 1; a < dims; ++a) combinations *= 2 * radius + 1;
  parts_.assign(combinations, part{});
}

void cellular_row_table::new_fractions(const cellular_row_key& key, const float* frac) {
  key_ = key;
  for (int a = 0; a < 4; ++a) frac_[a] = frac[a];
  for (part& p : parts_) p.terms_first = p.terms_end = 0;
}

// The hashes and offsets of cells [first, last] (cellular_find's chain), extending the filled
// range to a contiguous one.
void cellular_row_table::fill_cells(part& p, int first, int last) {
  const bool empty = p.first == p.end;
  const int from = empty ? first : std::min(first, p.first);
  const int to = empty ? last + 1 : std::max(last + 1, p.end);
  for (int w = from; w < to; ++w) {
    if (!empty && w >= p.first && w < p.end) continue;
    int h = perm_[w];
    for (int a = 1; a < dims_; ++a) h = perm_[h + p.neighbour[a]];
    p.values[w] = feature_[h];
    for (int a = 1; a < dims_; ++a) p.offsets[std::size_t(a) * stride_ + w] = feature_[a * 256 + h];
    p.values[std::size_t(dims_) * stride_ + w] = std::bit_cast<float>(h);
  }
  p.first = from;
  p.end = to;
}

void cellular_row_table::fill(int c, int first, int last) {
  part& p = parts_[c];
  if (p.values.empty()) {
    p.values.assign(std::size_t(dims_ + 1) * stride_, 0.0f);
    p.offsets.assign(std::size_t(dims_) * stride_, 0.0f);
    for (int a = 1, rest = c; a < dims_; ++a, rest /= 2 * radius_ + 1) {
      p.k[a] = detail::cellular_offset(rest % (2 * radius_ + 1));
      p.neighbour[a] = detail::cellular_wrap(key_.cell[a - 1], p.k[a], period_[a]);
    }
  }
  if (first < p.first || last >= p.end) fill_cells(p, first, last);
  // The terms of the cells asked for and of those between them and the filled ones.
  const bool empty = p.terms_first == p.terms_end;
  const int from = empty ? first : std::min(first, p.terms_first);
  const int to = empty ? last + 1 : std::max(last + 1, p.terms_end);
  const bool squared =
      metric_ == cellular_distance::euclidean || metric_ == cellular_distance::euclidean2;
  for (int a = 1; a < dims_; ++a) {
    const float k = static_cast<float>(p.k[a]);
    const float* offset = p.offsets.data() + std::size_t(a) * stride_;
    float* term = p.values.data() + std::size_t(a) * stride_;
    for (int w = from; w < to; ++w) {
      const float d = (k + offset[w]) - frac_[a];
      term[w] = squared ? d * d : std::abs(d);
    }
  }
  p.terms_first = from;
  p.terms_end = to;
}

cellular_row_table& cellular_row_cache::table(const cellular_row_key& key, bool& fresh) {
  for (const std::unique_ptr<cellular_row_table>& t : tables_) {
    if (t->key().node == key.node && t->key().octave == key.octave) {
      fresh = !t->key().same_cells(key);
      return *t;
    }
  }
  tables_.push_back(std::make_unique<cellular_row_table>());
  fresh = true;
  return *tables_.back();
}

}  // namespace vknoise::cpu
