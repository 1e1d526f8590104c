// The exact CPU fills: the double reference (Perlin's values) and the float mirror (what the GPU
// computes), sample by sample. fast_fill.cpp is the SIMD and threaded path to the mirror's bits.
#include "c_api/handles.hpp"

using namespace vknoise_c_api;

extern "C" vknoise_status vknoise_fill_reference(const vknoise_field* field,
                                                 const vknoise_permutation* permutation, float* out,
                                                 size_t count) noexcept {
  return guarded_fill(__func__, field, permutation, out, count,
                      [](const auto&... args) { return vknoise::fill_reference(args...); });
}

extern "C" vknoise_status vknoise_fill_reference_double(const vknoise_field* field,
                                                        const vknoise_permutation* permutation,
                                                        double* out, size_t count) noexcept {
  return guarded_fill(__func__, field, permutation, out, count,
                      [](const auto&... args) { return vknoise::fill_reference(args...); });
}

extern "C" vknoise_status vknoise_fill_mirror(const vknoise_field* field,
                                              const vknoise_permutation* permutation, float* out,
                                              size_t count) noexcept {
  return guarded_fill(__func__, field, permutation, out, count,
                      [](const auto&... args) { return vknoise::fill_mirror(args...); });
}
