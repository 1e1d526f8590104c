// A VkBuffer with its own memory, optionally persistently mapped. Move-only; destroys both.
#pragma once

#include <cstddef>
#include <cstdint>

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::vk {

enum class memory_use {
  device,    // written and read by shaders only: prefer DEVICE_LOCAL
  upload,    // written by the host, read by shaders: HOST_VISIBLE, prefer DEVICE_LOCAL
  readback,  // written by the device, read by the host: HOST_VISIBLE, prefer HOST_CACHED
};

class memory_block;

// The memory type memory_use::upload picks among `type_bits`: HOST_VISIBLE, preferably
// HOST_COHERENT; errc::vulkan_error when there is none.
result<std::uint32_t> upload_memory_type(const context& ctx, std::uint32_t type_bits);

class device_buffer {
 public:
  // With a `block` (memory_use::upload only), the buffer takes a range of the block's memory when
  // one is free, else gets memory of its own; the block must outlive the buffer.
  static result<device_buffer> create(const context& ctx, VkDeviceSize size,
                                      VkBufferUsageFlags usage, memory_use use,
                                      memory_block* block = nullptr);
  device_buffer() = default;
  device_buffer(device_buffer&& other) noexcept { *this = std::move(other); }
  device_buffer& operator=(device_buffer&& other) noexcept;
  ~device_buffer();

  VkBuffer buffer() const { return buffer_; }
  VkDeviceSize size() const { return size_; }
  // Host pointer for HOST_VISIBLE memory, else nullptr.
  void* mapped() const { return mapped_; }
  // Readable by the host without a copy, and cached (so reading it is not slow).
  bool host_cached() const { return cached_; }
  // Its memory is a range of a memory_block.
  bool in_block() const { return block_ != nullptr; }
  // Makes device writes visible to the host (no-op on HOST_COHERENT memory).
  status invalidate() const;
  // Makes host writes visible to the device (no-op on HOST_COHERENT memory).
  status flush() const;
  // For buffers a timed-out or failed submission may still use: the context destroys the Vulkan
  // objects when it is destroyed itself, once the device is idle (deferred_destruction.hpp).
  void abandon();

 private:
  const context* ctx_ = nullptr;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkDeviceSize size_ = 0;
  void* mapped_ = nullptr;
  bool cached_ = false;
  bool coherent_ = false;
  memory_block* block_ = nullptr;  // memory_ is then the block's, from block_offset_
  VkDeviceSize block_offset_ = 0;
  VkMemoryRequirements block_needs_{};
};

}  // namespace vknoise::vk
