// What the host writes for a field or points kernel: the permutation tables and the lattice
// coordinates of a chunk. Shared by gpu_renderer (host output) and recorder (caller's buffers and
// images).
#pragma once

#include <cstdint>

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
// at or beyond the field's dims).
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
  lattice_coord* rows = coords + std::size_t{octaves} * chunk.count_x;
  for (std::uint32_t r = 0; r < chunk.row_count; ++r) {
    const std::uint64_t row = chunk.first_row + r;
    const std::uint64_t zt = row / ny;
    const auto y = static_cast<std::uint32_t>(row % ny);
    const auto z = static_cast<std::uint32_t>(zt % nz);
    const auto t = static_cast<std::uint32_t>(zt / nz);
    for (std::uint32_t o = 0; o < octaves; ++o) {
      lattice_coord* entry = rows + (std::size_t{r} * octaves + o) * 3;
      entry[0] = coordinate(o, 1, y);
      entry[1] = coordinate(o, 2, z);
      entry[2] = coordinate(o, 3, t);
    }
  }
}

}  // namespace vknoise::vk
