// Recorder handles: fields into the caller's buffers and images, recorded or submitted.
#include <string>

#include "c_api/handles.hpp"
#include "vknoise/recorder.hpp"

struct vknoise_recorder {
  std::unique_ptr<vknoise::recorder> recorder;
};

using namespace vknoise_c_api;

namespace {

vknoise::result<vknoise::render_target> to_target(const char* function,
                                                  const vknoise_render_target& target) {
  if (target.kind != VKNOISE_TARGET_BUFFER && target.kind != VKNOISE_TARGET_IMAGE) {
    return vknoise::make_error(vknoise::errc::invalid_argument,
                               std::string(function) + ": target kind = " +
                                   std::to_string(target.kind) + " is not a vknoise_target_kind");
  }
  if (target.reserved != 0) {
    return vknoise::make_error(vknoise::errc::invalid_argument,
                               std::string(function) + ": target reserved is not 0");
  }
  vknoise::render_target out;
  out.type = target.kind == VKNOISE_TARGET_BUFFER ? vknoise::render_target::kind::buffer
                                                  : vknoise::render_target::kind::image;
  out.buffer.buffer = target.buffer.buffer;
  out.buffer.offset = target.buffer.offset;
  out.buffer.size = target.buffer.size;
  const vknoise_image_target& image = target.image;
  out.image.image = image.image;
  out.image.type = image.type;
  out.image.format = image.format;
  out.image.extent = image.extent;
  out.image.mip_level = image.mip_level;
  out.image.offset = image.offset;
  out.image.old_layout = image.old_layout;
  out.image.new_layout = image.new_layout;
  out.image.scale = image.scale;
  out.image.bias = image.bias;
  out.image.usage = image.usage;
  out.before.stages = target.before.stages;
  out.before.access = target.before.access;
  out.after.stages = target.after.stages;
  out.after.access = target.after.access;
  return out;
}

// The field and target of a record/submit/run call, checked and converted.
struct work {
  vknoise::field_spec field;
  vknoise::render_target target;
};

vknoise_status prepare(const char* function, const vknoise_recorder* recorder,
                       const vknoise_field* field, const vknoise_render_target* target, work& out) {
  if (recorder == nullptr) return null_argument(function, "recorder");
  if (field == nullptr) return null_argument(function, "field");
  if (target == nullptr) return null_argument(function, "target");
  auto spec = to_field_spec(function, *field);
  if (!spec) return fail(spec.error_value());
  auto converted = to_target(function, *target);
  if (!converted) return fail(converted.error_value());
  out.field = spec.value();
  out.target = converted.value();
  return VKNOISE_OK;
}

void store(const vknoise::timeline_point& point, vknoise_timeline_point* out) {
  if (out == nullptr) return;
  out->semaphore = point.semaphore;
  out->value = point.value;
}

}  // namespace

extern "C" void vknoise_render_target_init_default(vknoise_render_target* target) noexcept {
  if (target == nullptr) return;
  const vknoise::render_target defaults;
  *target = vknoise_render_target{};
  target->kind = VKNOISE_TARGET_BUFFER;
  target->image.type = defaults.image.type;
  target->image.format = defaults.image.format;
  target->image.old_layout = defaults.image.old_layout;
  target->image.new_layout = defaults.image.new_layout;
  target->image.scale = defaults.image.scale;
  target->image.bias = defaults.image.bias;
  target->before.stages = defaults.before.stages;
  target->before.access = defaults.before.access;
  target->after.stages = defaults.after.stages;
  target->after.access = defaults.after.access;
}

extern "C" void vknoise_recorder_options_init_default(vknoise_recorder_options* options) noexcept {
  if (options == nullptr) return;
  const vknoise::recorder_options defaults;
  *options = vknoise_recorder_options{};
  options->frames_in_flight = defaults.frames_in_flight;
  options->table = static_cast<int32_t>(defaults.table);
  options->chunk_bytes = defaults.chunk_bytes;
}

extern "C" vknoise_status vknoise_recorder_create(vknoise_context* context,
                                                  const vknoise_recorder_options* options,
                                                  vknoise_recorder** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    if (context == nullptr) return null_argument(__func__, "context");
    vknoise::recorder_options cpp_options;
    if (options != nullptr) {
      auto table = to_table_placement(__func__, options->table);
      if (!table) return fail(table.error_value());
      cpp_options.frames_in_flight = options->frames_in_flight;
      cpp_options.table = table.value();
      cpp_options.chunk_bytes = options->chunk_bytes;
    }
    auto recorder = vknoise::recorder::create(*context->context, cpp_options);
    if (!recorder) return fail(recorder.error_value());
    return make_handle(out, std::move(recorder.value()));
  });
}

extern "C" vknoise_status vknoise_recorder_record(vknoise_recorder* recorder,
                                                  VkCommandBuffer command_buffer,
                                                  const vknoise_field* field,
                                                  const vknoise_permutation* permutation,
                                                  const vknoise_render_target* target,
                                                  vknoise_timeline_point* point) noexcept {
  return guarded(__func__, [&] {
    if (command_buffer == VK_NULL_HANDLE) return null_argument(__func__, "command_buffer");
    if (point == nullptr) return null_argument(__func__, "point");
    work w;
    if (auto s = prepare(__func__, recorder, field, target, w); s != VKNOISE_OK) return s;
    auto recorded =
        recorder->recorder->record(command_buffer, w.field, table_of(permutation), w.target);
    if (!recorded) return fail(recorded.error_value());
    store(recorded.value(), point);
    return VKNOISE_OK;
  });
}

extern "C" vknoise_status vknoise_recorder_submit(
    vknoise_recorder* recorder, const vknoise_field* field, const vknoise_permutation* permutation,
    const vknoise_render_target* target, VkFence fence, const vknoise_timeline_point* wait_for,
    vknoise_timeline_point* point) noexcept {
  return guarded(__func__, [&] {
    work w;
    if (auto s = prepare(__func__, recorder, field, target, w); s != VKNOISE_OK) return s;
    vknoise::timeline_point wait;
    if (wait_for != nullptr) {
      wait.semaphore = wait_for->semaphore;
      wait.value = wait_for->value;
    }
    auto submitted =
        recorder->recorder->submit(w.field, table_of(permutation), w.target, fence, wait);
    if (!submitted) return fail(submitted.error_value());
    store(submitted.value(), point);
    return VKNOISE_OK;
  });
}

extern "C" vknoise_status vknoise_recorder_wait(vknoise_recorder* recorder,
                                                const vknoise_timeline_point* point) noexcept {
  return guarded(__func__, [&] {
    if (recorder == nullptr) return null_argument(__func__, "recorder");
    if (point == nullptr) return null_argument(__func__, "point");
    return report(
        recorder->recorder->wait(vknoise::timeline_point{point->semaphore, point->value}));
  });
}

extern "C" vknoise_status vknoise_recorder_run(vknoise_recorder* recorder,
                                               const vknoise_field* field,
                                               const vknoise_permutation* permutation,
                                               const vknoise_render_target* target) noexcept {
  return guarded(__func__, [&] {
    work w;
    if (auto s = prepare(__func__, recorder, field, target, w); s != VKNOISE_OK) return s;
    return report(recorder->recorder->run(w.field, table_of(permutation), w.target));
  });
}

extern "C" uint32_t vknoise_recorder_pipelines_built(const vknoise_recorder* recorder) noexcept {
  return recorder != nullptr ? recorder->recorder->pipelines_built() : 0;
}

extern "C" void vknoise_recorder_destroy(vknoise_recorder* recorder) noexcept {
  delete recorder;
}
