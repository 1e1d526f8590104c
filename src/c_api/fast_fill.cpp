// The fast CPU path (SIMD and threads) for fields and points, bit-identical to the mirror that
// reference_and_mirror_fill.cpp fills sample by sample.
#include "c_api/handles.hpp"
#include "vknoise/cpu_fill.hpp"

using namespace vknoise_c_api;

extern "C" vknoise_status vknoise_fill_fast(const vknoise_field* field,
                                            const vknoise_permutation* permutation, float* out,
                                            size_t count, unsigned threads) noexcept {
  return guarded_fill(__func__, field, permutation, out, count,
                      [threads](const auto& spec, const auto& table, std::span<float> values) {
                        vknoise::cpu_options options;
                        options.threads = threads;
                        return vknoise::fill_fast(spec, table, values, options);
                      });
}

extern "C" vknoise_status vknoise_eval_fast(const vknoise_noise* noise, int32_t dims,
                                            const vknoise_permutation* permutation,
                                            const double* points, size_t point_count, float* out,
                                            size_t out_count, unsigned threads) noexcept {
  return guarded_eval(__func__, noise, dims, permutation, points, point_count, out, out_count,
                      [threads](const auto&... args) {
                        vknoise::cpu_options options;
                        options.threads = threads;
                        return vknoise::eval_fast(args..., options);
                      });
}

extern "C" vknoise_status vknoise_eval_fast_float(const vknoise_noise* noise, int32_t dims,
                                                  const vknoise_permutation* permutation,
                                                  const float* points, size_t point_count,
                                                  float* out, size_t out_count,
                                                  unsigned threads) noexcept {
  return guarded_eval(__func__, noise, dims, permutation, points, point_count, out, out_count,
                      [threads](const auto&... args) {
                        vknoise::cpu_options options;
                        options.threads = threads;
                        return vknoise::eval_fast(args..., options);
                      });
}

extern "C" const char* vknoise_cpu_simd_target(void) noexcept {
  return vknoise::cpu_simd_target();
}
