/* The OpenVDB writer's plugin interface: libvknoise_vdb.so, opened by io::write_vdb_density
   (vdb_writer.cpp) only when a .vdb is written. OpenVDB and what it brings (log4cplus, TBB, Boost,
   Blosc) run static initialisers that need memory and time; kept out of the tool's own link, they
   cost nothing to a run that writes no .vdb, and a tool under a tight memory limit starts.

   A C interface, so that the plugin and its user need agree on nothing but these declarations. */
#ifndef VKNOISE_IO_VDB_PLUGIN_H
#define VKNOISE_IO_VDB_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The file name of the plugin, looked for beside the program, then in the library directory of its
   prefix (vdb_writer.cpp). */
#define VKNOISE_VDB_PLUGIN_FILE "libvknoise_vdb.so"
/* The entry point's name, and its version: a plugin of another interface version is refused. */
#define VKNOISE_VDB_PLUGIN_ENTRY "vknoise_vdb_write_density_v1"

struct vknoise_vdb_volume {
  uint32_t size[3]; /* voxels on x, y, z */
  double step[3];   /* voxel size on each axis, > 0 */
  double origin[3]; /* world position of voxel (0, 0, 0) */
};

/* Outcomes of the entry point. */
enum {
  VKNOISE_VDB_OK = 0,
  VKNOISE_VDB_IO_ERROR = 1, /* errno_value says why when it is not 0, else `message` */
  VKNOISE_VDB_OUT_OF_MEMORY = 2,
};

/* Writes `values` (size[0] * size[1] * size[2] floats, x fastest) as one FloatGrid "density" to
   the file `path` (created or truncated). On failure, `message` (of `message_size` bytes) gets
   OpenVDB's reason where there is one and `*errno_value` the errno of a failed write (0 if
   none). Never throws. */
typedef int (*vknoise_vdb_write_density_fn)(const char* path,
                                            const struct vknoise_vdb_volume* volume,
                                            const float* values, int* errno_value, char* message,
                                            size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
