#version 450
// Evaluates noise at arbitrary points, each given as octaves * 4 lattice coordinates reduced on
// the host (see points_push_constants).
#extension GL_GOOGLE_include_directive : require
#include "vknoise_shared.h"

layout(local_size_x = VKNOISE_POINTS_LOCAL_SIZE) in;
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
layout(std430, set = 0, binding = VKNOISE_BINDING_OUTPUT) writeonly buffer output_buffer {
  float values[];
};
layout(push_constant) uniform push_block { points_push_constants pc; };

uint point;
float warp_w[4];  // the warp components' noise at this point (warp.glsl)

// The point's lattice coordinate on `axis` for octave o, moved by the warp when there is one.
lattice_axis axis_of(uint o, int axis) {
  lattice_axis a = decode(coords[(point * pc.fractal.octaves + o) * 4 + axis]);
  if (warp != 0 && axis < dims) {
    a = displace(a, warp_delta(pc.fractal.warp, warp_w[axis], pc.fractal.lacunarity, int(o)));
  }
  return a;
}

float octave_noise(uint o) {
  return basis_noise(int(o), axis_of(o, 0), axis_of(o, 1), axis_of(o, 2), axis_of(o, 3));
}

dual octave_noise_d(uint o) {
  uint base = (point * pc.fractal.octaves + o) * 4;
  return basis_noise_d(decode(coords[base]), decode(coords[base + 1]),
                       decode(coords[base + 2]), decode(coords[base + 3]));
}

// The warp components' noises, read at the unwarped octave-0 coordinates (warp.glsl).
void compute_warp() {
  uint base = point * pc.fractal.octaves * 4;
  lattice_axis p0 = decode(coords[base]), p1 = decode(coords[base + 1]),
               p2 = decode(coords[base + 2]), p3 = decode(coords[base + 3]);
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

void main() {
  point = gl_GlobalInvocationID.x;
  if (point >= pc.count) return;
  if (warp != 0) compute_warp();
  uint out_index = point * channels;
  if (gradient != 0) {
    dual r = fractal_sum_d(fractal, pc.fractal);
    values[out_index] = r.v;
    for (int c = 0; c < dims; ++c) values[out_index + 1 + c] = r.d[c];
  } else {
    values[out_index] = fractal_sum(fractal, pc.fractal);
  }
}
