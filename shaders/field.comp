#version 450
// Fills one chunk of a regular field: each invocation evaluates one sample from lattice
// coordinates that the host reduced in double, octave by octave (see field_push_constants).
#extension GL_GOOGLE_include_directive : require
#include "vknoise_shared.h"

layout(local_size_x = VKNOISE_FIELD_LOCAL_SIZE) in;
layout(constant_id = VKNOISE_SPEC_DIMS) const int dims = 3;
layout(constant_id = VKNOISE_SPEC_KIND) const int kind = VKNOISE_NOISE_IMPROVED;
layout(constant_id = VKNOISE_SPEC_FRACTAL) const int fractal = VKNOISE_FRACTAL_NONE;
layout(constant_id = VKNOISE_SPEC_GRADIENT) const int gradient = 0;
layout(constant_id = VKNOISE_SPEC_VALUE_INTERPOLATION) const int value_interpolation = VKNOISE_VALUE_LINEAR;
layout(constant_id = VKNOISE_SPEC_VALUE_SMOOTH) const int value_smooth = 0;
layout(constant_id = VKNOISE_SPEC_WARP) const int warp = 0;
const int channels = gradient != 0 ? 1 + dims : 1;

#include "permutation.glsl"
#include "improved_noise.glsl"
#include "classic_noise.glsl"
#include "value_noise.glsl"
#include "noise.glsl"
#include "warp.glsl"
layout(std430, set = 0, binding = VKNOISE_BINDING_COORDS) readonly buffer coords_buffer {
  lattice_coord coords[];
};
#ifdef VKNOISE_IMAGE_OUTPUT
// No format qualifier: the module writes every format on devices with
// shaderStorageImageWriteWithoutFormat, and the library writes the target's format into it for
// the others (src/vulkan/spirv_image_format.hpp).
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

uint sample_x;
uint sample_row;
float warp_w[4];  // the warp components' noise at this sample (warp.glsl)

// The sample's lattice coordinate on `axis` for octave o, moved by the warp when there is one.
lattice_axis axis_of(uint o, int axis) {
  uint r = pc.rows_offset + (sample_row * pc.fractal.octaves + o) * 3;
  uint index = axis == 0 ? o * pc.count_x + sample_x : r + uint(axis) - 1;
  lattice_axis a = decode(coords[index]);
  if (warp != 0 && axis < dims) {
    a = displace(a, warp_delta(pc.fractal.warp, warp_w[axis], pc.fractal.lacunarity, int(o)));
  }
  return a;
}

float octave_noise(uint o) {
  return basis_noise(int(o), axis_of(o, 0), axis_of(o, 1), axis_of(o, 2), axis_of(o, 3));
}

dual octave_noise_d(uint o) {
  uint r = pc.rows_offset + (sample_row * pc.fractal.octaves + o) * 3;
  return basis_noise_d(decode(coords[o * pc.count_x + sample_x]), decode(coords[r]),
                       decode(coords[r + 1]), decode(coords[r + 2]));
}

// The warp components' noises, read at the unwarped octave-0 coordinates (warp.glsl).
void compute_warp() {
  uint r = pc.rows_offset + sample_row * pc.fractal.octaves * 3;
  lattice_axis p0 = decode(coords[sample_x]), p1 = decode(coords[r]), p2 = decode(coords[r + 1]),
               p3 = decode(coords[r + 2]);
  for (int a = 0; a < 4; ++a) {
    if (a >= dims) break;
    lattice_axis m0 = displace(p0, warp_offset[a][0]);
    lattice_axis m1 = dims > 1 ? displace(p1, warp_offset[a][1]) : p1;
    lattice_axis m2 = dims > 2 ? displace(p2, warp_offset[a][2]) : p2;
    lattice_axis m3 = dims > 3 ? displace(p3, warp_offset[a][3]) : p3;
    warp_w[a] = basis_noise(0, m0, m1, m2, m3);
  }
}

#include "fractal.glsl"

// Writes the sample's channels (value, then the derivatives) to the buffer or the image.
void store_sample(float v[5]) {
#ifdef VKNOISE_IMAGE_OUTPUT
  precise vec4 texel = vec4(0.0, 0.0, 0.0, 1.0);
  if (channels == 1) {
    precise float mapped = v[0] * image_pc.scale + image_pc.bias;
    texel.rgb = vec3(mapped);
  } else {
    for (int c = 0; c < 4; ++c) {
      if (c < channels) texel[c] = v[c] * image_pc.scale + image_pc.bias;
    }
  }
  uint row = image_pc.first_row + sample_row;
  ivec3 at = ivec3(image_pc.offset_x + int(image_pc.first_x + sample_x),
                   image_pc.offset_y + int(row % image_pc.rows_per_slice),
                   image_pc.offset_z + int(row / image_pc.rows_per_slice));
  imageStore(target_image, at, texel);
#else
  uint out_index = pc.output_offset + (sample_row * pc.count_x + sample_x) * channels;
  for (int c = 0; c < channels; ++c) values[out_index + c] = v[c];
#endif
}

void main() {
  sample_x = gl_GlobalInvocationID.x;
  if (sample_x >= pc.count_x) return;
  sample_row = gl_WorkGroupID.y;
  if (warp != 0) compute_warp();
  float v[5];
  if (gradient != 0) {
    dual r = fractal_sum_d(fractal, pc.fractal);
    v[0] = r.v;
    for (int c = 0; c < dims; ++c) v[1 + c] = r.d[c];
  } else {
    v[0] = fractal_sum(fractal, pc.fractal);
  }
  store_sample(v);
}
