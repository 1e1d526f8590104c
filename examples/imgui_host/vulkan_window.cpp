#include "vulkan_window.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

std::atomic<int> messages{0};

VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                          VkDebugUtilsMessageTypeFlagsEXT,
                                          const VkDebugUtilsMessengerCallbackDataEXT* data, void*) {
  ++messages;
  std::fprintf(stderr, "imgui_host: validation: %s\n", data->pMessage ? data->pMessage : "");
  return VK_FALSE;
}

VkDebugUtilsMessengerCreateInfoEXT messenger_info() {
  VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = on_message;
  return info;
}

}  // namespace

void check_vk(VkResult result, const char* call) {
  if (result == VK_SUCCESS) return;
  std::fprintf(stderr, "imgui_host: %s failed: VkResult %d\n", call, static_cast<int>(result));
  std::exit(1);
}

int validation_message_count() {
  return messages.load();
}

void setup_vulkan(vulkan_window& vk, const char** glfw_extensions, std::uint32_t extension_count,
                  bool validate) {
  std::vector<const char*> extensions(glfw_extensions, glfw_extensions + extension_count);
  // vknoise's recorder needs a Vulkan 1.2 instance (timeline semaphores); Dear ImGui's example
  // gives no VkApplicationInfo, which means 1.0.
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "vknoise imgui_host";
  app.apiVersion = VK_API_VERSION_1_2;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  const char* layer = "VK_LAYER_KHRONOS_validation";
  const VkValidationFeatureEnableEXT sync =
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = &sync;
  VkDebugUtilsMessengerCreateInfoEXT messenger = messenger_info();
  if (validate) {
    info.enabledLayerCount = 1;
    info.ppEnabledLayerNames = &layer;
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    messenger.pNext = &features;
    info.pNext = &messenger;  // also hears vkCreateInstance and vkDestroyInstance
  }
  info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  check_vk(vkCreateInstance(&info, nullptr, &vk.instance), "vkCreateInstance");
  if (validate) {
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(vk.instance, "vkCreateDebugUtilsMessengerEXT"));
    messenger.pNext = nullptr;
    check_vk(create ? create(vk.instance, &messenger, nullptr, &vk.messenger)
                    : VK_ERROR_EXTENSION_NOT_PRESENT,
             "vkCreateDebugUtilsMessengerEXT");
  }

  // The first device with a queue family for graphics and compute (present support is checked
  // with the surface, as Dear ImGui's example does).
  std::uint32_t count = 0;
  check_vk(vkEnumeratePhysicalDevices(vk.instance, &count, nullptr), "vkEnumeratePhysicalDevices");
  std::vector<VkPhysicalDevice> devices(count);
  check_vk(vkEnumeratePhysicalDevices(vk.instance, &count, devices.data()),
           "vkEnumeratePhysicalDevices");
  for (VkPhysicalDevice candidate : devices) {
    std::uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(candidate, &families, nullptr);
    std::vector<VkQueueFamilyProperties> props(families);
    vkGetPhysicalDeviceQueueFamilyProperties(candidate, &families, props.data());
    for (std::uint32_t f = 0; f < families && vk.queue_family == UINT32_MAX; ++f) {
      const VkQueueFlags wanted = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
      if ((props[f].queueFlags & wanted) == wanted) vk.queue_family = f;
    }
    if (vk.queue_family != UINT32_MAX) {
      vk.physical_device = candidate;
      break;
    }
  }
  if (!vk.physical_device) {
    std::fprintf(stderr, "imgui_host: no Vulkan device with a graphics and compute queue\n");
    std::exit(1);
  }

  // The features vknoise uses: timelineSemaphore (required by the recorder), and
  // shaderStorageImageExtendedFormats where the device has it.
  VkPhysicalDeviceVulkan12Features supported12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 supported{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  supported.pNext = &supported12;
  vkGetPhysicalDeviceFeatures2(vk.physical_device, &supported);
  if (!supported12.timelineSemaphore) {
    std::fprintf(stderr, "imgui_host: the device has no timeline semaphores (Vulkan 1.2)\n");
    std::exit(1);
  }
  VkPhysicalDeviceVulkan12Features enabled12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  enabled12.timelineSemaphore = VK_TRUE;
  VkPhysicalDeviceFeatures2 enabled{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  enabled.pNext = &enabled12;
  enabled.features.shaderStorageImageExtendedFormats =
      supported.features.shaderStorageImageExtendedFormats;
  vk.storage_image_extended_formats = supported.features.shaderStorageImageExtendedFormats;

  const char* swapchain = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue.queueFamilyIndex = vk.queue_family;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  VkDeviceCreateInfo device{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  device.pNext = &enabled;
  device.queueCreateInfoCount = 1;
  device.pQueueCreateInfos = &queue;
  device.enabledExtensionCount = 1;
  device.ppEnabledExtensionNames = &swapchain;
  check_vk(vkCreateDevice(vk.physical_device, &device, nullptr, &vk.device), "vkCreateDevice");
  vkGetDeviceQueue(vk.device, vk.queue_family, 0, &vk.queue);

  // ImGui's font texture set, and the program's one noise texture set.
  VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2}};
  VkDescriptorPoolCreateInfo pool{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  pool.maxSets = 2;
  pool.poolSizeCount = 1;
  pool.pPoolSizes = sizes;
  check_vk(vkCreateDescriptorPool(vk.device, &pool, nullptr, &vk.imgui_pool),
           "vkCreateDescriptorPool");
}

void setup_vulkan_window(vulkan_window& vk, VkSurfaceKHR surface, int width, int height) {
  ImGui_ImplVulkanH_Window& wd = vk.window;
  wd.Surface = surface;
  VkBool32 present = VK_FALSE;
  check_vk(
      vkGetPhysicalDeviceSurfaceSupportKHR(vk.physical_device, vk.queue_family, surface, &present),
      "vkGetPhysicalDeviceSurfaceSupportKHR");
  if (!present) {
    std::fprintf(stderr, "imgui_host: the queue family cannot present to the window\n");
    std::exit(1);
  }
  const VkFormat formats[] = {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM};
  wd.SurfaceFormat = ImGui_ImplVulkanH_SelectSurfaceFormat(vk.physical_device, surface, formats, 2,
                                                           VK_COLORSPACE_SRGB_NONLINEAR_KHR);
  const VkPresentModeKHR modes[] = {VK_PRESENT_MODE_FIFO_KHR};
  wd.PresentMode = ImGui_ImplVulkanH_SelectPresentMode(vk.physical_device, surface, modes, 1);
  ImGui_ImplVulkanH_CreateOrResizeWindow(vk.instance, vk.physical_device, vk.device, &wd,
                                         vk.queue_family, nullptr, width, height,
                                         vk.min_image_count);
}

void cleanup_vulkan_window(vulkan_window& vk) {
  ImGui_ImplVulkanH_DestroyWindow(vk.instance, vk.device, &vk.window, nullptr);
}

void cleanup_vulkan(vulkan_window& vk) {
  vkDestroyDescriptorPool(vk.device, vk.imgui_pool, nullptr);
  vkDestroyDevice(vk.device, nullptr);
  if (vk.messenger) {
    auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(vk.instance, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroy) destroy(vk.instance, vk.messenger, nullptr);
  }
  vkDestroyInstance(vk.instance, nullptr);
}
