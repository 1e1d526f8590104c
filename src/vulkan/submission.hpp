// One reusable unit of GPU work: a command pool and buffer, a fence, and a two-entry timestamp
// query pool around the kernel. Record, submit, then wait (bounded by the context's timeout).
#pragma once

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::vk {

class submission {
 public:
  static result<std::unique_ptr<submission>> create(const context& ctx);
  ~submission();

  // Resets and begins the command buffer; the previous submission must have been waited for.
  result<VkCommandBuffer> begin();
  void write_kernel_start();  // timestamp before the dispatch
  void write_kernel_end();    // timestamp after the dispatch
  status submit();
  // Waits for the fence with the context's fence timeout: errc::timeout when it expires.
  status wait();
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
