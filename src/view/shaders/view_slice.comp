#version 450
// The slice view: one field sample per pixel through a colour map. Gray maps a value as the PNG
// writer does (low black, high white, rounded to the nearest of 256 levels), so a screenshot equals
// `vknoise render`'s .png of the same field within one level (float here, double there).
#extension GL_GOOGLE_include_directive : require
#include "view_shared.h"

layout(local_size_x = VIEW_LOCAL_SIZE, local_size_y = VIEW_LOCAL_SIZE) in;
layout(std430, binding = VIEW_BINDING_FIELD) readonly buffer Field { float field[]; };
layout(std430, binding = VIEW_BINDING_PIXELS) writeonly buffer Pixels { uint pixels[]; };
layout(std430, binding = VIEW_BINDING_OVERLAY) readonly buffer Overlay { float overlay[]; };
layout(std430, binding = VIEW_BINDING_COLORMAPS) readonly buffer Colormaps {
  vec4 colormap_viridis[VIEW_COLORMAP_ENTRIES];
  vec4 colormap_diverging[VIEW_COLORMAP_ENTRIES];
};
layout(push_constant) uniform Params { slice_params pc; };

// Where v lies between low and high, clamped to [0, 1]; NaN maps to 0 as in the PNG writer.
float unit(float v) {
  if (isnan(v)) return 0.0;
  return clamp((v - pc.low) / (pc.high - pc.low), 0.0, 1.0);
}

// The nearest of 256 levels, as round() in the PNG writer.
float level(float u) { return floor(u * 255.0 + 0.5) / 255.0; }

vec3 table_lookup(float u, uint map) {
  int i = int(floor(u * 255.0 + 0.5));
  return map == VIEW_COLORMAP_VIRIDIS ? colormap_viridis[i].rgb : colormap_diverging[i].rgb;
}

// Black, red, yellow, white: zero difference is black.
vec3 heat(float u) {
  return clamp(vec3(3.0 * u, 3.0 * u - 1.0, 3.0 * u - 2.0), 0.0, 1.0);
}

void main() {
  uvec2 px = gl_GlobalInvocationID.xy;
  if (px.x >= pc.width || px.y >= pc.height) return;
  uint index = px.y * pc.width + px.x;
  uint base = (min(px.y, pc.field_rows - 1) * pc.width + px.x) * pc.channels;
  vec3 colour;
  if (pc.colormap == VIEW_COLORMAP_HEAT) {
    float d = overlay[min(px.y, pc.field_rows - 1) * pc.width + px.x];
    colour = pc.high > 0.0 ? heat(clamp(d / pc.high, 0.0, 1.0)) : vec3(0.0);
  } else if (pc.colormap == VIEW_COLORMAP_RGB) {
    colour = vec3(level(unit(field[base])), level(unit(field[base + 1])),
                  level(unit(field[base + 2])));
  } else if (pc.colormap == VIEW_COLORMAP_GRAY) {
    colour = vec3(level(unit(field[base])));
  } else {
    colour = table_lookup(unit(field[base]), pc.colormap);
  }
  pixels[index] = packUnorm4x8(vec4(colour, 1.0));
}
