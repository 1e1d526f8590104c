// The doubled permutation table, in a storage or a uniform buffer (see vknoise_shared.h), read
// through perm(i) for i in [0, 511].
#ifndef VKNOISE_TABLE_IN_UNIFORM
#define VKNOISE_TABLE_IN_UNIFORM 0
#endif

#if VKNOISE_TABLE_IN_UNIFORM
layout(std140, set = 0, binding = VKNOISE_BINDING_PERMUTATION) uniform permutation_block {
  ivec4 permutation[512];
};
#define perm(i) permutation[i].x
#else
layout(std430, set = 0, binding = VKNOISE_BINDING_PERMUTATION) readonly buffer permutation_buffer {
  int permutation[512];
};
#define perm(i) permutation[i]
#endif
