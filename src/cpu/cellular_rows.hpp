// The cellular search's tables for samples that share their cells and fractions on every axis
// but the first, as a field's row does: per offset combination k = (k1, .., k[dims-1]) of the
// search window on those axes and per cell w of axis 0 (wrapped, in [0, period)), the neighbour
// cell (w, cell1 + k1, ..)'s hash h, its feature point's offset on axis 0, and each other axis's
// metric term (d * d, or |d|, for d = (k + offset) - frac), computed once by the mirror's own
// scalar functions (cellular_noise.hpp) instead of once per sample. The SIMD search
// (cellular_noise-inl.h) then finishes each distance with axis 0's term, in the mirror's order.
//
// Filled lazily, per combination and per range of cells, since most combinations are pruned
// and a row touches few cells. The hashes and offsets depend on the cells alone and are kept
// while the rows stay in the same cells; the terms are recomputed for each row's fractions. Not
// thread-safe: each thread keeps its own (cellular_row_cache).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "vknoise/noise_spec.hpp"

namespace vknoise::cpu {

// What a table is for: a node's octave and the shared axes' cells; its terms are also for the
// shared axes' fractions (their bits).
struct cellular_table_key {
  const void* node = nullptr;
  int octave = -1;
  std::array<std::int32_t, 3> cell{};
  std::array<std::uint32_t, 3> frac_bits{};
  bool same_cells(const cellular_table_key& k) const {
    return node == k.node && octave == k.octave && cell[0] == k.cell[0] && cell[1] == k.cell[1] &&
           cell[2] == k.cell[2];
  }
  // Field by field: checked once per vector of samples, where a library memcmp call costs.
  bool operator==(const cellular_table_key& k) const {
    return same_cells(k) && frac_bits[0] == k.frac_bits[0] && frac_bits[1] == k.frac_bits[1] &&
           frac_bits[2] == k.frac_bits[2];
  }
};

class cellular_row_table {
 public:
  // Tables read 16 entries from any cell below the period (table_lookup-inl.h's lookup16):
  // entries period .. period + 15 repeat cells 0 .. 15 (modulo the period), so lanes whose cells
  // wrap past the period's end read one window from the last cell on.
  static constexpr int padding = 16;

  // Starts over for `key`: no entry filled. feature: graph_node_plan::feature; lo, hi: the
  // slabs' extremes (cellular_find's); period: the octave's periods (cellular_octave_periods);
  // radius: cellular_radius.
  void reset(const cellular_table_key& key, int dims, cellular_distance metric,
             const std::int32_t* perm, const float* feature, float lo, float hi, const float* frac,
             const std::uint32_t* period, int radius);
  // Keeps the hashes and offsets (the same cells) and starts the terms over for new fractions.
  void new_fractions(const cellular_table_key& key, const float* frac);
  const cellular_table_key& key() const { return key_; }

  // The combination of window indices i1.. (offsets cellular_offset(i)) on axes 1..dims-1.
  int combination(const int* i) const {
    int c = 0;
    for (int a = dims_ - 1; a >= 1; --a) c = c * (2 * radius_ + 1) + i[a];
    return c;
  }
  // Fills entries [first, last] (last < period + padding) of combination c where not yet
  // filled.
  void ensure(int c, int first, int last) {
    const part& p = parts_[c];
    if (first < p.ready_first || last >= p.ready_end) fill(c, first, last);
  }

  // Per cell w: axis 0's offset, axis a's term (1 <= a < dims), the hash (as float bits).
  const float* offset0(int c) const { return parts_[c].values.data(); }
  const float* term(int c, int a) const { return parts_[c].values.data() + a * stride_; }
  const float* hash_bits(int c) const { return parts_[c].values.data() + dims_ * stride_; }
  // Axis a's slab bounds (cellular_axis_bound) per window index, for the row's fraction there.
  const float* axis_bounds(int a) const { return bound_[a]; }

 private:
  struct part {
    int ready_first = 0, ready_end = 0;  // entries [ready_first, ready_end) are all filled
    std::uint32_t cells_stamp = 0;       // k and neighbour are for the table's cells
    int k[4] = {0, 0, 0, 0};             // the combination's offsets on axes 1..
    int neighbour[4] = {0, 0, 0, 0};     // and the neighbour's cells there
    std::vector<float> values;           // axis 0's offset, the terms, the hash (table above)
    std::vector<float> offsets;          // axis a's offset at a * stride (a >= 1)
    // Per entry: the generations its hash and offsets (cells_) and its terms (terms_) are of.
    std::vector<std::uint32_t> cell_stamp, term_stamp;
  };
  void fill(int c, int first, int last);
  void set_fractions(const float* frac);

  cellular_table_key key_;
  int dims_ = 0;
  cellular_distance metric_ = cellular_distance::euclidean;
  const std::int32_t* perm_ = nullptr;
  const float* feature_ = nullptr;
  float frac_[4] = {};
  float lo_ = 0, hi_ = 0;
  float bound_[4][11] = {};  // window indices 0..2R, R <= 5
  std::uint32_t period_[4] = {};
  int radius_ = 0;
  int stride_ = 0;  // period[0] + padding
  // Generations: the cells' (a reset), the fractions' (a reset or new fractions).
  std::uint32_t cells_ = 0, terms_ = 0;
  std::vector<part> parts_;
};

// Per thread: the tables of the rows being evaluated, one per (node, octave) seen.
class cellular_row_cache {
 public:
  // The table of key's node and octave; fresh is set when it is for other cells (or new) and must
  // be reset by the caller, who gives it new fractions where only those differ.
  cellular_row_table& table(const cellular_table_key& key, bool& fresh);

 private:
  std::vector<std::unique_ptr<cellular_row_table>> tables_;
};

}  // namespace vknoise::cpu
