// The recorder's memory block (src/vulkan/memory_block.hpp) on a borrowed device: ranges aligned
// as the buffers and descriptors need, never overlapping, given back and merged, and buffers bound
// in it under the layer's best-practices checks (any message fails, as in the recorder tests).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "borrowed_device_fixture.hpp"
#include "vulkan/device_buffer.hpp"
#include "vulkan/memory_block.hpp"

namespace vknoise {
namespace {

class memory_block_test : public best_practices_device_test {
 protected:
  void SetUp() override {
    borrow(20'000'000'000ull);
    ASSERT_TRUE(ctx_);
    auto made = vk::memory_block::create(*ctx_, 256 << 10);
    ASSERT_TRUE(made.ok()) << made.message();
    block_ = std::move(made.value());
  }
  void TearDown() override {
    block_.reset();
    borrowed_device_test::TearDown();
  }
  VkMemoryRequirements needs(VkDeviceSize size, VkDeviceSize alignment) const {
    return {size, alignment, ~0u};
  }
  std::unique_ptr<vk::memory_block> block_;
};

TEST_F(memory_block_test, RangesAreAlignedAndDisjointAndMergeWhenGivenBack) {
  const VkPhysicalDeviceLimits& limits = ctx_->properties().limits;
  const VkDeviceSize floor = std::max({VkDeviceSize{16}, limits.minStorageBufferOffsetAlignment,
                                       limits.minUniformBufferOffsetAlignment});
  struct taken {
    VkDeviceSize offset;
    VkMemoryRequirements needs;
  };
  std::vector<taken> ranges;
  for (VkDeviceSize alignment : {1, 4, 256, 64, 4096, 16}) {
    const VkMemoryRequirements n = needs(1000 + alignment, alignment);
    auto offset = block_->take(n);
    ASSERT_TRUE(offset.has_value());
    EXPECT_EQ(*offset % std::max(alignment, floor), 0u);
    ranges.push_back({*offset, n});
  }
  std::sort(ranges.begin(), ranges.end(),
            [](const taken& a, const taken& b) { return a.offset < b.offset; });
  for (std::size_t i = 1; i < ranges.size(); ++i) {
    EXPECT_LE(ranges[i - 1].offset + ranges[i - 1].needs.size, ranges[i].offset);
  }
  EXPECT_FALSE(block_->take(needs(block_->capacity(), 1)).has_value());  // no room left for it
  for (const taken& t : ranges) block_->give_back(t.offset, t.needs);
  // Everything merged back into one range: the whole block can be taken at once.
  auto whole = block_->take(needs(block_->capacity(), 1));
  ASSERT_TRUE(whole.has_value());
  EXPECT_EQ(*whole, 0u);
  EXPECT_FALSE(block_->take(needs(16, 1)).has_value());
  block_->give_back(*whole, needs(block_->capacity(), 1));
}

// Upload buffers share the block's one allocation; one larger than the block gets its own. The
// host reads nothing back, so this checks the binding and mapping, and that the layer (with its
// best-practices checks) reports nothing about them.
TEST_F(memory_block_test, BuffersTakeRangesOfTheBlockAndLargerOnesTheirOwn) {
  std::vector<vk::device_buffer> buffers;
  for (int i = 0; i < 8; ++i) {
    auto b = vk::device_buffer::create(*ctx_, 4096 + 512 * i, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                       vk::memory_use::upload, block_.get());
    ASSERT_TRUE(b.ok()) << b.message();
    EXPECT_TRUE(b->in_block());
    ASSERT_NE(b->mapped(), nullptr);
    static_cast<std::uint8_t*>(b->mapped())[0] = static_cast<std::uint8_t>(i);
    EXPECT_TRUE(b->flush().ok());
    buffers.push_back(std::move(b.value()));
  }
  for (std::size_t i = 1; i < buffers.size(); ++i) {
    EXPECT_NE(buffers[i].mapped(), buffers[i - 1].mapped());
  }
  auto large = vk::device_buffer::create(*ctx_, 1 << 20, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                         vk::memory_use::upload, block_.get());
  ASSERT_TRUE(large.ok()) << large.message();
  EXPECT_FALSE(large->in_block());
}

}  // namespace
}  // namespace vknoise
