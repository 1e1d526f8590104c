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
// by doubling), so stay well clear of INT_MAX: (width * channels + 1) * height filtered bytes at
// most 2^29.
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

// The encoder's size limit for `channels` bytes per pixel; `advice` ends the message.
status check_png_size(std::uint32_t width, std::uint32_t height, int channels, const char* advice) {
  const std::uint64_t filtered_row = std::uint64_t{width} * channels + 1;  // + filter byte
  if (width == 0 || height == 0 || filtered_row * height > max_filtered_bytes) {
    return make_error(errc::out_of_range,
                      "a " + std::to_string(width) + "x" + std::to_string(height) +
                          " PNG is beyond the encoder's limit of 2^29 bytes" + advice);
  }
  return {};
}

// Both writers end here, so the encoder and the atomic write exist once. `pixels` holds
// width * height * channels bytes and the size has been checked.
status encode_and_write(const std::string& path, std::uint32_t width, std::uint32_t height,
                        int channels, const std::uint8_t* pixels) {
  std::vector<std::byte> encoded;
  try {
    const int w = static_cast<int>(width);
    const int h = static_cast<int>(height);
    if (!stbi_write_png_to_func(append_to_vector, &encoded, w, h, channels, pixels, w * channels)) {
      return make_error(errc::out_of_memory, "cannot encode " + path + ": PNG encoder failed");
    }
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  }
  return write_file_atomically(path, encoded);
}

}  // namespace

status check_png_gray8_size(std::uint32_t width, std::uint32_t height) {
  return check_png_size(width, height, 1, " (use .raw)");
}

status check_png_rgb8_size(std::uint32_t width, std::uint32_t height) {
  return check_png_size(width, height, 3, "");
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
  std::vector<std::uint8_t> pixels;
  try {
    pixels.resize(pixel_count);
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  }
  for (std::size_t i = 0; i < pixel_count; ++i) pixels[i] = to_gray8(values[i], low);
  return encode_and_write(path, width, height, 1, pixels.data());
}

status write_png_rgb8(const std::string& path, std::uint32_t width, std::uint32_t height,
                      std::span<const std::uint8_t> rgb) {
  if (auto size_ok = check_png_rgb8_size(width, height); !size_ok) return size_ok;
  const std::size_t byte_count = std::size_t{width} * height * 3;
  if (rgb.size() != byte_count) {
    return make_error(errc::invalid_argument, "write_png_rgb8: expected " +
                                                  std::to_string(byte_count) + " bytes, got " +
                                                  std::to_string(rgb.size()));
  }
  return encode_and_write(path, width, height, 3, rgb.data());
}

}  // namespace vknoise::io
