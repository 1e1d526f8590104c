// The lattice coordinates a field chunk uploads (write_field_chunk_coords, kernel_inputs.hpp):
// every entry is the coordinate of its octave, axis and sample index, for every chunk shape of
// small fields in 2D to 4D, and each distinct coordinate is computed once per chunk.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "vulkan/kernel_inputs.hpp"

namespace vknoise::vk {
namespace {

// A coordinate that names its arguments: octave, axis and index in the fraction.
lattice_coord named(std::uint32_t octave, int axis, std::uint32_t index) {
  return {static_cast<std::uint8_t>(axis), static_cast<std::uint8_t>(octave), 0, 0,
          static_cast<float>(octave * 100000 + axis * 10000 + index)};
}

bool same(const lattice_coord& a, const lattice_coord& b) {
  return a.cell == b.cell && a.next == b.next && a.prev == b.prev && a.next2 == b.next2 &&
         a.frac == b.frac;
}

TEST(ChunkCoords, EveryEntryIsItsOctavesAxisAndIndexAndEachIsComputedOnce) {
  const std::array<std::uint32_t, 4> sizes[] = {{9, 11, 1, 1}, {7, 5, 4, 1}, {6, 5, 3, 2}};
  const std::uint32_t octaves = 3;
  int chunks = 0;
  for (const auto& size : sizes) {
    field_spec field;
    field.size = size;
    const std::uint32_t ny = size[1], nz = size[2];
    const std::uint64_t rows = std::uint64_t{ny} * nz * size[3];
    for (std::uint64_t first = 0; first < rows; ++first) {
      for (std::uint64_t count = 1; first + count <= rows; ++count) {
        const field_chunk chunk{first, static_cast<std::uint32_t>(count), 2, size[0] - 3};
        std::vector<lattice_coord> coords(field_chunk_coord_count(chunk, octaves));
        std::uint64_t calls = 0;
        write_field_chunk_coords(
            field, chunk, octaves,
            [&](std::uint32_t o, int axis, std::uint32_t index) {
              ++calls;
              return named(o, axis, index);
            },
            coords.data());
        ++chunks;
        for (std::uint32_t o = 0; o < octaves; ++o) {
          for (std::uint32_t i = 0; i < chunk.count_x; ++i) {
            ASSERT_TRUE(same(coords[o * chunk.count_x + i], named(o, 0, chunk.first_x + i)));
          }
        }
        const lattice_coord* row_coords = coords.data() + std::size_t{octaves} * chunk.count_x;
        for (std::uint32_t r = 0; r < chunk.row_count; ++r) {
          const std::uint64_t row = first + r;
          const auto y = static_cast<std::uint32_t>(row % ny);
          const auto z = static_cast<std::uint32_t>(row / ny % nz);
          const auto t = static_cast<std::uint32_t>(row / ny / nz);
          for (std::uint32_t o = 0; o < octaves; ++o) {
            const lattice_coord* entry = row_coords + (std::size_t{r} * octaves + o) * 3;
            ASSERT_TRUE(same(entry[0], named(o, 1, y))) << first << "+" << count << " row " << r;
            ASSERT_TRUE(same(entry[1], named(o, 2, z))) << first << "+" << count << " row " << r;
            ASSERT_TRUE(same(entry[2], named(o, 3, t))) << first << "+" << count << " row " << r;
          }
        }
        // At most the distinct y of the rows (all of them once the rows span two (z, t)) and two
        // per (z, t) pair, per octave, besides x: never three per row.
        const std::uint64_t pairs = (first + count - 1) / ny - first / ny + 1;
        const std::uint64_t ys = pairs == 1 ? count : ny;
        EXPECT_EQ(calls, octaves * (chunk.count_x + ys + 2 * pairs));
      }
    }
  }
  EXPECT_EQ(chunks, 66 + 210 + 465);  // every run of 11, 20 and 30 rows
}

}  // namespace
}  // namespace vknoise::vk
