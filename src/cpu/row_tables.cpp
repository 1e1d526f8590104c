#include "cpu/row_tables.hpp"

#include <cstring>

#include "core/improved_noise.hpp"
#include "cpu/field_plan.hpp"

namespace vknoise::cpu {

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
    if (a < plan.dims) {
      axis[a] = plan.coord(a, octave, index[a]);
      tables.fade[a] = detail::fade(axis[a].frac);
    }
    std::memcpy(tables.signed_component + signed_component_lane(a, 0, false),
                plan.sides(a, octave, index[a]), 4 * sizeof(float));
  }
  for (int lane = signed_component_negative_zero; lane < 16; ++lane) {
    tables.signed_component[lane] = -0.0f;
  }
}

hashes_key hashes_key_of(const field_plan& plan, int octave, const row_tables& tables) {
  hashes_key key{&plan, octave};
  for (int a = 1; a < plan.dims; ++a) {
    key.cell[a] = tables.axis[a].cell;
    key.next[a] = tables.axis[a].next;
  }
  return key;
}

}  // namespace vknoise::cpu
