// The one source of truth for what the host and the shaders share: bindings, workgroup sizes and
// push-constant layouts. Included by GLSL and by C++ (which static_asserts the sizes). Members are
// 4-byte scalars only, so std430 push-constant offsets equal C++ offsets.
#ifndef VKNOISE_SHARED_H
#define VKNOISE_SHARED_H

#ifdef __cplusplus
#include <cstdint>
namespace vknoise::shader {
using uint = std::uint32_t;
#endif

// Descriptor set 0, all storage buffers.
#define VKNOISE_BINDING_PERMUTATION 0  // readonly int[512]: the doubled permutation table
#define VKNOISE_BINDING_COORDS 1       // readonly lattice_coord[]: axis tables or points
#define VKNOISE_BINDING_OUTPUT 2       // writeonly float[]: the chunk's samples
#define VKNOISE_BINDING_COUNT 3

// Where the kernels read the permutation table from. Built twice from the same source:
//   storage (default): readonly int[512], for GPUs, whose caches serve divergent gathers well;
//   uniform (VKNOISE_TABLE_IN_UNIFORM=1): ivec4[512] with the entry in .x (std140 pads int arrays
//   to 16 bytes), for CPU implementations such as lavapipe, which bounds-check every lane of a
//   storage-buffer gather but not of a uniform array (about 1.7x faster there).
#define VKNOISE_UNIFORM_TABLE_STRIDE 4  // int32 words per entry in the uniform variant

// Specialization constant ids.
#define VKNOISE_SPEC_DIMS 0  // 3 or 4

#define VKNOISE_FIELD_LOCAL_SIZE 64
#define VKNOISE_POINTS_LOCAL_SIZE 64

// field.comp: one dispatch fills a chunk of `row_count` rows (workgroup y index) of `count_x`
// samples (x). The coords buffer holds the chunk's lattice coordinates, reduced on the host:
// count_x entries for x, then 3 per row (y, z, t) from entry rows_offset. Sample (x, row) goes to
// output[row * count_x + x].
struct field_push_constants {
  uint count_x;
  uint rows_offset;
};

// points.comp: `count` points, 4 lattice coords each (x y z w; w unused in 3D) in the coords
// buffer; point i goes to output[i].
struct points_push_constants {
  uint count;
};

#ifdef __cplusplus
static_assert(sizeof(field_push_constants) == 8);
static_assert(sizeof(points_push_constants) == 4);
}  // namespace vknoise::shader
#endif

#endif
