// What the host writes for a field or points kernel: the permutation tables and the lattice
// coordinates of a chunk. Shared by gpu_renderer (host output) and recorder (caller's buffers and
// images).
#pragma once

#include <cstdint>
#include <vector>

#include "vknoise/context.hpp"
#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise_shared.h"
#include "vulkan/chunk_plan.hpp"
#include "vulkan/compute_pipeline.hpp"

namespace vknoise::vk {

// Bytes of the permutation table binding: 512 int32 entries, `stride` words apart.
constexpr std::uint64_t permutation_bytes(int stride) {
  return 512ull * stride * 4;
}
// Bytes of the classic gradient binding: 256 vec4.
constexpr std::uint64_t gradient_bytes = 256 * 4 * sizeof(float);

void write_permutation(const permutation_table& table, int stride, void* mapped);

// Lattice coordinates a field chunk reads (layout in field_push_constants): octaves * (count_x +
// 3 * row_count) entries.
std::uint64_t field_chunk_coord_count(const field_chunk& chunk, std::uint32_t octaves);
// A kernel's, `octaves` per axis and sample: coordinate(octave, axis, index) is the coordinate
// of octave (or graph slot) `octave` at sample `index` on `axis` (0 to 3; it gives zeros for axes
// at or beyond the field's dims). It must be a pure function of its arguments: each distinct
// (octave, axis, index) is computed once per chunk and copied into every row that reads it (a
// 256^3 volume's 65,536 rows read 256 y, 256 z and one t coordinate per octave, which had cost
// a window frame tens of milliseconds on the host when computed per row).
template <class Coordinate>
void write_field_chunk_coords(const field_spec& field, const field_chunk& chunk,
                              std::uint32_t octaves, const Coordinate& coordinate,
                              lattice_coord* coords) {
  const std::uint32_t ny = field.size[1], nz = field.size[2];
  for (std::uint32_t o = 0; o < octaves; ++o) {
    for (std::uint32_t i = 0; i < chunk.count_x; ++i) {
      coords[o * chunk.count_x + i] = coordinate(o, 0, chunk.first_x + i);
    }
  }
  if (chunk.row_count == 0) return;
  lattice_coord* rows = coords + std::size_t{octaves} * chunk.count_x;
  // The y indices the rows read (a run inside one z, t, or every y) and the (z, t) pairs, which
  // are row / ny.
  const std::uint64_t first_zt = chunk.first_row / ny;
  const std::uint64_t last_zt = (chunk.first_row + chunk.row_count - 1) / ny;
  const bool one_zt = first_zt == last_zt;
  const std::uint32_t first_y = one_zt ? static_cast<std::uint32_t>(chunk.first_row % ny) : 0;
  const std::uint32_t y_count = one_zt ? chunk.row_count : ny;
  const auto zt_count = static_cast<std::size_t>(last_zt - first_zt + 1);
  std::vector<lattice_coord> ys(std::size_t{octaves} * y_count);
  std::vector<lattice_coord> zts(std::size_t{octaves} * zt_count * 2);
  for (std::uint32_t o = 0; o < octaves; ++o) {
    for (std::uint32_t y = 0; y < y_count; ++y) {
      ys[std::size_t{o} * y_count + y] = coordinate(o, 1, first_y + y);
    }
    for (std::size_t k = 0; k < zt_count; ++k) {
      const std::uint64_t zt = first_zt + k;
      lattice_coord* pair = &zts[(std::size_t{o} * zt_count + k) * 2];
      pair[0] = coordinate(o, 2, static_cast<std::uint32_t>(zt % nz));
      pair[1] = coordinate(o, 3, static_cast<std::uint32_t>(zt / nz));
    }
  }
  for (std::uint32_t r = 0; r < chunk.row_count; ++r) {
    const std::uint64_t row = chunk.first_row + r;
    const std::size_t y = static_cast<std::size_t>(row % ny) - first_y;
    const std::size_t k = static_cast<std::size_t>(row / ny - first_zt);
    for (std::uint32_t o = 0; o < octaves; ++o) {
      lattice_coord* entry = rows + (std::size_t{r} * octaves + o) * 3;
      const lattice_coord* pair = &zts[(std::size_t{o} * zt_count + k) * 2];
      entry[0] = ys[std::size_t{o} * y_count + y];
      entry[1] = pair[0];
      entry[2] = pair[1];
    }
  }
}

}  // namespace vknoise::vk
