#version 450
// Fills one chunk of a regular field: each invocation evaluates one sample from lattice
// coordinates that the host reduced in double (see field_push_constants).
#extension GL_GOOGLE_include_directive : require
#include "vknoise_shared.h"

layout(local_size_x = VKNOISE_FIELD_LOCAL_SIZE) in;
layout(constant_id = VKNOISE_SPEC_DIMS) const int dims = 3;

#include "permutation.glsl"
#include "improved_noise.glsl"
layout(std430, set = 0, binding = VKNOISE_BINDING_COORDS) readonly buffer coords_buffer {
  lattice_coord coords[];
};
layout(std430, set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly buffer output_buffer {
  float values[];
};
layout(push_constant) uniform push_block { field_push_constants pc; };

void main() {
  uint x = gl_GlobalInvocationID.x;
  if (x >= pc.count_x) return;
  uint row = pc.rows_offset + 3 * gl_WorkGroupID.y;
  values[gl_WorkGroupID.y * pc.count_x + x] =
      improved_noise(dims, coords[x], coords[row], coords[row + 1], coords[row + 2]);
}
