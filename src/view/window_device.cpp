#include "view/window_device.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdlib>
#include <cstring>

namespace vknoise::view {
namespace {

constexpr const char* validation_layer = "VK_LAYER_KHRONOS_validation";
// The recorder needs 1.2 (timeline semaphores); the lent device states it to vknoise.
constexpr std::uint32_t instance_api_version = VK_API_VERSION_1_2;

VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                          VkDebugUtilsMessageTypeFlagsEXT,
                                          const VkDebugUtilsMessengerCallbackDataEXT* data,
                                          void* user) {
  auto* sink = static_cast<window_device::message_sink*>(user);
  std::lock_guard lock(sink->mutex);
  sink->messages.emplace_back(data && data->pMessage ? data->pMessage : "(no text)");
  return VK_FALSE;
}

VkDebugUtilsMessengerCreateInfoEXT messenger_info(window_device::message_sink* sink) {
  VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = on_message;
  info.pUserData = sink;
  return info;
}

bool has_display() {
  const char* x = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x && *x) || (wayland && *wayland);
}

}  // namespace

result<std::unique_ptr<window_device>> window_device::create(const device_options& options,
                                                             std::shared_ptr<message_sink> sink) {
  std::unique_ptr<window_device> d(new window_device);
  d->sink_ = std::move(sink);
  if (!options.headless) {
    if (auto s = d->create_window(options); !s) return s.error_value();
  }
  if (auto s = d->create_instance(options); !s) return s.error_value();
  if (d->window_) {
    if (auto s = vk_ok(glfwCreateWindowSurface(d->instance_, d->window_, nullptr, &d->surface_),
                       "glfwCreateWindowSurface");
        !s) {
      return s.error_value();
    }
  }
  if (auto s = d->choose_device(options); !s) return s.error_value();
  if (auto s = d->create_device(); !s) return s.error_value();
  return d;
}

status window_device::create_window(const device_options& options) {
  if (!has_display()) {
    return make_error(errc::no_device,
                      "no display: DISPLAY and WAYLAND_DISPLAY are unset (run it under a desktop "
                      "or xvfb-run, or use --headless with --frames)");
  }
  if (!glfwInit()) {
    const char* why = nullptr;
    glfwGetError(&why);
    return make_error(errc::no_device, std::string("no display: GLFW cannot open it (") +
                                           (why ? why : "no reason given") + ")");
  }
  glfw_ = true;
  if (!glfwVulkanSupported()) {
    return make_error(errc::no_device, "GLFW finds no Vulkan loader (libvulkan.so.1)");
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  window_ = glfwCreateWindow(static_cast<int>(options.width), static_cast<int>(options.height),
                             "vknoise view", nullptr, nullptr);
  if (!window_) {
    const char* why = nullptr;
    glfwGetError(&why);
    return make_error(errc::no_device,
                      std::string("glfwCreateWindow failed: ") + (why ? why : "no reason given"));
  }
  return {};
}

status window_device::create_instance(const device_options& options) {
  std::vector<const char*> extensions;
  if (window_) {
    std::uint32_t count = 0;
    const char** required = glfwGetRequiredInstanceExtensions(&count);
    extensions.assign(required, required + count);
  }
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "vknoise view";
  app.apiVersion = instance_api_version;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  // Synchronization validation on top of the layer's default checks.
  const VkValidationFeatureEnableEXT enables[] = {
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = enables;
  // Chained into the instance's creation, the messenger also hears vkCreateInstance and
  // vkDestroyInstance (objects left alive at teardown).
  VkDebugUtilsMessengerCreateInfoEXT messenger = messenger_info(sink_.get());
  if (options.validate) {
    std::uint32_t count = 0;
    vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    bool found = false;
    for (const auto& l : layers) found |= std::strcmp(l.layerName, validation_layer) == 0;
    if (!found) {
      return make_error(errc::no_device,
                        "--validate: VK_LAYER_KHRONOS_validation is not installed "
                        "(vulkan-validationlayers)");
    }
    info.enabledLayerCount = 1;
    info.ppEnabledLayerNames = &validation_layer;
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    messenger.pNext = &features;
    info.pNext = &messenger;
  }
  info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  VkResult made = vkCreateInstance(&info, nullptr, &instance_);
  if (made == VK_ERROR_INCOMPATIBLE_DRIVER) {
    return make_error(errc::no_device,
                      "no Vulkan driver (vkCreateInstance: "
                      "VK_ERROR_INCOMPATIBLE_DRIVER)");
  }
  if (auto s = vk_ok(made, "vkCreateInstance"); !s) return s;
  if (options.validate) {
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance_, "vkCreateDebugUtilsMessengerEXT"));
    VkDebugUtilsMessengerCreateInfoEXT own = messenger_info(sink_.get());
    if (!create) return make_error(errc::no_device, "vkCreateDebugUtilsMessengerEXT is missing");
    if (auto s =
            vk_ok(create(instance_, &own, nullptr, &messenger_), "vkCreateDebugUtilsMessengerEXT");
        !s) {
      return s;
    }
  }
  return {};
}

status window_device::choose_device(const device_options& options) {
  std::uint32_t count = 0;
  if (auto s = vk_ok(vkEnumeratePhysicalDevices(instance_, &count, nullptr),
                     "vkEnumeratePhysicalDevices");
      !s) {
    return s;
  }
  std::vector<VkPhysicalDevice> devices(count);
  if (auto s = vk_ok(vkEnumeratePhysicalDevices(instance_, &count, devices.data()),
                     "vkEnumeratePhysicalDevices");
      !s) {
    return s;
  }
  const std::optional<std::uint32_t> wanted = options.device_index;
  if (wanted && *wanted >= count) {
    return make_error(errc::no_device, "device " + std::to_string(*wanted) + " does not exist (" +
                                           std::to_string(count) + " devices)");
  }
  std::string why = "no Vulkan device";
  int best_rank = 99;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (wanted && i != *wanted) continue;
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(devices[i], &p);
    if (p.apiVersion < VK_API_VERSION_1_2) {
      why = std::string(p.deviceName) + " has no Vulkan 1.2";
      continue;
    }
    VkPhysicalDeviceVulkan12Features v12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    f2.pNext = &v12;
    vkGetPhysicalDeviceFeatures2(devices[i], &f2);
    if (!v12.timelineSemaphore) {
      why = std::string(p.deviceName) + " has no timeline semaphores";
      continue;
    }
    std::uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(devices[i], &families, nullptr);
    std::vector<VkQueueFamilyProperties> props(families);
    vkGetPhysicalDeviceQueueFamilyProperties(devices[i], &families, props.data());
    const VkQueueFlags needed = VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT;
    for (std::uint32_t q = 0; q < families; ++q) {
      if ((props[q].queueFlags & needed) != needed) continue;
      if (surface_) {
        VkBool32 presents = VK_FALSE;
        vkGetPhysicalDeviceSurfaceSupportKHR(devices[i], q, surface_, &presents);
        if (!presents) continue;
      }
      if (device_type_preference(p.deviceType) < best_rank) {
        best_rank = device_type_preference(p.deviceType);
        physical_ = devices[i];
        family_ = q;
        properties_ = p;
        timestamp_bits_ = props[q].timestampValidBits;
        features_.timeline_semaphore = true;
        features_.storage_image_extended_formats = f2.features.shaderStorageImageExtendedFormats;
        features_.storage_image_write_without_format =
            f2.features.shaderStorageImageWriteWithoutFormat;
      }
      break;
    }
    if (!physical_)
      why = std::string(p.deviceName) + " has no queue that computes and draws" +
            (surface_ ? " and presents to the window" : "");
  }
  if (!physical_) return make_error(errc::no_device, why);
  return {};
}

status window_device::create_device() {
  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue.queueFamilyIndex = family_;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  VkPhysicalDeviceVulkan12Features v12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  v12.timelineSemaphore = VK_TRUE;  // the recorder's frames
  VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  f2.pNext = &v12;
  f2.features.shaderStorageImageExtendedFormats = features_.storage_image_extended_formats;
  f2.features.shaderStorageImageWriteWithoutFormat = features_.storage_image_write_without_format;
  const char* swapchain = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = &f2;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queue;
  info.enabledExtensionCount = surface_ ? 1 : 0;
  info.ppEnabledExtensionNames = &swapchain;
  if (auto s = vk_ok(vkCreateDevice(physical_, &info, nullptr, &device_), "vkCreateDevice"); !s) {
    return s;
  }
  vkGetDeviceQueue(device_, family_, 0, &queue_);
  return {};
}

borrowed_device window_device::lend() const {
  borrowed_device b;
  b.get_instance_proc_addr = vkGetInstanceProcAddr;
  b.instance = instance_;
  b.instance_api_version = instance_api_version;
  b.physical_device = physical_;
  b.device = device_;
  b.queue_family_index = family_;
  b.queue = queue_;
  b.enabled = features_;
  return b;
}

window_device::~window_device() {
  if (abandoned_) return;
  if (device_) vkDestroyDevice(device_, nullptr);
  if (surface_) vkDestroySurfaceKHR(instance_, surface_, nullptr);
  if (messenger_) {
    auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroy) destroy(instance_, messenger_, nullptr);
  }
  if (instance_) vkDestroyInstance(instance_, nullptr);
  if (window_) glfwDestroyWindow(window_);
  if (glfw_) glfwTerminate();
}

}  // namespace vknoise::view
