// A host program that uses vknoise as its render backend. It owns its Vulkan instance, device and
// queue (examples/host), creates a 3D image, and each frame lets vknoise record a 4D noise volume
// (x, y, z and time) into that image from the host's own command buffer; the host's shader then
// samples the volume and the frame is written to PNG. Two frames are in flight: the CPU records
// frame N+1 while the GPU may still run frame N, and waits only for frame N-1's fence.
//
//   vknoise_backend [--volume N] [--image WxH] [--frames N] [--out DIR] [--validate]
//
// With --validate the validation layer and synchronization validation are on, and any message
// makes the program fail.
#include <stb/stb_image_write.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "host_device.hpp"
#include "vknoise/vknoise.hpp"
#include "volume_view_spv.hpp"

namespace {

using vknoise::host::host_device;

struct options {
  std::uint32_t volume = 64;  // the 3D image is volume^3 texels
  std::uint32_t width = 256, height = 256;
  int frames = 4;
  std::string out = "out/backend";
  bool validate = false;
};

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "vknoise_backend: %s\n", message.c_str());
  std::exit(1);
}

options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) fail(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--volume") {
      o.volume = static_cast<std::uint32_t>(std::strtoul(value().c_str(), nullptr, 10));
    } else if (arg == "--image") {
      if (std::sscanf(value().c_str(), "%ux%u", &o.width, &o.height) != 2) fail("--image WxH");
    } else if (arg == "--frames") {
      o.frames = std::atoi(value().c_str());
    } else if (arg == "--out") {
      o.out = value();
    } else if (arg == "--validate") {
      o.validate = true;
    } else {
      fail("unknown option " + arg + " (see the top of examples/backend/main.cpp)");
    }
  }
  if (o.volume < 2 || o.volume > 512 || o.width < 1 || o.height < 1 || o.width > 8192 ||
      o.height > 8192 || o.frames < 1 || o.frames > 10000) {
    fail("--volume must be 2 to 512, --image at most 8192x8192, --frames 1 to 10000");
  }
  return o;
}

void check(VkResult r, const char* call) {
  if (r != VK_SUCCESS) fail(std::string(call) + " failed: VkResult " + std::to_string(r));
}

// The host's own compute pass: a sampler over vknoise's volume and an RGBA8 pixel buffer.
struct view_pass {
  VkDevice device = VK_NULL_HANDLE;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkSampler sampler = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;

  void create(VkDevice d, bool linear) {
    device = d;
    VkDescriptorSetLayoutBinding bindings[2] = {
        {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
        {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}};
    VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    set_info.bindingCount = 2;
    set_info.pBindings = bindings;
    check(vkCreateDescriptorSetLayout(device, &set_info, nullptr, &set_layout),
          "vkCreateDescriptorSetLayout");
    VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, 16};
    VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout_info.setLayoutCount = 1;
    layout_info.pSetLayouts = &set_layout;
    layout_info.pushConstantRangeCount = 1;
    layout_info.pPushConstantRanges = &push;
    check(vkCreatePipelineLayout(device, &layout_info, nullptr, &layout), "vkCreatePipelineLayout");
    VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = sizeof(vknoise::spirv::volume_view);
    module_info.pCode = vknoise::spirv::volume_view;
    VkShaderModule module = VK_NULL_HANDLE;
    check(vkCreateShaderModule(device, &module_info, nullptr, &module), "vkCreateShaderModule");
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.layout = layout;
    const VkResult r =
        vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline);
    vkDestroyShaderModule(device, module, nullptr);
    check(r, "vkCreateComputePipelines");
    VkSamplerCreateInfo sampler_info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    sampler_info.magFilter = sampler_info.minFilter = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    sampler_info.addressModeU = sampler_info.addressModeV = sampler_info.addressModeW =
        VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    check(vkCreateSampler(device, &sampler_info, nullptr, &sampler), "vkCreateSampler");
    const VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2},
                                           {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2}};
    VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool_info.maxSets = 2;
    pool_info.poolSizeCount = 2;
    pool_info.pPoolSizes = sizes;
    check(vkCreateDescriptorPool(device, &pool_info, nullptr, &pool), "vkCreateDescriptorPool");
  }

  VkDescriptorSet make_set(VkImageView view, VkBuffer pixels) {
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = pool;
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &set_layout;
    VkDescriptorSet set = VK_NULL_HANDLE;
    check(vkAllocateDescriptorSets(device, &alloc, &set), "vkAllocateDescriptorSets");
    VkDescriptorImageInfo image{sampler, view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    VkDescriptorBufferInfo buffer{pixels, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet writes[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
    writes[0].dstSet = writes[1].dstSet = set;
    writes[0].dstBinding = 0;
    writes[0].descriptorCount = 1;
    writes[0].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    writes[0].pImageInfo = &image;
    writes[1].dstBinding = 1;
    writes[1].descriptorCount = 1;
    writes[1].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[1].pBufferInfo = &buffer;
    vkUpdateDescriptorSets(device, 2, writes, 0, nullptr);
    return set;
  }

  void destroy() {
    vkDestroyDescriptorPool(device, pool, nullptr);
    vkDestroySampler(device, sampler, nullptr);
    vkDestroyPipeline(device, pipeline, nullptr);
    vkDestroyPipelineLayout(device, layout, nullptr);
    vkDestroyDescriptorSetLayout(device, set_layout, nullptr);
  }
};

struct frame_slot {
  host_device::buffer pixels;
  VkDescriptorSet set = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  int frame = -1;  // the frame in flight in this slot, -1 when idle
};

// Waits for the slot's frame and writes its picture.
void finish(host_device& host, frame_slot& slot, const options& o) {
  if (slot.frame < 0) return;
  check(vkWaitForFences(host.device(), 1, &slot.fence, VK_TRUE, 30'000'000'000ull),
        "vkWaitForFences");
  check(vkResetFences(host.device(), 1, &slot.fence), "vkResetFences");
  host.free(slot.cmd);
  char name[64];
  std::snprintf(name, sizeof(name), "/backend_%04d.png", slot.frame);
  const std::string path = o.out + name;
  if (!stbi_write_png(path.c_str(), static_cast<int>(o.width), static_cast<int>(o.height), 4,
                      slot.pixels.mapped, static_cast<int>(o.width * 4))) {
    fail("cannot write " + path);
  }
  slot.frame = -1;
}

}  // namespace

int main(int argc, char** argv) {
  const options o = parse(argc, argv);
  std::error_code ec;
  std::filesystem::create_directories(o.out, ec);
  if (ec) fail("cannot create " + o.out + ": " + ec.message());

  std::string why;
  auto host = host_device::create(o.validate, &why);
  if (!host) fail(why);

  // vknoise borrows the host's device and records into the host's command buffers.
  auto ctx = vknoise::context::borrow(host->lend());
  if (!ctx) fail(ctx.message());
  auto recorder = vknoise::recorder::create(*ctx.value(), {.frames_in_flight = 2});
  if (!recorder) fail(recorder.message());

  const VkFormat format = VK_FORMAT_R32_SFLOAT;
  VkFormatProperties format_properties;
  vkGetPhysicalDeviceFormatProperties(host->physical_device(), format, &format_properties);
  const bool linear =
      format_properties.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  const VkExtent3D extent{o.volume, o.volume, o.volume};
  auto volume = host->create_image(VK_IMAGE_TYPE_3D, format, extent, 1);
  if (!volume.handle) fail("cannot create the 3D image");
  VkImageViewCreateInfo view_info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view_info.image = volume.handle;
  view_info.viewType = VK_IMAGE_VIEW_TYPE_3D;
  view_info.format = format;
  view_info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  VkImageView view = VK_NULL_HANDLE;
  check(vkCreateImageView(host->device(), &view_info, nullptr, &view), "vkCreateImageView");

  view_pass pass;
  pass.create(host->device(), linear);
  std::array<frame_slot, 2> slots;
  for (frame_slot& slot : slots) {
    slot.pixels = host->create_buffer(VkDeviceSize{o.width} * o.height * 4,
                                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    if (!slot.pixels.handle) fail("cannot create the pixel buffer");
    slot.set = pass.make_set(view, slot.pixels.handle);
    VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    check(vkCreateFence(host->device(), &fence_info, nullptr, &slot.fence), "vkCreateFence");
  }

  // The volume: 4D fBm, whose fourth axis is time. Only origin[3] changes from frame to frame.
  vknoise::field_spec field;
  field.dims = 4;
  field.size = {o.volume, o.volume, o.volume, 1};
  const double step = 4.0 / o.volume;
  field.step = {step, step, step, 1.0};
  field.noise.fractal = vknoise::fractal_kind::fbm;
  field.noise.octaves = 4;
  const vknoise::permutation_table table = vknoise::permutation_table::perlin();

  vknoise::render_target target = vknoise::render_target::of(vknoise::image_target{
      .image = volume.handle,
      .type = VK_IMAGE_TYPE_3D,
      .format = format,
      .extent = extent,
      .old_layout = VK_IMAGE_LAYOUT_UNDEFINED,  // every texel is rewritten each frame
      .new_layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
      .usage = host_device::kImageUsage});  // as create_image made it
  // The host samples the volume in a compute shader, before (previous frame) and after.
  target.before = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT};
  target.after = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT};

  for (int frame = 0; frame < o.frames; ++frame) {
    frame_slot& slot = slots[frame % slots.size()];
    finish(*host, slot, o);  // frame - 2: its pixels are read and its command buffer is free

    slot.cmd = host->begin();
    if (!slot.cmd) fail("cannot begin a command buffer");
    field.origin = {0.0, 0.0, 0.0, 0.08 * frame};
    auto point = recorder.value()->record(slot.cmd, field, table, target);
    if (!point) fail(point.message());

    vkCmdBindPipeline(slot.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pass.pipeline);
    vkCmdBindDescriptorSets(slot.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pass.layout, 0, 1, &slot.set,
                            0, nullptr);
    const struct {
      std::uint32_t width, height, steps;
      float density;
    } push{o.width, o.height, o.volume, 24.0f / o.volume};
    vkCmdPushConstants(slot.cmd, pass.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), &push);
    vkCmdDispatch(slot.cmd, (o.width + 7) / 8, (o.height + 7) / 8, 1);
    // The view shader's pixel writes -> the host reads them after the fence.
    VkBufferMemoryBarrier to_host{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
    to_host.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    to_host.srcQueueFamilyIndex = to_host.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    to_host.buffer = slot.pixels.handle;
    to_host.size = VK_WHOLE_SIZE;
    vkCmdPipelineBarrier(slot.cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                         0, 0, nullptr, 1, &to_host, 0, nullptr);
    // The submission signals vknoise's timeline point, so the recorder knows when it may reuse
    // this frame's resources, and the host's fence.
    if (!host->submit(slot.cmd, slot.fence, point->semaphore, point->value)) {
      fail("vkQueueSubmit failed");
    }
    slot.frame = frame;
  }
  for (frame_slot& slot : slots) finish(*host, slot, o);

  recorder.value().reset();
  ctx.value().reset();
  pass.destroy();
  for (frame_slot& slot : slots) {
    vkDestroyFence(host->device(), slot.fence, nullptr);
    host->destroy(slot.pixels);
  }
  vkDestroyImageView(host->device(), view, nullptr);
  host->destroy(volume);

  // Destroying the device makes the layer report any object vknoise or this host left alive.
  if (!host->destroy_device()) fail("the host's device did not go idle");
  const std::vector<std::string> messages = host->messages();
  for (const std::string& m : messages) std::fprintf(stderr, "validation: %s\n", m.c_str());
  if (!messages.empty()) fail(std::to_string(messages.size()) + " validation message(s)");
  std::printf("wrote %d frames to %s/backend_NNNN.png%s\n", o.frames, o.out.c_str(),
              o.validate ? " (validation: no messages)" : "");
  return 0;
}
