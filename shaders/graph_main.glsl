// The entry point of a generated graph kernel: evaluates graph_eval() (generated) at the
// invocation's sample and stores its VKNOISE_GRAPH_CHANNELS channels (graph_bindings.glsl says
// where; an image takes at most 4, which the host checks). VKNOISE_GRAPH_VALUES is
// max(4, VKNOISE_GRAPH_CHANNELS).

void main() {
  sample_x = gl_GlobalInvocationID.x;
#if defined(VKNOISE_GRAPH_POINTS)
  if (sample_x >= pc.count) return;
  sample_row = 0u;
#else
  if (sample_x >= pc.count_x) return;
  sample_row = gl_WorkGroupID.y;
#endif
  float v[VKNOISE_GRAPH_VALUES];
  graph_eval(v);
#if defined(VKNOISE_GRAPH_POINTS)
  for (int c = 0; c < VKNOISE_GRAPH_CHANNELS; ++c) values[sample_x * VKNOISE_GRAPH_CHANNELS + c] = v[c];
#elif defined(VKNOISE_IMAGE_OUTPUT)
  precise vec4 texel = vec4(0.0, 0.0, 0.0, 1.0);
  if (VKNOISE_GRAPH_CHANNELS == 1) {
    precise float mapped = v[0] * image_pc.scale + image_pc.bias;
    texel.rgb = vec3(mapped);
  } else {
    for (int c = 0; c < min(VKNOISE_GRAPH_CHANNELS, 4); ++c) texel[c] = v[c] * image_pc.scale + image_pc.bias;
  }
  uint row = image_pc.first_row + sample_row;
  ivec3 at = ivec3(image_pc.offset_x + int(image_pc.first_x + sample_x),
                   image_pc.offset_y + int(row % image_pc.rows_per_slice),
                   image_pc.offset_z + int(row / image_pc.rows_per_slice));
  imageStore(target_image, at, texel);
#else
  uint out_index = pc.output_offset + (sample_row * pc.count_x + sample_x) * VKNOISE_GRAPH_CHANNELS;
  for (int c = 0; c < VKNOISE_GRAPH_CHANNELS; ++c) values[out_index + c] = v[c];
#endif
}
