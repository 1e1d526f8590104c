// Lazily filled tables of the cellular search over a row (cellular_rows.hpp).
#include "cpu/cellular_rows.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/cellular_noise.hpp"

namespace vknoise::cpu {

void cellular_row_table::reset(const cellular_table_key& key, int dims, cellular_distance metric,
                               const std::int32_t* perm, const float* feature, float lo, float hi,
                               const float* frac, const std::uint32_t* period, int radius) {
  key_ = key;
  dims_ = dims;
  metric_ = metric;
  perm_ = perm;
  feature_ = feature;
  for (int a = 0; a < 4; ++a) period_[a] = period[a];
  lo_ = lo;
  hi_ = hi;
  radius_ = radius;
  int combinations = 1;
  for (int a = 1; a < dims; ++a) combinations *= 2 * radius + 1;
  const int stride = static_cast<int>(period[0]) + padding;
  if (stride != stride_ || combinations != static_cast<int>(parts_.size())) {
    stride_ = stride;
    parts_.assign(combinations, part{});
  }
  // The parts keep their memory for the next cells; the new generations void their entries.
  ++cells_;
  set_fractions(frac);
}

void cellular_row_table::set_fractions(const float* frac) {
  ++terms_;
  for (part& p : parts_) p.ready_first = p.ready_end = 0;
  for (int a = 0; a < 4; ++a) {
    frac_[a] = frac[a];
    for (int i = 0; a < dims_ && i <= 2 * radius_; ++i) {
      bound_[a][i] =
          detail::cellular_axis_bound<float>(detail::cellular_offset(i), lo_, hi_, frac[a]);
    }
  }
}

void cellular_row_table::new_fractions(const cellular_table_key& key, const float* frac) {
  key_ = key;
  set_fractions(frac);
}

// Entries [first, last] not yet filled for the current cells and fractions: the neighbour's hash
// by cellular_find's chain and its offsets, then each shared axis's term.
void cellular_row_table::fill(int c, int first, int last) {
  part& p = parts_[c];
  if (p.values.empty()) {
    p.values.assign(std::size_t(dims_ + 1) * stride_, 0.0f);
    p.offsets.assign(std::size_t(dims_) * stride_, 0.0f);
    p.cell_stamp.assign(stride_, 0);
    p.term_stamp.assign(stride_, 0);
  }
  if (p.cells_stamp != cells_) {
    p.cells_stamp = cells_;
    for (int a = 1, rest = c; a < dims_; ++a, rest /= 2 * radius_ + 1) {
      p.k[a] = detail::cellular_offset(rest % (2 * radius_ + 1));
      p.neighbour[a] = detail::cellular_wrap(key_.cell[a - 1], p.k[a], period_[a]);
    }
  }
  const int period = static_cast<int>(period_[0]);
  const bool squared =
      metric_ == cellular_distance::euclidean || metric_ == cellular_distance::euclidean2;
  for (int w = first; w <= last; ++w) {
    if (p.cell_stamp[w] != cells_) {
      p.cell_stamp[w] = cells_;
      int h = perm_[w % period];
      for (int a = 1; a < dims_; ++a) h = perm_[h + p.neighbour[a]];
      p.values[w] = feature_[h];
      for (int a = 1; a < dims_; ++a) {
        p.offsets[std::size_t(a) * stride_ + w] = feature_[a * 256 + h];
      }
      p.values[std::size_t(dims_) * stride_ + w] = std::bit_cast<float>(h);
    }
    if (p.term_stamp[w] != terms_) {
      p.term_stamp[w] = terms_;
      for (int a = 1; a < dims_; ++a) {
        const float d =
            (static_cast<float>(p.k[a]) + p.offsets[std::size_t(a) * stride_ + w]) - frac_[a];
        p.values[std::size_t(a) * stride_ + w] = squared ? d * d : std::abs(d);
      }
    }
  }
  // The filled range: joined with the last one where they meet, else this one.
  const bool meets =
      p.ready_first < p.ready_end && first <= p.ready_end && last + 1 >= p.ready_first;
  p.ready_first = meets ? std::min(first, p.ready_first) : first;
  p.ready_end = meets ? std::max(last + 1, p.ready_end) : last + 1;
}

cellular_row_table& cellular_row_cache::table(const cellular_table_key& key, bool& fresh) {
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
