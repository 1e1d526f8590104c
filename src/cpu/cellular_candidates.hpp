// The cellular search's candidate lists for samples that share their cells and fractions on
// every axis but the first, as a field's row does. A list belongs to a box: one cell on every
// axis (wrapped, in [0, period)), axis 0's whole cell (fraction in [0, 1]) and, on each other
// axis, one of `bands` bands of the fraction ([b / bands, (b + 1) / bands]). It holds every
// feature point of the search window (cellular_noise.hpp's radius, offsets relative to the box's
// cells) that can be the nearest (or, when `second`, one of the two nearest) for some sample in
// the box, and no point that provably cannot.
//
// Why it is exact. For a point j and a box, bounds m_a <= |d_a| <= M_a on every axis come from
// the ends of the fraction's range, since the mirror's d_a = (real(k_a) + o_a) - frac_a is a
// correctly rounded, hence monotone, function of frac_a; combined by cellular_accumulate (also
// monotone) they give L_j <= dist_j <= U_j for every sample in the box, dist_j bit for bit the
// mirror's. Every sample's F1 is at most the least U_j of any point of its window (F2 at most
// the second least), so a point whose L_j exceeds that threshold is never F1 (F2) there. The
// search (cellular_noise-inl.h) computes the distances of a list's points with the mirror's
// operations: every point where the lanes share one cell, the points a screen by the lanes'
// own bounds keeps where they span several. F1 and F2 are the least and second least distances
// of the window's points, whatever the order they are met in; the nearest cell goes to the first
// point the mirror's order visits among equal distances (the lists carry each point's place in
// that order). A point outside a lane's window is farther than any F2 there (the window's
// radius leaves a whole cell of margin), so a list's extra points change nothing.
//
// Not thread-safe: each thread keeps its own cache (cellular_candidate_cache).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "cpu/cellular_rows.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::cpu {

// Bands of the fraction per shared axis, at most: narrower boxes keep fewer points but build more
// lists, which pays where many samples share a box (cellular_noise-inl.h picks 1, 2 or 4).
constexpr int kCellularMostBands = 4;
// Lists are padded to a multiple of this (a vector's lanes on every target) with far points.
constexpr int kCellularListPadding = 16;

// What a list is for: a node's octave, the box's cells (axes 0..dims-1) and fraction bands
// (axes 1..dims-1, 0 beyond dims).
struct cellular_row_key {
  const void* node = nullptr;
  int octave = -1;
  int bands = 1;                       // per cell on each shared axis (1: band -1, the whole cell)
  std::array<std::int32_t, 3> cell{};  // axes 1..3
  std::array<std::int32_t, 3> band{};  // axes 1..3
  bool operator==(const cellular_row_key& k) const {
    // Field by field: checked once per vector of samples, where a library memcmp call costs.
    return node == k.node && octave == k.octave && bands == k.bands && cell[0] == k.cell[0] &&
           cell[1] == k.cell[1] && cell[2] == k.cell[2] && band[0] == k.band[0] &&
           band[1] == k.band[1] && band[2] == k.band[2];
  }
};

// What building a list reads: graph_node_plan's permutation and feature table, the slabs'
// extremes lo and hi (cellular_find's), the octave's periods, the search window's radius, and
// whether F2 is wanted (the threshold is then the second least bound).
struct cellular_list_setup;
struct cellular_candidates;
// Per point j < list.count: the least and most distances its bounds give over the box ([low[a],
// high[a]] per axis a), combined as cellular_accumulate combines terms (bounds_of's, below). The
// target's SIMD code (cellular_box_bounds in cellular_noise-inl.h); least and most hold
// list.padded floats.
using cellular_bounds_function = void (*)(const cellular_list_setup& setup,
                                          const cellular_candidates& list, const float* low,
                                          const float* high, float* least, float* most);

struct cellular_list_setup {
  cellular_bounds_function box_bounds = nullptr;
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

// The most memory a thread's cache holds before it starts over: 16 MiB. Tests lower it to make
// the caches start over often; it is read as each cache is made.
std::atomic<std::size_t>& cellular_cache_limit();

// Per thread: the lists of the boxes met so far, by row key and axis 0 cell. A list serves the
// rows of its band in one slice of a field and again in the next slices of the same band, so
// the cache holds a slice's lists where it can; past cellular_cache_limit() (lists and row
// tables, roughly) it starts over.
class cellular_candidate_cache {
 public:
  // The list of the box at axis 0 cell `cell0` (wrapped, below setup.period[0]) of the row
  // `key`, built when missing. The reference stays valid until a list of another row is asked
  // for.
  const cellular_candidates& list(const cellular_row_key& key, int cell0,
                                  const cellular_list_setup& setup) {
    // A row's vectors mostly ask for the list the previous one of their node and octave had.
    walker& w = walker_of(key);
    if (w.list != nullptr && w.cell0 == cell0 && w.key == key) return *w.list;
    return find(w, key, cell0, setup);
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
  // Where one node's octave is (a fractal's octaves interleave per vector): its row and the
  // list it last asked for.
  struct walker {
    cellular_row_key key;
    row_lists* row = nullptr;
    int cell0 = -1;
    const cellular_candidates* list = nullptr;
  };
  walker& walker_of(const cellular_row_key& key) {
    walker& last = walkers_[last_walker_];
    if (last.key.node == key.node && last.key.octave == key.octave) return last;
    return other_walker(key);
  }
  walker& other_walker(const cellular_row_key& key);
  const cellular_candidates& find(walker& w, const cellular_row_key& key, int cell0,
                                  const cellular_list_setup& setup);
  row_lists& row_of(const cellular_row_key& key, const cellular_list_setup& setup);

  std::unordered_map<cellular_row_key, row_lists, key_hash> rows_;
  std::vector<walker> walkers_ = std::vector<walker>(1);
  std::size_t last_walker_ = 0;
  std::size_t bytes_ = 0;  // roughly, of the lists and row tables held
  std::size_t max_bytes_ = cellular_cache_limit().load();
  std::vector<float> scratch_;
  // The builder's working arrays, kept for their memory.
  std::vector<float> points_;
};

// The band of a fraction in [0, 1] among `bands` (a power of two, so the ends are exact) and
// its ends; band -1 is the whole of [0, 1].
inline int cellular_band(float frac, int bands) {
  if (bands == 1) return -1;
  const int b = static_cast<int>(frac * static_cast<float>(bands));
  return b < bands ? b : bands - 1;
}
inline float cellular_band_low(int band, int bands) {
  return band < 0 ? 0.0f : static_cast<float>(band) / static_cast<float>(bands);
}
inline float cellular_band_high(int band, int bands) {
  return band < 0 ? 1.0f : static_cast<float>(band + 1) / static_cast<float>(bands);
}

// Builds the list of the box (cells `cell` on axes 0..dims-1, bands `band` of `bands` on axes
// 1..dims-1) from the search window; work: working memory, any content.
void build_cellular_candidates(const cellular_list_setup& setup, const std::int32_t* cell,
                               const std::int32_t* band, int bands, std::vector<float>& work,
                               cellular_candidates& out);
// The list of a box (bands `band` of `bands`) from the list of a box holding it (its cells'
// whole box); work: working memory, any content.
void filter_cellular_candidates(const cellular_list_setup& setup, const std::int32_t* band,
                                int bands, const cellular_candidates& parent,
                                cellular_candidates& out, std::vector<float>& work);

// A thread's caches of the searches over rows: the candidate lists and the rows' tables.
struct cellular_caches {
  cellular_candidate_cache lists;
  cellular_row_cache tables;
};

}  // namespace vknoise::cpu
