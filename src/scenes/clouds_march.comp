#version 450
// Raymarches a layer of clouds seen from the ground: a slab of sky between two altitudes filled
// with vknoise's 4D fBm density (periodic across the ground, so the layer reaches the horizon).
// Light: Beer-Lambert extinction along the view ray, a few samples towards the sun for the
// shadowing inside the cloud, a forward-scattering phase term and a sky-coloured ambient term.
#include "clouds_common.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

// n_u x n_v x n_h samples: u and v across the ground (periodic), h the altitude in the slab.
// Index (h * n_v + v) * n_u + u, values fBm in about [-1, 1].
layout(std430, set = 0, binding = 0) readonly buffer Volume { float noise[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Image { uint pixels[]; };

layout(push_constant) uniform Params {
  uint width;
  uint height;
  uint n_u;
  uint n_h;
  float tile;      // world size of one period across the ground
  float base;      // altitude of the slab's bottom
  float top;       // altitude of its top
  float coverage;  // added to the noise before the density threshold
  float sun_x;
  float sun_y;
  float sun_z;
  float wind;  // how far the layer has drifted (world units)
} pc;

float voxel(int u, int v, int h) {
  int n = int(pc.n_u);
  u = ((u % n) + n) % n;
  v = ((v % n) + n) % n;
  return noise[(h * n + v) * n + u];
}

// Trilinear noise, then the density: a threshold on noise + coverage, shaped by altitude so the
// clouds have flat-ish bottoms and rounded tops.
float density(vec3 p) {
  float a = (p.y - pc.base) / (pc.top - pc.base);
  if (a <= 0.0 || a >= 1.0) return 0.0;
  vec3 g = vec3((p.x + pc.wind) / pc.tile * float(pc.n_u) - 0.5, p.z / pc.tile * float(pc.n_u) - 0.5,
                a * float(pc.n_h - 1));
  ivec3 i = ivec3(floor(g));
  vec3 f = g - vec3(i);
  int h0 = clamp(i.z, 0, int(pc.n_h) - 1), h1 = min(h0 + 1, int(pc.n_h) - 1);
  float c00 = mix(voxel(i.x, i.y, h0), voxel(i.x + 1, i.y, h0), f.x);
  float c10 = mix(voxel(i.x, i.y + 1, h0), voxel(i.x + 1, i.y + 1, h0), f.x);
  float c01 = mix(voxel(i.x, i.y, h1), voxel(i.x + 1, i.y, h1), f.x);
  float c11 = mix(voxel(i.x, i.y + 1, h1), voxel(i.x + 1, i.y + 1, h1), f.x);
  float n = mix(mix(c00, c10, f.y), mix(c01, c11, f.y), f.z);
  float shape = smoothstep(0.0, 0.15, a) * (1.0 - smoothstep(0.35, 1.0, a));
  return max(n + pc.coverage - (1.0 - shape) * 0.6, 0.0) * 30.0;
}

void main() {
  uvec2 px = gl_GlobalInvocationID.xy;
  if (px.x >= pc.width || px.y >= pc.height) return;
  vec3 sun = normalize(vec3(pc.sun_x, pc.sun_y, pc.sun_z));

  // Camera on the ground looking up at the layer, towards the horizon.
  vec3 eye = vec3(0.0, 0.0, 0.0);
  vec3 dir = clouds_view_ray(px, pc.width, pc.height);

  vec3 background = clouds_sky(dir, sun);
  vec3 colour = background;
  if (dir.y < 0.0) {
    colour = clouds_ground(dir);
  } else if (dir.y > 0.01) {
    float t0 = (pc.base - eye.y) / dir.y;
    float t1 = min((pc.top - eye.y) / dir.y, t0 + 4.0 * (pc.top - pc.base));
    const int steps = 40;
    float dt = (t1 - t0) / float(steps);
    const float sigma = 1.0;  // extinction per unit density and distance
    float transmittance = 1.0;
    vec3 light = vec3(0.0);
    float mu = dot(dir, sun);
    // Henyey-Greenstein-like forward lobe plus a little isotropic: silver linings near the sun.
    float phase = 0.6 + 1.2 * pow(max(mu, 0.0), 6.0);
    for (int i = 0; i < steps && transmittance > 0.01; ++i) {
      vec3 p = eye + dir * (t0 + (float(i) + 0.5) * dt);
      float d = density(p);
      if (d <= 0.0) continue;
      // Optical depth towards the sun over three growing steps.
      float tau = 0.0, ls = 0.04;
      for (int k = 0; k < 3; ++k) {
        tau += density(p + sun * ls * (float(k) + 0.5) * 2.0) * ls * 2.0;
        ls *= 1.8;
      }
      float a = clamp((p.y - pc.base) / (pc.top - pc.base), 0.0, 1.0);
      vec3 ambient = mix(vec3(0.30, 0.34, 0.42), vec3(0.75, 0.82, 0.92), a);
      vec3 lum = clouds_sun_colour * exp(-sigma * tau) * phase * 1.4 + ambient * 0.7;
      float absorbed = 1.0 - exp(-sigma * d * dt);
      light += transmittance * absorbed * lum;
      transmittance *= 1.0 - absorbed;
    }
    // Distant clouds fade into the horizon haze.
    float haze = 1.0 - exp(-t0 * 0.05);
    vec3 clouds = light + background * transmittance;
    colour = mix(clouds, background, haze);
  }
  pixels[px.y * pc.width + px.x] = clouds_pixel(colour);
}
