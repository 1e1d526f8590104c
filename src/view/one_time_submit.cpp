#include "view/one_time_submit.hpp"

namespace vknoise::view {

result<std::unique_ptr<one_time_submit>> one_time_submit::begin(VkDevice device,
                                                                std::uint32_t family) {
  std::unique_ptr<one_time_submit> made(new one_time_submit(device));
  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  pool_info.queueFamilyIndex = family;
  if (auto s = vk_ok(vkCreateCommandPool(device, &pool_info, nullptr, &made->pool_),
                     "vkCreateCommandPool");
      !s) {
    return s.error_value();
  }
  VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  allocate.commandPool = made->pool_;
  allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocate.commandBufferCount = 1;
  if (auto s = vk_ok(vkAllocateCommandBuffers(device, &allocate, &made->commands_),
                     "vkAllocateCommandBuffers");
      !s) {
    return s.error_value();
  }
  VkCommandBufferBeginInfo begin_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin_info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (auto s = vk_ok(vkBeginCommandBuffer(made->commands_, &begin_info), "vkBeginCommandBuffer");
      !s) {
    return s.error_value();
  }
  return made;
}

one_time_submit::~one_time_submit() {
  if (abandoned_) return;
  if (fence_) vkDestroyFence(device_, fence_, nullptr);
  if (pool_) vkDestroyCommandPool(device_, pool_, nullptr);  // frees its command buffer
}

status one_time_submit::submit_and_wait(VkQueue queue, std::uint64_t timeout_ns,
                                        const std::string& what) {
  if (auto s = vk_ok(vkEndCommandBuffer(commands_), "vkEndCommandBuffer"); !s) return s;
  VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  if (auto s = vk_ok(vkCreateFence(device_, &fence_info, nullptr, &fence_), "vkCreateFence"); !s) {
    return s;
  }
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands_;
  if (auto s = vk_ok(vkQueueSubmit(queue, 1, &submit, fence_), "vkQueueSubmit"); !s) return s;
  const VkResult waited = vkWaitForFences(device_, 1, &fence_, VK_TRUE, timeout_ns);
  if (waited == VK_TIMEOUT) {
    abandoned_ = true;
    return make_error(errc::timeout, what + " did not finish within " +
                                         std::to_string(timeout_ns / 1'000'000) + " ms");
  }
  // A lost device runs nothing more: what was made can go.
  return vk_ok(waited, "vkWaitForFences");
}

}  // namespace vknoise::view
