// OpenVDB volumes, for Blender, Houdini and other renderers of smoke and clouds.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::io {

struct vdb_volume {
  std::array<std::uint32_t, 3> size{1, 1, 1};   // voxels on x, y, z
  std::array<double, 3> step{1.0, 1.0, 1.0};    // voxel size on each axis
  std::array<double, 3> origin{0.0, 0.0, 0.0};  // world position of voxel (0, 0, 0)
};

// One FloatGrid named "density", class fog volume, background 0. Voxel (i, j, k) holds
// values[(k * size[1] + j) * size[0] + i] and is active, zero or not: nothing is pruned, so the
// active voxel count is the sample count and every value reads back exactly. The transform maps
// index (i, j, k) to origin + (i, j, k) * step: a uniform voxel size when the steps are equal,
// else a non-uniform scale (which some tools show as a stretched volume). OpenVDB writes by path,
// so the file goes to a temporary name next to the target (removed on SIGINT) and is renamed
// once complete. errc::invalid_argument for a wrong value count or a step that is not positive;
// errc::out_of_range for more than 2^31-1 voxels on an axis.
//
// OpenVDB is not linked: the first call opens the plugin libvknoise_vdb.so (vdb_plugin.h), beside
// the program or in its prefix's library directory (bin/../lib), and keeps it. errc::io_error
// "cannot write PATH: the OpenVDB writer (libvknoise_vdb.so) could not be loaded: WHY" when it is
// missing or unloadable;
// errc::out_of_memory when an address space limit (RLIMIT_AS) leaves too little room to load it.
// Thread-safe.
status write_vdb_density(const std::string& path, const vdb_volume& volume,
                         std::span<const float> values);

}  // namespace vknoise::io
