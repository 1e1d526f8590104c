// What the C API's opaque handles are, and the helpers every src/c_api file uses: setting the
// thread's last error, and running a body so that no C++ exception crosses into C.
#pragma once

#include <memory>
#include <new>
#include <span>
#include <string>
#include <utility>

#include "vknoise/context.hpp"
#include "vknoise/field.hpp"
#include "vknoise/gpu_renderer.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"
#include "vknoise/vknoise.h"

struct vknoise_permutation {
  vknoise::permutation_table table;
};

struct vknoise_graph {
  std::shared_ptr<const vknoise::graph> graph;
};

struct vknoise_context {
  std::unique_ptr<vknoise::context> context;
};

struct vknoise_renderer {
  std::unique_ptr<vknoise::gpu_renderer> renderer;
};

// Not vknoise::, so that none of it is exported (src/vknoise.map exports vknoise::* and vknoise_*).
namespace vknoise_c_api {

using namespace vknoise;

// The C status of an errc.
vknoise_status code_of(errc code);
// Records `message` as the calling thread's last error and returns `code`.
vknoise_status fail(vknoise_status code, std::string message);
vknoise_status fail(const error& e);
// VKNOISE_OK for a successful status, else fail(its error).
vknoise_status report(const status& s);

// An error for a NULL argument, naming the function and the parameter.
inline vknoise_status null_argument(const char* function, const char* parameter) {
  return fail(VKNOISE_ERROR_INVALID_ARGUMENT,
              std::string(function) + ": " + parameter + " is NULL");
}

// Runs `body` (returning vknoise_status) and turns an escaping exception into an error code.
template <class Body>
vknoise_status guarded(const char* function, Body&& body) noexcept {
  try {
    return std::forward<Body>(body)();
  } catch (const std::bad_alloc&) {
    try {
      return fail(VKNOISE_ERROR_OUT_OF_MEMORY, std::string(function) + ": out of host memory");
    } catch (...) {
      return VKNOISE_ERROR_OUT_OF_MEMORY;
    }
  } catch (const std::exception& e) {
    try {
      return fail(VKNOISE_ERROR_INTERNAL, std::string(function) + ": " + e.what());
    } catch (...) {
      return VKNOISE_ERROR_INTERNAL;
    }
  } catch (...) {
    return VKNOISE_ERROR_INTERNAL;
  }
}

// The table a C call names: Perlin's for NULL.
const permutation_table& table_of(const vknoise_permutation* permutation);

// Allocates a handle, so that a failed allocation becomes VKNOISE_ERROR_OUT_OF_MEMORY.
template <class Handle, class... Args>
vknoise_status make_handle(Handle** out, Args&&... args) {
  Handle* handle = new (std::nothrow) Handle{std::forward<Args>(args)...};
  if (handle == nullptr) return fail(VKNOISE_ERROR_OUT_OF_MEMORY, "out of host memory");
  *out = handle;
  return VKNOISE_OK;
}

// The C structs as the C++ specs: errc::invalid_argument for an enum-valued field outside its enum
// or a reserved field that is not 0, naming the function and the field.
result<noise_spec> to_noise_spec(const char* function, const vknoise_noise& noise);
result<field_spec> to_field_spec(const char* function, const vknoise_field& field);

// to_field_spec and validate(field, count): the common prologue of every fill.
result<field_spec> fill_spec(const char* function, const vknoise_field* field, const void* out,
                             size_t count);

// The whole of a C fill into `out`: the field checked against it, then
// fill(spec, table, std::span<Value>(out, count)) reported, with no exception escaping.
template <class Value, class Fill>
vknoise_status guarded_fill(const char* function, const vknoise_field* field,
                            const vknoise_permutation* permutation, Value* out, size_t count,
                            Fill&& fill) noexcept {
  return guarded(function, [&] {
    auto spec = fill_spec(function, field, out, count);
    if (!spec) return fail(spec.error_value());
    return report(fill(spec.value(), table_of(permutation), std::span<Value>(out, count)));
  });
}

// The whole of a C point evaluation into `out`: the arguments checked (NULL pointers, the noise,
// dims, a point count whose coordinates overflow), then
// eval(spec, dims, points span, table, out span) reported, with no exception escaping. The
// coordinates are doubles, or floats for the float entries.
template <class Coordinate, class Eval>
vknoise_status guarded_eval(const char* function, const vknoise_noise* noise, int32_t dims,
                            const vknoise_permutation* permutation, const Coordinate* points,
                            size_t point_count, float* out, size_t out_count,
                            Eval&& eval) noexcept {
  return guarded(function, [&] {
    if (noise == nullptr) return null_argument(function, "noise");
    if (points == nullptr && point_count != 0) return null_argument(function, "points");
    if (out == nullptr && out_count != 0) return null_argument(function, "out");
    auto spec = to_noise_spec(function, *noise);
    if (!spec) return fail(spec.error_value());
    if (auto s = vknoise::validate(spec.value(), dims); !s) return fail(s.error_value());
    const size_t axes = static_cast<size_t>(dims);
    if (point_count > SIZE_MAX / axes) {
      return fail(VKNOISE_ERROR_OUT_OF_RANGE, std::string(function) + ": point_count " +
                                                  std::to_string(point_count) + " is too large");
    }
    return report(eval(spec.value(), static_cast<int>(dims),
                       std::span<const Coordinate>(points, point_count * axes),
                       table_of(permutation), std::span<float>(out, out_count)));
  });
}

// A vknoise_table_placement value as the C++ enum.
result<table_placement> to_table_placement(const char* function, int32_t table);

}  // namespace vknoise_c_api
