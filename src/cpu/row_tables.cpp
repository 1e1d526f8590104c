#include "cpu/row_tables.hpp"

#include "core/improved_noise.hpp"
#include "cpu/field_plan.hpp"

namespace vknoise::cpu {
namespace {

// The corner hashes of x cell c, improved_corners*'s chains with x fixed at c.
void corner_hashes(const field_plan& plan, int c, const lattice_coord* axis, std::uint8_t* h) {
  const std::int32_t* perm = plan.perm;
  const int mask = plan.hashes - 1;
  const lattice_coord &y = axis[1], &z = axis[2], &w = axis[3];
  switch (plan.dims) {
    case 1:
      h[0] = static_cast<std::uint8_t>(perm[c] & mask);
      return;
    case 2:
      h[0] = static_cast<std::uint8_t>(perm[perm[perm[c] + y.cell]] & mask);
      h[1] = static_cast<std::uint8_t>(perm[perm[perm[c] + y.next]] & mask);
      return;
    default: {
      const int A = perm[c] + y.cell, AB_ = perm[c] + y.next;
      const int yz[4] = {perm[A] + z.cell, perm[AB_] + z.cell, perm[A] + z.next,
                         perm[AB_] + z.next};
      if (plan.dims == 3) {
        for (int k = 0; k < 4; ++k) h[k] = static_cast<std::uint8_t>(perm[yz[k]] & mask);
        return;
      }
      for (int k = 0; k < 4; ++k) {
        h[k] = static_cast<std::uint8_t>(perm[perm[yz[k]] + w.cell] & mask);
        h[k + 4] = static_cast<std::uint8_t>(perm[perm[yz[k]] + w.next] & mask);
      }
    }
  }
}

}  // namespace

void build_row_tables(const field_plan& plan, std::uint64_t row, int octave, row_tables& tables) {
  const std::uint32_t index[4] = {
      0, static_cast<std::uint32_t>(row % plan.size[1]),
      static_cast<std::uint32_t>(row / plan.size[1] % plan.size[2]),
      static_cast<std::uint32_t>(row / (std::uint64_t{plan.size[1]} * plan.size[2]))};
  lattice_coord axis[4] = {};
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

  const x_octave& x = plan.x[octave];
  for (std::size_t slot = 0; slot < x.distinct.size(); ++slot) {
    std::uint8_t h[8] = {};
    corner_hashes(plan, x.distinct[slot], axis, h);
    tables.hashes[0][slot] = h[0] | h[1] << 8 | h[2] << 16 | std::uint32_t{h[3]} << 24;
    tables.hashes[1][slot] = h[4] | h[5] << 8 | h[6] << 16 | std::uint32_t{h[7]} << 24;
  }
}

}  // namespace vknoise::cpu
