// The cellular search's candidate lists for samples that share their cells and fractions on
// every axis but the first, as a field's row does. A list belongs to a box: one cell on every
// axis (wrapped, in [0, period)), axis 0's whole cell (fraction in [0, 1]) and, on each other
// axis, one band of the fraction ([b / kBands, (b + 1) / kBands]). It holds every feature point
// of the search window (cellular_noise.hpp's radius, offsets relative to the box's cells) that
// can be the nearest (or, when `second`, one of the two nearest) for some sample in the box, and
// no point that provably cannot.
//
// Why it is exact. For a point j and a box, bounds m_a <= |d_a| <= M_a on every axis come from
// the ends of the fraction's range, since the mirror's d_a = (real(k_a) + o_a) - frac_a is a
// correctly rounded, hence monotone, function of frac_a; combined by cellular_accumulate (also
// monotone) they give L_j <= dist_j <= U_j for every sample in the box, bit for bit the
// mirror's dist_j. Every sample's F1 is at most the least U_j of any point of its window (F2 at
// most the second least), so a point whose L_j exceeds that threshold is never F1 (F2) there.
// The search (cellular_noise-inl.h) screens a list again per vector of samples, with the row's
// exact terms, then computes the survivors' distances with the mirror's operations. F1 and F2
// are the least and second least distances of the window's points, whatever the order they are
// met in; the nearest cell goes to the first point the mirror's order visits among equal
// distances (the lists carry each point's place in that order).
//
// Not thread-safe: each thread keeps its own cache (cellular_candidate_cache).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "vknoise/noise_spec.hpp"

namespace vknoise::cpu {

// Bands of the fraction per shared axis: narrower boxes keep fewer points but build more lists.
constexpr int kCellularBands = 4;
// Lists are padded to a multiple of this (a vector's lanes on every target) with far points.
constexpr int kCellularListPadding = 16;

// What a list is for: a node's octave, the box's cells (axes 0..dims-1) and fraction bands
// (axes 1..dims-1, 0 beyond dims).
struct cellular_row_key {
  const void* node = nullptr;
  int octave = -1;
  std::array<std::int32_t, 3> cell{};  // axes 1..3
  std::array<std::int32_t, 3> band{};  // axes 1..3
  bool operator==(const cellular_row_key& k) const {
    // Field by field: checked once per vector of samples, where a library memcmp call costs.
    return node == k.node && octave == k.octave && cell[0] == k.cell[0] && cell[1] == k.cell[1] &&
           cell[2] == k.cell[2] && band[0] == k.band[0] && band[1] == k.band[1] &&
           band[2] == k.band[2];
  }
};

// What building a list reads: graph_node_plan's permutation and feature table, the slabs'
// extremes lo and hi (cellular_find's), the octave's periods, the search window's radius, and
// whether F2 is wanted (the threshold is then the second least bound).
struct cellular_list_setup {
  int dims = 3;
  cellular_distance metric = cellular_distance::euclidean;
  const std::int32_t* perm = nullptr;
  const float* feature = nullptr;
  float lo = 0, hi = 1;
  const std::uint32_t* period = nullptr;
  int radius = 2;
  bool second = false;
};

// One box's points, structure of arrays in one buffer, `padded` entries each (count real ones,
// then far points that no threshold keeps).
struct cellular_candidates {
  int count = 0, padded = 0;
  // Per point: real(k0); o0; p_a = real(k_a) + o_a (rounded, as the mirror's d_a begins) on axis
  // 0 and on the shared axes 1..dims-1; its cell's value; its place in the mirror's visiting
  // order over axes 1.. (i1 * n + i2 ...; n = 2 radius + 1), the axis 0 part added per lane.
  std::vector<float> data;
  const float* k0() const { return data.data(); }
  const float* o0() const { return data.data() + padded; }
  const float* value() const { return data.data() + 2 * padded; }
  const float* order() const { return data.data() + 3 * padded; }
  const float* p(int axis) const { return data.data() + (4 + axis) * padded; }
  static constexpr int arrays = 8;
};

// Per thread: the lists of the boxes met so far, by row key and axis 0 cell. Bounded: past
// kMaxLists lists it starts over (a field visits boxes in order, so old ones are rarely met
// again).
class cellular_candidate_cache {
 public:
  static constexpr int kMaxLists = 4096;

  // The list of the box at axis 0 cell `cell0` (wrapped, below setup.period[0]) of the row
  // `key`, built when missing. The reference stays valid until a list of another row is asked
  // for.
  const cellular_candidates& list(const cellular_row_key& key, int cell0,
                                  const cellular_list_setup& setup) {
    // A row's vectors mostly ask for the list the previous one had.
    if (last_ != nullptr && last_cell0_ == cell0 && current_key_ == key) return *last_;
    last_ = &find(key, cell0, setup);
    last_cell0_ = cell0;
    return *last_;
  }
  // The thread's scratch for the search, at least `floats` long; valid until the next call.
  float* scratch(std::size_t floats) {
    if (scratch_.size() < floats) scratch_.resize(floats);
    return scratch_.data();
  }

 private:
  struct row_lists {
    std::vector<std::unique_ptr<cellular_candidates>> by_cell;  // by axis 0 cell
  };
  struct key_hash {
    std::size_t operator()(const cellular_row_key& k) const;
  };
  const cellular_candidates& find(const cellular_row_key& key, int cell0,
                                  const cellular_list_setup& setup);

  std::unordered_map<cellular_row_key, row_lists, key_hash> rows_;
  // The row last asked for, to skip the map while a row's vectors follow each other.
  cellular_row_key current_key_;
  row_lists* current_ = nullptr;
  int lists_ = 0;
  const cellular_candidates* last_ = nullptr;
  int last_cell0_ = -1;
  std::vector<float> scratch_;
  // The builder's working arrays, kept for their memory.
  std::vector<float> points_;
};

// The band of a fraction in [0, 1] and its ends.
inline int cellular_band(float frac) {
  const int b = static_cast<int>(frac * static_cast<float>(kCellularBands));
  return b < kCellularBands ? b : kCellularBands - 1;
}
// Band -1 is the whole of [0, 1].
inline float cellular_band_low(int band) {
  return band < 0 ? 0.0f : static_cast<float>(band) / static_cast<float>(kCellularBands);
}
inline float cellular_band_high(int band) {
  return band < 0 ? 1.0f : static_cast<float>(band + 1) / static_cast<float>(kCellularBands);
}

// Builds the list of the box (cells `cell` on axes 0..dims-1, bands `band` on axes 1..dims-1)
// from the search window; work: working memory, any content.
void build_cellular_candidates(const cellular_list_setup& setup, const std::int32_t* cell,
                               const std::int32_t* band, std::vector<float>& work,
                               cellular_candidates& out);
// The list of a box (bands `band`) from the list of a box holding it (its cells' whole box);
// work: working memory, any content.
void filter_cellular_candidates(const cellular_list_setup& setup, const std::int32_t* band,
                                const cellular_candidates& parent, cellular_candidates& out,
                                std::vector<float>& work);

}  // namespace vknoise::cpu
