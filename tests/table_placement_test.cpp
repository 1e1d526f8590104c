// What table_placement::automatic chooses for each device type, with the type faked: the uniform
// buffer on CPU implementations, the storage buffer on every other device; explicit placements
// are kept as they are. (The GPU tests name both placements explicitly, so they run both kernel
// variants on any device.)
#include <gtest/gtest.h>

#include "vulkan/kernel_dispatch.hpp"

namespace vknoise {
namespace {

TEST(table_placement, AutomaticChoosesTheUniformBufferOnCpuDevicesOnly) {
  for (VkPhysicalDeviceType type :
       {VK_PHYSICAL_DEVICE_TYPE_OTHER, VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU,
        VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU,
        VK_PHYSICAL_DEVICE_TYPE_CPU}) {
    VkPhysicalDeviceProperties device{};
    device.deviceType = type;
    const bool cpu = type == VK_PHYSICAL_DEVICE_TYPE_CPU;
    EXPECT_EQ(vk::table_in_uniform_buffer(device, table_placement::automatic), cpu)
        << device_type_name(type);
    EXPECT_FALSE(vk::table_in_uniform_buffer(device, table_placement::storage_buffer))
        << device_type_name(type);
    EXPECT_TRUE(vk::table_in_uniform_buffer(device, table_placement::uniform_buffer))
        << device_type_name(type);
  }
}

}  // namespace
}  // namespace vknoise
