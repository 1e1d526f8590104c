// One reusable unit of GPU work on the context's queue: a command pool and buffer, a fence, and
// optionally a two-entry timestamp query pool around the kernel. Record, submit, then wait (bounded
// by the context's timeout), or let the caller wait on a timeline semaphore or its own fence.
#pragma once

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::vk {

// What a submit waits for and signals besides the command buffer. With a signal semaphore or a
// fence the caller waits for the work on those: the submission's own fence is not used, it is not
// pending, and the caller must see the work done before the next begin().
struct submit_sync {
  VkSemaphore wait_semaphore = VK_NULL_HANDLE;  // a timeline value to reach before the work starts
  std::uint64_t wait_value = 0;
  VkSemaphore signal_semaphore = VK_NULL_HANDLE;  // a timeline value to signal when it is done
  std::uint64_t signal_value = 0;
  VkFence fence = VK_NULL_HANDLE;  // the caller's fence, signalled when it is done
  bool caller_waits() const { return signal_semaphore || fence; }
};

class submission {
 public:
  // With timestamps (when the queue has them) kernel_ns() times write_kernel_start..end.
  static result<std::unique_ptr<submission>> create(const context& ctx, bool timestamps = true);
  ~submission();

  // Resets and begins the command buffer; the previous submission must have been waited for.
  result<VkCommandBuffer> begin();
  void write_kernel_start();  // timestamp before the dispatch
  void write_kernel_end();    // timestamp after the dispatch
  // Ends the command buffer and submits it (holding context::queue_mutex()).
  status submit(const submit_sync& sync = {});
  // Waits for the fence with the context's fence timeout, or `timeout_ns` (0: only looks):
  // errc::timeout when it expires.
  status wait();
  status wait(std::uint64_t timeout_ns);
  bool pending() const { return pending_; }
  // Nanoseconds between the two timestamps of the last completed submission (0 if unsupported).
  result<double> kernel_ns() const;
  // After a failed or timed-out wait the GPU may still use these objects: the destructor hands
  // them to the context, which destroys them once the device is idle.
  void abandon() { abandoned_ = true; }

 private:
  explicit submission(const context& ctx) : ctx_(ctx) {}
  const context& ctx_;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkCommandBuffer cmd_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
  VkQueryPool queries_ = VK_NULL_HANDLE;
  bool pending_ = false;
  bool abandoned_ = false;
};

}  // namespace vknoise::vk
