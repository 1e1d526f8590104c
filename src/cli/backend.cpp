#include "cli/backend.hpp"

#include <utility>

#include "cli/auto_backend.hpp"
#include "cli/common_options.hpp"

namespace vknoise::cli {
namespace {

backend_kind kind_of(backend b) {
  switch (b) {
    case backend::cpu_reference:
      return backend_kind::cpu_reference;
    case backend::gpu:
      return backend_kind::gpu;
    case backend::automatic:  // resolved before this is asked
    case backend::cpu:
      break;
  }
  return backend_kind::cpu_fast;
}

}  // namespace

const char* backend_name(backend b) {
  switch (b) {
    case backend::automatic:
      return "auto";
    case backend::cpu:
      return "cpu";
    case backend::cpu_reference:
      return "cpu-reference";
    case backend::gpu:
      return "gpu";
  }
  return "?";
}

noise_spec noise_seed::seeded(noise_spec noise) const {
  noise.classic_seed = classic_seed;
  return noise;
}

result<backend_session> backend_session::start(const computation& how) {
  backend chosen = how.backend;
  if (chosen == backend::automatic) {
    auto request = requested_device(how.device);
    if (!request) return request.error_value();
    auto choice = choose_auto_backend(list_devices(), request->index);
    if (!choice) return choice.error_value();
    chosen = choice->chosen;
  }
  backend_options options;
  options.kind = kind_of(chosen);
  options.threads = how.threads;
  options.vulkan.device_index = how.device;
  return backend_session(options, how.seed);
}

result<compute_backend*> backend_session::opened() {
  if (!backend_) {
    auto created = compute_backend::create(options_);
    if (!created) return created.error_value();
    backend_.emplace(std::move(created).value());
  }
  return &*backend_;
}

status backend_session::fill(const field_spec& field, std::span<float> out) {
  auto backend = opened();
  if (!backend) return backend.error_value();
  field_spec seeded = field;
  seeded.noise = seed_.seeded(field.noise);
  return (*backend)->fill(seeded, seed_.table, out);
}

status backend_session::eval(const noise_spec& noise, int dims, std::span<const double> points,
                             std::span<double> out) {
  auto backend = opened();
  if (!backend) return backend.error_value();
  return (*backend)->eval(seed_.seeded(noise), dims, points, seed_.table, out);
}

status backend_session::eval(const graph& g, std::span<const double> points,
                             std::span<double> out) {
  auto backend = opened();
  if (!backend) return backend.error_value();
  return (*backend)->eval(g, points, seed_.table, out);
}

}  // namespace vknoise::cli
