// What the fast path computes once per fill and shares read-only between its threads: the
// field's lattice coordinates (exactly axis_coordinates(field), what fill_mirror reads), the x
// axis laid out as padded arrays per octave, each hash's gradient as table indices, and the
// fractal parameters. Rows (one y, z, t each) are then independent.
//
// A graph field's row nodes (graph_plan.hpp, graph_rows) are planned the same way, from their
// slots' coordinates instead of the field's noise.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/fractal.hpp"
#include "cpu/gradient_recipe.hpp"
#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::cpu {

// The widest float vector of any target (AVX-512): x arrays are padded to a multiple of it.
inline constexpr std::size_t lane_padding = 16;
// The widest byte vector (AVX-512): byte arrays the kernels read whole are padded to it.
inline constexpr std::size_t byte_lane_padding = 64;
// The hash words a window of lane_padding samples reads (their cells' and next cells' slots) come
// from hash_window consecutive slots, a two-register permute on AVX-512 and AVX2.
inline constexpr std::int32_t hash_window = 32;

// One octave's x axis, sample by sample (padded entries read the last sample's slots with
// fraction 0).
struct x_octave {
  std::vector<float> x0;  // frac
  std::vector<float> x1;  // frac - 1
  std::vector<float> u;   // fade(frac)
  // The cells the axis touches (cell and next of every sample, each once, ascending), and each
  // sample's cell and next cell as positions (slots) in that list: a row's hash tables hold one
  // entry per slot.
  std::size_t slots = 0;
  std::vector<std::uint8_t> distinct;  // padded with cell 0 to a multiple of byte_lane_padding
  std::vector<std::int32_t> cell_slot;
  std::vector<std::int32_t> next_slot;
  // Per lane_padding samples: the first of hash_window slots that hold all their cell and next
  // slots (so a vector of them looks its hash words up in registers), or -1 where they spread
  // wider (a row wrapping from cell 255 to 0, or steps of more than a cell per sample): gathers.
  // The samples' cell_slot and next_slot count from their window's first slot where they have one.
  std::vector<std::int32_t> window;
  // Per lane_padding samples: where they all sit in one cell (a step of 1/16 cell or less, the
  // usual texture), that cell's index in `shared`, else -1. Such samples share every corner's
  // hash, and the row computes their gradients' terms once (row_tables::shared_terms).
  std::vector<std::int32_t> shared_cell;
  std::size_t shared_cells = 0;
  bool all_shared = false;  // every sample sits in a shared cell: the row's vectors never hash
  // Per shared cell: its cell's and next cell's slots.
  std::vector<std::int32_t> shared_slot, shared_next_slot;
};

struct field_plan {
  int dims = 3;
  bool balanced = false;  // improved4_balanced
  std::uint32_t nx = 1;
  std::size_t padded_nx = 0;
  std::uint64_t rows = 0;       // ny * nz * nt
  std::int32_t perm[512] = {};  // the doubled table, as the mirror reads it
  // The table as bytes: perm[i] = perm_bytes[i & 255], for byte-lane lookups.
  alignas(64) std::uint8_t perm_bytes[256] = {};
  int hashes = 0;  // distinct gradients: 2, 16 or 32
  // The factor of the x offset per hash, for x side 0 (x0) and 1 (x1): +-1 where the gradient
  // reads x, else the zero that turns x0 or x1 into -0 (x0 >= +0, x1 < 0), the neutral element
  // of the additions that follow.
  float x_factor[2][32] = {};
  // The row constants of combination k and hash h as sums of lanes of the row's signed
  // components (row_tables.hpp, row_tables::signed_component):
  //   constant = c[index[k][0][h]] + c[index[k][1][h]], after = c[index[k][2][h]]
  // where an absent term reads a -0 lane (adding -0 is exact).
  std::int32_t constant_index[8][3][32] = {};
  detail::fractal_params<float> fractal{};
  std::uint32_t size[4] = {1, 1, 1, 1};
  std::vector<lattice_coord> coords;  // axis_coordinates(field), or what the plan was given
  // Per entry of coords: the axis's lanes of row_tables::signed_component (frac, -frac,
  // frac - 1, -(frac - 1); +0, -0, +0, -0 on the axes from dims on), which the SIMD code joins in
  // registers for a row.
  std::vector<float> side_lanes;
  std::vector<float> fades;  // per entry of coords: fade(frac), as the mirror computes it
  std::size_t start[4] = {0, 0, 0, 0};
  std::vector<x_octave> x;  // one per octave
  // The leading octaves whose vectors all share their cells (x_octave::all_shared), which the
  // rows compute from the shared terms alone; the others read the hashes, and their constants.
  int shared_octaves = 0;

  std::size_t coord_index(int axis, int octave, std::uint32_t index) const {
    return start[axis] + std::size_t{size[axis]} * octave + index;
  }
  const lattice_coord& coord(int axis, int octave, std::uint32_t index) const {
    return coords[coord_index(axis, octave, index)];
  }
  const float* sides(int axis, int octave, std::uint32_t index) const {
    return side_lanes.data() + 4 * coord_index(axis, octave, index);
  }
};

// Whether the SIMD kernels (of fields and of points) compute this valid noise: improved and
// improved4_balanced noise without gradient or warp, every fractal, period and octave offset.
bool simd_kernels_cover(const noise_spec& noise, int dims);

// What a plan's rows compute: the improved noise of `dims` (improved4_balanced's gradients in 4D
// when `balanced`) with the doubled table `perm` (512 entries), summed over fractal.octaves
// octaves as fractal_sum does (octave 0 alone for fractal none).
struct row_noise {
  int dims = 3;
  bool balanced = false;
  const std::int32_t* perm = nullptr;
  detail::fractal_params<float> fractal{};
};

// The lattice coordinates of every sample along `axis` (below dims) at octave `octave`, written to
// out (size[axis] entries). One call per axis and octave: a call per sample cost a few percent
// of a small field's fill.
using row_coordinates = std::function<void(int axis, int octave, std::span<lattice_coord> out)>;

// The plan of rows of a grid of `size` samples (1 on every axis from dims on) whose samples sit
// at the lattice coordinates `coordinates` gives. Throws std::bad_alloc when memory runs out.
field_plan make_plan(const row_noise& noise, const std::array<std::uint32_t, 4>& size,
                     const row_coordinates& coordinates);

}  // namespace vknoise::cpu
