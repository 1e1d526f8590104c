#include <volk.h>

#include <cstring>
#include <functional>
#include <mutex>
#include <string>

#include "vulkan/bounded_wait.hpp"
#include "vulkan/context_impl.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/device_select.hpp"
#include "vulkan/fault_injection.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";
constexpr std::uint32_t kInstanceApiVersion = VK_API_VERSION_1_2;  // the highest vknoise uses

// "1.2" for VK_API_VERSION_1_2.
std::string api_version_name(std::uint32_t version) {
  return std::to_string(VK_API_VERSION_MAJOR(version)) + "." +
         std::to_string(VK_API_VERSION_MINOR(version));
}

VKAPI_ATTR VkBool32 VKAPI_CALL collect_message(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                               VkDebugUtilsMessageTypeFlagsEXT,
                                               const VkDebugUtilsMessengerCallbackDataEXT* data,
                                               void* user) {
  auto* sink = static_cast<message_sink*>(user);
  const char* message = data->pMessage ? data->pMessage : "(empty validation message)";
  try {  // nothing may unwind into the layer
    std::lock_guard lock(sink->mutex);
    sink->messages.emplace_back(message);
    if (sink->on_message) sink->on_message(message);
  } catch (...) {
  }
  return VK_FALSE;  // never abort the call that triggered it
}

VkDebugUtilsMessengerCreateInfoEXT messenger_info(message_sink* sink) {
  VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = collect_message;
  info.pUserData = sink;
  return info;
}

// volk opens the loader (libvulkan.so.1) at run time, so the CPU backend needs no Vulkan at all.
status load_loader() {
  if (volkInitialize() != VK_SUCCESS) {
    return make_error(errc::no_device,
                      "no Vulkan loader found (libvulkan.so.1); install one or use --backend cpu");
  }
  if (volkGetInstanceVersion() < VK_API_VERSION_1_1) {
    return make_error(errc::no_device, "the Vulkan loader is older than 1.1; use --backend cpu");
  }
  return {};
}

bool layer_available(const char* name) {
  std::uint32_t count = 0;
  if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS) return false;
  std::vector<VkLayerProperties> layers(count);
  if (vkEnumerateInstanceLayerProperties(&count, layers.data()) != VK_SUCCESS) return false;
  for (const VkLayerProperties& layer : layers) {
    if (std::strcmp(layer.layerName, name) == 0) return true;
  }
  return false;
}

struct instance_request {
  bool validation = false;
  bool synchronization_validation = false;
  message_sink* sink = nullptr;
};

result<VkInstance> create_instance(const instance_request& request) {
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "vknoise";
  app.pEngineName = "vknoise";
  app.apiVersion = kInstanceApiVersion;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;

  std::vector<const char*> layers, extensions;
  VkDebugUtilsMessengerCreateInfoEXT messenger = messenger_info(request.sink);
  VkValidationFeatureEnableEXT sync = VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  if (request.validation) {
    if (!layer_available(kValidationLayer)) {
      return make_error(errc::no_device, std::string(kValidationLayer) +
                                             " is not installed (Debian: vulkan-validationlayers)");
    }
    layers.push_back(kValidationLayer);
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    // Chained so that instance creation and destruction are validated too.
    info.pNext = &messenger;
    if (request.synchronization_validation) {
      features.enabledValidationFeatureCount = 1;
      features.pEnabledValidationFeatures = &sync;
      messenger.pNext = &features;
    }
  }
  info.enabledLayerCount = static_cast<std::uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();

  VkInstance instance = VK_NULL_HANDLE;
  VkResult r = vkCreateInstance(&info, nullptr, &instance);
  if (r == VK_ERROR_INCOMPATIBLE_DRIVER) {
    return make_error(errc::no_device, "no Vulkan driver found; use --backend cpu");
  }
  VKNOISE_TRY(vk::check(r, "vkCreateInstance"));
  volkLoadInstanceOnly(instance);
  return instance;
}

}  // namespace

result<std::vector<device_info>> list_devices() {
  VKNOISE_TRY(load_loader());
  auto instance = create_instance({});
  if (!instance) return instance.error_value();
  auto candidates = vk::describe_devices(*instance, kInstanceApiVersion);
  vkDestroyInstance(*instance, nullptr);
  if (!candidates) return candidates.error_value();
  std::vector<device_info> infos;
  for (const vk::device_candidate& c : *candidates) infos.push_back(c.info);
  return infos;
}

result<std::unique_ptr<context>> context::create(const context_options& options) {
  return context_impl::create(options);
}

result<std::unique_ptr<context>> context::borrow(const borrowed_device& handles,
                                                 const context_options& options) {
  return context_impl::borrow(handles, options);
}

context::~context() = default;

result<std::unique_ptr<context>> context_impl::create(const context_options& options) {
  auto requested = vk::requested_device(options);
  if (!requested) return requested.error_value();
  VKNOISE_TRY(load_loader());

  std::unique_ptr<context_impl> ctx(new context_impl());
  ctx->options_ = options;
  ctx->owns_ = true;
  ctx->instance_api_version_ = kInstanceApiVersion;
  ctx->sink_.on_message = options.on_validation_message;
  auto instance =
      create_instance({options.validation, options.synchronization_validation, &ctx->sink_});
  if (!instance) return instance.error_value();
  ctx->instance_ = *instance;
  if (options.validation) {
    // This instance's own entry points, not volk's globals: those follow the instance loaded
    // last (volkLoadInstanceOnly), which may be another context's or list_devices' instance
    // without VK_EXT_debug_utils, whose messenger functions are null.
    const auto create_messenger = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(ctx->instance_, "vkCreateDebugUtilsMessengerEXT"));
    ctx->destroy_messenger_ = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(ctx->instance_, "vkDestroyDebugUtilsMessengerEXT"));
    if (!create_messenger || !ctx->destroy_messenger_) {
      return make_error(errc::no_device, "VK_EXT_debug_utils is not available");
    }
    VkDebugUtilsMessengerCreateInfoEXT info = messenger_info(&ctx->sink_);
    VKNOISE_TRY(vk::check(create_messenger(ctx->instance_, &info, nullptr, &ctx->messenger_),
                          "vkCreateDebugUtilsMessengerEXT"));
  }

  auto candidates = vk::describe_devices(ctx->instance_, kInstanceApiVersion);
  if (!candidates) return candidates.error_value();
  auto chosen = vk::choose_device(*candidates, *requested);
  if (!chosen) return chosen.error_value();

  // Enable the optional features vknoise uses where the device has them.
  VkPhysicalDeviceVulkan12Features supported12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 supported{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  const bool is_1_2 = chosen->info.api_version >= VK_API_VERSION_1_2;
  if (is_1_2) supported.pNext = &supported12;
  vkGetPhysicalDeviceFeatures2(chosen->handle, &supported);
  VkPhysicalDeviceVulkan12Features enabled12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 enabled{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  if (is_1_2) enabled.pNext = &enabled12;
  enabled12.timelineSemaphore = supported12.timelineSemaphore;
  enabled.features.shaderStorageImageExtendedFormats =
      supported.features.shaderStorageImageExtendedFormats;
  enabled.features.shaderStorageImageWriteWithoutFormat =
      supported.features.shaderStorageImageWriteWithoutFormat;
  ctx->features_.timeline_semaphore = enabled12.timelineSemaphore == VK_TRUE;
  ctx->features_.storage_image_extended_formats =
      enabled.features.shaderStorageImageExtendedFormats == VK_TRUE;
  ctx->features_.storage_image_write_without_format =
      enabled.features.shaderStorageImageWriteWithoutFormat == VK_TRUE;

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue_info.queueFamilyIndex = chosen->compute_family;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;
  VkDeviceCreateInfo device_info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  device_info.queueCreateInfoCount = 1;
  device_info.pQueueCreateInfos = &queue_info;
  device_info.pNext = &enabled;
  VkDevice device = VK_NULL_HANDLE;
  VKNOISE_TRY(
      vk::check(vkCreateDevice(chosen->handle, &device_info, nullptr, &device), "vkCreateDevice"));
  ctx->device_ = device;  // owned from here on, so the destructor cleans up on later errors
  ctx->timestamp_valid_bits_ = chosen->timestamp_valid_bits;
  VKNOISE_TRY(ctx->load_device(chosen->handle, device, chosen->compute_family, VK_NULL_HANDLE));
  return std::unique_ptr<context>(std::move(ctx));
}

result<std::unique_ptr<context>> context_impl::borrow(const borrowed_device& handles,
                                                      const context_options& options) {
  if (!handles.get_instance_proc_addr || !handles.instance || !handles.physical_device ||
      !handles.device || !handles.queue) {
    return make_error(errc::invalid_argument,
                      "borrow() needs the loader entry point, instance, physical device, device "
                      "and queue");
  }
  if (handles.instance_api_version == 0) {
    return make_error(errc::invalid_argument,
                      "borrowed_device::instance_api_version is not set: give the "
                      "VkApplicationInfo.apiVersion the instance was created with "
                      "(VK_API_VERSION_1_0 without VkApplicationInfo)");
  }
  if (handles.instance_api_version < VK_API_VERSION_1_1) {
    return make_error(errc::invalid_argument,
                      "the instance was created with apiVersion " +
                          api_version_name(handles.instance_api_version) +
                          "; vknoise needs 1.1 for its kernels (SPIR-V 1.3) "
                          "(VkApplicationInfo.apiVersion)");
  }
  volkInitializeCustom(handles.get_instance_proc_addr);
  volkLoadInstanceOnly(handles.instance);
  std::unique_ptr<context_impl> ctx(new context_impl());
  ctx->options_ = options;
  ctx->owns_ = false;
  ctx->instance_ = handles.instance;
  ctx->instance_api_version_ = handles.instance_api_version;
  ctx->features_ = handles.enabled;
  VkPhysicalDeviceProperties properties{};
  vkGetPhysicalDeviceProperties(handles.physical_device, &properties);
  if (properties.apiVersion < VK_API_VERSION_1_1) {
    return make_error(errc::invalid_argument,
                      std::string("the device ") + properties.deviceName + " supports Vulkan " +
                          api_version_name(properties.apiVersion) +
                          "; vknoise needs 1.1 for its kernels (SPIR-V 1.3)");
  }

  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(handles.physical_device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(handles.physical_device, &count, families.data());
  if (handles.queue_family_index >= count ||
      !(families[handles.queue_family_index].queueFlags & VK_QUEUE_COMPUTE_BIT)) {
    return make_error(errc::invalid_argument, "the borrowed queue family " +
                                                  std::to_string(handles.queue_family_index) +
                                                  " does not support compute");
  }
  ctx->timestamp_valid_bits_ = families[handles.queue_family_index].timestampValidBits;
  VKNOISE_TRY(ctx->load_device(handles.physical_device, handles.device, handles.queue_family_index,
                               handles.queue));
  return std::unique_ptr<context>(std::move(ctx));
}

status context_impl::load_device(VkPhysicalDevice physical_device, VkDevice device,
                                 std::uint32_t family, VkQueue queue) {
  physical_device_ = physical_device;
  device_ = device;
  queue_family_ = family;
  vkGetPhysicalDeviceProperties(physical_device, &properties_);
  vkGetPhysicalDeviceMemoryProperties(physical_device, &memory_);
  float_controls_ = vk::float_controls_of(physical_device, instance_api_version_);
  table_ = std::make_unique<VolkDeviceTable>();
  volkLoadDeviceTable(table_.get(), device);
  if (queue == VK_NULL_HANDLE) table_->vkGetDeviceQueue(device, family, 0, &queue);
  queue_ = queue;
  return create_pipeline_cache();
}

bool context::keeps_signed_zeros() const {
  return internals(*this).kernel_float_controls().signed_zero_inf_nan_preserve;
}

bool context::keeps_denormals() const {
  return internals(*this).kernel_float_controls().denorm_preserve;
}

status context_impl::check_timeline_semaphores() const {
  const std::string why = " for timeline semaphores";
  if (instance_api_version_ < VK_API_VERSION_1_2) {
    return make_error(errc::no_device, "the instance was created with apiVersion " +
                                           api_version_name(instance_api_version_) +
                                           "; the recorder needs 1.2" + why +
                                           " (VkApplicationInfo.apiVersion)");
  }
  if (properties_.apiVersion < VK_API_VERSION_1_2) {
    return make_error(errc::no_device, std::string("the device ") + properties_.deviceName +
                                           " supports Vulkan " +
                                           api_version_name(properties_.apiVersion) +
                                           "; the recorder needs 1.2" + why);
  }
  if (!features_.timeline_semaphore) {
    return make_error(errc::no_device,
                      owns_ ? std::string("the device ") + properties_.deviceName +
                                  " lacks the timelineSemaphore feature, which the recorder needs"
                            : "the device was created without the timelineSemaphore feature "
                              "(VkPhysicalDeviceVulkan12Features::timelineSemaphore, stated in "
                              "borrowed_device::enabled.timeline_semaphore), which the recorder "
                              "needs");
  }
  // The loader hands out core 1.2 functions only to an instance created for 1.2: missing ones
  // mean the instance's real apiVersion is lower than the one stated.
  for (const auto& [name, function] :
       {std::pair<const char*, const void*>{
            "vkWaitSemaphores", reinterpret_cast<const void*>(table_->vkWaitSemaphores)},
        {"vkSignalSemaphore", reinterpret_cast<const void*>(table_->vkSignalSemaphore)},
        {"vkGetSemaphoreCounterValue",
         reinterpret_cast<const void*>(table_->vkGetSemaphoreCounterValue)}}) {
    if (function == nullptr) {
      return make_error(errc::no_device,
                        std::string("the loader gives no ") + name +
                            " for the device, although the instance's apiVersion is stated as " +
                            api_version_name(instance_api_version_) +
                            ": the instance was created with apiVersion 1.1 or lower; the "
                            "recorder needs 1.2" +
                            why + " (VkApplicationInfo.apiVersion)");
    }
  }
  return {};
}

void context_impl::defer_destruction(std::function<void()> destroy) const {
  std::lock_guard lock(deferred_mutex_);
  deferred_.push_back(std::move(destroy));
}

void context_impl::report_teardown_error(const error& e) const {
  if (options_.on_teardown_error) options_.on_teardown_error(e);
}

void context_internals::defer_destruction(const context& ctx, std::function<void()> destroy) {
  internals(ctx).defer_destruction(std::move(destroy));
}

void context_internals::report_teardown_error(const context& ctx, const error& e) {
  internals(ctx).report_teardown_error(e);
}

namespace {

// Waits until the work submitted to the queue so far has completed: an empty batch with a fence,
// which the queue signals once everything before it is done, waited for at most the fence
// timeout. After a failed wait the fence stays alive: the queue may still signal it.
status wait_for_queue(const context& ctx) {
  const VolkDeviceTable& vk = device_table(ctx);
  VkFenceCreateInfo info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence = VK_NULL_HANDLE;
  VKNOISE_TRY(vk::check(vk.vkCreateFence(ctx.device(), &info, nullptr, &fence), "vkCreateFence"));
  {
    std::lock_guard lock(ctx.queue_mutex());  // queues are externally synchronised
    const auto fault = vk::injected_fault("vkQueueSubmit");
    const VkResult r = fault ? *fault : vk.vkQueueSubmit(ctx.queue(), 0, nullptr, fence);
    if (r != VK_SUCCESS) {
      vk.vkDestroyFence(ctx.device(), fence, nullptr);  // never submitted, so never in use
      return vk::vk_error("vkQueueSubmit", r);
    }
  }
  VKNOISE_TRY(vk::wait_for_fence(ctx, fence));
  vk.vkDestroyFence(ctx.device(), fence, nullptr);
  return {};
}

}  // namespace

context_impl::~context_impl() {
  // Without a device table the device was never created: nothing of it can be in use.
  bool idle = true;
  if (table_ && (owns_ || !deferred_.empty())) {
    if (status waited = wait_for_queue(*this); !waited) {
      idle = false;
      report_teardown_error(waited.error_value());
    }
  }
  if (idle) {
    for (auto& destroy : deferred_) destroy();
  }
  deferred_.clear();  // after a failed wait, leaks what the GPU may still use
  // The cache is host memory only; no GPU work uses it.
  if (pipeline_cache_) table_->vkDestroyPipelineCache(device_, pipeline_cache_, nullptr);
  if (!owns_) return;  // borrowed handles belong to the host
  if (idle && device_ && table_) table_->vkDestroyDevice(device_, nullptr);
  // The messenger goes in any case, so that a leaked instance never calls back into sink_.
  if (messenger_) destroy_messenger_(instance_, messenger_, nullptr);
  // A device left alive must keep its instance (all its children must be destroyed first).
  if (idle && instance_) vkDestroyInstance(instance_, nullptr);
}

std::vector<std::string> context_impl::validation_messages() const {
  std::lock_guard lock(sink_.mutex);
  return sink_.messages;
}

std::mutex& context::queue_mutex() const {
  return internals(*this).queue_mutex();
}

std::vector<std::string> context::validation_messages() const {
  return internals(*this).validation_messages();
}

}  // namespace vknoise
