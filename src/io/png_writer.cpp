#include "io/png_writer.hpp"

#include <climits>
#include <cmath>
#include <cstddef>
#include <new>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"

// Static linkage keeps these copies from clashing with a libstb that also defines them.
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace vknoise::io {
namespace {

// stb_image_write sizes its filter and output buffers with int arithmetic (and grows the output
// by doubling), so stay well clear of INT_MAX: (width + 1) * height filtered bytes at most 2^29.
constexpr std::uint64_t max_filtered_bytes = std::uint64_t{1} << 29;

std::uint8_t to_gray8(float value, float low) {
  const double scaled = (static_cast<double>(value) - low) / (1.0 - low) * 255.0;
  if (!(scaled > 0.0)) return 0;  // also NaN
  if (scaled >= 255.0) return 255;
  return static_cast<std::uint8_t>(std::lround(scaled));
}

void append_to_vector(void* context, void* data, int size) {
  auto* bytes = static_cast<std::vector<std::byte>*>(context);
  const auto* begin = static_cast<const std::byte*>(data);
  bytes->insert(bytes->end(), begin, begin + size);
}

}  // namespace

status check_png_gray8_size(std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0 ||
      (std::uint64_t{width} + 1) * std::uint64_t{height} > max_filtered_bytes) {
    return make_error(errc::out_of_range,
                      "a " + std::to_string(width) + "x" + std::to_string(height) +
                          " PNG is beyond the encoder's limit of 2^29 bytes (use .raw)");
  }
  return {};
}

status write_png_gray8(const std::string& path, std::uint32_t width, std::uint32_t height,
                       std::span<const float> values, float low) {
  if (auto size_ok = check_png_gray8_size(width, height); !size_ok) return size_ok;
  const std::size_t pixel_count = std::size_t{width} * height;
  if (values.size() != pixel_count) {
    return make_error(errc::invalid_argument, "write_png_gray8: expected " +
                                                  std::to_string(pixel_count) + " values, got " +
                                                  std::to_string(values.size()));
  }
  std::vector<std::byte> encoded;
  try {
    std::vector<std::uint8_t> pixels(pixel_count);
    for (std::size_t i = 0; i < pixel_count; ++i) pixels[i] = to_gray8(values[i], low);
    const int w = static_cast<int>(width);
    const int h = static_cast<int>(height);
    if (!stbi_write_png_to_func(append_to_vector, &encoded, w, h, 1, pixels.data(), w)) {
      return make_error(errc::out_of_memory, "cannot encode " + path + ": PNG encoder failed");
    }
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  }
  return write_file_atomically(path, encoded);
}

}  // namespace vknoise::io
