#version 450
// The clouds of a baked texture set (vknoise view --mode clouds --textures DIR), in the manner of
// Schneider's Nubis ("The real-time volumetric cloudscapes of Horizon Zero Dawn", SIGGRAPH 2015)
// and Hillaire's Frostbite clouds (SIGGRAPH 2016), in the demo's scene (clouds_common.glsl: the
// camera on the ground, the sky, the tone curve).
//
// Density at a point of the layer:
//   the weather map gives the coverage and the cloud type there; the type picks a height profile
//   (flat stratus low in the layer .. towering cumulus through all of it);
//   base shape = remap(base.r, fbm(base.gba) - 1, 1, 0, 1), times the profile;
//   coverage: remap(shape, 1 - coverage, 1, 0, 1) * coverage, so thin coverage leaves only the
//   densest cores;
//   erosion: the erosion volume's fBm, looked up at the point pushed along the curl map (wispy,
//   swirling edges), is subtracted from the edges by one more remap: billows at the bottom,
//   wisps at the top.
// Light: Beer-Lambert along the view ray, six optical-depth samples towards the sun (further and
// further apart, the last one beyond the cloud), a two-lobe Henyey-Greenstein phase function,
// multiple scattering approximated by three octaves of ever weaker extinction and wider phase
// (Wrenninge), the "powder" darkening of edges facing away from the light, and an ambient term
// from the sky, darker at the bottom of the layer. Mips are picked from the pixel's footprint.
#extension GL_GOOGLE_include_directive : require
#include "clouds_common.glsl"
#include "view_shared.h"

layout(local_size_x = VIEW_LOCAL_SIZE, local_size_y = VIEW_LOCAL_SIZE) in;
layout(std430, binding = VIEW_BINDING_PIXELS) writeonly buffer Pixels { uint pixels[]; };
layout(binding = VIEW_BINDING_CLOUD_BASE) uniform sampler3D base_volume;
layout(binding = VIEW_BINDING_CLOUD_EROSION) uniform sampler3D erosion_volume;
layout(binding = VIEW_BINDING_CLOUD_CURL) uniform sampler2D curl_map;
layout(binding = VIEW_BINDING_CLOUD_WEATHER) uniform sampler2D weather_map;
layout(push_constant) uniform Params { clouds_baked_params pc; };

const int view_steps = 72;       // samples along the view ray through the layer
const int light_steps = 6;       // towards the sun
const float extinction = 48.0;   // per world unit at density 1
const float curl_push = 0.08;    // world units the curl map moves the erosion lookup
const float erosion_depth = 0.45;

float remap(float v, float from_low, float from_high, float to_low, float to_high) {
  return to_low + (v - from_low) / (from_high - from_low) * (to_high - to_low);
}

// The layer's height profile for cloud type `type` at height fraction `h` (0 bottom, 1 top): a
// rise and a fall, each a smoothstep between two heights.
float profile(vec4 rise_fall, float h) {
  return smoothstep(rise_fall.x, rise_fall.y, h) * (1.0 - smoothstep(rise_fall.z, rise_fall.w, h));
}
float height_profile(float type, float h) {
  const vec4 stratus = vec4(0.0, 0.06, 0.16, 0.30);
  const vec4 stratocumulus = vec4(0.0, 0.12, 0.40, 0.62);
  const vec4 cumulus = vec4(0.0, 0.10, 0.70, 0.98);
  float low = profile(stratus, h), mid = profile(stratocumulus, h), high = profile(cumulus, h);
  return type < 0.5 ? mix(low, mid, type * 2.0) : mix(mid, high, type * 2.0 - 1.0);
}

// Level of detail: the mip whose texel matches the pixel's footprint at distance `t`, for a
// texture of `texels` texels per `tile` world units.
float lod_for(float t, float tile, float texels) {
  float footprint = t * 2.0 * clouds_half_fov / float(pc.height);
  return max(log2(footprint * texels / tile), 0.0);
}

struct sample_lod {
  float shape, detail;
};

// The density (0 = clear) at world point p; `full` adds the erosion (the light samples go
// without it: their shadows are soft anyway, and it is the costliest lookup).
float density(vec3 p, sample_lod lod, bool full) {
  float h = (p.y - pc.base) / (pc.top - pc.base);
  if (h <= 0.0 || h >= 1.0) return 0.0;
  vec3 q = vec3(p.x + pc.wind, p.y, p.z);
  vec2 weather = textureLod(weather_map, q.xz / pc.weather_tile, 0.0).rg;
  float coverage = clamp(weather.r + pc.coverage, 0.0, 1.0);
  if (coverage <= 0.0) return 0.0;
  vec4 base = textureLod(base_volume, q.xzy / pc.shape_tile, lod.shape);
  float low_fbm = base.g * 0.625 + base.b * 0.25 + base.a * 0.125;
  float shape = clamp(remap(base.r, low_fbm - 1.0, 1.0, 0.0, 1.0), 0.0, 1.0);
  shape *= height_profile(weather.g, h);
  float covered = clamp(remap(shape, 1.0 - coverage, 1.0, 0.0, 1.0), 0.0, 1.0) * coverage;
  if (!full || covered <= 0.0) return covered;
  // Erosion: the curl map swirls the lookup (less so higher up, where the wisps stretch), the
  // fBm eats the edges, billowy (1 - fbm) at the bottom and wispy (fbm) above.
  vec3 curl = textureLod(curl_map, q.xz / pc.shape_tile, lod.shape).rgb * 2.0 - 1.0;
  vec3 d = q + curl * curl_push * (1.0 - h);
  vec3 detail = textureLod(erosion_volume, d.xzy / pc.detail_tile, lod.detail).rgb;
  float detail_fbm = detail.r * 0.625 + detail.g * 0.25 + detail.b * 0.125;
  float edge = mix(1.0 - detail_fbm, detail_fbm, clamp(h * 4.0, 0.0, 1.0));
  return clamp(remap(covered, edge * erosion_depth, 1.0, 0.0, 1.0), 0.0, 1.0);
}

float henyey_greenstein(float mu, float g) {
  float g2 = g * g;
  return (1.0 - g2) / (4.0 * 3.14159265 * pow(1.0 + g2 - 2.0 * g * mu, 1.5));
}

// Forward scattering (silver linings towards the sun) with a little back scattering.
float phase(float mu, float spread) {
  return mix(henyey_greenstein(mu, -0.25 * spread), henyey_greenstein(mu, 0.8 * spread), 0.75);
}

// Interleaved gradient noise: a per-pixel offset of the first sample, so the step pattern shows
// as fine noise rather than bands.
float jitter(uvec2 px) {
  return fract(52.9829189 * fract(dot(vec2(px), vec2(0.06711056, 0.00583715))));
}

void main() {
  uvec2 px = gl_GlobalInvocationID.xy;
  if (px.x >= pc.width || px.y >= pc.height) return;
  vec3 sun = normalize(vec3(pc.sun_x, pc.sun_y, pc.sun_z));
  vec3 dir = clouds_view_ray(px, pc.width, pc.height);
  vec3 background = clouds_sky(dir, sun);
  vec3 colour = background;
  if (dir.y < 0.0) {
    colour = clouds_ground(dir);
  } else if (dir.y > 0.01) {
    float thickness = pc.top - pc.base;
    float t0 = pc.base / dir.y;
    float t1 = min(pc.top / dir.y, t0 + 6.0 * thickness);
    float dt = (t1 - t0) / float(view_steps);
    float mu = dot(dir, sun);
    float transmittance = 1.0;
    vec3 light = vec3(0.0);
    float shape_texels = float(textureSize(base_volume, 0).x);
    float detail_texels = float(textureSize(erosion_volume, 0).x);
    float t = t0 + dt * jitter(px);
    for (int i = 0; i < view_steps && transmittance > 0.01; ++i, t += dt) {
      vec3 p = dir * t;
      sample_lod lod = sample_lod(lod_for(t, pc.shape_tile, shape_texels),
                                  lod_for(t, pc.detail_tile, detail_texels));
      float d = density(p, lod, true);
      if (d <= 0.0) continue;
      // Optical depth towards the sun: steps growing by half each, the samples a little blurred
      // (a coarser mip), as the light's path sees the cloud's bulk rather than its edges.
      float tau = 0.0, step_length = 0.03;
      vec3 q = p;
      sample_lod light_lod = sample_lod(lod.shape + 1.0, lod.detail);
      for (int k = 0; k < light_steps; ++k) {
        q += sun * step_length;
        tau += density(q, light_lod, false) * step_length;
        step_length *= 1.5;
      }
      tau *= extinction;
      float h = clamp((p.y - pc.base) / thickness, 0.0, 1.0);
      // Three scattering octaves: each half as strong, its light half as attenuated, its phase
      // half as peaked.
      float sunlit = 0.0, strength = 1.0, attenuation = 1.0, spread = 1.0;
      for (int n = 0; n < 3; ++n) {
        sunlit += strength * exp(-tau * attenuation) * phase(mu, spread);
        strength *= 0.5;
        attenuation *= 0.5;
        spread *= 0.5;
      }
      // Powder: the inside of a cloud's edge scatters less light back towards the viewer.
      float powder = 1.0 - 0.6 * exp(-d * extinction * 0.25);
      vec3 ambient = mix(vec3(0.20, 0.24, 0.32), vec3(0.72, 0.80, 0.92), h);
      vec3 lum = clouds_sun_colour * sunlit * 4.0 * 3.14159265 * 1.1 * powder + ambient * 0.75;
      float absorbed = 1.0 - exp(-extinction * d * dt);
      light += transmittance * absorbed * lum;
      transmittance *= 1.0 - absorbed;
    }
    // Distant clouds fade into the horizon haze.
    float haze = 1.0 - exp(-t0 * 0.04);
    colour = mix(light + background * transmittance, background, haze);
  }
  pixels[px.y * pc.width + px.x] = clouds_pixel(colour);
}
