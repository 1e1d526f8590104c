// The README's library example, compiled with the project so that it cannot rot: renders a 3D
// field on the GPU and checks one sample against the CPU reference.
#include <cmath>
#include <cstdio>
#include <vector>

#include "vknoise/vknoise.hpp"

int main() {
  vknoise::field_spec field;
  field.dims = 3;
  field.size = {256, 256, 64, 1};
  field.origin = {1e6, -1e6, 0.5, 0};  // as accurate as at 0: reduced modulo 256 in double
  field.step = {1.0 / 32, 1.0 / 32, 1.0 / 32, 0};

  auto ctx = vknoise::context::create();  // or context::borrow(...) with your own device
  if (!ctx) return std::fprintf(stderr, "%s\n", ctx.message().c_str()), 1;
  auto renderer = vknoise::gpu_renderer::create(**ctx);
  if (!renderer) return std::fprintf(stderr, "%s\n", renderer.message().c_str()), 1;

  std::vector<float> values(vknoise::sample_count(field));  // out[((t*nz + z)*ny + y)*nx + x]
  const auto table = vknoise::permutation_table::perlin();  // or from_seed(42)
  if (auto s = (*renderer)->fill(field, table, values); !s) {
    return std::fprintf(stderr, "%s\n", s.message().c_str()), 1;
  }

  const double x = vknoise::sample_position(field, 0, 10),
               y = vknoise::sample_position(field, 1, 20),
               z = vknoise::sample_position(field, 2, 30);
  const double reference = vknoise::noise3(x, y, z);
  const float gpu = values[(30 * 256 + 20) * 256 + 10];
  std::printf("noise3(%.5f, %.5f, %.5f): GPU %.9f, CPU reference %.17g\n", x, y, z, gpu, reference);
  return std::fabs(gpu - reference) <= 1e-5 ? 0 : 1;
}
