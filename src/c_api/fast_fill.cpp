// The fast CPU fill (SIMD and threads), bit-identical to the mirror.
#include <span>

#include "c_api/handles.hpp"
#include "vknoise/cpu_fill.hpp"

using namespace vknoise_c_api;

extern "C" vknoise_status vknoise_fill_fast(const vknoise_field* field,
                                            const vknoise_permutation* permutation, float* out,
                                            size_t count, unsigned threads) noexcept {
  return guarded(__func__, [&] {
    auto spec = fill_spec(__func__, field, out, count);
    if (!spec) return fail(spec.error_value());
    vknoise::cpu_options options;
    options.threads = threads;
    return report(vknoise::fill_fast(spec.value(), table_of(permutation),
                                     std::span<float>(out, count), options));
  });
}

extern "C" const char* vknoise_cpu_simd_target(void) noexcept {
  return vknoise::cpu_simd_target();
}
