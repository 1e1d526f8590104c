#include "noise_texture.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr VkImageUsageFlags kUsage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;

// Exits with vknoise's one-line message when `r` holds an error.
template <typename Result>
void check_vknoise(const Result& r, const char* what) {
  if (r) return;
  std::fprintf(stderr, "imgui_host: %s: %s\n", what, r.message().c_str());
  std::exit(1);
}

std::uint32_t memory_type(VkPhysicalDevice physical, std::uint32_t bits) {
  VkPhysicalDeviceMemoryProperties memory;
  vkGetPhysicalDeviceMemoryProperties(physical, &memory);
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if ((bits & (1u << i)) &&
        (memory.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)) {
      return i;
    }
  }
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if (bits & (1u << i)) return i;
  }
  return 0;
}

}  // namespace

noise_texture::noise_texture(const vulkan_window& vk, std::uint32_t width, std::uint32_t height)
    : vk_(vk), width_(width), height_(height) {
  // The program's image: storage for vknoise's kernel, sampled for the program's own pass.
  VkImageCreateInfo image{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  image.imageType = VK_IMAGE_TYPE_2D;
  image.format = VK_FORMAT_R8G8B8A8_UNORM;
  image.extent = {width, height, 1};
  image.mipLevels = 1;
  image.arrayLayers = 1;
  image.samples = VK_SAMPLE_COUNT_1_BIT;
  image.tiling = VK_IMAGE_TILING_OPTIMAL;
  image.usage = kUsage;
  check_vk(vkCreateImage(vk.device, &image, nullptr, &image_), "vkCreateImage");
  VkMemoryRequirements needs;
  vkGetImageMemoryRequirements(vk.device, image_, &needs);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = needs.size;
  alloc.memoryTypeIndex = memory_type(vk.physical_device, needs.memoryTypeBits);
  check_vk(vkAllocateMemory(vk.device, &alloc, nullptr, &memory_), "vkAllocateMemory");
  check_vk(vkBindImageMemory(vk.device, image_, memory_, 0), "vkBindImageMemory");
  VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view.image = image_;
  view.viewType = VK_IMAGE_VIEW_TYPE_2D;
  view.format = VK_FORMAT_R8G8B8A8_UNORM;
  view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  check_vk(vkCreateImageView(vk.device, &view, nullptr, &view_), "vkCreateImageView");
  VkSamplerCreateInfo sampler{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  sampler.magFilter = sampler.minFilter = VK_FILTER_LINEAR;
  sampler.addressModeU = sampler.addressModeV = sampler.addressModeW =
      VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  check_vk(vkCreateSampler(vk.device, &sampler, nullptr, &sampler_), "vkCreateSampler");

  // vknoise on the program's device: the handles, the features it enabled, its instance version.
  vknoise::borrowed_device lent;
  lent.get_instance_proc_addr = vkGetInstanceProcAddr;
  lent.instance = vk.instance;
  lent.physical_device = vk.physical_device;
  lent.device = vk.device;
  lent.queue_family_index = vk.queue_family;
  lent.queue = vk.queue;
  lent.enabled.timeline_semaphore = true;
  lent.enabled.storage_image_extended_formats = vk.storage_image_extended_formats;
  lent.instance_api_version = VK_API_VERSION_1_2;
  auto context = vknoise::context::borrow(lent);
  check_vknoise(context, "vknoise::context::borrow");
  context_ = std::move(context.value());
  // One record() per frame; the program has up to ImageCount frames in flight.
  vknoise::recorder_options options;
  options.frames_in_flight = std::min<std::uint32_t>(vk.window.ImageCount + 1, 16);
  auto recorder = vknoise::recorder::create(*context_, options);
  check_vknoise(recorder, "vknoise::recorder::create");
  recorder_ = std::move(recorder.value());
}

noise_texture::~noise_texture() {
  recorder_.reset();  // waits for its points, destroys what it made
  context_.reset();   // never the program's handles
  vkDestroySampler(vk_.device, sampler_, nullptr);
  vkDestroyImageView(vk_.device, view_, nullptr);
  vkDestroyImage(vk_.device, image_, nullptr);
  vkFreeMemory(vk_.device, memory_, nullptr);
}

vknoise::timeline_point noise_texture::record(VkCommandBuffer cmd, const noise_settings& settings,
                                              double seconds) {
  // A 2D slice of 3D fBm moving along z: the panel's octaves and frequency change only
  // per-frame data (no pipeline is built for them).
  vknoise::field_spec field;
  field.dims = 3;
  field.size = {width_, height_, 1, 1};
  const double step = settings.frequency / width_;
  field.step = {step, step, 0, 0};
  field.origin = {0, 0, seconds * settings.speed, 0};
  field.noise.fractal = vknoise::fractal_kind::fbm;
  field.noise.octaves = settings.octaves;

  vknoise::image_target image;
  image.image = image_;
  image.format = VK_FORMAT_R8G8B8A8_UNORM;
  image.usage = kUsage;
  image.extent = {width_, height_, 1};
  image.old_layout = VK_IMAGE_LAYOUT_UNDEFINED;  // every texel is written again
  image.new_layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
  image.scale = 0.5f;  // noise in [-1, 1] to [0, 1]
  image.bias = 0.5f;
  vknoise::render_target target = vknoise::render_target::of(image);
  // The previous frame's fragment shader reads it; this frame's reads it after vknoise.
  target.before = {VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, 0};
  target.after = {VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT};
  auto point = recorder_->record(cmd, field, table_, target);
  check_vknoise(point, "vknoise::recorder::record");
  return *point;
}
