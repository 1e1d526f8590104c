#version 450
// Evaluates noise at arbitrary points, each given as 4 lattice coordinates reduced on the host.
#extension GL_GOOGLE_include_directive : require
#include "vknoise_shared.h"

layout(local_size_x = VKNOISE_POINTS_LOCAL_SIZE) in;
layout(constant_id = VKNOISE_SPEC_DIMS) const int dims = 3;

#include "permutation.glsl"
#include "improved_noise.glsl"
layout(std430, set = 0, binding = VKNOISE_BINDING_COORDS) readonly buffer points_buffer {
  lattice_coord coords[];
};
layout(std430, set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly buffer output_buffer {
  float values[];
};
layout(push_constant) uniform push_block { points_push_constants pc; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= pc.count) return;
  uint base = 4 * i;
  values[i] = improved_noise(dims, coords[base], coords[base + 1], coords[base + 2], coords[base + 3]);
}
