// CPU fills: the double reference and the float mirror.
#include <span>

#include "c_api/handles.hpp"

using namespace vknoise_c_api;

extern "C" vknoise_status vknoise_fill_reference(const vknoise_field* field,
                                                 const vknoise_permutation* permutation, float* out,
                                                 size_t count) noexcept {
  return guarded(__func__, [&] {
    auto spec = fill_spec(__func__, field, out, count);
    if (!spec) return fail(spec.error_value());
    return report(
        vknoise::fill_reference(spec.value(), table_of(permutation), std::span<float>(out, count)));
  });
}

extern "C" vknoise_status vknoise_fill_reference_double(const vknoise_field* field,
                                                        const vknoise_permutation* permutation,
                                                        double* out, size_t count) noexcept {
  return guarded(__func__, [&] {
    auto spec = fill_spec(__func__, field, out, count);
    if (!spec) return fail(spec.error_value());
    return report(vknoise::fill_reference(spec.value(), table_of(permutation),
                                          std::span<double>(out, count)));
  });
}

extern "C" vknoise_status vknoise_fill_mirror(const vknoise_field* field,
                                              const vknoise_permutation* permutation, float* out,
                                              size_t count) noexcept {
  return guarded(__func__, [&] {
    auto spec = fill_spec(__func__, field, out, count);
    if (!spec) return fail(spec.error_value());
    return report(
        vknoise::fill_mirror(spec.value(), table_of(permutation), std::span<float>(out, count)));
  });
}
