#include "io/gif_writer.hpp"

#include <gif_lib.h>

#include <array>
#include <climits>
#include <cstddef>
#include <memory>
#include <new>
#include <string>

#include "io/atomic_file.hpp"

namespace vknoise::io {
namespace {

// giflib reports through an output callback; the whole file is built in memory first so that the
// atomic write sees it complete (an encoder error leaves nothing on disk).
int append_to_vector(GifFileType* gif, const GifByteType* data, int size) {
  auto* bytes = static_cast<std::vector<std::byte>*>(gif->UserData);
  const auto* begin = reinterpret_cast<const std::byte*>(data);
  try {
    bytes->insert(bytes->end(), begin, begin + size);
  } catch (const std::bad_alloc&) {
    return 0;  // giflib turns a short write into E_GIF_ERR_WRITE_FAILED
  }
  return size;
}

struct gif_closer {
  void operator()(GifFileType* gif) const { EGifCloseFile(gif, nullptr); }
};
using gif_handle = std::unique_ptr<GifFileType, gif_closer>;

struct colour_map_deleter {
  void operator()(ColorMapObject* map) const { GifFreeMapObject(map); }
};
using colour_map = std::unique_ptr<ColorMapObject, colour_map_deleter>;

error gif_error(const std::string& path, int code) {
  const char* text = GifErrorString(code);
  return make_error(code == E_GIF_ERR_NOT_ENOUGH_MEM ? errc::out_of_memory : errc::io_error,
                    "cannot encode " + path + ": giflib: " + (text ? text : "unknown error"));
}

status check_arguments(const char* function, std::uint32_t width, std::uint32_t height,
                       std::span<const std::vector<std::uint8_t>> frames, int delay_centiseconds,
                       std::size_t bytes_per_pixel) {
  if (frames.empty()) {
    return make_error(errc::invalid_argument, std::string(function) + ": no frames");
  }
  if (delay_centiseconds < 0 || delay_centiseconds > 65535) {
    return make_error(errc::invalid_argument,
                      std::string(function) + ": the delay must be 0..65535 centiseconds, got " +
                          std::to_string(delay_centiseconds));
  }
  if (width == 0 || height == 0 || width > 65535 || height > 65535) {
    return make_error(errc::out_of_range, "a " + std::to_string(width) + "x" +
                                              std::to_string(height) +
                                              " GIF is outside the format's 1..65535 per side");
  }
  // GifQuantizeBuffer takes every frame as one image of width x (height * frames) pixels.
  if (std::uint64_t{width} * height * frames.size() > INT_MAX) {
    return make_error(errc::out_of_range, std::string(function) + ": " +
                                              std::to_string(frames.size()) +
                                              " frames are too many pixels for one GIF");
  }
  const std::size_t expected = std::size_t{width} * height * bytes_per_pixel;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    if (frames[i].size() != expected) {
      return make_error(errc::invalid_argument, std::string(function) + ": frame " +
                                                    std::to_string(i) + " has " +
                                                    std::to_string(frames[i].size()) +
                                                    " bytes, expected " + std::to_string(expected));
    }
  }
  return {};
}

// `indices` holds every frame's palette indices, frame after frame.
status encode_and_write(const std::string& path, std::uint32_t width, std::uint32_t height,
                        std::size_t frame_count, const std::vector<GifByteType>& indices,
                        const ColorMapObject& palette, int delay_centiseconds, bool loop_forever) {
  std::vector<std::byte> encoded;
  int code = 0;
  gif_handle gif(EGifOpen(&encoded, append_to_vector, &code));
  if (!gif) return gif_error(path, code);
  EGifSetGifVersion(gif.get(), true);  // GIF89a: needed for delays and the loop extension
  const int w = static_cast<int>(width);
  const int h = static_cast<int>(height);
  if (EGifPutScreenDesc(gif.get(), w, h, 8, 0, &palette) == GIF_ERROR) {
    return gif_error(path, gif->Error);
  }
  if (loop_forever) {
    // NETSCAPE2.0 application extension: sub-block 1, loop count 0 = forever.
    static const GifByteType loop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif.get(), APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif.get(), 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(gif.get(), 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif.get()) == GIF_ERROR) {
      return gif_error(path, gif->Error);
    }
  }
  GraphicsControlBlock control{};
  control.DisposalMode = DISPOSE_DO_NOT;  // every frame covers the whole screen anyway
  control.DelayTime = delay_centiseconds;
  control.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType control_bytes[4];
  const int control_size = EGifGCBToExtension(&control, control_bytes);
  const std::size_t frame_pixels = std::size_t{width} * height;
  for (std::size_t frame = 0; frame < frame_count; ++frame) {
    if (EGifPutExtension(gif.get(), GRAPHICS_EXT_FUNC_CODE, control_size, control_bytes) ==
            GIF_ERROR ||
        EGifPutImageDesc(gif.get(), 0, 0, w, h, false, nullptr) == GIF_ERROR) {
      return gif_error(path, gif->Error);
    }
    for (std::uint32_t y = 0; y < height; ++y) {
      // giflib's API is not const-correct; EGifPutLine only reads the line.
      auto* line = const_cast<GifByteType*>(indices.data() + frame * frame_pixels + y * width);
      if (EGifPutLine(gif.get(), line, w) == GIF_ERROR) return gif_error(path, gif->Error);
    }
  }
  if (EGifCloseFile(gif.release(), &code) == GIF_ERROR) return gif_error(path, code);
  return write_file_atomically(path, encoded);
}

}  // namespace

status write_gif(const std::string& path, std::uint32_t width, std::uint32_t height,
                 std::span<const std::vector<std::uint8_t>> frames, int delay_centiseconds,
                 bool loop_forever) {
  if (auto valid = check_arguments("write_gif", width, height, frames, delay_centiseconds, 3);
      !valid) {
    return valid;
  }
  const std::size_t frame_pixels = std::size_t{width} * height;
  const std::size_t total = frame_pixels * frames.size();
  colour_map palette(GifMakeMapObject(256, nullptr));
  if (!palette) return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  std::vector<GifByteType> indices;
  try {
    std::vector<GifByteType> red(total), green(total), blue(total);
    indices.resize(total);
    for (std::size_t frame = 0; frame < frames.size(); ++frame) {
      const std::uint8_t* rgb = frames[frame].data();
      for (std::size_t i = 0; i < frame_pixels; ++i) {
        red[frame * frame_pixels + i] = rgb[3 * i];
        green[frame * frame_pixels + i] = rgb[3 * i + 1];
        blue[frame * frame_pixels + i] = rgb[3 * i + 2];
      }
    }
    // Unused entries stay black (GifMakeMapObject zeroes them); the map must have 256 entries
    // because the screen descriptor declares 8 bits per pixel.
    int colours = 256;
    if (GifQuantizeBuffer(width, static_cast<unsigned>(total / width), &colours, red.data(),
                          green.data(), blue.data(), indices.data(),
                          palette->Colors) == GIF_ERROR) {
      return make_error(errc::out_of_memory,
                        "cannot encode " + path + ": colour quantisation failed");
    }
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  }
  return encode_and_write(path, width, height, frames.size(), indices, *palette, delay_centiseconds,
                          loop_forever);
}

status write_gif_gray(const std::string& path, std::uint32_t width, std::uint32_t height,
                      std::span<const std::vector<std::uint8_t>> frames, int delay_centiseconds,
                      bool loop_forever) {
  if (auto valid = check_arguments("write_gif_gray", width, height, frames, delay_centiseconds, 1);
      !valid) {
    return valid;
  }
  colour_map palette(GifMakeMapObject(256, nullptr));
  if (!palette) return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  for (int i = 0; i < 256; ++i) {
    const auto level = static_cast<GifByteType>(i);
    palette->Colors[i] = GifColorType{level, level, level};
  }
  std::vector<GifByteType> indices;  // a gray level is its own palette index
  try {
    indices.reserve(std::size_t{width} * height * frames.size());
    for (const auto& frame : frames) indices.insert(indices.end(), frame.begin(), frame.end());
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  }
  return encode_and_write(path, width, height, frames.size(), indices, *palette, delay_centiseconds,
                          loop_forever);
}

}  // namespace vknoise::io
