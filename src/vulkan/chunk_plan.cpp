#include "vulkan/chunk_plan.hpp"

#include <algorithm>

#include "vknoise_shared.h"

namespace vknoise::vk {
namespace {

constexpr std::uint64_t kCoordBytes = sizeof(lattice_coord);
constexpr std::uint64_t kRowCoordBytes = 3 * kCoordBytes;  // y, z, t of a row

std::uint32_t clamp_to_u32(std::uint64_t v) {
  return static_cast<std::uint32_t>(std::clamp<std::uint64_t>(v, 1, 0xFFFFFFFFull));
}

}  // namespace

field_chunker::field_chunker(const field_spec& field, const dispatch_limits& limits)
    : nx_(field.size[0]),
      rows_total_(std::uint64_t{field.size[1]} * field.size[2] * field.size[3]) {
  const std::uint64_t max_samples = limits.max_samples ? limits.max_samples : ~std::uint64_t{0};
  const std::uint64_t max_x = std::min<std::uint64_t>(
      {std::uint64_t{limits.max_groups_x} * VKNOISE_FIELD_LOCAL_SIZE,
       limits.chunk_bytes /
           std::max<std::uint64_t>(kCoordBytes * limits.octaves, sizeof(float) * limits.channels),
       max_samples});
  segment_x_ = clamp_to_u32(std::min<std::uint64_t>(nx_, max_x));
  rows_per_chunk_ = 1;
  if (segment_x_ == nx_) {
    rows_per_chunk_ = clamp_to_u32(
        std::min({std::uint64_t{limits.max_groups_y},
                  limits.chunk_bytes / (sizeof(float) * limits.channels * nx_),
                  limits.chunk_bytes / (kRowCoordBytes * limits.octaves), max_samples / nx_}));
  }
}

bool field_chunker::next(field_chunk& chunk) {
  if (row_ >= rows_total_) return false;
  chunk.first_row = row_;
  chunk.first_x = x_;
  if (segment_x_ == nx_) {
    chunk.count_x = nx_;
    chunk.row_count =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(rows_per_chunk_, rows_total_ - row_));
    row_ += chunk.row_count;
  } else {
    chunk.row_count = 1;
    chunk.count_x = std::min(segment_x_, nx_ - x_);
    x_ += chunk.count_x;
    if (x_ == nx_) {
      x_ = 0;
      ++row_;
    }
  }
  return true;
}

std::uint32_t points_per_chunk(const dispatch_limits& limits) {
  return clamp_to_u32(std::min<std::uint64_t>(
      {std::uint64_t{limits.max_groups_x} * VKNOISE_POINTS_LOCAL_SIZE,
       limits.chunk_bytes / std::max<std::uint64_t>(4 * kCoordBytes * limits.octaves,
                                                    sizeof(float) * limits.channels),
       limits.max_samples ? limits.max_samples : ~std::uint64_t{0}}));
}

}  // namespace vknoise::vk
