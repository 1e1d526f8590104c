#version 450
// The host program's own shader: looks through the noise volume that vknoise wrote, marching
// each pixel's ray along z and treating positive noise as density (Beer-Lambert absorption with
// a little single-scattered light), so the frames show the volume change as time advances.
layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform sampler3D volume;                // vknoise's 3D image
layout(std430, set = 0, binding = 1) writeonly buffer Image { uint pixels[]; };  // RGBA8

layout(push_constant) uniform Params {
  uint width;
  uint height;
  uint steps;     // samples along each ray
  float density;  // extinction per unit noise per step
} pc;

void main() {
  uvec2 px = gl_GlobalInvocationID.xy;
  if (px.x >= pc.width || px.y >= pc.height) return;
  vec2 uv = (vec2(px) + 0.5) / vec2(pc.width, pc.height);
  float transmittance = 1.0;
  vec3 light = vec3(0.0);
  for (uint i = 0; i < pc.steps; ++i) {
    float z = (float(i) + 0.5) / float(pc.steps);
    float n = texture(volume, vec3(uv, z)).r;
    float d = max(n - 0.05, 0.0) * pc.density;
    vec3 colour = mix(vec3(0.95, 0.55, 0.25), vec3(1.0, 0.95, 0.85), z);
    light += transmittance * d * colour;
    transmittance *= exp(-d);
  }
  vec3 sky = mix(vec3(0.05, 0.07, 0.16), vec3(0.18, 0.26, 0.45), uv.y);
  vec3 c = clamp(light + transmittance * sky, 0.0, 1.0);
  uvec3 bytes = uvec3(c * 255.0 + 0.5);
  pixels[px.y * pc.width + px.x] = bytes.r | (bytes.g << 8) | (bytes.b << 16) | (255u << 24);
}
