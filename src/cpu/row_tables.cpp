#include "cpu/row_tables.hpp"

#include "cpu/field_plan.hpp"

namespace vknoise::cpu {

row_position locate_row(const field_plan& plan, std::uint64_t row) {
  return {{0, static_cast<std::uint32_t>(row % plan.size[1]),
           static_cast<std::uint32_t>(row / plan.size[1] % plan.size[2]),
           static_cast<std::uint32_t>(row / (std::uint64_t{plan.size[1]} * plan.size[2]))}};
}

void build_row_tables(const field_plan& plan, const row_position& row, int octave,
                      row_tables& tables) {
  for (int a = 1; a < plan.dims; ++a) {
    tables.axis[a] = plan.coord(a, octave, row.index[a]);
    tables.fade[a] = plan.fades[plan.coord_index(a, octave, row.index[a])];
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
