#version 450
#include "host_state.h"
layout(location = 0) out float color;
void main() {
  color = host.graphics_value;
}
