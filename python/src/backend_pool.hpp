// Backends for Python: compute_backend objects created once and reused, several per choice so
// that Python threads can compute at once. A compute_backend belongs to one thread at a time
// (compute_backend.hpp); a backend_pool hands each call one of its idle backends, or a new one
// when every backend is in use, and takes it back afterwards. Pools are shared: every call that
// names the same backend (kind, device, threads) gets the same pool from backend_cache(), and a
// vknoise.Backend object holds its own.
//
// fork(): a child process inherits the pools with the parent's backends, whose Vulkan objects
// belong to the parent (the driver's threads and the device's work are not in the child: a wait
// on them would time out). A pool that finds itself in another process than the one its
// backends were made in forgets them without destroying them (destroying would call Vulkan on
// the parent's objects), a deliberate leak, and makes new ones for the child.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "vknoise/compute_backend.hpp"
#include "vknoise/result.hpp"

namespace vknoise::python {

// A backend as Python names it: "auto", "cpu", "cpu-reference" or "gpu", and where it runs.
struct backend_request {
  std::string name = "auto";
  std::optional<std::uint32_t> device;  // none: VKNOISE_DEVICE, else the preferred device
  unsigned threads = 0;                 // cpu: as cpu_options::threads (0: every hardware thread)
  bool validation = false;              // gpu: the validation layer with synchronization validation
};

class backend_pool : public std::enable_shared_from_this<backend_pool> {
 public:
  // "auto" is resolved here, once, as the command line resolves --backend auto
  // (src/cli/auto_backend.cpp). errc::invalid_argument for an unknown name; errc::no_device for a
  // device index that names no device.
  static result<std::shared_ptr<backend_pool>> create(const backend_request& request);
  ~backend_pool();

  // One backend for the duration of one call: returned to the pool when the lease ends.
  class lease {
   public:
    lease(std::shared_ptr<backend_pool> pool, std::unique_ptr<compute_backend> backend)
        : pool_(std::move(pool)), backend_(std::move(backend)) {}
    lease(lease&&) = default;
    ~lease();
    compute_backend* operator->() const { return backend_.get(); }
    compute_backend& operator*() const { return *backend_; }

   private:
    std::shared_ptr<backend_pool> pool_;
    std::unique_ptr<compute_backend> backend_;
  };

  // An idle backend, or a new one (the errors of compute_backend::create). Thread-safe; call
  // without the GIL, as creating a GPU backend takes a while.
  result<lease> take();

  // "cpu", "cpu-reference" or "gpu" (never "auto"), and why auto chose it (empty otherwise).
  const std::string& name() const { return name_; }
  const std::string& reason() const { return reason_; }
  const backend_options& options() const { return options_; }

  // How many backends the pool has created: more than one only when calls overlapped.
  std::size_t created() const;

  // Every validation message reported so far, by any of the pool's contexts, those destroyed
  // included (their teardown messages count as much as the others).
  std::vector<std::string> validation_messages() const;
  // Destroys the idle backends (and their contexts); backends in use are destroyed on return.
  void close();

 private:
  struct message_log {
    std::mutex mutex;
    std::vector<std::string> messages;
  };

  backend_pool(backend_options options, std::string name, std::string reason);
  void give_back(std::unique_ptr<compute_backend> backend);
  // In a process forked since the idle backends were made: leaks them (see above). Holding mutex_.
  void forget_parents_backends();

  backend_options options_;
  std::string name_;
  std::string reason_;
  std::shared_ptr<message_log> log_ = std::make_shared<message_log>();
  mutable std::mutex mutex_;
  bool closed_ = false;
  std::size_t created_ = 0;
  std::vector<std::unique_ptr<compute_backend>> idle_;
  pid_t process_;  // the process idle_'s backends were made in
};

// The pool every call naming `request` shares (validation off), created on first use.
result<std::shared_ptr<backend_pool>> cached_pool(const backend_request& request);
// Forgets every cached pool (their backends go when the last call using them returns): run at
// interpreter exit, so no Vulkan context outlives the interpreter.
void release_cached_pools();

}  // namespace vknoise::python
