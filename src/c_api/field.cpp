// The C field and noise descriptions: defaults, conversion to field_spec / noise_spec, validation.
#include <string>

#include "c_api/handles.hpp"

namespace vknoise_c_api {
namespace {

error bad_field(const char* function, const char* name, long long value, const char* what) {
  return make_error(errc::invalid_argument, std::string(function) + ": " + name + " = " +
                                                std::to_string(value) + " is not " + what);
}

}  // namespace

result<noise_spec> to_noise_spec(const char* function, const vknoise_noise& noise) {
  noise_spec spec;
  if (noise.kind < VKNOISE_NOISE_IMPROVED || noise.kind > VKNOISE_NOISE_FLOW) {
    return bad_field(function, "noise.kind", noise.kind, "a vknoise_noise_kind");
  }
  if (noise.fractal < VKNOISE_FRACTAL_NONE || noise.fractal > VKNOISE_FRACTAL_BILLOW) {
    return bad_field(function, "noise.fractal", noise.fractal, "a vknoise_fractal_kind");
  }
  if (noise.interpolation < VKNOISE_INTERPOLATION_LINEAR ||
      noise.interpolation > VKNOISE_INTERPOLATION_CUBIC) {
    return bad_field(function, "noise.interpolation", noise.interpolation,
                     "a vknoise_value_interpolation");
  }
  if (noise.cellular_distance < VKNOISE_CELLULAR_EUCLIDEAN ||
      noise.cellular_distance > VKNOISE_CELLULAR_CHEBYSHEV) {
    return bad_field(function, "noise.cellular_distance", noise.cellular_distance,
                     "a vknoise_cellular_distance");
  }
  if (noise.cellular_return < VKNOISE_CELLULAR_F1 ||
      noise.cellular_return > VKNOISE_CELLULAR_CELL) {
    return bad_field(function, "noise.cellular_return", noise.cellular_return,
                     "a vknoise_cellular_return");
  }
  if (noise.reserved != 0) return bad_field(function, "noise.reserved", noise.reserved, "0");
  spec.kind = static_cast<noise_kind>(noise.kind);
  spec.fractal = static_cast<fractal_kind>(noise.fractal);
  spec.octaves = noise.octaves;
  spec.octave_offsets = noise.octave_offsets != 0;
  spec.persistence = noise.persistence;
  spec.lacunarity = noise.lacunarity;
  for (int axis = 0; axis < 4; ++axis) spec.period[axis] = noise.period[axis];
  spec.gradient = noise.gradient != 0;
  spec.interpolation = static_cast<value_interpolation>(noise.interpolation);
  spec.warp = noise.warp;
  spec.classic_seed = noise.classic_seed;
  spec.value_smooth = noise.value_smooth != 0;
  spec.distance = static_cast<cellular_distance>(noise.cellular_distance);
  spec.returns = static_cast<cellular_return>(noise.cellular_return);
  spec.jitter = noise.cellular_jitter;
  spec.angle = noise.flow_angle;
  spec.advection = noise.flow_advection;
  return spec;
}

result<field_spec> to_field_spec(const char* function, const vknoise_field& field) {
  auto noise = to_noise_spec(function, field.noise);
  if (!noise) return noise.error_value();
  field_spec spec;
  spec.dims = field.dims;
  for (int axis = 0; axis < 4; ++axis) {
    spec.size[axis] = field.size[axis];
    spec.origin[axis] = field.origin[axis];
    spec.step[axis] = field.step[axis];
    spec.region[axis] = field.region[axis];
  }
  spec.noise = noise.value();
  if (field.graph != nullptr) spec.noise_graph = field.graph->graph;
  return spec;
}

result<field_spec> fill_spec(const char* function, const vknoise_field* field, const void* out,
                             size_t count) {
  if (field == nullptr) {
    return make_error(errc::invalid_argument, std::string(function) + ": field is NULL");
  }
  if (out == nullptr) {
    return make_error(errc::invalid_argument, std::string(function) + ": out is NULL");
  }
  auto spec = to_field_spec(function, *field);
  if (!spec) return spec;
  if (auto s = validate(spec.value(), count); !s) return s.error_value();
  return spec;
}

}  // namespace vknoise_c_api

using namespace vknoise_c_api;

extern "C" void vknoise_noise_init_default(vknoise_noise* noise) noexcept {
  if (noise == nullptr) return;
  const vknoise::noise_spec spec;
  *noise = vknoise_noise{};
  noise->kind = static_cast<int32_t>(spec.kind);
  noise->fractal = static_cast<int32_t>(spec.fractal);
  noise->octaves = spec.octaves;
  noise->octave_offsets = spec.octave_offsets;
  noise->persistence = spec.persistence;
  noise->lacunarity = spec.lacunarity;
  for (int axis = 0; axis < 4; ++axis) noise->period[axis] = spec.period[axis];
  noise->gradient = spec.gradient;
  noise->interpolation = static_cast<int32_t>(spec.interpolation);
  noise->warp = spec.warp;
  noise->classic_seed = spec.classic_seed;
  noise->value_smooth = spec.value_smooth;
  noise->cellular_distance = static_cast<int32_t>(spec.distance);
  noise->cellular_return = static_cast<int32_t>(spec.returns);
  noise->cellular_jitter = spec.jitter;
  noise->flow_angle = spec.angle;
  noise->flow_advection = spec.advection;
}

extern "C" void vknoise_field_init_default(vknoise_field* field) noexcept {
  if (field == nullptr) return;
  const vknoise::field_spec spec;
  *field = vknoise_field{};
  field->dims = spec.dims;
  for (int axis = 0; axis < 4; ++axis) {
    field->size[axis] = spec.size[axis];
    field->origin[axis] = spec.origin[axis];
    field->step[axis] = spec.step[axis];
    field->region[axis] = spec.region[axis];
  }
  vknoise_noise_init_default(&field->noise);
}

extern "C" vknoise_status vknoise_validate_field(const vknoise_field* field) noexcept {
  return guarded(__func__, [&] {
    if (field == nullptr) return null_argument(__func__, "field");
    auto spec = to_field_spec(__func__, *field);
    if (!spec) return fail(spec.error_value());
    return report(vknoise::validate(spec.value()));
  });
}

extern "C" uint64_t vknoise_field_value_count(const vknoise_field* field) noexcept {
  uint64_t count = 0;
  guarded(__func__, [&] {
    if (field == nullptr) return null_argument(__func__, "field");
    auto spec = to_field_spec(__func__, *field);
    if (!spec) return fail(spec.error_value());
    if (auto s = vknoise::validate(spec.value()); !s) return fail(s.error_value());
    count = vknoise::value_count(spec.value());
    return VKNOISE_OK;
  });
  return count;
}

static_assert(int(vknoise::cellular_distance::euclidean) == VKNOISE_CELLULAR_EUCLIDEAN);
static_assert(int(vknoise::cellular_distance::chebyshev) == VKNOISE_CELLULAR_CHEBYSHEV);
static_assert(int(vknoise::cellular_return::f2_minus_f1) == VKNOISE_CELLULAR_F2_MINUS_F1);
static_assert(int(vknoise::cellular_return::cell) == VKNOISE_CELLULAR_CELL);
