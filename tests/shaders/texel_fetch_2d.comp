#version 450
#include "texel_fetch.h"
layout(set = 0, binding = 0) uniform sampler2D texture_2d;
void main() {
  const ivec3 p = ivec3(gl_GlobalInvocationID);
  if (inside(p)) store(p, texelFetch(texture_2d, p.xy, level.size.w));
}
