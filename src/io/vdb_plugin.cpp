// libvknoise_vdb.so: the OpenVDB half of io::write_vdb_density (vdb_writer.cpp checks the volume,
// stages the file and loads this plugin on demand; see vdb_plugin.h). Built against OpenVDB;
// vdb_writer.cpp looks up only the entry point.
#include <openvdb/openvdb.h>

#include <cerrno>
#include <cstdio>
#include <exception>
#include <fstream>
#include <new>

#include "io/vdb_plugin.h"

namespace {

// openvdb::io::File::write neither checks its stream nor reports a failed write (a full disk gives
// a truncated file and no error). The same archive written through a stream we own, checked.
class checked_vdb_file : public openvdb::io::File {
 public:
  using openvdb::io::File::File;
  // false when a write failed; errno then tells why, where the stream set it.
  bool write_checked(const openvdb::GridCPtrVec& grids) const {
    std::ofstream stream(filename(), std::ios_base::out | std::ios_base::binary);
    if (!stream) return false;
    openvdb::io::Archive::write(stream, grids, /*seekable=*/true);
    stream.flush();
    const bool written = stream.good();
    stream.close();
    return written && !stream.fail();
  }
};

openvdb::FloatGrid::Ptr density_grid(const vknoise_vdb_volume& volume, const float* values) {
  auto grid = openvdb::FloatGrid::create(0.0f);
  grid->setName("density");
  grid->setGridClass(openvdb::GRID_FOG_VOLUME);
  auto transform = openvdb::math::Transform::createLinearTransform(1.0);
  transform->preScale(openvdb::Vec3d(volume.step[0], volume.step[1], volume.step[2]));
  transform->postTranslate(openvdb::Vec3d(volume.origin[0], volume.origin[1], volume.origin[2]));
  grid->setTransform(transform);
  auto accessor = grid->getAccessor();
  std::size_t index = 0;
  for (std::uint32_t k = 0; k < volume.size[2]; ++k) {
    for (std::uint32_t j = 0; j < volume.size[1]; ++j) {
      for (std::uint32_t i = 0; i < volume.size[0]; ++i) {
        // setValue also activates the voxel, so a sample equal to the background stays stored.
        accessor.setValue(
            openvdb::Coord(static_cast<int>(i), static_cast<int>(j), static_cast<int>(k)),
            values[index++]);
      }
    }
  }
  return grid;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int vknoise_vdb_write_density_v1(
    const char* path, const vknoise_vdb_volume* volume, const float* values, int* errno_value,
    char* message, size_t message_size) {
  *errno_value = 0;
  if (message_size > 0) message[0] = '\0';
  try {
    openvdb::initialize();  // registers the grid types; idempotent
    const checked_vdb_file file(path);
    errno = 0;
    if (!file.write_checked({density_grid(*volume, values)})) {
      *errno_value = errno != 0 ? errno : EIO;
      return VKNOISE_VDB_IO_ERROR;
    }
    return VKNOISE_VDB_OK;
  } catch (const std::bad_alloc&) {
    return VKNOISE_VDB_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    std::snprintf(message, message_size, "%s", e.what());
    return VKNOISE_VDB_IO_ERROR;
  }
}

// The entry point has the interface's type.
[[maybe_unused]] constexpr vknoise_vdb_write_density_fn entry_has_the_interface_type =
    &vknoise_vdb_write_density_v1;
