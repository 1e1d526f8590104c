// One compute shader of a demo, run on vknoise's own device: it reads storage buffers the host
// filled and writes an RGBA8 image (one packed uint per pixel) into a host-visible storage buffer
// that the host reads back after the fence. Binding i of set 0 is buffer i: the inputs in order,
// then the image. Parameters travel as push constants.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "vknoise/context.hpp"
#include "vknoise/result.hpp"
#include "vulkan/device_buffer.hpp"
#include "vulkan/submission.hpp"

namespace demo {

class compute_pass {
 public:
  // `spirv` is the shader (local size 8x8), `input_bytes` the size of each input buffer and
  // `push_bytes` the size of its push-constant block.
  static vknoise::result<std::unique_ptr<compute_pass>> create(
      const vknoise::context& ctx, std::span<const std::uint32_t> spirv,
      std::span<const std::size_t> input_bytes, std::uint32_t width, std::uint32_t height,
      std::uint32_t push_bytes);
  ~compute_pass();
  compute_pass(const compute_pass&) = delete;
  compute_pass& operator=(const compute_pass&) = delete;

  // Host pointer of input buffer i; write it, then call run().
  void* input(std::size_t i) const { return inputs_[i].mapped(); }
  // Dispatches over the image and waits for it (bounded by the context's fence timeout).
  vknoise::status run(const void* push_constants);
  // The image of the last run: width * height RGBA8 pixels, row 0 first.
  std::span<const std::uint32_t> pixels() const;
  // Device time of the last dispatch in nanoseconds (0 where timestamps are unsupported).
  double kernel_ns() const { return kernel_ns_; }

 private:
  explicit compute_pass(const vknoise::context& ctx) : ctx_(ctx) {}
  const vknoise::context& ctx_;
  std::uint32_t width_ = 0, height_ = 0, push_bytes_ = 0;
  std::vector<vknoise::vk::device_buffer> inputs_;
  vknoise::vk::device_buffer image_;
  std::unique_ptr<vknoise::vk::submission> submission_;
  VkShaderModule module_ = VK_NULL_HANDLE;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
  VkDescriptorPool pool_ = VK_NULL_HANDLE;
  VkDescriptorSet set_ = VK_NULL_HANDLE;
  double kernel_ns_ = 0;
};

}  // namespace demo
