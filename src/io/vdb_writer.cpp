#include "io/vdb_writer.hpp"

#include <openvdb/openvdb.h>

#include <cerrno>
#include <climits>
#include <exception>
#include <fstream>
#include <new>
#include <system_error>

#include "io/atomic_file.hpp"

namespace vknoise::io {
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

}  // namespace

status write_vdb_density(const std::string& path, const vdb_volume& volume,
                         std::span<const float> values) {
  const std::uint64_t count = std::uint64_t{volume.size[0]} * volume.size[1] * volume.size[2];
  if (count != values.size()) {
    return make_error(errc::invalid_argument, "write_vdb_density: expected " +
                                                  std::to_string(count) + " values, got " +
                                                  std::to_string(values.size()));
  }
  for (const std::uint32_t size : volume.size) {
    if (size > static_cast<std::uint32_t>(INT_MAX)) {  // openvdb::Coord holds int32 indices
      return make_error(errc::out_of_range, "a .vdb has at most 2^31-1 voxels per axis");
    }
  }
  for (const double step : volume.step) {
    if (!(step > 0.0)) {
      return make_error(
          errc::invalid_argument,
          "a .vdb needs positive steps (OpenVDB's voxel size); got " + std::to_string(step));
    }
  }
  // OpenVDB opens the file by name: the temporary file is reserved, then closed.
  auto temporary = atomic_file::create(path);
  if (!temporary) return temporary.error_value();
  if (status closed = temporary->close(); !closed) return closed;
  try {
    openvdb::initialize();  // registers the grid types; idempotent
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
    const checked_vdb_file file(temporary->temporary_path());
    errno = 0;
    if (!file.write_checked({grid})) {
      const int error_number = errno != 0 ? errno : EIO;
      return make_error(errc::io_error, "cannot write " + path + ": " +
                                            std::generic_category().message(error_number));
    }
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "cannot write " + path + ": out of memory");
  } catch (const std::exception& e) {
    return make_error(errc::io_error, "cannot write " + path + ": OpenVDB: " + e.what());
  }
  return temporary->commit();
}

}  // namespace vknoise::io
