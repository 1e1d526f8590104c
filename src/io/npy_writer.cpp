#include "io/npy_writer.hpp"

#include <bit>
#include <cstddef>

#include "io/atomic_file.hpp"

namespace vknoise::io {

std::string npy_header(std::span<const std::uint64_t> shape) {
  // The dtype names the host's byte order, so the samples are written as they are in memory.
  const char* descr = std::endian::native == std::endian::little ? "<f4" : ">f4";
  std::string dictionary =
      std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    dictionary += (i == 0 ? "" : ", ") + std::to_string(shape[i]);
  }
  if (shape.size() == 1) dictionary += ',';  // a Python 1-tuple: "(5,)"
  dictionary += "), }";
  // magic (6) + version (2) + header length (2) + dictionary, spaces, '\n': a multiple of 64.
  const std::size_t unpadded = 10 + dictionary.size() + 1;
  dictionary.append((64 - unpadded % 64) % 64, ' ');
  dictionary += '\n';
  std::string header("\x93NUMPY\x01\x00", 8);
  header += static_cast<char>(dictionary.size() & 0xFF);  // little-endian uint16
  header += static_cast<char>(dictionary.size() >> 8);
  return header + dictionary;
}

status write_npy_float32(const std::string& path, std::span<const std::uint64_t> shape,
                         std::span<const float> values) {
  std::uint64_t count = 1;
  for (const std::uint64_t extent : shape) count *= extent;
  if (count != values.size()) {
    return make_error(errc::invalid_argument, "write_npy_float32: the shape holds " +
                                                  std::to_string(count) + " values, got " +
                                                  std::to_string(values.size()));
  }
  const std::string header = npy_header(shape);
  auto file = atomic_file::create(path);
  if (!file) return file.error_value();
  if (auto written = file->write(std::as_bytes(std::span(header))); !written) return written;
  if (auto written = file->write(std::as_bytes(values)); !written) return written;
  return file->commit();
}

}  // namespace vknoise::io
