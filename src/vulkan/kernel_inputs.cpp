#include "vulkan/kernel_inputs.hpp"

#include <algorithm>
#include <cstring>

#include "core/fractal.hpp"
#include "vknoise/classic_gradients.hpp"

namespace vknoise::vk {

static_assert(int(noise_kind::improved) == VKNOISE_NOISE_IMPROVED);
static_assert(int(noise_kind::improved4_balanced) == VKNOISE_NOISE_IMPROVED4_BALANCED);
static_assert(int(noise_kind::classic) == VKNOISE_NOISE_CLASSIC);
static_assert(int(noise_kind::value) == VKNOISE_NOISE_VALUE);
static_assert(int(value_interpolation::linear) == VKNOISE_VALUE_LINEAR);
static_assert(int(value_interpolation::cosine) == VKNOISE_VALUE_COSINE);
static_assert(int(value_interpolation::cubic) == VKNOISE_VALUE_CUBIC);
static_assert(int(fractal_kind::none) == VKNOISE_FRACTAL_NONE);
static_assert(int(fractal_kind::fbm) == VKNOISE_FRACTAL_FBM);
static_assert(int(fractal_kind::turbulence) == VKNOISE_FRACTAL_TURBULENCE);
static_assert(int(fractal_kind::ridged) == VKNOISE_FRACTAL_RIDGED);
static_assert(int(fractal_kind::billow) == VKNOISE_FRACTAL_BILLOW);

shader::fractal_constants fractal_constants_of(const noise_spec& noise) {
  const auto f = detail::make_fractal_params<float>(noise);
  return {static_cast<std::uint32_t>(f.octaves), f.persistence, f.lacunarity, f.inv_norm,
          static_cast<float>(noise.warp)};
}

kernel_variant variant_of(kernel which, int dims, const noise_spec& noise) {
  return {which,
          dims,
          static_cast<int>(noise.kind),
          static_cast<int>(noise.fractal),
          noise.gradient ? 1 : 0,
          static_cast<int>(noise.interpolation),
          noise.value_smooth ? 1 : 0,
          noise.warp > 0 ? 1 : 0};
}

void write_permutation(const permutation_table& table, int stride, void* mapped) {
  auto* entries = static_cast<std::int32_t*>(mapped);
  for (int i = 0; i < 512; ++i) entries[i * stride] = table.doubled()[i];
}

void write_classic_gradients(const noise_spec& noise, int dims, void* mapped) {
  const auto table_of_dims = classic_gradients::from_seed(noise.classic_seed).float_table(dims);
  static_assert(sizeof(table_of_dims) == gradient_bytes);
  std::memcpy(mapped, table_of_dims.data(), sizeof(table_of_dims));
}

std::uint64_t field_chunk_coord_count(const field_chunk& chunk, std::uint32_t octaves) {
  return std::uint64_t{octaves} * (chunk.count_x + 3 * std::uint64_t{chunk.row_count});
}

void write_field_chunk_coords(const field_spec& field, const field_chunk& chunk,
                              lattice_coord* coords) {
  write_field_chunk_coords(
      field, chunk, static_cast<std::uint32_t>(field.noise.octaves),
      [&field](std::uint32_t o, int axis, std::uint32_t index) {
        return axis_coordinate(field, axis, index, static_cast<int>(o));
      },
      coords);
}

}  // namespace vknoise::vk
