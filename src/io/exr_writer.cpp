#include "io/exr_writer.hpp"

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfOutputFile.h>
#include <ImfStdIO.h>

#include <climits>
#include <exception>
#include <new>
#include <sstream>

#include "io/atomic_file.hpp"

namespace vknoise::io {

status write_exr_float(const std::string& path, std::uint32_t width, std::uint32_t height,
                       std::span<const std::string> channel_names, std::span<const float> values) {
  if (width == 0 || height == 0 || width > INT_MAX || height > INT_MAX) {
    return make_error(errc::out_of_range, "a " + std::to_string(width) + "x" +
                                              std::to_string(height) +
                                              " image is outside OpenEXR's limits");
  }
  const std::size_t channels = channel_names.size();
  const std::size_t expected = std::size_t{width} * height * channels;
  if (channels == 0 || values.size() != expected) {
    return make_error(errc::invalid_argument, "write_exr_float: expected " +
                                                  std::to_string(expected) + " values, got " +
                                                  std::to_string(values.size()));
  }
  // Encoded in memory first so the atomic write sees the complete file.
  std::string encoded;
  try {
    Imf::Header header(static_cast<int>(width), static_cast<int>(height));
    header.compression() = Imf::ZIP_COMPRESSION;
    Imf::FrameBuffer frame;
    // The library only reads through the slices, but its API takes char*.
    char* base = reinterpret_cast<char*>(const_cast<float*>(values.data()));
    const std::size_t x_stride = sizeof(float) * channels;
    for (std::size_t c = 0; c < channels; ++c) {
      header.channels().insert(channel_names[c], Imf::Channel(Imf::FLOAT));
      frame.insert(channel_names[c],
                   Imf::Slice(Imf::FLOAT, base + c * sizeof(float), x_stride, x_stride * width));
    }
    Imf::StdOSStream stream;  // in memory, not a file: the file must appear atomically
    {
      Imf::OutputFile file(stream, header);
      file.setFrameBuffer(frame);
      file.writePixels(static_cast<int>(height));
    }  // the destructor writes the line offset table
    encoded = stream.str();
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot encode " + path + ": out of memory");
  } catch (const std::exception& e) {
    return make_error(errc::io_error, "cannot encode " + path + ": OpenEXR: " + e.what());
  }
  return write_file_atomically(path, std::as_bytes(std::span(encoded)));
}

}  // namespace vknoise::io
