#include "io/vdb_writer.hpp"

#include <dlfcn.h>
#include <link.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cinttypes>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <system_error>

#include "io/atomic_file.hpp"
#include "io/vdb_plugin.h"

namespace vknoise::io {
namespace {

// The file this code was loaded from: the program (which links the writers statically), or a
// shared object that holds them.
result<std::filesystem::path> own_file() {
  Dl_info info{};
  link_map* map = nullptr;
  if (::dladdr1(reinterpret_cast<const void*>(&own_file), &info, reinterpret_cast<void**>(&map),
                RTLD_DL_LINKMAP) == 0 ||
      map == nullptr || map->l_name == nullptr) {
    return make_error(errc::io_error, "the program's location is unknown");
  }
  if (map->l_name[0] != '\0') return std::filesystem::path(map->l_name);
  // The main program, whose link map has no name (and dli_fname is argv[0], which need not be a
  // path): the kernel's link to the executable.
  std::error_code error;
  auto program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) {
    return make_error(errc::io_error, "the program's location is unknown: " + error.message());
  }
  return program;
}

// The plugin's place, relative to the program that writes the .vdb, wherever the program is (the
// build tree, an install prefix, a prefix moved elsewhere): beside it (the build tree, where it
// is built beside the tools: src/io/CMakeLists.txt), else in the library directory of its prefix
// (an installed tool: bin/vknoise finds lib/libvknoise_vdb.so, VKNOISE_BIN_TO_LIB being the path
// from the one to the other). When neither exists, the installed place, for dlopen's message.
result<std::filesystem::path> plugin_path() {
  auto program = own_file();
  if (!program) return program.error_value();
  const std::filesystem::path directory = program->parent_path();
  const std::filesystem::path beside = directory / VKNOISE_VDB_PLUGIN_FILE;
  std::error_code error;
  if (std::filesystem::exists(beside, error)) return beside;
  return (directory / VKNOISE_BIN_TO_LIB / VKNOISE_VDB_PLUGIN_FILE).lexically_normal();
}

// What loading the plugin adds to the address space, measured on Debian 12 (OpenVDB 10,
// log4cplus 2.0): about 60 MiB of libraries and their data, and log4cplus's thread pool of 4
// threads, started by its static initialiser, each with a stack of RLIMIT_STACK's soft size.
constexpr std::uint64_t plugin_libraries_bytes = std::uint64_t{60} << 20;
constexpr std::uint64_t plugin_threads = 4;

// Under an address space limit (ulimit -v) too tight for the plugin, loading it would not fail
// cleanly: log4cplus's static initialiser, unable to start its threads, waits forever on a
// condition variable (seen under ulimit -v 100000). The room is checked first instead.
status check_room_for_plugin() {
  rlimit space{};
  if (::getrlimit(RLIMIT_AS, &space) != 0 || space.rlim_cur == RLIM_INFINITY) return {};
  rlimit stack{};
  std::uint64_t stack_bytes = std::uint64_t{8} << 20;  // glibc's default when unlimited
  if (::getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY) {
    stack_bytes = stack.rlim_cur;
  }
  const std::uint64_t needed = plugin_libraries_bytes + plugin_threads * stack_bytes;
  std::uint64_t pages = 0;
  if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(statm, "%" SCNu64, &pages) != 1) pages = 0;
    std::fclose(statm);
  }
  const std::uint64_t used = pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  const std::uint64_t limit = space.rlim_cur;
  if (used <= limit && limit - used >= needed) return {};
  const std::uint64_t left = used < limit ? limit - used : 0;
  return make_error(errc::out_of_memory,
                    "out of memory: the OpenVDB writer (" VKNOISE_VDB_PLUGIN_FILE ") needs about " +
                        std::to_string(needed >> 20) + " MiB of address space, " +
                        std::to_string(left >> 20) + " MiB are left under the limit (ulimit -v)");
}

// The entry point, the plugin opened on first use and kept (OpenVDB's registries and threads
// are not made to be unloaded). A failure is not kept: the next write tries again.
result<vknoise_vdb_write_density_fn> plugin_entry() {
  static std::mutex mutex;
  static vknoise_vdb_write_density_fn entry = nullptr;
  std::lock_guard lock(mutex);
  if (entry) return entry;
  if (auto room = check_room_for_plugin(); !room) return room.error_value();
  auto path = plugin_path();
  if (!path) return path.error_value();
  // RTLD_NOW: a missing symbol fails here, not in the middle of a write. RTLD_LOCAL: OpenVDB's
  // symbols stay the plugin's.
  void* handle = ::dlopen(path->c_str(), RTLD_NOW | RTLD_LOCAL);
  const char* why = handle ? nullptr : ::dlerror();
  if (handle) {
    entry =
        reinterpret_cast<vknoise_vdb_write_density_fn>(::dlsym(handle, VKNOISE_VDB_PLUGIN_ENTRY));
    if (!entry) {
      why = ::dlerror();
      ::dlclose(handle);
    }
  }
  if (!entry) {
    return make_error(errc::io_error, std::string("the OpenVDB writer (" VKNOISE_VDB_PLUGIN_FILE
                                                  ") could not be loaded: ") +
                                          (why ? why : "unknown reason"));
  }
  return entry;
}

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
  auto write = plugin_entry();
  if (!write) {
    return make_error(write.error_value().code, "cannot write " + path + ": " + write.message());
  }
  // OpenVDB opens the file by name: the temporary file is reserved, then closed.
  auto temporary = atomic_file::create(path);
  if (!temporary) return temporary.error_value();
  if (status closed = temporary->close(); !closed) return closed;
  vknoise_vdb_volume plain{};
  for (int axis = 0; axis < 3; ++axis) {
    plain.size[axis] = volume.size[axis];
    plain.step[axis] = volume.step[axis];
    plain.origin[axis] = volume.origin[axis];
  }
  int error_number = 0;
  char message[512] = "";
  const int outcome = (*write)(temporary->temporary_path().c_str(), &plain, values.data(),
                               &error_number, message, sizeof message);
  if (outcome == VKNOISE_VDB_OUT_OF_MEMORY) {
    return make_error(errc::out_of_memory, "cannot write " + path + ": out of memory");
  }
  if (outcome != VKNOISE_VDB_OK) {
    const std::string why = error_number != 0 ? std::generic_category().message(error_number)
                                              : std::string("OpenVDB: ") + message;
    return make_error(errc::io_error, "cannot write " + path + ": " + why);
  }
  return temporary->commit();
}

}  // namespace vknoise::io
