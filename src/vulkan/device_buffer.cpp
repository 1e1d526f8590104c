#include "vulkan/device_buffer.hpp"

#include <volk.h>

#include <utility>

#include "vulkan/context_impl.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/fault_injection.hpp"
#include "vulkan/memory_block.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {
namespace {

VkResult allocate_memory(const context& ctx, const VkMemoryAllocateInfo& info,
                         VkDeviceMemory* memory) {
  if (const auto fault = injected_fault("vkAllocateMemory")) return *fault;
  return device_table(ctx).vkAllocateMemory(ctx.device(), &info, nullptr, memory);
}

// The first memory type allowed by `type_bits` that has all `required` flags, preferring one
// that also has all `preferred` flags.
int find_memory_type(const VkPhysicalDeviceMemoryProperties& memory, std::uint32_t type_bits,
                     VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) {
  int fallback = -1;
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if (!(type_bits & (1u << i))) continue;
    const VkMemoryPropertyFlags flags = memory.memoryTypes[i].propertyFlags;
    if ((flags & required) != required) continue;
    if ((flags & preferred) == preferred) return static_cast<int>(i);
    if (fallback < 0) fallback = static_cast<int>(i);
  }
  return fallback;
}

}  // namespace

result<std::uint32_t> upload_memory_type(const context& ctx, std::uint32_t type_bits) {
  const int type =
      find_memory_type(ctx.memory_properties(), type_bits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
                       VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  if (type < 0) return make_error(errc::vulkan_error, "no host-visible Vulkan memory type");
  return static_cast<std::uint32_t>(type);
}

result<device_buffer> device_buffer::create(const context& ctx, VkDeviceSize size,
                                            VkBufferUsageFlags usage, memory_use use,
                                            memory_block* block) {
  const VolkDeviceTable& vk = device_table(ctx);
  device_buffer out;
  out.ctx_ = &ctx;
  out.size_ = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VKNOISE_TRY(
      check(vk.vkCreateBuffer(ctx.device(), &info, nullptr, &out.buffer_), "vkCreateBuffer"));

  VkMemoryRequirements requirements;
  vk.vkGetBufferMemoryRequirements(ctx.device(), out.buffer_, &requirements);
  if (block && use == memory_use::upload) {
    if (const auto offset = block->take(requirements)) {
      out.block_ = block;
      out.block_offset_ = *offset;
      out.block_needs_ = requirements;
      out.memory_ = block->memory();
      out.coherent_ = block->coherent();
      out.mapped_ = block->mapped() + *offset;
      VKNOISE_TRY(check(vk.vkBindBufferMemory(ctx.device(), out.buffer_, out.memory_, *offset),
                        "vkBindBufferMemory"));
      return out;
    }
  }
  VkMemoryPropertyFlags required = 0, preferred = 0;
  switch (use) {
    case memory_use::device:
      preferred = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
      break;
    case memory_use::upload:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      preferred = VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      break;
    case memory_use::readback:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      preferred = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
      break;
  }
  const int type =
      find_memory_type(ctx.memory_properties(), requirements.memoryTypeBits, required, preferred);
  if (type < 0) {
    return make_error(errc::vulkan_error,
                      "no Vulkan memory type fits a buffer of " + std::to_string(size) + " bytes");
  }
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = requirements.size;
  alloc.memoryTypeIndex = static_cast<std::uint32_t>(type);
  VKNOISE_TRY(check(allocate_memory(ctx, alloc, &out.memory_), "vkAllocateMemory"));
  VKNOISE_TRY(check(vk.vkBindBufferMemory(ctx.device(), out.buffer_, out.memory_, 0),
                    "vkBindBufferMemory"));

  const VkMemoryPropertyFlags flags = ctx.memory_properties().memoryTypes[type].propertyFlags;
  out.coherent_ = flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  if (flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
    out.cached_ = flags & VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
    VKNOISE_TRY(check(vk.vkMapMemory(ctx.device(), out.memory_, 0, VK_WHOLE_SIZE, 0, &out.mapped_),
                      "vkMapMemory"));
  }
  return out;
}

device_buffer& device_buffer::operator=(device_buffer&& other) noexcept {
  if (this != &other) {
    this->~device_buffer();
    ctx_ = std::exchange(other.ctx_, nullptr);
    buffer_ = std::exchange(other.buffer_, VK_NULL_HANDLE);
    memory_ = std::exchange(other.memory_, VK_NULL_HANDLE);
    size_ = std::exchange(other.size_, 0);
    mapped_ = std::exchange(other.mapped_, nullptr);
    cached_ = other.cached_;
    coherent_ = other.coherent_;
    block_ = std::exchange(other.block_, nullptr);
    block_offset_ = other.block_offset_;
    block_needs_ = other.block_needs_;
  }
  return *this;
}

void device_buffer::abandon() {
  if (!ctx_) return;
  const context* ctx = ctx_;
  const VkBuffer buffer = buffer_;
  const VkDeviceMemory memory = block_ ? VK_NULL_HANDLE : memory_;  // a block frees its own
  context_internals::defer_destruction(*ctx, [ctx, buffer, memory] {
    if (buffer) device_table(*ctx).vkDestroyBuffer(ctx->device(), buffer, nullptr);
    if (memory) device_table(*ctx).vkFreeMemory(ctx->device(), memory, nullptr);
  });
  ctx_ = nullptr;
}

device_buffer::~device_buffer() {
  if (!ctx_) return;
  const VolkDeviceTable& vk = device_table(*ctx_);
  if (buffer_) vk.vkDestroyBuffer(ctx_->device(), buffer_, nullptr);
  if (block_) {
    block_->give_back(block_offset_, block_needs_);
  } else if (memory_) {
    vk.vkFreeMemory(ctx_->device(), memory_, nullptr);  // also unmaps
  }
  ctx_ = nullptr;
}

status device_buffer::invalidate() const {
  if (coherent_ || !mapped_) return {};
  if (block_) return {};  // blocks hold upload buffers only, which the host never reads
  VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  range.memory = memory_;
  range.size = VK_WHOLE_SIZE;
  return check(device_table(*ctx_).vkInvalidateMappedMemoryRanges(ctx_->device(), 1, &range),
               "vkInvalidateMappedMemoryRanges");
}

status device_buffer::flush() const {
  if (coherent_ || !mapped_) return {};
  if (block_) return block_->flush(block_offset_, block_needs_.size);
  VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  range.memory = memory_;
  range.size = VK_WHOLE_SIZE;
  return check(device_table(*ctx_).vkFlushMappedMemoryRanges(ctx_->device(), 1, &range),
               "vkFlushMappedMemoryRanges");
}

}  // namespace vknoise::vk
