// The tables the noises read, in storage or uniform buffers (see vknoise_shared.h): the doubled
// permutation table through perm(i) for i in [0, 511], and classic noise's gradients through
// classic_gradient(i) for i in [0, 255] (vec4 is 16 bytes in std140 and std430 alike).
// A graph kernel (VKNOISE_GRAPH_TABLES and VKNOISE_GRAPH_GRADIENT_TABLES defined, at least 1)
// binds several tables back to back; each noise node sets graph_table_base (a multiple of 512)
// and graph_gradient_base (of 256) before it samples, and perm() and classic_gradient() read
// from there.
#ifndef VKNOISE_TABLE_IN_UNIFORM
#define VKNOISE_TABLE_IN_UNIFORM 0
#endif
#ifdef VKNOISE_GRAPH_TABLES
#define VKNOISE_PERMUTATION_ENTRIES (512 * VKNOISE_GRAPH_TABLES)
#define VKNOISE_GRADIENT_ENTRIES (256 * VKNOISE_GRAPH_GRADIENT_TABLES)
int graph_table_base = 0;
int graph_gradient_base = 0;
// With one table, the base is 0: left out, so that no address depends on it.
#if VKNOISE_GRAPH_TABLES > 1
#define VKNOISE_TABLE_BASE graph_table_base +
#else
#define VKNOISE_TABLE_BASE
#endif
#if VKNOISE_GRAPH_GRADIENT_TABLES > 1
#define VKNOISE_GRADIENT_BASE graph_gradient_base +
#else
#define VKNOISE_GRADIENT_BASE
#endif
#else
#define VKNOISE_PERMUTATION_ENTRIES 512
#define VKNOISE_GRADIENT_ENTRIES 256
#define VKNOISE_TABLE_BASE
#define VKNOISE_GRADIENT_BASE
#endif

#if defined(VKNOISE_GRAPH_FUNCTION)
// A graph function (vknoise graph --emit-glsl --function): the generated source declares the
// tables as arrays initialised with constants before it includes this file, so that the function
// needs no binding: the permutation entries as bytes, 16 to a uvec4 (permutation_bytes[]), and the
// gradients' float bits (gradient_bits[], one uvec4 per gradient). Packed, because a compiler may
// turn each read at an index it cannot fold into a search over the whole array (lavapipe's took
// minutes per graph over int[2048]; 16 times fewer elements made it seconds).
int permutation_entry(int i) {
  return int(bitfieldExtract(permutation_bytes[i >> 4][(i >> 2) & 3], (i & 3) * 8, 8));
}
#define perm(i) permutation_entry(VKNOISE_TABLE_BASE(i))
vec4 classic_gradient(int index) {
  return uintBitsToFloat(gradient_bits[VKNOISE_GRADIENT_BASE index]);
}
#elif VKNOISE_TABLE_IN_UNIFORM
layout(std140, set = 0, binding = VKNOISE_BINDING_PERMUTATION) uniform permutation_block {
  ivec4 permutation[VKNOISE_PERMUTATION_ENTRIES];
};
#define perm(i) permutation[VKNOISE_TABLE_BASE(i)].x
layout(std140, set = 0, binding = VKNOISE_BINDING_GRADIENTS) uniform gradient_block {
  vec4 gradients[VKNOISE_GRADIENT_ENTRIES];
};
#else
layout(std430, set = 0, binding = VKNOISE_BINDING_PERMUTATION) readonly buffer permutation_buffer {
  int permutation[VKNOISE_PERMUTATION_ENTRIES];
};
#define perm(i) permutation[VKNOISE_TABLE_BASE(i)]
layout(std430, set = 0, binding = VKNOISE_BINDING_GRADIENTS) readonly buffer gradient_buffer {
  vec4 gradients[VKNOISE_GRADIENT_ENTRIES];
};
#endif

#if !defined(VKNOISE_GRAPH_FUNCTION)
vec4 classic_gradient(int index) { return gradients[VKNOISE_GRADIENT_BASE index]; }
#endif
