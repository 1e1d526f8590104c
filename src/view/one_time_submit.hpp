// One command buffer recorded once, submitted once on a queue and waited for with a fence, for
// work outside the frame loop (a texture's upload, a test's readback): a transient command pool of
// the queue's family, its one command buffer begun with ONE_TIME_SUBMIT, and the fence.
//
// The wait is bounded by the caller's timeout. After a timeout the device may still run the
// commands: the submission is then abandoned, and neither it (its pool and fence) nor anything
// its commands use may be destroyed; the device's owner releases them with the device. Errors
// name the Vulkan call that failed. Not thread-safe; the caller serialises its queue's use.
#pragma once

#include "view/vulkan_loader.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace vknoise::view {

class one_time_submit {
 public:
  static result<std::unique_ptr<one_time_submit>> begin(VkDevice device, std::uint32_t family);
  ~one_time_submit();  // the fence and the pool (with its command buffer), unless abandoned
  one_time_submit(const one_time_submit&) = delete;
  one_time_submit& operator=(const one_time_submit&) = delete;

  VkCommandBuffer commands() const { return commands_; }

  // Ends the recording, submits it on `queue` and waits at most `timeout_ns` for it. errc::timeout
  // "<what> did not finish within N ms" abandons the submission (above).
  status submit_and_wait(VkQueue queue, std::uint64_t timeout_ns, const std::string& what);

  // Whether a timed-out wait left the commands to the device.
  bool abandoned() const { return abandoned_; }

 private:
  explicit one_time_submit(VkDevice device) : device_(device) {}
  VkDevice device_;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkCommandBuffer commands_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
  bool abandoned_ = false;
};

}  // namespace vknoise::view
