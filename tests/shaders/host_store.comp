#version 450
#include "host_state.h"
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer host_output {
  float values[];
};
void main() {
  values[gl_GlobalInvocationID.x] = host.compute_value;
}
