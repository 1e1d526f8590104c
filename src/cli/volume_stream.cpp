#include "cli/volume_stream.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "cli/field_buffer.hpp"
#include "io/atomic_file.hpp"

namespace vknoise::cli {
namespace {

// The slab is written as the host's floats; .raw is little-endian.
static_assert(std::endian::native == std::endian::little);

std::uint64_t plane_bytes(const field_spec& field) {
  return std::uint64_t{field.size[0]} * field.size[1] * channel_count(field) * sizeof(float);
}

}  // namespace

bool needs_streaming(const field_spec& field, std::uint64_t budget_bytes) {
  const std::uint64_t planes = std::uint64_t{field.size[2]} * field.size[3];
  return planes > 1 && value_count(field) * sizeof(float) > budget_bytes;
}

std::uint32_t slab_depth(const field_spec& field, std::uint64_t budget_bytes) {
  const std::uint64_t fit = budget_bytes / plane_bytes(field);
  return static_cast<std::uint32_t>(std::clamp<std::uint64_t>(fit, 1, field.size[2]));
}

std::uint64_t slab_count(const field_spec& field, std::uint64_t budget_bytes) {
  const std::uint32_t depth = slab_depth(field, budget_bytes);
  return (std::uint64_t{field.size[2]} + depth - 1) / depth * field.size[3];
}

status render_streamed(const field_spec& field, const fill_function& fill, const std::string& path,
                       std::uint64_t budget_bytes, progress* meter) {
  const std::uint32_t depth = slab_depth(field, budget_bytes);
  field_spec slab = field;
  slab.size[2] = depth;
  slab.size[3] = 1;
  auto buffer = allocate_field_buffer<float>(slab);
  if (!buffer) return buffer.error_value();
  auto file = io::atomic_file::create(path);
  if (!file) return file.error_value();

  std::uint64_t done = 0;
  for (std::uint32_t t = 0; t < field.size[3]; ++t) {
    slab.region[3] = field.region[3] + t;
    for (std::uint32_t z0 = 0; z0 < field.size[2]; z0 += depth) {
      slab.size[2] = std::min(depth, field.size[2] - z0);
      slab.region[2] = field.region[2] + z0;
      const std::span<float> values(buffer->data(), value_count(slab));
      if (auto filled = fill(slab, values); !filled) return filled;
      if (auto written = file->write(std::as_bytes(values)); !written) return written;
      ++done;
      if (meter) meter->step_done(done, done);
    }
  }
  return file->commit();
}

}  // namespace vknoise::cli
