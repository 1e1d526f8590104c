#version 450
// The noise texture (vknoise wrote value * 0.5 + 0.5 into every colour channel), tinted.
layout(set = 0, binding = 0) uniform sampler2D noise;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
  const float v = smoothstep(0.25, 0.75, texture(noise, uv).r);  // fBm rarely nears -1 or 1
  color = vec4(mix(vec3(0.05, 0.10, 0.25), vec3(0.95, 0.85, 0.60), v), 1.0);
}
