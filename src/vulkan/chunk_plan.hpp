// How a field or a point list is cut into dispatches that respect the device's limits.
#pragma once

#include <cstdint>

#include "vknoise/field.hpp"

namespace vknoise::vk {

struct dispatch_limits {
  std::uint32_t max_groups_x;     // maxComputeWorkGroupCount[0]
  std::uint32_t max_groups_y;     // maxComputeWorkGroupCount[1]
  std::uint64_t chunk_bytes;      // output bytes per dispatch; coords stay within 2 * chunk_bytes
  std::uint32_t octaves = 1;      // lattice coords per axis and sample
  std::uint32_t channels = 1;     // floats written per sample
  std::uint64_t max_samples = 0;  // nonzero: at most this many samples (or points) per chunk
};

// A field chunk: rows [first_row, first_row + row_count) (row = y + ny * (z + nz * t)) and x
// samples [first_x, first_x + count_x) of each. Its samples are contiguous in the field's
// storage, starting at sample first_row * nx + first_x. Either count_x == nx or row_count == 1.
struct field_chunk {
  std::uint64_t first_row;
  std::uint32_t row_count;
  std::uint32_t first_x;
  std::uint32_t count_x;
};

class field_chunker {
 public:
  field_chunker(const field_spec& field, const dispatch_limits& limits);
  // The next chunk in storage order; false when the field is covered.
  bool next(field_chunk& chunk);

 private:
  std::uint32_t nx_;
  std::uint64_t rows_total_;
  std::uint32_t segment_x_;       // x samples per chunk
  std::uint32_t rows_per_chunk_;  // rows per chunk when segment_x_ == nx_
  std::uint64_t row_ = 0;
  std::uint32_t x_ = 0;
};

// Points per dispatch (4 lattice coords of 8 bytes per octave in, one float out).
std::uint32_t points_per_chunk(const dispatch_limits& limits);

}  // namespace vknoise::vk
