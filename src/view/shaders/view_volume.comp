#version 450
// The volume view: the field's n x n x n samples as a density (values above `low`, 0, are
// matter, scaled by `relief`), raymarched from an orbiting camera with Beer-Lambert absorption and a
// light that comes from above, the way the clouds demo lights its layer.
#extension GL_GOOGLE_include_directive : require
#include "view_shared.h"

layout(local_size_x = VIEW_LOCAL_SIZE, local_size_y = VIEW_LOCAL_SIZE) in;
layout(std430, binding = VIEW_BINDING_FIELD) readonly buffer Field { float field[]; };
layout(std430, binding = VIEW_BINDING_PIXELS) writeonly buffer Pixels { uint pixels[]; };
layout(push_constant) uniform Params { orbit_params pc; };

float voxel(ivec3 g) {
  int n = int(pc.n);
  g = clamp(g, ivec3(0), ivec3(n - 1));
  return field[((uint(g.z) * pc.n + uint(g.y)) * pc.n + uint(g.x)) * pc.channels];
}

// Trilinear, the box's coordinates in [0, 1]^3 (x, y, z of the field; y is up on screen).
float density(vec3 p) {
  vec3 g = p * float(pc.n - 1);
  ivec3 i = ivec3(floor(g));
  vec3 f = g - vec3(i);
  float x00 = mix(voxel(i), voxel(i + ivec3(1, 0, 0)), f.x);
  float x10 = mix(voxel(i + ivec3(0, 1, 0)), voxel(i + ivec3(1, 1, 0)), f.x);
  float x01 = mix(voxel(i + ivec3(0, 0, 1)), voxel(i + ivec3(1, 0, 1)), f.x);
  float x11 = mix(voxel(i + ivec3(0, 1, 1)), voxel(i + ivec3(1, 1, 1)), f.x);
  float v = mix(mix(x00, x10, f.y), mix(x01, x11, f.y), f.z);
  return max(v - pc.low, 0.0) * pc.relief;
}

void main() {
  uvec2 px = gl_GlobalInvocationID.xy;
  if (px.x >= pc.width || px.y >= pc.height) return;
  vec3 centre = vec3(0.5);
  vec3 eye = centre + pc.distance * vec3(cos(pc.pitch) * sin(pc.yaw), sin(pc.pitch),
                                         cos(pc.pitch) * cos(pc.yaw));
  vec3 forward = normalize(centre - eye);
  vec3 right = normalize(cross(forward, vec3(0.0, 1.0, 0.0)));
  vec3 up = cross(right, forward);
  vec2 ndc = (vec2(px) + 0.5) / vec2(pc.width, pc.height) * 2.0 - 1.0;
  float aspect = float(pc.width) / float(pc.height);
  vec3 dir = normalize(forward + tan(radians(30.0)) * (ndc.x * aspect * right - ndc.y * up));

  vec3 background = mix(vec3(0.05, 0.06, 0.09), vec3(0.16, 0.20, 0.28), 0.5 + 0.5 * dir.y);
  vec3 inv = 1.0 / dir;
  vec3 t0 = (vec3(0.0) - eye) * inv, t1 = (vec3(1.0) - eye) * inv;
  float enter = max(max(min(t0.x, t1.x), min(t0.y, t1.y)), min(t0.z, t1.z));
  float leave = min(min(max(t0.x, t1.x), max(t0.y, t1.y)), max(t0.z, t1.z));
  vec3 colour = background;
  if (leave > max(enter, 0.0)) {
    enter = max(enter, 0.0);
    const int steps = 128;
    float dt = (leave - enter) / float(steps);
    float transmittance = 1.0;
    vec3 light = vec3(0.0);
    vec3 to_light = normalize(vec3(0.3, 1.0, 0.2));
    for (int i = 0; i < steps && transmittance > 0.01; ++i) {
      vec3 p = eye + dir * (enter + (float(i) + 0.5) * dt);
      float d = density(p);
      if (d <= 0.0) continue;
      // One sample towards the light: denser above means darker here.
      float shadow = exp(-density(clamp(p + to_light * 0.08, 0.0, 1.0)) * 0.08 * 8.0);
      vec3 lit = vec3(1.0, 0.97, 0.92) * (0.25 + 0.75 * shadow);
      float absorbed = 1.0 - exp(-d * dt * 8.0);
      light += transmittance * absorbed * lit;
      transmittance *= 1.0 - absorbed;
    }
    colour = light + transmittance * background;
  }
  colour = pow(clamp(colour, 0.0, 1.0), vec3(1.0 / 2.2));
  pixels[px.y * pc.width + px.x] = packUnorm4x8(vec4(colour, 1.0));
}
