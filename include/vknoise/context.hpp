// The Vulkan side of vknoise: a context is an instance, a physical device, a device and one queue
// that supports compute. It either owns them (create) or borrows a caller's (borrow); a borrowed
// handle is never destroyed. All device-level calls go through the context's own volk device
// table, so a host program's global Vulkan function pointers are left alone.
//
// What a borrowed device needs (borrowed_device; create() sets all of it up itself):
// - Instance: VkApplicationInfo.apiVersion 1.1 or higher (vknoise's kernels are SPIR-V 1.3, for
//   Vulkan 1.1), 1.2 or higher for a recorder (timeline semaphores are core 1.2); the host states
//   it in borrowed_device::instance_api_version, as Vulkan cannot be asked for it. An instance
//   made without VkApplicationInfo has apiVersion 1.0. No instance extension or layer.
// - Physical device: Vulkan 1.1 or higher, 1.2 or higher for a recorder.
// - Device features (VkPhysicalDeviceVulkan12Features or VkPhysicalDeviceFeatures2, stated in
//   borrowed_device::enabled): timelineSemaphore for a recorder; shaderStorageImageExtendedFormats
//   for R16_SFLOAT and R8_UNORM image targets; shaderStorageImageWriteWithoutFormat optional (one
//   kernel per image shape). No device extension.
// - Queue: one queue of a family with VK_QUEUE_COMPUTE_BIT (graphics is not needed; record()
//   runs on whatever compute-capable family the caller's command buffer belongs to).
// What can be verified is: borrow() refuses an instance or device below 1.1, and a recorder an
// instance or device below 1.2, a device without timelineSemaphore as stated in `enabled`, and an
// instance whose loader gives no timeline semaphore functions (its real apiVersion is then below
// what the host stated); each error names the requirement and where it is set.
//
// Threading: a context may be shared by several threads, each with its own gpu_renderer or
// recorder; vknoise serialises its queue submissions with queue_mutex(). Creating and destroying
// a context are not thread-safe with respect to the objects that use it.
#pragma once

// Vulkan's own header, as the host would include it: vknoise defines no macro that changes it
// (vknoise itself calls Vulkan through function tables of its own, never through the
// prototypes). Any include order with vulkan.h and imgui_impl_vulkan.h works. A host using volk
// follows volk's rule for every header that includes vulkan.h before volk.h: it defines
// VK_NO_PROTOTYPES for the whole program (else volk.h stops with its own #error).
#include <vulkan/vulkan.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vknoise/export.h"
#include "vknoise/result.hpp"

namespace vknoise {

struct context_options {
  // Physical device index as listed by list_devices(). When empty, the environment variable
  // VKNOISE_DEVICE is used if set, else the preferred device: discrete GPU, then integrated GPU,
  // then virtual GPU, then CPU (e.g. lavapipe).
  std::optional<std::uint32_t> device_index;
  // Enable VK_LAYER_KHRONOS_validation (errc::no_device if it is not installed) and collect its
  // messages; with synchronization_validation also its synchronization checks.
  bool validation = false;
  bool synchronization_validation = false;
  // Longest wait for any one submission before errc::timeout. Never infinite.
  std::uint64_t fence_timeout_ns = 120'000'000'000ull;
  // A pipeline cache file to start from (see save_pipeline_cache). A missing file, or one written
  // for another device or driver, is ignored: the cache then starts empty.
  std::string pipeline_cache_path;
  // With `validation` on a context that create() made, called with each message of the layer as
  // it reports it: from create() on, on whichever thread makes the Vulkan call concerned (any
  // thread using the context, and the one destroying it), until the context is destroyed, with
  // what vkDestroyDevice and vkDestroyInstance report then (objects left alive, the context's or
  // the caller's). The messages also go to validation_messages() while the context lives. Calls
  // are serialised. The hook must not throw or call into vknoise; the context keeps a copy, so
  // what it refers to must outlive the context. A borrowed device's messages go to the host's
  // own messenger instead (borrow() ignores `validation`).
  std::function<void(std::string_view message)> on_validation_message;
  // Called with the errors that no caller can receive: a wait in the destructor of the context,
  // of a gpu_renderer or of a recorder that failed (errc::vulkan_error) or timed out
  // (errc::timeout), the message naming the call. What such a destructor then leaves alive is
  // documented at ~context. Called on the destroying thread; must not throw or call into
  // vknoise.
  std::function<void(const error& e)> on_teardown_error;
};

// Optional device features vknoise uses, as enabled on the device.
struct device_features {
  bool timeline_semaphore = false;              // recorder (Vulkan 1.2 timelineSemaphore)
  bool storage_image_extended_formats = false;  // R16_SFLOAT and R8_UNORM image targets
  // One kernel per image shape serves every format (shaderStorageImageWriteWithoutFormat).
  bool storage_image_write_without_format = false;
};

// Where kernels read the permutation table. automatic picks uniform_buffer on CPU implementations
// (lavapipe: no per-lane bounds checks, about 1.7x faster) and storage_buffer on GPUs (their
// caches serve divergent gathers; constant caches serialise them). Results are identical.
enum class table_placement { automatic, storage_buffer, uniform_buffer };

struct device_info {
  std::uint32_t index = 0;
  std::string name;
  VkPhysicalDeviceType type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
  std::uint32_t api_version = 0;
  bool suitable = false;   // Vulkan 1.1+ with a compute queue
  bool preferred = false;  // the one create() picks without device_index / VKNOISE_DEVICE
  std::string reason;      // why it is (un)suitable or preferred, one phrase
  // The float controls vknoise's kernels declare on this device (Vulkan 1.2 float controls; none
  // on 1.1), which decide where GPU values equal the CPU mirror's bit for bit:
  //   keeps_signed_zeros  shaderSignedZeroInfNanPreserveFloat32: the compiler keeps the sign of
  //                       zero, infinities and NaNs (noise is a signed zero at lattice points)
  //   keeps_denormals     shaderDenormPreserveFloat32: values below 2^-126 in magnitude are kept;
  //                       without it the device may flush them, and values the mirror holds as
  //                       denormals may come back as zeros of either sign
  bool keeps_signed_zeros = false;
  bool keeps_denormals = false;
};

VKNOISE_API const char* device_type_name(VkPhysicalDeviceType type);
// The preference order of context_options::device_index's default, lowest first: discrete GPU 0,
// integrated 1, virtual 2, CPU 3, other 4 (for hosts that choose a device the same way).
VKNOISE_API int device_type_preference(VkPhysicalDeviceType type);
VKNOISE_API const char* vk_result_name(VkResult result);

// Every physical device the loader reports, in its order. errc::no_device when no loader or no
// device is present (the message suggests --backend cpu).
VKNOISE_API result<std::vector<device_info>> list_devices();

// The handles a host program lends to borrow(). All must stay valid until the context is gone.
struct borrowed_device {
  PFN_vkGetInstanceProcAddr get_instance_proc_addr = nullptr;  // the host's loader entry point
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical_device = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  std::uint32_t queue_family_index = 0;  // must support VK_QUEUE_COMPUTE_BIT
  VkQueue queue = VK_NULL_HANDLE;
  // The features the host enabled when it created `device` (Vulkan cannot be asked).
  device_features enabled;
  // The VkApplicationInfo.apiVersion `instance` was created with (VK_API_VERSION_1_0 when it had
  // no VkApplicationInfo): required, errc::invalid_argument when 0 or below 1.1; a recorder needs
  // 1.2 (see the top of this file). Vulkan cannot be asked for it.
  std::uint32_t instance_api_version = 0;
};

class VKNOISE_API context {
 public:
  static result<std::unique_ptr<context>> create(const context_options& options = {});
  static result<std::unique_ptr<context>> borrow(const borrowed_device& handles,
                                                 const context_options& options = {});
  // Renderers and recorders on the context must be destroyed first. Before destroying anything
  // the GPU may still use, the destructor waits, at most fence_timeout_ns, for the work submitted
  // to the queue so far (an empty batch with a fence, submitted after it): always for a device it
  // owns, and for a borrowed one when a failed or timed-out wait left abandoned work behind. If
  // that wait fails or times out, the error goes to on_teardown_error and nothing the GPU may
  // still use is destroyed, as destroying memory or a device under running work is undefined
  // behaviour whereas a leak is bounded: the abandoned work's objects (buffers and their memory,
  // command pools, fences, descriptor pools, pipelines, image views, semaphores) and the wait's
  // fence, once submitted, stay alive, and an owned context also leaves its VkDevice and
  // VkInstance (its messenger and pipeline cache are destroyed). A host that later destroys a
  // borrowed device then sees these objects reported by the validation layer. Never waits longer
  // than fence_timeout_ns (plus the time to destroy what remains).
  virtual ~context();
  context(const context&) = delete;
  context& operator=(const context&) = delete;

  VkInstance instance() const { return instance_; }
  VkPhysicalDevice physical_device() const { return physical_device_; }
  VkDevice device() const { return device_; }
  VkQueue queue() const { return queue_; }
  std::uint32_t queue_family_index() const { return queue_family_; }
  bool owns_device() const { return owns_; }
  // The apiVersion the instance was created with: VK_API_VERSION_1_2 for an owned context,
  // borrowed_device::instance_api_version for a borrowed one.
  std::uint32_t instance_api_version() const { return instance_api_version_; }
  const VkPhysicalDeviceProperties& properties() const { return properties_; }
  const VkPhysicalDeviceMemoryProperties& memory_properties() const { return memory_; }
  const context_options& options() const { return options_; }
  const device_features& features() const { return features_; }
  // The float controls its kernels declare, as device_info::keeps_signed_zeros and keeps_denormals
  // describe them: where GPU values equal the CPU mirror's bit for bit.
  bool keeps_signed_zeros() const;
  bool keeps_denormals() const;
  // Every vkQueueSubmit of vknoise on queue() holds this mutex. A host that submits to a borrowed
  // queue from other threads while vknoise runs must hold it too (Vulkan requires queue access
  // to be externally synchronised).
  std::mutex& queue_mutex() const;
  // The context's VkPipelineCache, which every pipeline vknoise builds goes through.
  VkPipelineCache pipeline_cache() const { return pipeline_cache_; }
  // The cache's contents (vkGetPipelineCacheData), and the same written atomically to `path`
  // (a temporary file in the same directory renamed over it). errc::io_error, errc::vulkan_error.
  result<std::vector<std::uint8_t>> pipeline_cache_data() const;
  status save_pipeline_cache(const std::string& path) const;
  // Timestamps in nanoseconds are available on the queue (timestampValidBits > 0).
  bool has_timestamps() const { return timestamp_valid_bits_ > 0; }
  std::uint32_t timestamp_valid_bits() const { return timestamp_valid_bits_; }

  // Messages the validation layer reported so far (warnings and errors), oldest first.
  std::vector<std::string> validation_messages() const;

  // A context is made only by create() and borrow(), which return the library's implementation of
  // it; it holds what the getters return, and its own device function table, messenger and queue
  // mutex, which users never need.
 protected:
  context() = default;

  context_options options_;
  bool owns_ = false;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_device_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  std::uint32_t queue_family_ = 0;
  std::uint32_t instance_api_version_ = 0;
  std::uint32_t timestamp_valid_bits_ = 0;
  VkPhysicalDeviceProperties properties_{};
  VkPhysicalDeviceMemoryProperties memory_{};
  device_features features_;
  VkPipelineCache pipeline_cache_ = VK_NULL_HANDLE;
};

}  // namespace vknoise
