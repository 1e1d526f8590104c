// Writes shaders/include/vknoise.glsl at build time (argv[1]): the built-in improved noise, 1D to
// 4D, as GLSL functions a host pastes or #includes into its own shaders, `float
// vknoise_improvedN(vecN p)`. Each is emit_glsl_function (graph.hpp) of a one-noise graph, so the
// noise code is the kernels' own (shaders/improved_noise.glsl) and the values the float mirror's.
// The graph is the built-in field's own (graph::from_noise).
#include <cstdio>
#include <string>

#include "vknoise/graph.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: vknoise_builtin_glsl OUTPUT\n");
    return 2;
  }
  std::string text =
      "// vknoise's built-in noises for a host's own shaders (#version 450, fragment or compute),\n"
      "// generated at build time from the kernels' sources: float vknoise_improvedN(vecN p),\n"
      "// Perlin's Improved Noise with his permutation table, N = 1 to 4 (float for 1). Each "
      "carries\n"
      "// its permutation table as a global array initialised with constants (no binding; the "
      "bytes\n"
      "// packed 16 to a uvec4, read by vknoise_improvedN_permutation_entry); every\n"
      "// other name starts with vknoise_improvedN_. Needs shaderFloat64 (the lattice coordinates\n"
      "// are reduced in double, as the host's CPU mirror does); the values equal the float\n"
      "// mirror's (fill_mirror, eval_mirror) bit for bit.\n"
      "#ifndef VKNOISE_GLSL\n#define VKNOISE_GLSL\n";
  for (int dims = 1; dims <= 4; ++dims) {
    auto g = vknoise::graph::from_noise(vknoise::noise_spec{}, dims);
    if (!g) {
      std::fprintf(stderr, "vknoise_builtin_glsl: %s\n", g.message().c_str());
      return 1;
    }
    auto function = vknoise::emit_glsl_function(*g, "vknoise_improved" + std::to_string(dims));
    if (!function) {
      std::fprintf(stderr, "vknoise_builtin_glsl: %s\n", function.message().c_str());
      return 1;
    }
    text += "\n" + *function;
  }
  text += "#endif\n";
  std::FILE* out = std::fopen(argv[1], "wb");
  if (out == nullptr) {
    std::fprintf(stderr, "vknoise_builtin_glsl: cannot write %s\n", argv[1]);
    return 1;
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), out) == text.size();
  if (std::fclose(out) != 0 || !written) {
    std::fprintf(stderr, "vknoise_builtin_glsl: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
