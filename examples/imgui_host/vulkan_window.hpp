// The program's own Vulkan, set up the way Dear ImGui's example_glfw_vulkan sets it up (an
// instance with GLFW's extensions, a device with one graphics queue, a descriptor pool for ImGui,
// a swapchain through ImGui_ImplVulkanH), plus what vknoise needs of a borrowed device
// (context.hpp): an instance of apiVersion 1.2, the timelineSemaphore feature, a queue family with
// compute. With `validate`, the validation layer with synchronization validation, whose messages
// are counted and printed.
#pragma once

#include <backends/imgui_impl_vulkan.h>

#include <cstdint>

struct vulkan_window {
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkPhysicalDevice physical_device = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  std::uint32_t queue_family = UINT32_MAX;
  VkQueue queue = VK_NULL_HANDLE;
  VkDescriptorPool imgui_pool = VK_NULL_HANDLE;
  ImGui_ImplVulkanH_Window window;
  int min_image_count = 2;
  bool rebuild_swapchain = false;
  bool storage_image_extended_formats = false;
};

// Exits the program with "imgui_host: <call> failed: <result>" unless `result` is VK_SUCCESS.
void check_vk(VkResult result, const char* call);
// Validation messages the layer reported so far.
int validation_message_count();

void setup_vulkan(vulkan_window& vk, const char** extensions, std::uint32_t extension_count,
                  bool validate);
void setup_vulkan_window(vulkan_window& vk, VkSurfaceKHR surface, int width, int height);
void cleanup_vulkan_window(vulkan_window& vk);
void cleanup_vulkan(vulkan_window& vk);
