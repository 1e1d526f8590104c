// --backend auto's decision (src/cli/auto_backend.hpp) for every kind of device list, without a
// device: discrete and integrated GPUs take the GPU; a CPU implementation, a virtual GPU, an
// unsuitable device, no suitable device and no Vulkan at all take the fast CPU path.
#include <gtest/gtest.h>

#include "cli/auto_backend.hpp"

namespace vknoise::cli {
namespace {

device_info device(std::uint32_t index, const char* name, VkPhysicalDeviceType type, bool preferred,
                   bool suitable = true) {
  device_info info;
  info.index = index;
  info.name = name;
  info.type = type;
  info.api_version = VK_API_VERSION_1_3;
  info.suitable = suitable;
  info.preferred = preferred;
  info.reason = suitable ? "suitable" : "needs Vulkan 1.1";
  return info;
}

backend_choice choose(const std::vector<device_info>& devices,
                      std::optional<std::uint32_t> requested = std::nullopt) {
  auto choice = choose_auto_backend(devices, requested);
  EXPECT_TRUE(choice) << choice.message();
  return choice ? choice.value() : backend_choice{backend::automatic, ""};
}

TEST(AutoBackend, PreferredDiscreteGpuTakesTheGpu) {
  const auto choice = choose({device(0, "llvmpipe", VK_PHYSICAL_DEVICE_TYPE_CPU, false),
                              device(1, "RTX", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, true)});
  EXPECT_EQ(choice.chosen, backend::gpu);
  EXPECT_EQ(choice.reason, "the preferred Vulkan device, RTX, is a discrete GPU");
}

TEST(AutoBackend, PreferredIntegratedGpuTakesTheGpu) {
  const auto choice = choose({device(0, "Iris", VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU, true)});
  EXPECT_EQ(choice.chosen, backend::gpu);
  EXPECT_EQ(choice.reason, "the preferred Vulkan device, Iris, is an integrated GPU");
}

TEST(AutoBackend, CpuImplementationTakesTheFastCpuPath) {
  const auto choice = choose({device(0, "llvmpipe", VK_PHYSICAL_DEVICE_TYPE_CPU, true)});
  EXPECT_EQ(choice.chosen, backend::cpu);
  EXPECT_EQ(choice.reason,
            "the preferred Vulkan device, llvmpipe, is a CPU implementation; the fast CPU path is "
            "faster there");
}

TEST(AutoBackend, VirtualGpuTakesTheFastCpuPath) {
  const auto choice = choose({device(0, "virgl", VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU, true)});
  EXPECT_EQ(choice.chosen, backend::cpu);
  EXPECT_NE(choice.reason.find("virgl, is a virtual GPU device"), std::string::npos)
      << choice.reason;
}

TEST(AutoBackend, RequestedDeviceWinsOverThePreferredOne) {
  const std::vector<device_info> devices = {
      device(0, "RTX", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, true),
      device(1, "llvmpipe", VK_PHYSICAL_DEVICE_TYPE_CPU, false)};
  const auto cpu = choose(devices, 1u);
  EXPECT_EQ(cpu.chosen, backend::cpu);
  EXPECT_EQ(cpu.reason.rfind("Vulkan device 1, llvmpipe, is a CPU implementation", 0), 0u)
      << cpu.reason;
  EXPECT_EQ(choose(devices, 0u).chosen, backend::gpu);
}

TEST(AutoBackend, UnsuitableRequestedDeviceTakesTheFastCpuPath) {
  const auto choice =
      choose({device(0, "old", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, false, false)}, 0u);
  EXPECT_EQ(choice.chosen, backend::cpu);
  EXPECT_EQ(choice.reason, "Vulkan device 0, old, cannot run the GPU path: needs Vulkan 1.1");
}

TEST(AutoBackend, NoSuitableDeviceTakesTheFastCpuPath) {
  const auto choice =
      choose({device(0, "old", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, false, false)});
  EXPECT_EQ(choice.chosen, backend::cpu);
  EXPECT_EQ(choice.reason, "no Vulkan device has Vulkan 1.1 and a compute queue");
}

TEST(AutoBackend, NoVulkanTakesTheFastCpuPath) {
  const result<std::vector<device_info>> none = make_error(
      errc::no_device, "no Vulkan loader found (libvulkan.so.1); install one or use --backend cpu");
  auto choice = choose_auto_backend(none, std::nullopt);
  ASSERT_TRUE(choice);
  EXPECT_EQ(choice->chosen, backend::cpu);
  EXPECT_EQ(choice->reason, "Vulkan is not available: no Vulkan loader found (libvulkan.so.1)");
}

TEST(AutoBackend, RequestedDeviceThatDoesNotExistIsAnError) {
  auto choice = choose_auto_backend(
      std::vector<device_info>{device(0, "llvmpipe", VK_PHYSICAL_DEVICE_TYPE_CPU, true)}, 5u);
  ASSERT_FALSE(choice);
  EXPECT_EQ(choice.error_value().code, errc::no_device);
  EXPECT_EQ(choice.message(), "device 5 does not exist (1 found; see vknoise info)");
}

}  // namespace
}  // namespace vknoise::cli
