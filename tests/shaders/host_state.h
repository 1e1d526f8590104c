// The test host's push constants, one range for its graphics and compute pipelines (which share
// one pipeline layout, so that both stay valid after either is pushed).
layout(push_constant) uniform host_constants {
  float graphics_value;  // what the fragment shader writes
  float compute_value;   // what the compute shader writes
} host;
