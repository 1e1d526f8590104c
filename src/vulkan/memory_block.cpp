#include "vulkan/memory_block.hpp"

#include <volk.h>

#include <algorithm>
#include <string>

#include "vulkan/context_impl.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/device_buffer.hpp"
#include "vulkan/fault_injection.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise::vk {
namespace {

VkDeviceSize align_up(VkDeviceSize value, VkDeviceSize alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

}  // namespace

result<std::unique_ptr<memory_block>> memory_block::create(const context& ctx,
                                                           VkDeviceSize capacity) {
  const VolkDeviceTable& vk = device_table(ctx);
  std::unique_ptr<memory_block> block(new memory_block(ctx));
  // The memory types a small storage and uniform buffer accepts (what the block will hold).
  VkBufferCreateInfo probe_info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  probe_info.size = 4096;
  probe_info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
  VkBuffer probe = VK_NULL_HANDLE;
  VKNOISE_TRY(
      check(vk.vkCreateBuffer(ctx.device(), &probe_info, nullptr, &probe), "vkCreateBuffer"));
  VkMemoryRequirements needs;
  vk.vkGetBufferMemoryRequirements(ctx.device(), probe, &needs);
  vk.vkDestroyBuffer(ctx.device(), probe, nullptr);
  auto type = upload_memory_type(ctx, needs.memoryTypeBits);
  if (!type) return type.error_value();
  block->type_ = *type;
  const VkMemoryPropertyFlags flags = ctx.memory_properties().memoryTypes[*type].propertyFlags;
  block->coherent_ = flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  const VkPhysicalDeviceLimits& limits = ctx.properties().limits;
  block->min_alignment_ = std::max({VkDeviceSize{16}, limits.minStorageBufferOffsetAlignment,
                                    limits.minUniformBufferOffsetAlignment});
  if (!block->coherent_) {
    block->min_alignment_ = std::max(block->min_alignment_, limits.nonCoherentAtomSize);
  }
  block->capacity_ = align_up(capacity, block->min_alignment_);

  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = block->capacity_;
  alloc.memoryTypeIndex = block->type_;
  const auto fault = injected_fault("vkAllocateMemory");
  VKNOISE_TRY(
      check(fault ? *fault : vk.vkAllocateMemory(ctx.device(), &alloc, nullptr, &block->memory_),
            "vkAllocateMemory"));
  void* mapped = nullptr;
  VKNOISE_TRY(check(vk.vkMapMemory(ctx.device(), block->memory_, 0, VK_WHOLE_SIZE, 0, &mapped),
                    "vkMapMemory"));
  block->mapped_ = static_cast<std::byte*>(mapped);
  block->free_.push_back({0, block->capacity_});
  return block;
}

memory_block::~memory_block() {
  if (memory_) device_table(*ctx_).vkFreeMemory(ctx_->device(), memory_, nullptr);  // unmaps
}

void memory_block::abandon() {
  const context* ctx = ctx_;
  const VkDeviceMemory memory = memory_;
  if (memory) {
    context_internals::defer_destruction(
        *ctx, [ctx, memory] { device_table(*ctx).vkFreeMemory(ctx->device(), memory, nullptr); });
  }
  memory_ = VK_NULL_HANDLE;
  mapped_ = nullptr;
}

VkDeviceSize memory_block::alignment_of(const VkMemoryRequirements& needs) const {
  return std::max(needs.alignment, min_alignment_);  // powers of two: the larger is a multiple
}

VkDeviceSize memory_block::rounded_size(const VkMemoryRequirements& needs) const {
  return align_up(needs.size, min_alignment_);
}

std::optional<VkDeviceSize> memory_block::take(const VkMemoryRequirements& needs) {
  if (!memory_ || !(needs.memoryTypeBits & (1u << type_))) return std::nullopt;
  const VkDeviceSize alignment = alignment_of(needs);
  const VkDeviceSize size = rounded_size(needs);
  for (std::size_t i = 0; i < free_.size(); ++i) {
    const range r = free_[i];
    const VkDeviceSize offset = align_up(r.offset, alignment);
    if (offset + size > r.offset + r.size) continue;
    // What stays free of `r`: the gap before `offset` (a multiple of min_alignment_) and the rest.
    std::vector<range> rest;
    if (offset > r.offset) rest.push_back({r.offset, offset - r.offset});
    if (offset + size < r.offset + r.size) {
      rest.push_back({offset + size, r.offset + r.size - offset - size});
    }
    free_.erase(free_.begin() + static_cast<std::ptrdiff_t>(i));
    free_.insert(free_.begin() + static_cast<std::ptrdiff_t>(i), rest.begin(), rest.end());
    return offset;
  }
  return std::nullopt;
}

void memory_block::give_back(VkDeviceSize offset, const VkMemoryRequirements& needs) {
  range r{offset, rounded_size(needs)};
  auto next = std::lower_bound(free_.begin(), free_.end(), r.offset,
                               [](const range& f, VkDeviceSize at) { return f.offset < at; });
  if (next != free_.end() && r.offset + r.size == next->offset) {  // merge with the one after
    r.size += next->size;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {  // merge with the one before
    range& before = *(next - 1);
    if (before.offset + before.size == r.offset) {
      before.size += r.size;
      return;
    }
  }
  free_.insert(next, r);
}

status memory_block::flush(VkDeviceSize offset, VkDeviceSize size) const {
  if (coherent_) return {};
  // Ranges start at multiples of nonCoherentAtomSize and their sizes are rounded to it.
  const VkDeviceSize atom = ctx_->properties().limits.nonCoherentAtomSize;
  VkMappedMemoryRange flushed{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  flushed.memory = memory_;
  flushed.offset = offset;
  flushed.size = std::min(align_up(size, atom), capacity_ - offset);
  return check(device_table(*ctx_).vkFlushMappedMemoryRanges(ctx_->device(), 1, &flushed),
               "vkFlushMappedMemoryRanges");
}

}  // namespace vknoise::vk
