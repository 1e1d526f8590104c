// What one row of a field needs for one octave, built before the row's SIMD loop: along a row
// the y, z and t lattice coordinates are fixed, so every hash and every gradient term that does
// not involve x is a per-row constant.
//
// - hashes: for each x cell c the row can touch (by its slot, field_plan.hpp), the gradient
//   hashes of the cell's corners at x = c, one byte per combination k of the other axes' sides
//   (k bit 0 y, bit 1 z, bit 2 w, improved_corners*' order): word 0 holds k = 0..3, word 1
//   k = 4..7. A sample reads the words of its cell (x side 0) and of its next cell (x side 1).
// - signed_component: the offset components of the other axes as the mirror forms them, frac
//   and frac - 1 (an axis beyond dims is the mirror's zero), each also negated, and -0: lane
//   signed_component_lane(axis, side, negative), -0 at signed_component_negative_zero.
// - constant: per combination k and hash h, the sum of the gradient's terms before x enters,
//   and `after` those after it, such that the mirror's gradient is
//     ((constant + x * x_factor) + after)    4D
//     (x * x_factor + constant)              1D to 3D (x is first or, by commutativity, second)
//   with exactly the mirror's float additions (an absent term is -0, which adds exactly). The
//   SIMD code builds them from signed_component (row_constants-inl.h, build_constants).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cpu/field_plan.hpp"
#include "vknoise/noise.hpp"

namespace vknoise::cpu {

inline constexpr int signed_component_negative_zero = 12;
// axis 1 (y) .. 3 (w), side 0 (frac) or 1 (frac - 1).
inline constexpr int signed_component_lane(int axis, int side, bool negative) {
  return 4 * (axis - 1) + 2 * side + (negative ? 1 : 0);
}

// What the hash words depend on besides the plan's x axis: the octave and the row's cells.
// Neighbouring rows mostly share their cells (32 rows at a step of 1/32), and keep their words.
struct hashes_key {
  const field_plan* plan = nullptr;
  int octave = -1;
  std::int32_t cell[4] = {}, next[4] = {};
  bool operator==(const hashes_key&) const = default;
};

inline constexpr std::size_t shared_terms_per_cell = 3 * 16;

struct row_tables {
  lattice_coord axis[4] = {};  // the row's lattice coordinates on axes 1..3
  hashes_key built;            // what `hashes` were built for
  // One word per slot, then room for a window (field_plan.hpp, hash_window) from any slot.
  alignas(64) std::uint32_t hashes[2][256 + hash_window] = {};
  alignas(64) float signed_component[16] = {};
  alignas(64) float constant[8][32] = {};
  alignas(64) float after[8][32] = {};
  float fade[4] = {0, 0, 0, 0};  // fade(frac) of y, z, t at indices 1..3
  // The shared cells' gradient terms (x_octave::shared_slot), shared_terms_per_cell floats a
  // cell: per term (x_factor, constant and after of the corner's hash), the 16 corners i (x side
  // i & 1, other sides i >> 1, as improved_corners* orders them), at
  // shared_terms[cell * shared_terms_per_cell + 16 * term + i].
  std::vector<float> shared_terms;
  // As shared_terms: the signed_component lanes that make the constant (terms 0 and 1) and the
  // after (term 2) of each corner's hash.
  std::vector<std::uint32_t> shared_lanes;
};

// The sample indices of row `row` (y fastest, then z, then t) on axes 1..3.
struct row_position {
  std::uint32_t index[4];
};
row_position locate_row(const field_plan& plan, std::uint64_t row);

// Fills axis and fade of `tables` for a row and octave `octave` (the SIMD code adds the signed
// components, hashes and constants: row_constants-inl.h).
void build_row_tables(const field_plan& plan, const row_position& row, int octave,
                      row_tables& tables);

// The key of the hash words of the row whose axes build_row_tables filled in.
hashes_key hashes_key_of(const field_plan& plan, int octave, const row_tables& tables);

}  // namespace vknoise::cpu
