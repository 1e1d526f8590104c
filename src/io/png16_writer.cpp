#include "io/png16_writer.hpp"

#include <png.h>

#include <cmath>
#include <cstddef>
#include <new>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"

namespace vknoise::io {
namespace {

std::uint16_t to_gray16(float value, float low) {
  const double scaled = (static_cast<double>(value) - low) / (1.0 - low) * 65535.0;
  if (!(scaled > 0.0)) return 0;  // also NaN
  if (scaled >= 65535.0) return 65535;
  return static_cast<std::uint16_t>(std::lround(scaled));
}

struct memory_sink {
  std::vector<std::byte> bytes;
  bool out_of_memory = false;
};

// libpng reports errors by longjmp, so no C++ exception may cross it: a failed allocation is
// turned into png_error after the catch block has ended.
void append_to_sink(png_structp png, png_bytep data, png_size_t size) {
  auto* sink = static_cast<memory_sink*>(png_get_io_ptr(png));
  try {
    const auto* begin = reinterpret_cast<const std::byte*>(data);
    sink->bytes.insert(sink->bytes.end(), begin, begin + size);
  } catch (const std::bad_alloc&) {
    sink->out_of_memory = true;
  }
  if (sink->out_of_memory) png_error(png, "out of memory");
}

void flush_nothing(png_structp) {}

// Encodes big-endian 16-bit rows into `sink`. Only trivially destructible objects live in this
// frame, which makes the longjmp from libpng's error handler safe. Returns false on error.
bool encode(memory_sink* sink, std::uint32_t width, std::uint32_t height,
            const std::uint8_t* pixels) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (!png) return false;
  png_infop info = png_create_info_struct(png);
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, sink, append_to_sink, flush_nothing);
  png_set_IHDR(png, info, width, height, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (std::uint32_t y = 0; y < height; ++y) {
    png_write_row(png, pixels + std::size_t{y} * width * 2);
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

status write_png_gray16(const std::string& path, std::uint32_t width, std::uint32_t height,
                        std::span<const float> values, float low) {
  if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX) {
    return make_error(errc::out_of_range, "a " + std::to_string(width) + "x" +
                                              std::to_string(height) +
                                              " PNG is outside libpng's limits (use .raw)");
  }
  const std::size_t pixel_count = std::size_t{width} * height;
  if (values.size() != pixel_count) {
    return make_error(errc::invalid_argument, "write_png_gray16: expected " +
                                                  std::to_string(pixel_count) + " values, got " +
                                                  std::to_string(values.size()));
  }
  memory_sink sink;
  std::vector<std::uint8_t> pixels;
  try {
    pixels.resize(pixel_count * 2);
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  }
  for (std::size_t i = 0; i < pixel_count; ++i) {
    const std::uint16_t level = to_gray16(values[i], low);
    pixels[2 * i] = static_cast<std::uint8_t>(level >> 8);  // PNG samples are big-endian
    pixels[2 * i + 1] = static_cast<std::uint8_t>(level & 0xFF);
  }
  if (!encode(&sink, width, height, pixels.data())) {
    return make_error(sink.out_of_memory ? errc::out_of_memory : errc::io_error,
                      "cannot encode " + path + ": libpng failed");
  }
  return write_file_atomically(path, sink.bytes);
}

}  // namespace vknoise::io
