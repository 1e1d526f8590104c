#include "io/raw_writer.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>

#include "io/atomic_file.hpp"

namespace vknoise::io {
namespace {

static_assert(sizeof(float) == 4 && std::numeric_limits<float>::is_iec559);

// Big-endian hosts swap through a small buffer so memory stays bounded whatever the field size.
status write_byteswapped(atomic_file& file, std::span<const float> values) {
  std::array<std::uint32_t, 16384> buffer;
  while (!values.empty()) {
    const std::size_t count = std::min(values.size(), buffer.size());
    for (std::size_t i = 0; i < count; ++i) {
      const auto bits = std::bit_cast<std::uint32_t>(values[i]);
      buffer[i] = (bits >> 24) | ((bits >> 8) & 0xFF00u) | ((bits << 8) & 0xFF0000u) | (bits << 24);
    }
    if (auto written = file.write(std::as_bytes(std::span(buffer.data(), count))); !written) {
      return written;
    }
    values = values.subspan(count);
  }
  return {};
}

}  // namespace

status write_raw_float32_le(const std::string& path, std::span<const float> values) {
  auto file = atomic_file::create(path);
  if (!file) return file.error_value();
  if constexpr (std::endian::native == std::endian::little) {
    if (auto written = file->write(std::as_bytes(values)); !written) return written;
  } else {
    if (auto written = write_byteswapped(*file, values); !written) return written;
  }
  return file->commit();
}

}  // namespace vknoise::io
