#include "io/nrrd_writer.hpp"

#include <bit>
#include <cstdio>

#include "io/atomic_file.hpp"

namespace vknoise::io {
namespace {

// Enough digits that the double reads back exactly.
std::string exact(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

std::string vector_text(const std::vector<double>& components) {
  std::string text = "(";
  for (std::size_t i = 0; i < components.size(); ++i) {
    text += (i == 0 ? "" : ",") + exact(components[i]);
  }
  return text + ")";
}

std::string base_name(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string nrrd_data_path(const std::string& header_path) {
  const std::size_t slash = header_path.rfind('/');
  const std::size_t dot = header_path.rfind('.');
  const bool has_extension =
      dot != std::string::npos && (slash == std::string::npos || dot > slash);
  return (has_extension ? header_path.substr(0, dot) : header_path) + ".raw";
}

std::string nrrd_header(const nrrd_volume& volume, const std::string& data_file_name) {
  const std::size_t space = volume.sizes.size();
  const bool vector = volume.channels > 1;
  std::string sizes, directions, kinds;
  if (vector) {
    sizes = std::to_string(volume.channels);
    directions = "none";
    kinds = "vector";
  }
  for (std::size_t axis = 0; axis < space; ++axis) {
    std::vector<double> direction(space, 0.0);
    direction[axis] = volume.spacings[axis];
    const std::string separator = sizes.empty() ? "" : " ";
    sizes += separator + std::to_string(volume.sizes[axis]);
    directions += separator + vector_text(direction);
    kinds += separator + "domain";
  }
  std::string header = "NRRD0004\n# written by vknoise\ntype: float\n";
  header += "dimension: " + std::to_string(space + (vector ? 1 : 0)) + "\n";
  header += "space dimension: " + std::to_string(space) + "\n";
  header += "sizes: " + sizes + "\n";
  header += "space directions: " + directions + "\n";
  header += "kinds: " + kinds + "\n";
  header += "space origin: " + vector_text(volume.origin) + "\n";
  header += std::string("endian: ") +
            (std::endian::native == std::endian::little ? "little" : "big") + "\n";
  header += "encoding: raw\n";
  header += "data file: " + data_file_name + "\n";
  return header;
}

status write_nrrd(const std::string& header_path, const nrrd_volume& volume,
                  std::span<const float> values) {
  const std::size_t space = volume.sizes.size();
  if (space == 0 || volume.spacings.size() != space || volume.origin.size() != space ||
      volume.channels == 0) {
    return make_error(errc::invalid_argument, "write_nrrd: mismatched axis lists");
  }
  std::uint64_t count = volume.channels;
  for (const std::uint32_t size : volume.sizes) count *= size;
  if (count != values.size()) {
    return make_error(errc::invalid_argument, "write_nrrd: the sizes hold " +
                                                  std::to_string(count) + " values, got " +
                                                  std::to_string(values.size()));
  }
  const std::string data_path = nrrd_data_path(header_path);
  if (data_path == header_path) {
    return make_error(errc::invalid_argument, "write_nrrd: the header cannot be named .raw");
  }
  // Both temporary files exist before any data is written, so an unwritable directory fails fast.
  auto data = atomic_file::create(data_path);
  if (!data) return data.error_value();
  auto header = atomic_file::create(header_path);
  if (!header) return header.error_value();
  const std::string text = nrrd_header(volume, base_name(data_path));
  if (auto written = data->write(std::as_bytes(values)); !written) return written;
  if (auto written = header->write(std::as_bytes(std::span(text))); !written) return written;
  if (auto committed = data->commit(); !committed) return committed;
  if (auto committed = header->commit(); !committed) {
    std::remove(data_path.c_str());
    return committed;
  }
  return {};
}

}  // namespace vknoise::io
