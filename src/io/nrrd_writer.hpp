// NRRD volumes as a detached header plus raw data (out.nhdr + out.raw), readable by 3D Slicer,
// ParaView, ITK and teem.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vknoise/result.hpp"

namespace vknoise::io {

struct nrrd_volume {
  std::vector<std::uint32_t> sizes;  // the spatial axes, fastest first (x, y, z, t)
  std::vector<double> spacings;      // the sample step on each spatial axis
  std::vector<double> origin;        // the position of sample 0 on each spatial axis
  std::uint32_t channels = 1;        // > 1: an extra axis, fastest of all ("kinds: vector")
};

// The data file that goes with `header_path`: the same name with the extension replaced by .raw.
std::string nrrd_data_path(const std::string& header_path);

// The header text: NRRD0004, type float, the sizes, "space directions" (diagonal, from the
// spacings) and "space origin", endian of the host, encoding raw, and the data file by its name
// relative to the header.
std::string nrrd_header(const nrrd_volume& volume, const std::string& data_file_name);

// Writes the raw float32 data and then the header, each atomically; the header is committed last
// and the data file removed if that fails, so a header never appears without its data.
// errc::invalid_argument for mismatched axis lists or a wrong value count.
status write_nrrd(const std::string& header_path, const nrrd_volume& volume,
                  std::span<const float> values);

}  // namespace vknoise::io
