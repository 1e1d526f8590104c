#include "vulkan/kernel_inputs.hpp"

namespace vknoise::vk {

// The shared GLSL (octave_term.glsl) reads these as the graph kernels write them
// (graph_glsl_basis.cpp: the enumerators' values).
static_assert(int(noise_kind::improved) == VKNOISE_NOISE_IMPROVED);
static_assert(int(noise_kind::improved4_balanced) == VKNOISE_NOISE_IMPROVED4_BALANCED);
static_assert(int(noise_kind::classic) == VKNOISE_NOISE_CLASSIC);
static_assert(int(noise_kind::value) == VKNOISE_NOISE_VALUE);
static_assert(int(noise_kind::simplex) == VKNOISE_NOISE_SIMPLEX);
static_assert(int(noise_kind::cellular) == VKNOISE_NOISE_CELLULAR);
static_assert(int(noise_kind::flow) == VKNOISE_NOISE_FLOW);
static_assert(int(value_interpolation::linear) == VKNOISE_VALUE_LINEAR);
static_assert(int(value_interpolation::cosine) == VKNOISE_VALUE_COSINE);
static_assert(int(value_interpolation::cubic) == VKNOISE_VALUE_CUBIC);
static_assert(int(fractal_kind::none) == VKNOISE_FRACTAL_NONE);
static_assert(int(fractal_kind::fbm) == VKNOISE_FRACTAL_FBM);
static_assert(int(fractal_kind::turbulence) == VKNOISE_FRACTAL_TURBULENCE);
static_assert(int(fractal_kind::ridged) == VKNOISE_FRACTAL_RIDGED);
static_assert(int(fractal_kind::billow) == VKNOISE_FRACTAL_BILLOW);

void write_permutation(const permutation_table& table, int stride, void* mapped) {
  auto* entries = static_cast<std::int32_t*>(mapped);
  for (int i = 0; i < 512; ++i) entries[i * stride] = table.doubled()[i];
}

std::uint64_t field_chunk_coord_count(const field_chunk& chunk, std::uint32_t octaves) {
  return std::uint64_t{octaves} * (chunk.count_x + 3 * std::uint64_t{chunk.row_count});
}

}  // namespace vknoise::vk
