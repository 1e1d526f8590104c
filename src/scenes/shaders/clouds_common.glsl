// What the two clouds shaders share: the demo's live layer (clouds_march.comp) and the window's
// baked texture set (src/view/shaders/view_clouds_baked.comp) draw their clouds into the same
// scene: a camera on the ground looking up towards the horizon, the sky with its sun behind the
// clouds, the ground below the horizon and one tone curve.

const vec3 clouds_zenith = vec3(0.16, 0.34, 0.68);
const vec3 clouds_horizon = vec3(0.66, 0.78, 0.90);
const vec3 clouds_sun_colour = vec3(1.0, 0.95, 0.86);
const float clouds_half_fov = 0.70020754;  // tan(35 degrees): the vertical half field of view

vec3 clouds_sky(vec3 dir, vec3 sun) {
  vec3 c = mix(clouds_horizon, clouds_zenith, pow(clamp(dir.y, 0.0, 1.0), 0.5));
  float s = max(dot(dir, sun), 0.0);
  return c + clouds_sun_colour * (0.35 * pow(s, 12.0) + 8.0 * pow(s, 1500.0));
}

// Dark ground below the horizon, hazier towards it (dir.y < 0).
vec3 clouds_ground(vec3 dir) {
  return mix(vec3(0.05, 0.07, 0.05), clouds_horizon * 0.8, exp(dir.y * 25.0));
}

// The view ray through the centre of pixel `px` of a width x height picture (row 0 at the top):
// the camera stands at the origin, pitched 0.42 radian up from looking along -z.
vec3 clouds_view_ray(uvec2 px, uint width, uint height) {
  const float pitch = 0.42;
  vec3 forward = vec3(0.0, sin(pitch), -cos(pitch));
  vec3 right = vec3(1.0, 0.0, 0.0);
  vec3 up = cross(right, forward);
  float aspect = float(width) / float(height);
  vec2 ndc = (vec2(px) + 0.5) / vec2(width, height) * 2.0 - 1.0;
  return normalize(forward + ndc.x * aspect * clouds_half_fov * right -
                   ndc.y * clouds_half_fov * up);
}

// Linear radiance to a packed RGBA8 pixel: a soft exponential tone curve (the sun never clips
// hard), then gamma 2.2.
uint clouds_pixel(vec3 colour) {
  colour = vec3(1.0) - exp(-colour * 1.5);
  colour = pow(colour, vec3(1.0 / 2.2));
  return packUnorm4x8(vec4(colour, 1.0));
}
