#include "backend_pool.hpp"

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <string_view>
#include <tuple>
#include <utility>

#include "cli/auto_backend.hpp"
#include "vknoise/context.hpp"

namespace vknoise::python {
namespace {

// The device auto asks about, as context::create picks it: the one named, else VKNOISE_DEVICE's
// (an index), else none (the preferred device).
result<std::optional<std::uint32_t>> requested_device(std::optional<std::uint32_t> device) {
  if (device) return device;
  const char* env = std::getenv("VKNOISE_DEVICE");
  if (!env || !*env) return std::optional<std::uint32_t>{};
  char* end = nullptr;
  const unsigned long long index = std::strtoull(env, &end, 10);
  if (*end != '\0' || env[0] == '-' || index > UINT32_MAX) {
    return make_error(errc::invalid_argument,
                      "VKNOISE_DEVICE=" + std::string(env) + " is not a device index");
  }
  return std::optional<std::uint32_t>{static_cast<std::uint32_t>(index)};
}

struct resolved {
  backend_kind kind;
  std::string name;
  std::string reason;
};

result<resolved> resolve(const backend_request& request) {
  if (request.name == "cpu") return resolved{backend_kind::cpu_fast, "cpu", {}};
  if (request.name == "cpu-reference") {
    return resolved{backend_kind::cpu_reference, "cpu-reference", {}};
  }
  if (request.name == "gpu") return resolved{backend_kind::gpu, "gpu", {}};
  if (request.name != "auto") {
    return make_error(errc::invalid_argument,
                      "backend '" + request.name + "': expected auto, cpu, cpu-reference or gpu");
  }
  auto device = requested_device(request.device);
  if (!device) return device.error_value();
  auto choice = cli::choose_auto_backend(list_devices(), *device);
  if (!choice) return choice.error_value();
  const bool gpu = choice->chosen == cli::backend::gpu;
  return resolved{gpu ? backend_kind::gpu : backend_kind::cpu_fast, gpu ? "gpu" : "cpu",
                  choice->reason};
}

}  // namespace

result<std::shared_ptr<backend_pool>> backend_pool::create(const backend_request& request) {
  auto chosen = resolve(request);
  if (!chosen) return chosen.error_value();
  backend_options options;
  options.kind = chosen->kind;
  options.threads = request.threads;
  options.vulkan.device_index = request.device;
  std::shared_ptr<backend_pool> pool(
      new backend_pool(options, std::move(chosen->name), std::move(chosen->reason)));
  if (request.validation && options.kind == backend_kind::gpu) {
    pool->options_.vulkan.validation = true;
    pool->options_.vulkan.synchronization_validation = true;
    // The hook shares the log, so what a context reports while it is destroyed still lands.
    pool->options_.vulkan.on_validation_message = [log = pool->log_](std::string_view message) {
      std::lock_guard lock(log->mutex);
      log->messages.emplace_back(message);
    };
  }
  return pool;
}

backend_pool::backend_pool(backend_options options, std::string name, std::string reason)
    : options_(std::move(options)),
      name_(std::move(name)),
      reason_(std::move(reason)),
      process_(getpid()) {}

void backend_pool::forget_parents_backends() {
  if (process_ == getpid()) return;
  for (auto& backend : idle_) (void)backend.release();  // the parent's: never destroyed here
  idle_.clear();
  process_ = getpid();
}

backend_pool::~backend_pool() {
  forget_parents_backends();
}

backend_pool::lease::~lease() {
  if (pool_ && backend_) pool_->give_back(std::move(backend_));
}

result<backend_pool::lease> backend_pool::take() {
  {
    std::lock_guard lock(mutex_);
    forget_parents_backends();
    if (!idle_.empty()) {
      auto backend = std::move(idle_.back());
      idle_.pop_back();
      return lease(shared_from_this(), std::move(backend));
    }
  }
  // Created outside the lock: another thread may take or return an idle backend meanwhile.
  auto created = compute_backend::create(options_);
  if (!created) return created.error_value();
  {
    std::lock_guard lock(mutex_);
    ++created_;
  }
  return lease(shared_from_this(), std::make_unique<compute_backend>(std::move(created).value()));
}

void backend_pool::give_back(std::unique_ptr<compute_backend> backend) {
  std::lock_guard lock(mutex_);
  // A backend made before a fork() cannot come back in the child (the thread that held it is not
  // there), so what returns was made in this process.
  forget_parents_backends();
  if (!closed_) idle_.push_back(std::move(backend));
}

std::size_t backend_pool::created() const {
  std::lock_guard lock(mutex_);
  return created_;
}

std::vector<std::string> backend_pool::validation_messages() const {
  std::lock_guard lock(log_->mutex);
  return log_->messages;
}

void backend_pool::close() {
  std::vector<std::unique_ptr<compute_backend>> idle;
  {
    std::lock_guard lock(mutex_);
    forget_parents_backends();
    closed_ = true;
    idle.swap(idle_);
  }
  // Destroyed here, outside the lock: a GPU context waits for its queue.
}

namespace {

using pool_key = std::tuple<std::string, std::optional<std::uint32_t>, unsigned>;

struct pool_cache {
  std::mutex mutex;
  std::map<pool_key, std::shared_ptr<backend_pool>> pools;
};

pool_cache& cache() {
  static pool_cache* instance = new pool_cache;  // never destroyed: see release_cached_pools
  return *instance;
}

}  // namespace

result<std::shared_ptr<backend_pool>> cached_pool(const backend_request& request) {
  const pool_key key{request.name, request.device, request.threads};
  pool_cache& c = cache();
  {
    std::lock_guard lock(c.mutex);
    if (auto found = c.pools.find(key); found != c.pools.end()) return found->second;
  }
  backend_request plain = request;
  plain.validation = false;
  auto pool = backend_pool::create(plain);
  if (!pool) return pool.error_value();
  std::lock_guard lock(c.mutex);
  // Another thread may have made the same pool meanwhile: keep the first.
  return c.pools.emplace(key, std::move(pool).value()).first->second;
}

void release_cached_pools() {
  std::map<pool_key, std::shared_ptr<backend_pool>> pools;
  {
    std::lock_guard lock(cache().mutex);
    pools.swap(cache().pools);
  }
  for (auto& [key, pool] : pools) pool->close();
}

}  // namespace vknoise::python
