// One host-visible VkDeviceMemory, mapped once, from which buffers take ranges: a recorder's
// per-frame buffers (coordinates, tables) live in one allocation instead of one each, as Vulkan
// implementations (and the validation layer's best-practices checks) ask of small buffers.
// First fit over a free list; returned ranges merge with their neighbours. Not thread-safe: its
// owner (one recorder) belongs to one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::vk {

class memory_block {
 public:
  // `capacity` bytes of the memory type device_buffer's memory_use::upload would pick for
  // storage and uniform buffers.
  static result<std::unique_ptr<memory_block>> create(const context& ctx, VkDeviceSize capacity);
  ~memory_block();
  memory_block(const memory_block&) = delete;
  memory_block& operator=(const memory_block&) = delete;

  // The offset of a free range that meets `needs` (size, alignment, memory type), aligned also
  // to the device's minimum storage and uniform buffer offset alignments and, on non-coherent
  // memory, to nonCoherentAtomSize (so that flushing one range never touches another's bytes);
  // nullopt when none is left or the block's type is not allowed.
  std::optional<VkDeviceSize> take(const VkMemoryRequirements& needs);
  // The range taken at `offset` with `needs` is free again.
  void give_back(VkDeviceSize offset, const VkMemoryRequirements& needs);

  VkDeviceMemory memory() const { return memory_; }
  std::byte* mapped() const { return mapped_; }
  bool coherent() const { return coherent_; }
  VkDeviceSize capacity() const { return capacity_; }
  // Makes host writes to [offset, offset + size) visible to the device (no-op when coherent).
  status flush(VkDeviceSize offset, VkDeviceSize size) const;
  // Abandoned work may still use the memory: the context frees it once the device is idle.
  void abandon();

 private:
  struct range {
    VkDeviceSize offset, size;
  };
  explicit memory_block(const context& ctx) : ctx_(&ctx) {}
  VkDeviceSize alignment_of(const VkMemoryRequirements& needs) const;
  VkDeviceSize rounded_size(const VkMemoryRequirements& needs) const;

  const context* ctx_;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  std::byte* mapped_ = nullptr;
  VkDeviceSize capacity_ = 0;
  std::uint32_t type_ = 0;
  bool coherent_ = false;
  VkDeviceSize min_alignment_ = 1;  // offset alignments every range keeps
  std::vector<range> free_;         // by offset, never adjacent
};

}  // namespace vknoise::vk
