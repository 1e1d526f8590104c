// GPU context handles: created, borrowed, queried, destroyed.
#include <algorithm>
#include <cstring>
#include <string>

#include "c_api/handles.hpp"

using namespace vknoise_c_api;

namespace {

vknoise_status to_options(const char* function, const vknoise_context_options* options,
                          vknoise::context_options& out) {
  if (options == nullptr) return VKNOISE_OK;
  if (options->device_index < -1) {
    return fail(VKNOISE_ERROR_INVALID_ARGUMENT, std::string(function) + ": device_index " +
                                                    std::to_string(options->device_index) +
                                                    " is neither -1 nor a device index");
  }
  if (options->reserved != 0) {
    return fail(VKNOISE_ERROR_INVALID_ARGUMENT, std::string(function) + ": reserved is not 0");
  }
  if (options->device_index >= 0) out.device_index = static_cast<uint32_t>(options->device_index);
  out.validation = options->validation != 0;
  out.synchronization_validation = options->synchronization_validation != 0;
  if (options->fence_timeout_ns != 0) out.fence_timeout_ns = options->fence_timeout_ns;
  if (options->pipeline_cache_path != nullptr)
    out.pipeline_cache_path = options->pipeline_cache_path;
  if (options->on_validation_message != nullptr) {
    out.on_validation_message =
        [hook = options->on_validation_message,
         user = options->validation_message_user_data](std::string_view message) {
          // The layer's message is NUL-terminated; the copy keeps that true for any string_view.
          const std::string text(message);
          hook(user, text.c_str());
        };
  }
  if (options->on_teardown_error != nullptr) {
    out.on_teardown_error = [hook = options->on_teardown_error,
                             user = options->teardown_error_user_data](const vknoise::error& e) {
      hook(user, code_of(e.code), e.message.c_str());
    };
  }
  return VKNOISE_OK;
}

vknoise_status wrap(vknoise::result<std::unique_ptr<vknoise::context>> ctx, vknoise_context** out) {
  if (!ctx) return fail(ctx.error_value());
  return make_handle(out, std::move(ctx.value()));
}

}  // namespace

extern "C" void vknoise_context_options_init_default(vknoise_context_options* options) noexcept {
  if (options == nullptr) return;
  *options = vknoise_context_options{};
  options->device_index = -1;
  options->fence_timeout_ns = vknoise::context_options{}.fence_timeout_ns;
}

extern "C" vknoise_status vknoise_context_create(const vknoise_context_options* options,
                                                 vknoise_context** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    vknoise::context_options cpp_options;
    if (auto s = to_options(__func__, options, cpp_options); s != VKNOISE_OK) return s;
    return wrap(vknoise::context::create(cpp_options), out);
  });
}

extern "C" vknoise_status vknoise_context_borrow(const vknoise_device_handles* handles,
                                                 const vknoise_context_options* options,
                                                 vknoise_context** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    if (handles == nullptr) return null_argument(__func__, "handles");
    vknoise::context_options cpp_options;
    if (auto s = to_options(__func__, options, cpp_options); s != VKNOISE_OK) return s;
    cpp_options.device_index.reset();
    vknoise::borrowed_device borrowed;
    borrowed.get_instance_proc_addr = handles->get_instance_proc_addr;
    borrowed.instance = handles->instance;
    borrowed.physical_device = handles->physical_device;
    borrowed.device = handles->device;
    borrowed.queue_family_index = handles->queue_family_index;
    borrowed.queue = handles->queue;
    borrowed.enabled.timeline_semaphore = handles->timeline_semaphore != 0;
    borrowed.enabled.storage_image_extended_formats = handles->storage_image_extended_formats != 0;
    borrowed.enabled.storage_image_write_without_format =
        handles->storage_image_write_without_format != 0;
    borrowed.instance_api_version = handles->instance_api_version;
    return wrap(vknoise::context::borrow(borrowed, cpp_options), out);
  });
}

extern "C" vknoise_status vknoise_context_handles(const vknoise_context* context,
                                                  vknoise_device_handles* out) noexcept {
  if (context == nullptr) return null_argument(__func__, "context");
  if (out == nullptr) return null_argument(__func__, "out");
  const vknoise::context& ctx = *context->context;
  *out = vknoise_device_handles{};
  out->instance = ctx.instance();
  out->physical_device = ctx.physical_device();
  out->device = ctx.device();
  out->queue_family_index = ctx.queue_family_index();
  out->queue = ctx.queue();
  out->timeline_semaphore = ctx.features().timeline_semaphore;
  out->storage_image_extended_formats = ctx.features().storage_image_extended_formats;
  out->storage_image_write_without_format = ctx.features().storage_image_write_without_format;
  out->instance_api_version = ctx.instance_api_version();
  return VKNOISE_OK;
}

extern "C" const char* vknoise_context_device_name(const vknoise_context* context) noexcept {
  return context != nullptr ? context->context->properties().deviceName : "";
}

extern "C" size_t vknoise_context_validation_message_count(
    const vknoise_context* context) noexcept {
  if (context == nullptr) return 0;
  try {
    return context->context->validation_messages().size();
  } catch (...) {
    return 0;
  }
}

extern "C" vknoise_status vknoise_context_validation_message(const vknoise_context* context,
                                                             size_t index, char* buffer,
                                                             size_t buffer_size,
                                                             size_t* length) noexcept {
  return guarded(__func__, [&] {
    if (context == nullptr) return null_argument(__func__, "context");
    if (buffer == nullptr && buffer_size != 0) return null_argument(__func__, "buffer");
    const auto messages = context->context->validation_messages();
    if (index >= messages.size()) {
      return fail(VKNOISE_ERROR_OUT_OF_RANGE, std::string(__func__) + ": index " +
                                                  std::to_string(index) + " of " +
                                                  std::to_string(messages.size()) + " messages");
    }
    const std::string& message = messages[index];
    if (length != nullptr) *length = message.size();
    if (buffer_size != 0) {
      const size_t copied = std::min(message.size(), buffer_size - 1);
      std::memcpy(buffer, message.data(), copied);
      buffer[copied] = '\0';
    }
    return VKNOISE_OK;
  });
}

extern "C" void vknoise_context_lock_queue(const vknoise_context* context) noexcept {
  if (context == nullptr) return;
  try {
    context->context->queue_mutex().lock();
  } catch (...) {
    // std::mutex::lock throws only on a deadlock the caller caused (locking twice).
  }
}

extern "C" void vknoise_context_unlock_queue(const vknoise_context* context) noexcept {
  if (context != nullptr) context->context->queue_mutex().unlock();
}

extern "C" vknoise_status vknoise_context_save_pipeline_cache(const vknoise_context* context,
                                                              const char* path) noexcept {
  return guarded(__func__, [&] {
    if (context == nullptr) return null_argument(__func__, "context");
    if (path == nullptr) return null_argument(__func__, "path");
    return report(context->context->save_pipeline_cache(path));
  });
}

extern "C" void vknoise_context_destroy(vknoise_context* context) noexcept {
  delete context;
}
