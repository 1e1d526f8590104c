#include "host_device.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace vknoise::host {

struct host_device::state {
  mutable std::mutex mutex;
  std::vector<std::string> messages;
};

namespace {

VKAPI_ATTR VkBool32 VKAPI_CALL collect(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                       VkDebugUtilsMessageTypeFlagsEXT,
                                       const VkDebugUtilsMessengerCallbackDataEXT* data,
                                       void* user) {
  auto* s = static_cast<host_device::state*>(user);
  std::lock_guard lock(s->mutex);
  s->messages.emplace_back(data->pMessage ? data->pMessage : "");
  return VK_FALSE;
}

std::uint32_t memory_type(const VkPhysicalDeviceMemoryProperties& memory, std::uint32_t bits,
                          VkMemoryPropertyFlags wanted) {
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if ((bits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & wanted) == wanted) return i;
  }
  return UINT32_MAX;
}

}  // namespace

std::unique_ptr<host_device> host_device::create(const host_options& options, std::string* why) {
  const bool validation = options.validation;
  if (volkInitialize() != VK_SUCCESS) {
    *why = "no Vulkan loader";
    return nullptr;
  }
  std::unique_ptr<host_device> host(new host_device());
  host->state_ = std::make_unique<state>();

  VkDebugUtilsMessengerCreateInfoEXT messenger{
      VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messenger.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                          VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                          VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messenger.pfnUserCallback = collect;
  messenger.pUserData = host->state_.get();
  const VkValidationFeatureEnableEXT checks[] = {
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT,
      VK_VALIDATION_FEATURE_ENABLE_BEST_PRACTICES_EXT};
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = options.best_practices ? 2 : 1;
  features.pEnabledValidationFeatures = checks;
  messenger.pNext = &features;

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "vknoise host test";
  app.apiVersion = options.api_version;
  host->api_version_ = options.api_version;
  const char* layer = "VK_LAYER_KHRONOS_validation";
  const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  if (validation) {
    info.pNext = &messenger;  // also validates instance creation and destruction
    info.enabledLayerCount = 1;
    info.ppEnabledLayerNames = &layer;
    info.enabledExtensionCount = 1;
    info.ppEnabledExtensionNames = &extension;
  }
  if (vkCreateInstance(&info, nullptr, &host->instance_) != VK_SUCCESS) {
    *why = validation ? "vkCreateInstance with VK_LAYER_KHRONOS_validation failed (Debian: "
                        "vulkan-validationlayers)"
                      : "vkCreateInstance failed";
    return nullptr;
  }
  // Device-level calls too go through the loader's entry points (no volkLoadDevice), which
  // dispatch on the handle: several host_devices may then live in one process (the tests' second
  // host), each called correctly through the one set of global function pointers.
  volkLoadInstance(host->instance_);
  messenger.pNext = nullptr;
  if (validation && vkCreateDebugUtilsMessengerEXT(host->instance_, &messenger, nullptr,
                                                   &host->messenger_) != VK_SUCCESS) {
    *why = "vkCreateDebugUtilsMessengerEXT failed";
    return nullptr;
  }

  std::uint32_t count = 0;
  vkEnumeratePhysicalDevices(host->instance_, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(host->instance_, &count, devices.data());
  for (VkPhysicalDevice candidate : devices) {
    std::uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(candidate, &families, nullptr);
    std::vector<VkQueueFamilyProperties> props(families);
    vkGetPhysicalDeviceQueueFamilyProperties(candidate, &families, props.data());
    for (std::uint32_t f = 0; f < families; ++f) {
      if (props[f].queueFlags & VK_QUEUE_COMPUTE_BIT) {
        host->physical_device_ = candidate;
        host->family_ = f;
        break;
      }
    }
    if (host->physical_device_) break;
  }
  if (!host->physical_device_) {
    *why = "no Vulkan device with a compute queue";
    return nullptr;
  }
  vkGetPhysicalDeviceMemoryProperties(host->physical_device_, &host->memory_);
  vkGetPhysicalDeviceProperties(host->physical_device_, &host->properties_);

  // A 1.2 instance asks for and enables the 1.2 features through VkPhysicalDeviceFeatures2; an
  // older one has only VkPhysicalDeviceFeatures (vkGetPhysicalDeviceFeatures2 is core 1.1).
  const bool is_1_2 = options.api_version >= VK_API_VERSION_1_2;
  VkPhysicalDeviceVulkan12Features supported12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 supported{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  if (is_1_2) {
    supported.pNext = &supported12;
    vkGetPhysicalDeviceFeatures2(host->physical_device_, &supported);
  } else {
    vkGetPhysicalDeviceFeatures(host->physical_device_, &supported.features);
  }
  VkPhysicalDeviceVulkan12Features enabled12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  host->timeline_semaphore_ = options.timeline_semaphore && supported12.timelineSemaphore;
  enabled12.timelineSemaphore = host->timeline_semaphore_;
  VkPhysicalDeviceFeatures2 enabled{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  enabled.pNext = &enabled12;
  enabled.features.shaderStorageImageExtendedFormats =
      supported.features.shaderStorageImageExtendedFormats;
  host->extended_formats_ = supported.features.shaderStorageImageExtendedFormats == VK_TRUE;
  host->supports_write_without_format_ =
      supported.features.shaderStorageImageWriteWithoutFormat == VK_TRUE;
  host->write_without_format_ =
      options.write_without_format && host->supports_write_without_format_;
  enabled.features.shaderStorageImageWriteWithoutFormat = host->write_without_format_;
  if (options.shader_float64 && supported.features.shaderFloat64 != VK_TRUE) {
    *why = "the device lacks shaderFloat64";
    return nullptr;
  }
  enabled.features.shaderFloat64 = options.shader_float64 ? VK_TRUE : VK_FALSE;

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue.queueFamilyIndex = host->family_;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  VkDeviceCreateInfo device_info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  if (is_1_2) {
    device_info.pNext = &enabled;
  } else {
    device_info.pEnabledFeatures = &enabled.features;
  }
  device_info.queueCreateInfoCount = 1;
  device_info.pQueueCreateInfos = &queue;
  if (vkCreateDevice(host->physical_device_, &device_info, nullptr, &host->device_) != VK_SUCCESS) {
    *why = "vkCreateDevice failed";
    return nullptr;
  }
  vkGetDeviceQueue(host->device_, host->family_, 0, &host->queue_);
  VkCommandPoolCreateInfo pool{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  // No VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT: command buffers are freed, never reset.
  pool.queueFamilyIndex = host->family_;
  if (vkCreateCommandPool(host->device_, &pool, nullptr, &host->pool_) != VK_SUCCESS) {
    *why = "vkCreateCommandPool failed";
    return nullptr;
  }
  return host;
}

bool host_device::destroy_device() {
  if (!device_) return true;
  // An empty batch's fence signals once everything submitted before it is done.
  VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence = VK_NULL_HANDLE;
  if (vkCreateFence(device_, &fence_info, nullptr, &fence) != VK_SUCCESS) return false;
  if (vkQueueSubmit(queue_, 0, nullptr, fence) != VK_SUCCESS) {
    vkDestroyFence(device_, fence, nullptr);
    return false;
  }
  if (vkWaitForFences(device_, 1, &fence, VK_TRUE, 10'000'000'000ull) != VK_SUCCESS) return false;
  vkDestroyFence(device_, fence, nullptr);
  if (pool_) vkDestroyCommandPool(device_, pool_, nullptr);
  vkDestroyDevice(device_, nullptr);
  device_ = VK_NULL_HANDLE;
  pool_ = VK_NULL_HANDLE;
  return true;
}

host_device::~host_device() {
  // A device that did not go idle must keep its instance: both are left to the process's exit.
  if (!destroy_device()) return;
  if (messenger_) vkDestroyDebugUtilsMessengerEXT(instance_, messenger_, nullptr);
  if (instance_) vkDestroyInstance(instance_, nullptr);
}

borrowed_device host_device::lend() const {
  borrowed_device b;
  b.get_instance_proc_addr = vkGetInstanceProcAddr;
  b.instance = instance_;
  b.physical_device = physical_device_;
  b.device = device_;
  b.queue_family_index = family_;
  b.queue = queue_;
  b.enabled.timeline_semaphore = timeline_semaphore_;
  b.enabled.storage_image_extended_formats = extended_formats_;
  b.enabled.storage_image_write_without_format = write_without_format_;
  b.instance_api_version = api_version_;
  return b;
}

std::vector<std::string> host_device::messages() const {
  std::lock_guard lock(state_->mutex);
  return state_->messages;
}

std::vector<std::string> host_device::take_messages() {
  std::lock_guard lock(state_->mutex);
  return std::exchange(state_->messages, {});
}

host_device::buffer host_device::create_buffer(VkDeviceSize size, VkBufferUsageFlags usage) {
  buffer b;
  b.size = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (vkCreateBuffer(device_, &info, nullptr, &b.handle) != VK_SUCCESS) return {};
  VkMemoryRequirements needs;
  vkGetBufferMemoryRequirements(device_, b.handle, &needs);
  const VkMemoryPropertyFlags mappable =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  b.memory = allocate(needs, mappable, mappable);
  if (!b.memory || vkBindBufferMemory(device_, b.handle, b.memory, 0) != VK_SUCCESS ||
      vkMapMemory(device_, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped) != VK_SUCCESS) {
    destroy(b);
    return {};
  }
  return b;
}

VkDeviceMemory host_device::allocate(const VkMemoryRequirements& needs,
                                     VkMemoryPropertyFlags preferred,
                                     VkMemoryPropertyFlags required) {
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  // No allocation below the size the best-practices checks call small (they would report the
  // host's allocations, not vknoise's); a real host sub-allocates instead.
  alloc.allocationSize = std::max<VkDeviceSize>(needs.size, 256 << 10);
  alloc.memoryTypeIndex = memory_type(memory_, needs.memoryTypeBits, preferred);
  if (alloc.memoryTypeIndex == UINT32_MAX) {
    alloc.memoryTypeIndex = memory_type(memory_, needs.memoryTypeBits, required);
  }
  VkDeviceMemory memory = VK_NULL_HANDLE;
  if (alloc.memoryTypeIndex == UINT32_MAX ||
      vkAllocateMemory(device_, &alloc, nullptr, &memory) != VK_SUCCESS) {
    return VK_NULL_HANDLE;
  }
  return memory;
}

void host_device::destroy(buffer& b) {
  if (b.handle) vkDestroyBuffer(device_, b.handle, nullptr);
  if (b.memory) vkFreeMemory(device_, b.memory, nullptr);
  b = {};
}

void host_device::transfer_writes_to_host(VkCommandBuffer cmd, const buffer& b) {
  VkBufferMemoryBarrier to_host{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
  to_host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  to_host.srcQueueFamilyIndex = to_host.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  to_host.buffer = b.handle;
  to_host.size = VK_WHOLE_SIZE;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0,
                       nullptr, 1, &to_host, 0, nullptr);
}

host_device::image host_device::create_image(VkImageType type, VkFormat format, VkExtent3D extent,
                                             std::uint32_t layers, VkImageUsageFlags usage) {
  image i;
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = type;
  info.format = format;
  info.extent = extent;
  info.mipLevels = 1;
  info.arrayLayers = layers;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  if (vkCreateImage(device_, &info, nullptr, &i.handle) != VK_SUCCESS) return {};
  VkMemoryRequirements needs;
  vkGetImageMemoryRequirements(device_, i.handle, &needs);
  i.memory = allocate(needs, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
  if (!i.memory || vkBindImageMemory(device_, i.handle, i.memory, 0) != VK_SUCCESS) {
    destroy(i);
    return {};
  }
  return i;
}

void host_device::destroy(image& i) {
  if (i.handle) vkDestroyImage(device_, i.handle, nullptr);
  if (i.memory) vkFreeMemory(device_, i.memory, nullptr);
  i = {};
}

VkCommandBuffer host_device::begin() {
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = pool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  if (vkAllocateCommandBuffers(device_, &alloc, &cmd) != VK_SUCCESS) return VK_NULL_HANDLE;
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vkBeginCommandBuffer(cmd, &begin);
  return cmd;
}

bool host_device::submit(VkCommandBuffer cmd, VkFence fence, VkSemaphore semaphore,
                         std::uint64_t value) {
  if (vkEndCommandBuffer(cmd) != VK_SUCCESS) return false;
  VkTimelineSemaphoreSubmitInfo values{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  values.signalSemaphoreValueCount = 1;
  values.pSignalSemaphoreValues = &value;
  VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  info.commandBufferCount = 1;
  info.pCommandBuffers = &cmd;
  if (semaphore) {
    info.pNext = &values;
    info.signalSemaphoreCount = 1;
    info.pSignalSemaphores = &semaphore;
  }
  return vkQueueSubmit(queue_, 1, &info, fence) == VK_SUCCESS;
}

bool host_device::submit_and_wait(VkCommandBuffer cmd, VkSemaphore semaphore, std::uint64_t value) {
  VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence = VK_NULL_HANDLE;
  bool ok = vkCreateFence(device_, &fence_info, nullptr, &fence) == VK_SUCCESS;
  ok = ok && submit(cmd, fence, semaphore, value);
  ok = ok && vkWaitForFences(device_, 1, &fence, VK_TRUE, 10'000'000'000ull) == VK_SUCCESS;
  if (fence) vkDestroyFence(device_, fence, nullptr);
  free(cmd);
  return ok;
}

void host_device::free(VkCommandBuffer cmd) {
  vkFreeCommandBuffers(device_, pool_, 1, &cmd);
}

}  // namespace vknoise::host
