#include "cpu/row_tables.hpp"

#include "core/improved_noise.hpp"
#include "cpu/field_plan.hpp"

namespace vknoise::cpu {

void build_hashes_scalar(const field_plan& plan, const x_octave& x, row_tables& tables) {
  const std::int32_t* perm = plan.perm;
  const int mask = plan.hashes - 1;
  const lattice_coord &y = tables.axis[1], &z = tables.axis[2], &w = tables.axis[3];
  for (std::size_t slot = 0; slot < x.slots; ++slot) {
    const int c = x.distinct[slot];
    int h[8] = {};
    if (plan.dims == 1) {
      h[0] = perm[c];
    } else if (plan.dims == 2) {
      h[0] = perm[perm[perm[c] + y.cell]];
      h[1] = perm[perm[perm[c] + y.next]];
    } else {
      const int A = perm[c] + y.cell, AB_ = perm[c] + y.next;
      const int yz[4] = {perm[A] + z.cell, perm[AB_] + z.cell, perm[A] + z.next,
                         perm[AB_] + z.next};
      for (int k = 0; k < 4; ++k) {
        if (plan.dims == 3) {
          h[k] = perm[yz[k]];
        } else {
          h[k] = perm[perm[yz[k]] + w.cell];
          h[k + 4] = perm[perm[yz[k]] + w.next];
        }
      }
    }
    for (int word = 0; word < 2; ++word) {
      const int* b = h + 4 * word;
      tables.hashes[word][slot] = static_cast<std::uint32_t>(
          (b[0] & mask) | (b[1] & mask) << 8 | (b[2] & mask) << 16 | (b[3] & mask) << 24);
    }
  }
}

row_position locate_row(const field_plan& plan, std::uint64_t row) {
  return {{0, static_cast<std::uint32_t>(row % plan.size[1]),
           static_cast<std::uint32_t>(row / plan.size[1] % plan.size[2]),
           static_cast<std::uint32_t>(row / (std::uint64_t{plan.size[1]} * plan.size[2]))}};
}

void build_row_tables(const field_plan& plan, const row_position& row, int octave,
                      row_tables& tables) {
  const std::uint32_t* index = row.index;
  lattice_coord* axis = tables.axis;
  for (int a = 1; a < 4; ++a) {
    float side[2] = {0.0f, 0.0f};  // the mirror's zero beyond dims
    if (a < plan.dims) {
      axis[a] = plan.coord(a, octave, index[a]);
      side[0] = axis[a].frac;
      side[1] = axis[a].frac - 1.0f;
      tables.fade[a] = detail::fade(axis[a].frac);
    }
    for (int s = 0; s < 2; ++s) {
      tables.signed_component[signed_component_lane(a, s, false)] = side[s];
      tables.signed_component[signed_component_lane(a, s, true)] = -side[s];  // (.. ? v : -v)
    }
  }
  for (int lane = signed_component_negative_zero; lane < 16; ++lane) {
    tables.signed_component[lane] = -0.0f;
  }
}

}  // namespace vknoise::cpu
