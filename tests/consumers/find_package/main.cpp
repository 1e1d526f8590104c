// Renders a small field on the GPU with the installed library and checks the sample at (3.14, 42,
// 7) against Perlin's reference value.
#include <cmath>
#include <cstdio>
#include <vector>

#include <vknoise/vknoise.hpp>

int main() {
  vknoise::field_spec field;
  field.dims = 3;
  field.size = {4, 4, 2, 1};
  field.origin = {3.14, 42, 7, 0};
  field.step = {0.25, 0.25, 0.25, 0};

  auto ctx = vknoise::context::create();
  if (!ctx) return std::fprintf(stderr, "%s\n", ctx.message().c_str()), 1;
  auto renderer = vknoise::gpu_renderer::create(**ctx);
  if (!renderer) return std::fprintf(stderr, "%s\n", renderer.message().c_str()), 1;
  std::vector<float> values(vknoise::value_count(field));
  auto status = (*renderer)->fill(field, vknoise::permutation_table::perlin(), values);
  if (!status) return std::fprintf(stderr, "%s\n", status.message().c_str()), 1;

  const double expected = 0.13691995878400012;
  std::printf("find_package consumer: GPU %.9f, expected %.17g\n", values[0], expected);
  return std::fabs(values[0] - expected) <= 1e-6 ? 0 : 1;
}
