#include "loader_device.hpp"

#include <mutex>
#include <utility>

namespace vknoise::test {

struct loader_device::message_list {
  std::mutex mutex;
  std::vector<std::string> messages;
};

namespace {

VKAPI_ATTR VkBool32 VKAPI_CALL collect(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                       VkDebugUtilsMessageTypeFlagsEXT,
                                       const VkDebugUtilsMessengerCallbackDataEXT* data,
                                       void* user) {
  auto* list = static_cast<loader_device::message_list*>(user);
  std::lock_guard lock(list->mutex);
  list->messages.emplace_back(data->pMessage ? data->pMessage : "(a message without text)");
  return VK_FALSE;
}

}  // namespace

loader_device::loader_device() : messages_(std::make_unique<message_list>()) {}

std::unique_ptr<loader_device> loader_device::create(std::string* why) {
  std::unique_ptr<loader_device> gpu(new loader_device());

  VkDebugUtilsMessengerCreateInfoEXT messenger{
      VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messenger.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                          VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                          VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messenger.pfnUserCallback = collect;
  messenger.pUserData = gpu->messages_.get();
  const VkValidationFeatureEnableEXT synchronization =
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = &synchronization;
  messenger.pNext = &features;

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "vknoise texture test";
  app.apiVersion = VK_API_VERSION_1_1;
  const char* layer = "VK_LAYER_KHRONOS_validation";
  const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pNext = &messenger;  // reports instance creation and destruction too
  info.pApplicationInfo = &app;
  info.enabledLayerCount = 1;
  info.ppEnabledLayerNames = &layer;
  info.enabledExtensionCount = 1;
  info.ppEnabledExtensionNames = &extension;
  if (const VkResult made = vkCreateInstance(&info, nullptr, &gpu->instance_); made != VK_SUCCESS) {
    *why = "vkCreateInstance with VK_LAYER_KHRONOS_validation failed (" + std::to_string(made) +
           "; Debian: vulkan-validationlayers)";
    return nullptr;
  }
  const auto create_messenger = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(gpu->instance_, "vkCreateDebugUtilsMessengerEXT"));
  messenger.pNext = nullptr;
  if (create_messenger == nullptr ||
      create_messenger(gpu->instance_, &messenger, nullptr, &gpu->messenger_) != VK_SUCCESS) {
    *why = "vkCreateDebugUtilsMessengerEXT failed";
    return nullptr;
  }

  std::uint32_t count = 0;
  if (vkEnumeratePhysicalDevices(gpu->instance_, &count, nullptr) != VK_SUCCESS) {
    *why = "vkEnumeratePhysicalDevices failed";
    return nullptr;
  }
  std::vector<VkPhysicalDevice> devices(count);
  if (vkEnumeratePhysicalDevices(gpu->instance_, &count, devices.data()) != VK_SUCCESS) {
    *why = "vkEnumeratePhysicalDevices failed";
    return nullptr;
  }
  for (VkPhysicalDevice candidate : devices) {
    std::uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(candidate, &families, nullptr);
    std::vector<VkQueueFamilyProperties> properties(families);
    vkGetPhysicalDeviceQueueFamilyProperties(candidate, &families, properties.data());
    for (std::uint32_t f = 0; f < families && !gpu->physical_; ++f) {
      if (properties[f].queueFlags & VK_QUEUE_COMPUTE_BIT) {
        gpu->physical_ = candidate;
        gpu->family_ = f;
      }
    }
    if (gpu->physical_) break;
  }
  if (!gpu->physical_) {
    *why = "no Vulkan device with a compute queue";
    return nullptr;
  }

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue.queueFamilyIndex = gpu->family_;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  VkDeviceCreateInfo device_info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  device_info.queueCreateInfoCount = 1;
  device_info.pQueueCreateInfos = &queue;
  if (vkCreateDevice(gpu->physical_, &device_info, nullptr, &gpu->device_) != VK_SUCCESS) {
    *why = "vkCreateDevice failed";
    return nullptr;
  }
  vkGetDeviceQueue(gpu->device_, gpu->family_, 0, &gpu->queue_);
  return gpu;
}

bool loader_device::destroy() {
  if (device_) {
    // An empty batch's fence signals once everything submitted before it is done.
    VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence = VK_NULL_HANDLE;
    if (vkCreateFence(device_, &fence_info, nullptr, &fence) != VK_SUCCESS) return false;
    const bool idle = vkQueueSubmit(queue_, 0, nullptr, fence) == VK_SUCCESS &&
                      vkWaitForFences(device_, 1, &fence, VK_TRUE, 10'000'000'000ull) == VK_SUCCESS;
    if (!idle) return false;  // the fence too may still be in use
    vkDestroyFence(device_, fence, nullptr);
    vkDestroyDevice(device_, nullptr);
    device_ = VK_NULL_HANDLE;
  }
  if (messenger_) {
    const auto destroy_messenger = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroy_messenger) destroy_messenger(instance_, messenger_, nullptr);
    messenger_ = VK_NULL_HANDLE;
  }
  if (instance_) vkDestroyInstance(instance_, nullptr);
  instance_ = VK_NULL_HANDLE;
  return true;
}

loader_device::~loader_device() {
  destroy();
}

std::vector<std::string> loader_device::take_messages() {
  std::lock_guard lock(messages_->mutex);
  return std::exchange(messages_->messages, {});
}

void loader_device_test::SetUp() {
  std::string why;
  gpu_ = loader_device::create(&why);
  ASSERT_TRUE(gpu_) << why;
}

void loader_device_test::TearDown() {
  if (!gpu_) return;
  EXPECT_TRUE(gpu_->destroy()) << "the queue did not go idle within 10 s";
  for (const std::string& message : gpu_->take_messages()) {
    ADD_FAILURE() << "validation: " << message;
  }
}

}  // namespace vknoise::test
