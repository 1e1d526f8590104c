// What the texel-fetch shaders share (tests/texture_readback.cpp): every texel of one level of the
// bound texture, as texelFetch returns it (vec4: absent channels 0, alpha 1), written to
// `texels` from index `base`, x fastest, then y, then z (a volume's depth or an array's layer).
layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;
layout(std430, set = 0, binding = 1) writeonly buffer fetched {
  vec4 texels[];
};
layout(push_constant) uniform level_push {
  ivec4 size;  // the level's width, height, depth or layers; w: the level
  uint base;
} level;

// Whether `p` lies inside the level (the last workgroups overhang its sides).
bool inside(ivec3 p) {
  return all(lessThan(p, level.size.xyz));
}
void store(ivec3 p, vec4 texel) {
  texels[level.base + uint((p.z * level.size.y + p.y) * level.size.x + p.x)] = texel;
}
