#include "vulkan/submission.hpp"

#include <volk.h>

#include "vulkan/bounded_wait.hpp"
#include "vulkan/context_impl.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/fault_injection.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {

result<std::unique_ptr<submission>> submission::create(const context& ctx, bool timestamps) {
  const VolkDeviceTable& vk = device_table(ctx);
  std::unique_ptr<submission> s(new submission(ctx));
  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  pool_info.queueFamilyIndex = ctx.queue_family_index();
  VKNOISE_TRY(check(vk.vkCreateCommandPool(ctx.device(), &pool_info, nullptr, &s->pool_),
                    "vkCreateCommandPool"));
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = s->pool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VKNOISE_TRY(check(vk.vkAllocateCommandBuffers(ctx.device(), &alloc, &s->cmd_),
                    "vkAllocateCommandBuffers"));
  VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VKNOISE_TRY(
      check(vk.vkCreateFence(ctx.device(), &fence_info, nullptr, &s->fence_), "vkCreateFence"));
  if (timestamps && ctx.has_timestamps()) {
    VkQueryPoolCreateInfo query_info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    query_info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    query_info.queryCount = 2;
    VKNOISE_TRY(check(vk.vkCreateQueryPool(ctx.device(), &query_info, nullptr, &s->queries_),
                      "vkCreateQueryPool"));
  }
  return s;
}

submission::~submission() {
  const context* ctx = &ctx_;
  auto destroy = [ctx, queries = queries_, fence = fence_, pool = pool_] {
    const VolkDeviceTable& vk = device_table(*ctx);
    if (queries) vk.vkDestroyQueryPool(ctx->device(), queries, nullptr);
    if (fence) vk.vkDestroyFence(ctx->device(), fence, nullptr);
    if (pool) vk.vkDestroyCommandPool(ctx->device(), pool, nullptr);  // frees the command buffer
  };
  // Abandoned work may still use them: the context destroys them once the device is idle.
  if (abandoned_) {
    context_internals::defer_destruction(ctx_, destroy);
  } else {
    destroy();
  }
}

result<VkCommandBuffer> submission::begin() {
  const VolkDeviceTable& vk = device_table(ctx_);
  VKNOISE_TRY(check(vk.vkResetCommandPool(ctx_.device(), pool_, 0), "vkResetCommandPool"));
  VkCommandBufferBeginInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VKNOISE_TRY(check(vk.vkBeginCommandBuffer(cmd_, &info), "vkBeginCommandBuffer"));
  if (queries_) vk.vkCmdResetQueryPool(cmd_, queries_, 0, 2);
  return cmd_;
}

void submission::write_kernel_start() {
  // Top of pipe: the time at which the dispatch may begin.
  if (queries_)
    device_table(ctx_).vkCmdWriteTimestamp(cmd_, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries_, 0);
}

void submission::write_kernel_end() {
  // Compute stage: written once every preceding dispatch has finished its compute work.
  if (queries_) {
    device_table(ctx_).vkCmdWriteTimestamp(cmd_, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, queries_, 1);
  }
}

status submission::submit(const submit_sync& sync) {
  const VolkDeviceTable& vk = device_table(ctx_);
  VKNOISE_TRY(check(vk.vkEndCommandBuffer(cmd_), "vkEndCommandBuffer"));
  const VkFence fence = sync.caller_waits() ? sync.fence : fence_;
  if (!sync.caller_waits()) {
    VKNOISE_TRY(check(vk.vkResetFences(ctx_.device(), 1, &fence_), "vkResetFences"));
  }
  VkTimelineSemaphoreSubmitInfo values{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  info.commandBufferCount = 1;
  info.pCommandBuffers = &cmd_;
  // Every stage of this work waits for the caller's point.
  const VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
  if (sync.wait_semaphore) {
    values.waitSemaphoreValueCount = 1;
    values.pWaitSemaphoreValues = &sync.wait_value;
    info.waitSemaphoreCount = 1;
    info.pWaitSemaphores = &sync.wait_semaphore;
    info.pWaitDstStageMask = &wait_stage;
  }
  if (sync.signal_semaphore) {
    values.signalSemaphoreValueCount = 1;
    values.pSignalSemaphoreValues = &sync.signal_value;
    info.signalSemaphoreCount = 1;
    info.pSignalSemaphores = &sync.signal_semaphore;
  }
  if (sync.wait_semaphore || sync.signal_semaphore) info.pNext = &values;
  {
    std::lock_guard lock(ctx_.queue_mutex());  // queues are externally synchronised
    const auto fault = injected_fault("vkQueueSubmit");
    VKNOISE_TRY(
        check(fault ? *fault : vk.vkQueueSubmit(ctx_.queue(), 1, &info, fence), "vkQueueSubmit"));
  }
  pending_ = !sync.caller_waits();
  return {};
}

status submission::wait() {
  return wait(ctx_.options().fence_timeout_ns);
}

status submission::wait(std::uint64_t timeout_ns) {
  if (!pending_) return {};
  if (status waited = wait_for_fence(ctx_, fence_, timeout_ns); !waited) {
    abandon();  // timed out, or the device may be lost with the work in flight
    return waited;
  }
  pending_ = false;
  return {};
}

result<double> submission::kernel_ns() const {
  if (!queries_) return 0.0;
  std::uint64_t stamps[2] = {0, 0};
  VKNOISE_TRY(check(device_table(ctx_).vkGetQueryPoolResults(
                        ctx_.device(), queries_, 0, 2, sizeof(stamps), stamps,
                        sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT),
                    "vkGetQueryPoolResults"));
  // Timestamps wrap at timestampValidBits; modular subtraction gives the right interval.
  const std::uint32_t bits = ctx_.timestamp_valid_bits();
  const std::uint64_t mask = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  const double period = ctx_.properties().limits.timestampPeriod;
  return static_cast<double>((stamps[1] - stamps[0]) & mask) * period;
}

}  // namespace vknoise::vk
