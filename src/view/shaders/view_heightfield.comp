#version 450
// The heightfield view: the field's n x n samples as terrain (or sea below zero), seen from an
// orbiting camera. Each ray is marched through the box that holds the surface and refined by
// bisection; the normal comes from the field's analytic derivatives (channels 1 and 2) where the
// field has them, else from central differences of the heights.
#extension GL_GOOGLE_include_directive : require
#include "view_shared.h"

layout(local_size_x = VIEW_LOCAL_SIZE, local_size_y = VIEW_LOCAL_SIZE) in;
layout(std430, binding = VIEW_BINDING_FIELD) readonly buffer Field { float field[]; };
layout(std430, binding = VIEW_BINDING_PIXELS) writeonly buffer Pixels { uint pixels[]; };
layout(push_constant) uniform Params { orbit_params pc; };

float sample_channel(ivec2 g, uint c) {
  int n = int(pc.n);
  g = clamp(g, ivec2(0), ivec2(n - 1));
  return field[(uint(g.y) * pc.n + uint(g.x)) * pc.channels + c];
}

// Bilinear in the grid, the box's x and z in [0, 1] across it.
float channel_at(vec2 xz, uint c) {
  vec2 g = xz * float(pc.n - 1);
  ivec2 i = ivec2(floor(g));
  vec2 f = g - vec2(i);
  float a = mix(sample_channel(i, c), sample_channel(i + ivec2(1, 0), c), f.x);
  float b = mix(sample_channel(i + ivec2(0, 1), c), sample_channel(i + ivec2(1, 1), c), f.x);
  return mix(a, b, f.y);
}

float height_at(vec2 xz) { return channel_at(xz, 0) * pc.relief; }

vec3 normal_at(vec2 xz) {
  // World height = relief * value; world x = (sample index) / (n - 1), sample index = position /
  // step: d(height)/d(world x) = relief * dvalue/dposition * step * (n - 1).
  float to_world = pc.relief * pc.step * float(pc.n - 1);
  vec2 slope;
  if (pc.derivatives != 0) {
    slope = vec2(channel_at(xz, 1), channel_at(xz, 2)) * to_world;
  } else {
    float e = 1.0 / float(pc.n - 1);
    slope = vec2(height_at(xz + vec2(e, 0.0)) - height_at(xz - vec2(e, 0.0)),
                 height_at(xz + vec2(0.0, e)) - height_at(xz - vec2(0.0, e))) / (2.0 * e);
  }
  return normalize(vec3(-slope.x, 1.0, -slope.y));
}

vec3 ground_colour(float value, float slope) {
  float u = clamp((value - pc.low) / (pc.high - pc.low), 0.0, 1.0);
  vec3 c;
  if (u < 0.45) c = mix(vec3(0.02, 0.10, 0.30), vec3(0.10, 0.35, 0.55), u / 0.45);
  else if (u < 0.5) c = vec3(0.76, 0.70, 0.50);
  else if (u < 0.75) c = mix(vec3(0.20, 0.45, 0.15), vec3(0.35, 0.30, 0.20), (u - 0.5) / 0.25);
  else c = mix(vec3(0.45, 0.42, 0.40), vec3(0.95), smoothstep(0.8, 0.95, u));
  return mix(c, vec3(0.40, 0.37, 0.34), smoothstep(0.55, 0.85, slope) * step(0.5, u));
}

vec3 sky(vec3 dir) { return mix(vec3(0.70, 0.78, 0.88), vec3(0.25, 0.42, 0.70), clamp(dir.y, 0.0, 1.0)); }

void main() {
  uvec2 px = gl_GlobalInvocationID.xy;
  if (px.x >= pc.width || px.y >= pc.height) return;
  // Orbit camera around the box's centre (0.5, 0, 0.5).
  vec3 centre = vec3(0.5, 0.0, 0.5);
  vec3 eye = centre + pc.distance * vec3(cos(pc.pitch) * sin(pc.yaw), sin(pc.pitch),
                                         cos(pc.pitch) * cos(pc.yaw));
  vec3 forward = normalize(centre - eye);
  vec3 right = normalize(cross(forward, vec3(0.0, 1.0, 0.0)));
  vec3 up = cross(right, forward);
  vec2 ndc = (vec2(px) + 0.5) / vec2(pc.width, pc.height) * 2.0 - 1.0;
  float aspect = float(pc.width) / float(pc.height);
  vec3 dir = normalize(forward + tan(radians(30.0)) * (ndc.x * aspect * right - ndc.y * up));

  // The box [0,1] x [-relief, relief] x [0,1] holds every height of values in [-1, 1].
  float top = max(abs(pc.relief), 1e-3) * max(abs(pc.low), abs(pc.high));
  vec3 lo = vec3(0.0, -top, 0.0), hi = vec3(1.0, top, 1.0);
  vec3 inv = 1.0 / dir;
  vec3 t0 = (lo - eye) * inv, t1 = (hi - eye) * inv;
  float enter = max(max(min(t0.x, t1.x), min(t0.y, t1.y)), min(t0.z, t1.z));
  float leave = min(min(max(t0.x, t1.x), max(t0.y, t1.y)), max(t0.z, t1.z));
  vec3 colour = sky(dir);
  if (leave > max(enter, 0.0)) {
    float ta = max(enter, 0.0);
    const int steps = 160;
    float dt = (leave - ta) / float(steps);
    vec3 p = eye + dir * ta;
    float fa = p.y - height_at(p.xz);
    for (int i = 1; i <= steps; ++i) {
      float t = ta + dt;
      p = eye + dir * t;
      float f = p.y - height_at(p.xz);
      if (f < 0.0) {
        float tb = t;
        for (int k = 0; k < 6; ++k) {  // bisection between the last point above and below
          float tm = 0.5 * (ta + tb);
          vec3 pm = eye + dir * tm;
          if (pm.y - height_at(pm.xz) < 0.0) tb = tm; else ta = tm;
        }
        p = eye + dir * tb;
        if (i == 1 && fa < 0.0) {
          // The ray entered through a side of the block below the surface: earth.
          colour = vec3(0.30, 0.24, 0.18) * (0.6 + 0.4 * abs(dir.x));
          break;
        }
        vec3 n = normal_at(p.xz);
        vec3 sun = normalize(vec3(-0.5, 0.7, -0.4));
        float value = channel_at(p.xz, 0);
        vec3 base = ground_colour(value, 1.0 - n.y);
        float light = 0.25 + 0.75 * max(dot(n, sun), 0.0);
        colour = base * light;
        colour = mix(colour, sky(dir), 1.0 - exp(-tb * 0.05));
        break;
      }
      ta = t;
      fa = f;
    }
  }
  colour = pow(clamp(colour, 0.0, 1.0), vec3(1.0 / 2.2));
  pixels[px.y * pc.width + px.x] = packUnorm4x8(vec4(colour, 1.0));
}
