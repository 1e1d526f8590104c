#version 450
// Shades the ocean: one ray per pixel from a camera above the sea, intersected with the
// heightfield (a periodic tile of fBm that repeats to the horizon), lit with a Fresnel mix of sky
// reflection and deep-water colour, a sun highlight and foam on the crests. The normal comes from
// vknoise's analytic derivatives, so no finite differences (and no extra samples) are needed.
layout(local_size_x = 8, local_size_y = 8) in;

// One sample of the grid: value, d/du, d/dv, d/dt (noise units), grid_n x grid_n, row v first.
layout(std430, set = 0, binding = 0) readonly buffer Heights { vec4 grid[]; };
// RGBA8 packed, row 0 at the top of the picture.
layout(std430, set = 0, binding = 1) writeonly buffer Image { uint pixels[]; };

layout(push_constant) uniform Params {
  uint width;
  uint height;
  uint grid_n;
  float time;       // seconds, moves the camera
  float tile;       // world size of one period of the grid along v (and tile * stretch along u)
  float amplitude;  // world height of a noise value of 1
  float stretch;    // waves are longer across the wind (u) than along it (v)
  float pad0;
  float sun_x;
  float sun_y;
  float sun_z;
  float pad1;
} pc;

const vec3 sky_zenith = vec3(0.10, 0.26, 0.55);
const vec3 sky_horizon = vec3(0.55, 0.68, 0.82);
const vec3 deep_water = vec3(0.004, 0.035, 0.075);
const vec3 scatter_water = vec3(0.01, 0.13, 0.15);
const vec3 sun_colour = vec3(1.0, 0.9, 0.75);

vec3 sky(vec3 dir, vec3 sun) {
  float up = clamp(dir.y, 0.0, 1.0);
  vec3 c = mix(sky_horizon, sky_zenith, pow(up, 0.45));
  float s = max(dot(dir, sun), 0.0);
  return c + sun_colour * (0.25 * pow(s, 8.0) + 6.0 * pow(s, 900.0));
}

// Bilinear lookup of the periodic grid at world (x, z): wraps, so the ocean never ends.
vec4 sea(vec2 xz) {
  vec2 g = vec2(xz.x / (pc.tile * pc.stretch), xz.y / pc.tile) * float(pc.grid_n) - 0.5;
  vec2 f = fract(g);
  ivec2 i = ivec2(floor(g));
  int n = int(pc.grid_n);
  int x0 = ((i.x % n) + n) % n, y0 = ((i.y % n) + n) % n;
  int x1 = (x0 + 1) % n, y1 = (y0 + 1) % n;
  vec4 a = mix(grid[y0 * n + x0], grid[y0 * n + x1], f.x);
  vec4 b = mix(grid[y1 * n + x0], grid[y1 * n + x1], f.x);
  return mix(a, b, f.y);
}

float height_at(vec2 xz) { return pc.amplitude * sea(xz).x; }

void main() {
  uvec2 px = gl_GlobalInvocationID.xy;
  if (px.x >= pc.width || px.y >= pc.height) return;

  vec3 sun = normalize(vec3(pc.sun_x, pc.sun_y, pc.sun_z));
  vec3 eye = vec3(0.0, 2.0 * pc.amplitude + 1.0, -pc.time * 4.0);
  // Looking along -z, tilted down a little so the horizon sits in the upper third.
  float pitch = -0.16;
  vec3 forward = vec3(0.0, sin(pitch), -cos(pitch));
  vec3 right = vec3(1.0, 0.0, 0.0);
  vec3 up = cross(right, forward);
  float aspect = float(pc.width) / float(pc.height);
  float half_fov = tan(radians(30.0));
  vec2 ndc = (vec2(px) + 0.5) / vec2(pc.width, pc.height) * 2.0 - 1.0;
  vec3 dir = normalize(forward + ndc.x * aspect * half_fov * right - ndc.y * half_fov * up);

  vec3 colour;
  if (dir.y > -0.002) {
    colour = sky(dir, sun);
  } else {
    // The waves lie within +-amplitude: march from where the ray enters that slab to where it
    // leaves it (or a far limit), then refine the first crossing by the secant method.
    float far_limit = 600.0;
    float t0 = (eye.y - pc.amplitude) / -dir.y;
    float t1 = min((eye.y + pc.amplitude) / -dir.y, far_limit);
    const int steps = 48;
    float dt = (t1 - t0) / float(steps);
    float ta = t0, fa = (eye + dir * ta).y - height_at((eye + dir * ta).xz);
    float tb = t1;
    for (int i = 1; i <= steps; ++i) {
      float t = t0 + dt * float(i);
      vec3 p = eye + dir * t;
      float f = p.y - height_at(p.xz);
      if (f < 0.0) {
        tb = t;
        float fb = f;
        for (int k = 0; k < 4; ++k) {
          float tm = ta + (tb - ta) * fa / (fa - fb);
          vec3 pm = eye + dir * tm;
          float fm = pm.y - height_at(pm.xz);
          if (fm < 0.0) {
            tb = tm;
            fb = fm;
          } else {
            ta = tm;
            fa = fm;
          }
        }
        break;
      }
      ta = t;
      fa = f;
    }
    float t = tb;
    vec3 p = eye + dir * t;
    vec4 s = sea(p.xz);

    // d(height)/dx = amplitude * dh/du * du/dx, with u = x * grid scale / (tile * stretch).
    float to_world = pc.amplitude / pc.tile;
    vec3 n = normalize(vec3(-s.y * to_world / pc.stretch, 1.0, -s.z * to_world));
    // Far away one pixel covers many waves: fade the normal towards flat to avoid sparkle.
    n = normalize(mix(n, vec3(0.0, 1.0, 0.0), 0.7 * smoothstep(30.0, 400.0, t)));

    vec3 v = -dir;
    float cos_v = max(dot(n, v), 0.0);
    float fresnel = 0.02 + 0.98 * pow(1.0 - cos_v, 5.0);
    vec3 r = reflect(dir, n);
    r.y = abs(r.y);  // a reflected ray pointing down would hit another wave: use the sky above
    vec3 reflected = sky(r, sun);

    // Light scattered back out of the water: stronger on crests (thin water, backlit).
    float crest = clamp(s.x * 1.6 + 0.4, 0.0, 1.0);
    float backlit = pow(max(dot(-sun, dir * vec3(1.0, 0.0, 1.0)), 0.0), 2.0);
    vec3 body = deep_water + scatter_water * crest * (0.35 + 0.65 * max(sun.y, 0.0)) +
                scatter_water * crest * backlit * 0.5;
    colour = mix(body, reflected, fresnel);

    vec3 h = normalize(sun + v);
    colour += sun_colour * 3.0 * pow(max(dot(n, h), 0.0), 600.0);

    // Foam where the surface is high and still rising (d/dt > 0): breaking crests.
    float foam = smoothstep(0.20, 0.42, s.x) * smoothstep(-0.1, 0.5, s.w);
    foam *= 1.0 - smoothstep(80.0, 300.0, t);
    colour = mix(colour, vec3(0.85, 0.9, 0.92) * (0.6 + 0.4 * max(sun.y, 0.0)), foam * 0.8);

    // Aerial perspective: the far sea fades into the haze of the horizon.
    colour = mix(colour, sky_horizon, 1.0 - exp(-t * 0.0025));
  }

  colour = vec3(1.0) - exp(-colour * 1.4);  // soft tone curve: the sun never clips hard
  colour = pow(colour, vec3(1.0 / 2.2));
  pixels[px.y * pc.width + px.x] = packUnorm4x8(vec4(colour, 1.0));
}
