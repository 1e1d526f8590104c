// Permutation table handles.
#include <cstring>
#include <span>

#include "c_api/handles.hpp"

namespace vknoise_c_api {

const permutation_table& table_of(const vknoise_permutation* permutation) {
  static const permutation_table perlin = permutation_table::perlin();
  return permutation != nullptr ? permutation->table : perlin;
}

}  // namespace vknoise_c_api

using namespace vknoise_c_api;

extern "C" vknoise_status vknoise_permutation_create_perlin(vknoise_permutation** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    return make_handle(out, vknoise::permutation_table::perlin());
  });
}

extern "C" vknoise_status vknoise_permutation_create_from_seed(uint64_t seed,
                                                               vknoise_permutation** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    return make_handle(out, vknoise::permutation_table::from_seed(seed));
  });
}

extern "C" vknoise_status vknoise_permutation_create_from_values(
    const int* values, size_t count, vknoise_permutation** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    if (values == nullptr) return null_argument(__func__, "values");
    auto table = vknoise::permutation_table::from_values(std::span<const int>(values, count));
    if (!table) return fail(table.error_value());
    return make_handle(out, table.value());
  });
}

extern "C" vknoise_status vknoise_permutation_values(const vknoise_permutation* permutation,
                                                     uint8_t* out) noexcept {
  if (permutation == nullptr) return null_argument(__func__, "permutation");
  if (out == nullptr) return null_argument(__func__, "out");
  std::memcpy(out, permutation->table.values().data(), permutation->table.values().size());
  return VKNOISE_OK;
}

extern "C" void vknoise_permutation_destroy(vknoise_permutation* permutation) noexcept {
  delete permutation;
}
