// The tables the noises read, in storage or uniform buffers (see vknoise_shared.h): the doubled
// permutation table through perm(i) for i in [0, 511], and classic noise's gradients through
// classic_gradient(i) for i in [0, 255] (vec4 is 16 bytes in std140 and std430 alike).
#ifndef VKNOISE_TABLE_IN_UNIFORM
#define VKNOISE_TABLE_IN_UNIFORM 0
#endif

#if VKNOISE_TABLE_IN_UNIFORM
layout(std140, set = 0, binding = VKNOISE_BINDING_PERMUTATION) uniform permutation_block {
  ivec4 permutation[512];
};
#define perm(i) permutation[i].x
layout(std140, set = 0, binding = VKNOISE_BINDING_GRADIENTS) uniform gradient_block {
  vec4 gradients[256];
};
#else
layout(std430, set = 0, binding = VKNOISE_BINDING_PERMUTATION) readonly buffer permutation_buffer {
  int permutation[512];
};
#define perm(i) permutation[i]
layout(std430, set = 0, binding = VKNOISE_BINDING_GRADIENTS) readonly buffer gradient_buffer {
  vec4 gradients[256];
};
#endif

vec4 classic_gradient(int index) { return gradients[index]; }
