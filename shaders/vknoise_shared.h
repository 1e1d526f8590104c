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

// Descriptor set 0: storage buffers (tables: uniform buffers in the uniform-table kernels).
#define VKNOISE_BINDING_PERMUTATION 0  // readonly int[512]: the doubled permutation table
#define VKNOISE_BINDING_COORDS 1       // readonly lattice_coord[]: axis tables or points
#define VKNOISE_BINDING_OUTPUT 2       // writeonly float[] (or a storage image): the samples
#define VKNOISE_BINDING_GRADIENTS 3  // readonly vec4[256]: classic noise's gradients (dims's table)
#define VKNOISE_BINDING_COUNT 4
// Graph kernels only (shaders/graph_bindings.glsl): readonly uint[]: the graph's constant words
// (src/graph/graph_layout.hpp), floats as their bits.
#define VKNOISE_BINDING_GRAPH_CONSTANTS 4

// Where the kernels read the permutation table from. Built twice from the same source:
//   storage (default): readonly int[512], for GPUs, whose caches serve divergent gathers well;
//   uniform (VKNOISE_TABLE_IN_UNIFORM=1): ivec4[512] with the entry in .x (std140 pads int arrays
//   to 16 bytes), for CPU implementations such as lavapipe, which bounds-check every lane of a
//   storage-buffer gather but not of a uniform array (about 1.7x faster there).
#define VKNOISE_UNIFORM_TABLE_STRIDE 4  // int32 words per entry in the uniform variant

// Values of vknoise::noise_kind, fractal_kind and value_interpolation (static_asserted in C++).
#define VKNOISE_NOISE_IMPROVED 0
#define VKNOISE_NOISE_IMPROVED4_BALANCED 1
#define VKNOISE_NOISE_CLASSIC 2
#define VKNOISE_NOISE_VALUE 3
#define VKNOISE_NOISE_SIMPLEX 4
#define VKNOISE_NOISE_CELLULAR 5
#define VKNOISE_NOISE_FLOW 6
#define VKNOISE_VALUE_LINEAR 0
#define VKNOISE_VALUE_COSINE 1
#define VKNOISE_VALUE_CUBIC 2
#define VKNOISE_FRACTAL_NONE 0
#define VKNOISE_FRACTAL_FBM 1
#define VKNOISE_FRACTAL_TURBULENCE 2
#define VKNOISE_FRACTAL_RIDGED 3
#define VKNOISE_FRACTAL_BILLOW 4

#define VKNOISE_FIELD_LOCAL_SIZE 64
#define VKNOISE_POINTS_LOCAL_SIZE 64

// Per-dispatch values: a graph kernel reads only `octaves`, its lattice coordinates per axis and
// sample (the graph's slots, graph_layout.hpp); its fractal parameters are constant words.
struct fractal_constants {
  uint octaves;
  float persistence;
  float lacunarity;
  float inv_norm;
  float warp;
};

// A field kernel: one dispatch fills a chunk of `row_count` rows (workgroup y index) of `count_x`
// samples (x). The coords buffer holds the chunk's lattice coordinates, reduced on the host:
// first x, octave by octave (octaves * count_x entries: octave o of sample x at o * count_x + x),
// then from entry rows_offset, per row and octave, y, z and t (entry rows_offset +
// (row * octaves + o) * 3 + axis - 1). Sample (x, row) goes to output[(row * count_x + x) *
// channels + c] (channels: the graph's outputs).
// output_offset: the float index in the output binding where the chunk's first sample goes (the
// binding's offset must be aligned to minStorageBufferOffsetAlignment; this carries the rest).
struct field_push_constants {
  fractal_constants fractal;
  uint count_x;
  uint rows_offset;
  uint output_offset;
};

// A field kernel built with VKNOISE_IMAGE_OUTPUT writes a storage image at binding
// VKNOISE_BINDING_OUTPUT instead, declared without a format qualifier (the library writes the
// target's format into the module where the device needs one): an image3D with
// VKNOISE_IMAGE_3D=1, else an image2DArray. Sample
// x of chunk row r goes to texel (offset_x + first_x + x, offset_y + row % rows_per_slice,
// offset_z + row / rows_per_slice), row = first_row + r, as value * scale + bias per channel (a
// single channel fills .rgb with alpha 1; missing channels are 0, alpha 1).
struct image_push_constants {
  field_push_constants field;
  int offset_x;
  int offset_y;
  int offset_z;
  uint first_x;
  uint first_row;
  uint rows_per_slice;
  float scale;
  float bias;
};

// A points kernel (VKNOISE_GRAPH_POINTS): `count` points, each with octaves * 4 lattice coords
// (octave o, axis a at (point * octaves + o) * 4 + a; axes beyond dims are zero); point i goes to
// output[i * channels + c].
struct points_push_constants {
  fractal_constants fractal;
  uint count;
};

#ifdef __cplusplus
static_assert(sizeof(field_push_constants) == 32);
static_assert(sizeof(image_push_constants) == 64);
static_assert(sizeof(points_push_constants) == 24);
}  // namespace vknoise::shader
#endif

#endif
