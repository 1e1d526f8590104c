// What a generated graph kernel (src/graph/graph_glsl.cpp) reads besides the tables: the
// host-reduced lattice coordinates of its slots, its constant words, and where it writes. The
// generated source defines VKNOISE_GRAPH_TABLES, VKNOISE_GRAPH_GRADIENT_TABLES and
// VKNOISE_GRAPH_CHANNELS and includes this file first; the compile chooses the kernel with
//   VKNOISE_GRAPH_POINTS   scattered points (points_push_constants), else a field chunk
//   VKNOISE_IMAGE_OUTPUT   a field chunk into a storage image (image_push_constants), with
//                          VKNOISE_IMAGE_3D for an image3D, else an image2DArray
//   VKNOISE_TABLE_IN_UNIFORM  the tables in uniform buffers (permutation.glsl)
// Slots take the place of a fractal's octaves: the push constants' fractal.octaves is
// the slot count, and slot s of a sample sits where octave s would (vknoise_shared.h).
// VKNOISE_GRAPH_FUNCTION instead makes a function to paste into any shader: no bindings, the
// tables and words constant arrays declared by the generated source, and graph_slot generated
// from the function's position.

#if !defined(VKNOISE_GRAPH_FUNCTION)
layout(local_size_x = VKNOISE_FIELD_LOCAL_SIZE) in;
#endif

#include "permutation.glsl"
#include "improved_noise.glsl"
#include "classic_noise.glsl"
#include "value_noise.glsl"
#include "int_arithmetic.glsl"
#include "simplex_noise.glsl"
#include "rounded_float.glsl"
#include "cellular_periods.glsl"
#include "cellular_noise.glsl"
#include "flow_noise.glsl"
#include "warp.glsl"

#if defined(VKNOISE_GRAPH_FUNCTION)
lattice_axis graph_slot(uint s, int axis);  // generated after graph_ops.glsl
#else
layout(std430, set = 0, binding = VKNOISE_BINDING_COORDS) readonly buffer coords_buffer {
  lattice_coord coords[];
};
layout(std430, set = 0, binding = VKNOISE_BINDING_GRAPH_CONSTANTS) readonly buffer constants_buffer {
  uint graph_words[];
};

#if defined(VKNOISE_GRAPH_POINTS)
layout(std430, set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly buffer output_buffer {
  float values[];
};
layout(push_constant) uniform push_block { points_push_constants pc; };
#elif defined(VKNOISE_IMAGE_OUTPUT)
#if VKNOISE_IMAGE_3D
layout(set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly uniform image3D target_image;
#else
layout(set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly uniform image2DArray target_image;
#endif
layout(push_constant) uniform push_block { image_push_constants image_pc; };
#define pc image_pc.field
#else
layout(std430, set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly buffer output_buffer {
  float values[];
};
layout(push_constant) uniform push_block { field_push_constants pc; };
#endif
#endif

uint sample_x;    // field: the sample's x in the chunk; points: the point
uint sample_row;  // field: the chunk row

float graph_float(uint word) { return uintBitsToFloat(graph_words[word]); }
uint graph_uint(uint word) { return graph_words[word]; }

#include "graph_ops.glsl"

#if !defined(VKNOISE_GRAPH_FUNCTION)
// Slot s's lattice coordinate on `axis` at this sample (laid out as a fractal's octaves).
lattice_axis graph_slot(uint s, int axis) {
#if defined(VKNOISE_GRAPH_POINTS)
  return decode(coords[(sample_x * pc.fractal.octaves + s) * 4 + uint(axis)]);
#else
  if (axis == 0) return decode(coords[s * pc.count_x + sample_x]);
  return decode(coords[pc.rows_offset + (sample_row * pc.fractal.octaves + s) * 3 + uint(axis) - 1]);
#endif
}
#endif
