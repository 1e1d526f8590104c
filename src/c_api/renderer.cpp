// GPU renderer handles: fills into host memory and point evaluation.
#include <span>
#include <string>

#include "c_api/handles.hpp"

using namespace vknoise_c_api;

namespace vknoise_c_api {

result<table_placement> to_table_placement(const char* function, int32_t table) {
  if (table < VKNOISE_TABLE_AUTOMATIC || table > VKNOISE_TABLE_UNIFORM_BUFFER) {
    return make_error(errc::invalid_argument, std::string(function) +
                                                  ": table = " + std::to_string(table) +
                                                  " is not a vknoise_table_placement");
  }
  return static_cast<table_placement>(table);
}

}  // namespace vknoise_c_api

extern "C" void vknoise_renderer_options_init_default(vknoise_renderer_options* options) noexcept {
  if (options == nullptr) return;
  const vknoise::renderer_options defaults;
  *options = vknoise_renderer_options{};
  options->chunk_bytes = defaults.chunk_bytes;
  options->table = static_cast<int32_t>(defaults.table);
}

extern "C" vknoise_status vknoise_renderer_create(vknoise_context* context,
                                                  const vknoise_renderer_options* options,
                                                  vknoise_renderer** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    if (context == nullptr) return null_argument(__func__, "context");
    vknoise::renderer_options cpp_options;
    if (options != nullptr) {
      auto table = to_table_placement(__func__, options->table);
      if (!table) return fail(table.error_value());
      if (options->reserved != 0) {
        return fail(VKNOISE_ERROR_INVALID_ARGUMENT, std::string(__func__) + ": reserved is not 0");
      }
      cpp_options.chunk_bytes = options->chunk_bytes;
      cpp_options.table = table.value();
    }
    auto renderer = vknoise::gpu_renderer::create(*context->context, cpp_options);
    if (!renderer) return fail(renderer.error_value());
    return make_handle(out, std::move(renderer.value()));
  });
}

extern "C" vknoise_status vknoise_renderer_fill(vknoise_renderer* renderer,
                                                const vknoise_field* field,
                                                const vknoise_permutation* permutation, float* out,
                                                size_t count) noexcept {
  return guarded(__func__, [&] {
    if (renderer == nullptr) return null_argument(__func__, "renderer");
    auto spec = fill_spec(__func__, field, out, count);
    if (!spec) return fail(spec.error_value());
    return report(renderer->renderer->fill(spec.value(), table_of(permutation),
                                           std::span<float>(out, count)));
  });
}

extern "C" vknoise_status vknoise_renderer_eval(vknoise_renderer* renderer,
                                                const vknoise_noise* noise, int32_t dims,
                                                const vknoise_permutation* permutation,
                                                const double* points, size_t point_count,
                                                float* out, size_t out_count) noexcept {
  const char* function = __func__;
  if (renderer == nullptr) {
    return guarded(function, [function] { return null_argument(function, "renderer"); });
  }
  return guarded_eval(
      function, noise, dims, permutation, points, point_count, out, out_count,
      [renderer](const auto&... args) { return renderer->renderer->eval(args...); });
}

extern "C" void vknoise_renderer_destroy(vknoise_renderer* renderer) noexcept {
  delete renderer;
}
