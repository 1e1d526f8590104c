/* The recorder and borrowed contexts through the C API, from C99: a field written into the test's
 * own VkBuffer with vknoise_recorder_run, with vknoise_recorder_submit and wait, and recorded into
 * the test's command buffer and submitted with the returned timeline point; into the test's
 * R32_SFLOAT 2D-array image, copied to the buffer in the same command buffer; then through a
 * second context that borrows the first one's device, through a loader entry point of the test's
 * that counts the dispatches vknoise records, to see that chunk_bytes splits the work. Each is
 * compared bit for bit with the float mirror (the kernels are `precise`, so no driver may fuse
 * their arithmetic). The
 * validation layer is on and any message fails the test; a missing device or layer fails it too
 * (GPU tests never skip). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "c_checks.h"
#include "vknoise/vknoise.h"

/* The loader's one entry point; everything else through it. */
extern VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL vkGetInstanceProcAddr(VkInstance instance,
                                                                      const char* name);

#define REQUIRE_OK(call)                                                     \
  do {                                                                       \
    vknoise_status status_ = (call);                                         \
    if (status_ != VKNOISE_OK) {                                             \
      fprintf(stderr, "%s:%d: %s: %s: %s\n", __FILE__, __LINE__, #call,      \
              vknoise_status_string(status_), vknoise_last_error_message()); \
      ++failures;                                                            \
      goto done;                                                             \
    }                                                                        \
  } while (0)

#define REQUIRE_VK(call)                                                                   \
  do {                                                                                     \
    VkResult result_ = (call);                                                             \
    if (result_ != VK_SUCCESS) {                                                           \
      fprintf(stderr, "%s:%d: %s returned %d\n", __FILE__, __LINE__, #call, (int)result_); \
      ++failures;                                                                          \
      goto done;                                                                           \
    }                                                                                      \
  } while (0)

enum { NX = 40, NY = 30, NZ = 3, COUNT = NX * NY * NZ };

struct device_functions {
  PFN_vkGetPhysicalDeviceMemoryProperties get_memory_properties;
  PFN_vkCreateBuffer create_buffer;
  PFN_vkDestroyBuffer destroy_buffer;
  PFN_vkGetBufferMemoryRequirements get_buffer_memory_requirements;
  PFN_vkAllocateMemory allocate_memory;
  PFN_vkFreeMemory free_memory;
  PFN_vkBindBufferMemory bind_buffer_memory;
  PFN_vkMapMemory map_memory;
  PFN_vkCreateCommandPool create_command_pool;
  PFN_vkDestroyCommandPool destroy_command_pool;
  PFN_vkAllocateCommandBuffers allocate_command_buffers;
  PFN_vkBeginCommandBuffer begin_command_buffer;
  PFN_vkEndCommandBuffer end_command_buffer;
  PFN_vkQueueSubmit queue_submit;
  PFN_vkCreateImage create_image;
  PFN_vkDestroyImage destroy_image;
  PFN_vkGetImageMemoryRequirements get_image_memory_requirements;
  PFN_vkBindImageMemory bind_image_memory;
  PFN_vkCmdCopyImageToBuffer cmd_copy_image_to_buffer;
  PFN_vkCmdPipelineBarrier cmd_pipeline_barrier;
};

static int load_functions(const vknoise_device_handles* h, struct device_functions* f) {
  PFN_vkGetDeviceProcAddr device_proc =
      (PFN_vkGetDeviceProcAddr)vkGetInstanceProcAddr(h->instance, "vkGetDeviceProcAddr");
  if (device_proc == NULL) return 0;
  f->get_memory_properties = (PFN_vkGetPhysicalDeviceMemoryProperties)vkGetInstanceProcAddr(
      h->instance, "vkGetPhysicalDeviceMemoryProperties");
#define LOAD(member, type, name) f->member = (type)device_proc(h->device, name)
  LOAD(create_buffer, PFN_vkCreateBuffer, "vkCreateBuffer");
  LOAD(destroy_buffer, PFN_vkDestroyBuffer, "vkDestroyBuffer");
  LOAD(get_buffer_memory_requirements, PFN_vkGetBufferMemoryRequirements,
       "vkGetBufferMemoryRequirements");
  LOAD(allocate_memory, PFN_vkAllocateMemory, "vkAllocateMemory");
  LOAD(free_memory, PFN_vkFreeMemory, "vkFreeMemory");
  LOAD(bind_buffer_memory, PFN_vkBindBufferMemory, "vkBindBufferMemory");
  LOAD(map_memory, PFN_vkMapMemory, "vkMapMemory");
  LOAD(create_command_pool, PFN_vkCreateCommandPool, "vkCreateCommandPool");
  LOAD(destroy_command_pool, PFN_vkDestroyCommandPool, "vkDestroyCommandPool");
  LOAD(allocate_command_buffers, PFN_vkAllocateCommandBuffers, "vkAllocateCommandBuffers");
  LOAD(begin_command_buffer, PFN_vkBeginCommandBuffer, "vkBeginCommandBuffer");
  LOAD(end_command_buffer, PFN_vkEndCommandBuffer, "vkEndCommandBuffer");
  LOAD(queue_submit, PFN_vkQueueSubmit, "vkQueueSubmit");
  LOAD(create_image, PFN_vkCreateImage, "vkCreateImage");
  LOAD(destroy_image, PFN_vkDestroyImage, "vkDestroyImage");
  LOAD(get_image_memory_requirements, PFN_vkGetImageMemoryRequirements,
       "vkGetImageMemoryRequirements");
  LOAD(bind_image_memory, PFN_vkBindImageMemory, "vkBindImageMemory");
  LOAD(cmd_copy_image_to_buffer, PFN_vkCmdCopyImageToBuffer, "vkCmdCopyImageToBuffer");
  LOAD(cmd_pipeline_barrier, PFN_vkCmdPipelineBarrier, "vkCmdPipelineBarrier");
#undef LOAD
  return f->get_memory_properties != NULL && f->create_buffer != NULL &&
         f->destroy_buffer != NULL && f->get_buffer_memory_requirements != NULL &&
         f->allocate_memory != NULL && f->free_memory != NULL && f->bind_buffer_memory != NULL &&
         f->map_memory != NULL && f->create_command_pool != NULL &&
         f->destroy_command_pool != NULL && f->allocate_command_buffers != NULL &&
         f->begin_command_buffer != NULL && f->end_command_buffer != NULL &&
         f->queue_submit != NULL && f->create_image != NULL && f->destroy_image != NULL &&
         f->get_image_memory_requirements != NULL && f->bind_image_memory != NULL &&
         f->cmd_copy_image_to_buffer != NULL && f->cmd_pipeline_barrier != NULL;
}

/* A memory type among `bits` with all of `wanted`, or UINT32_MAX. */
static uint32_t memory_type(const VkPhysicalDeviceMemoryProperties* properties, uint32_t bits,
                            VkMemoryPropertyFlags wanted) {
  uint32_t i;
  for (i = 0; i < properties->memoryTypeCount; ++i) {
    if ((bits & (1u << i)) != 0 && (properties->memoryTypes[i].propertyFlags & wanted) == wanted) {
      return i;
    }
  }
  return UINT32_MAX;
}

/* A primary command buffer from `pool`, begun for one submission. */
static VkResult begin_commands(const struct device_functions* f, VkDevice device,
                               VkCommandPool pool, VkCommandBuffer* out) {
  VkCommandBufferAllocateInfo allocate = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  VkResult result;
  allocate.commandPool = pool;
  allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocate.commandBufferCount = 1;
  result = f->allocate_command_buffers(device, &allocate, out);
  if (result != VK_SUCCESS) return result;
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  return f->begin_command_buffer(*out, &begin);
}

/* Ends `commands` and submits them on the context's queue (under its lock, as vknoise submits
 * there too), signalling the recorder's timeline `point`. */
static VkResult submit_signalling(vknoise_context* context, const struct device_functions* f,
                                  VkQueue queue, VkCommandBuffer commands,
                                  const vknoise_timeline_point* point) {
  VkTimelineSemaphoreSubmitInfo timeline = {VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  VkResult result = f->end_command_buffer(commands);
  if (result != VK_SUCCESS) return result;
  timeline.signalSemaphoreValueCount = 1;
  timeline.pSignalSemaphoreValues = &point->value;
  submit.pNext = &timeline;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  submit.signalSemaphoreCount = 1;
  submit.pSignalSemaphores = &point->semaphore;
  vknoise_context_lock_queue(context);
  result = f->queue_submit(queue, 1, &submit, VK_NULL_HANDLE);
  vknoise_context_unlock_queue(context);
  return result;
}

/* The loader entry point the test lends to a borrowed context: vknoise resolves vkGetDeviceProcAddr
 * through it, and vkCmdDispatch through that, so every dispatch vknoise records on the borrowed
 * context is counted here before it reaches the device. */
static PFN_vkGetDeviceProcAddr device_proc_addr;
static PFN_vkCmdDispatch cmd_dispatch;
static unsigned dispatches_recorded = 0;

static VKAPI_ATTR void VKAPI_CALL counting_cmd_dispatch(VkCommandBuffer commands, uint32_t x,
                                                        uint32_t y, uint32_t z) {
  ++dispatches_recorded;
  cmd_dispatch(commands, x, y, z);
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL counting_device_proc_addr(VkDevice device,
                                                                          const char* name) {
  PFN_vkVoidFunction function = device_proc_addr(device, name);
  if (function == NULL || strcmp(name, "vkCmdDispatch") != 0) return function;
  cmd_dispatch = (PFN_vkCmdDispatch)function;
  return (PFN_vkVoidFunction)counting_cmd_dispatch;
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL counting_instance_proc_addr(VkInstance instance,
                                                                            const char* name) {
  PFN_vkVoidFunction function = vkGetInstanceProcAddr(instance, name);
  if (function == NULL || strcmp(name, "vkGetDeviceProcAddr") != 0) return function;
  device_proc_addr = (PFN_vkGetDeviceProcAddr)function;
  return (PFN_vkVoidFunction)counting_device_proc_addr;
}

/* The dispatches one fill of `field` records on a renderer made with `options`; the fill must be
 * the mirror's bits. 0 when the renderer or the fill fails. */
static unsigned renderer_dispatches(vknoise_context* context,
                                    const vknoise_renderer_options* options,
                                    const vknoise_field* field, const float* mirror) {
  static float gpu[COUNT];
  vknoise_renderer* renderer = NULL;
  unsigned counted = 0;
  REQUIRE_OK(vknoise_renderer_create(context, options, &renderer));
  dispatches_recorded = 0;
  REQUIRE_OK(vknoise_renderer_fill(renderer, field, NULL, gpu, COUNT));
  counted = dispatches_recorded;
  CHECK(bits_differing(gpu, mirror, COUNT) == 0);
done:
  vknoise_renderer_destroy(renderer);
  return counted;
}

/* The dispatches one run of `field` into `target` (the buffer mapped at `mapped`) records on a
 * recorder made with `options`; the buffer must then hold the mirror's bits. 0 on failure. */
static unsigned recorder_dispatches(vknoise_context* context,
                                    const vknoise_recorder_options* options,
                                    const vknoise_field* field, const vknoise_render_target* target,
                                    float* mapped, const float* mirror) {
  vknoise_recorder* recorder = NULL;
  unsigned counted = 0;
  REQUIRE_OK(vknoise_recorder_create(context, options, &recorder));
  memset(mapped, 0xff, COUNT * sizeof *mapped); /* NaN everywhere: a missed value cannot match */
  dispatches_recorded = 0;
  REQUIRE_OK(vknoise_recorder_run(recorder, field, NULL, target));
  counted = dispatches_recorded;
  CHECK(bits_differing(mapped, mirror, COUNT) == 0);
done:
  vknoise_recorder_destroy(recorder);
  return counted;
}

struct leak_report {
  int messages;
  int naming_the_buffer;
  char buffer[32]; /* the leaked handle, as the layer prints it */
};

static void note_leak(void* user_data, const char* message) {
  struct leak_report* report = (struct leak_report*)user_data;
  ++report->messages;
  if (strstr(message, "VkBuffer") != NULL && strstr(message, report->buffer) != NULL &&
      strstr(message, "has not been destroyed") != NULL) {
    ++report->naming_the_buffer;
  }
}

/* A buffer left alive on a validated context is reported only while vknoise_context_destroy
 * destroys the device: the message must reach the hook, and name the buffer. */
static void check_leak_is_reported_at_destruction(void) {
  vknoise_context_options options;
  vknoise_context* context = NULL;
  vknoise_device_handles h;
  struct leak_report report;
  VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  VkBuffer leaked = VK_NULL_HANDLE;
  PFN_vkCreateBuffer create_buffer;
  memset(&report, 0, sizeof report);
  vknoise_context_options_init_default(&options);
  validate(&options);
  options.on_validation_message = note_leak;
  options.validation_message_user_data = &report;
  REQUIRE_OK(vknoise_context_create(&options, &context));
  REQUIRE_OK(vknoise_context_handles(context, &h));
  /* The loader's trampoline dispatches on the device it is given. */
  create_buffer = (PFN_vkCreateBuffer)vkGetInstanceProcAddr(h.instance, "vkCreateBuffer");
  CHECK(create_buffer != NULL);
  if (create_buffer == NULL) goto done;
  info.size = 256;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  REQUIRE_VK(create_buffer(h.device, &info, NULL, &leaked));
  sprintf(report.buffer, "0x%llx", (unsigned long long)(uintptr_t)leaked);
  CHECK(report.messages == 0);
done:
  vknoise_context_destroy(context);
  CHECK(report.messages >= 1);
  CHECK(report.naming_the_buffer == report.messages);
}

int main(void) {
  vknoise_context_options options;
  vknoise_context* context = NULL;
  vknoise_context* borrowed = NULL;
  vknoise_context* other_context = NULL;
  vknoise_recorder* recorder = NULL;
  vknoise_recorder* other = NULL;
  vknoise_permutation* seeded = NULL;
  vknoise_device_handles h;
  struct device_functions f;
  VkPhysicalDeviceMemoryProperties memory_properties;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory image_memory = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer command_buffer = VK_NULL_HANDLE;
  void* mapped = NULL;
  vknoise_field field;
  vknoise_render_target target;
  vknoise_timeline_point point;
  static float mirror[COUNT];
  const VkDeviceSize bytes = sizeof mirror;

  memset(&h, 0, sizeof h);
  memset(&f, 0, sizeof f);
  vknoise_context_options_init_default(&options);
  validate(&options);
  REQUIRE_OK(vknoise_context_create(&options, &context));
  REQUIRE_OK(vknoise_context_handles(context, &h));
  if (!load_functions(&h, &f)) {
    fprintf(stderr, "could not load the Vulkan functions of the test\n");
    ++failures;
    goto done;
  }
  REQUIRE_OK(vknoise_recorder_create(context, NULL, &recorder));

  {
    VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    VkMemoryRequirements requirements;
    VkMemoryAllocateInfo allocate = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    info.size = bytes;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    REQUIRE_VK(f.create_buffer(h.device, &info, NULL, &buffer));
    f.get_buffer_memory_requirements(h.device, buffer, &requirements);
    f.get_memory_properties(h.physical_device, &memory_properties);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex =
        memory_type(&memory_properties, requirements.memoryTypeBits,
                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    CHECK(allocate.memoryTypeIndex != UINT32_MAX);
    REQUIRE_VK(f.allocate_memory(h.device, &allocate, NULL, &memory));
    REQUIRE_VK(f.bind_buffer_memory(h.device, buffer, memory, 0));
    REQUIRE_VK(f.map_memory(h.device, memory, 0, VK_WHOLE_SIZE, 0, &mapped));
  }

  vknoise_field_init_default(&field);
  field.size[0] = NX;
  field.size[1] = NY;
  field.size[2] = NZ;
  field.origin[0] = 1e6;
  field.origin[2] = 0.5;
  vknoise_render_target_init_default(&target);
  target.kind = VKNOISE_TARGET_BUFFER;
  target.buffer.buffer = buffer;
  target.buffer.size = bytes;
  target.after.stages = VK_PIPELINE_STAGE_HOST_BIT; /* the test reads the buffer on the host */
  target.after.access = VK_ACCESS_HOST_READ_BIT;

  /* vknoise's own submission. */
  REQUIRE_OK(vknoise_recorder_run(recorder, &field, NULL, &target));
  REQUIRE_OK(vknoise_fill_mirror(&field, NULL, mirror, COUNT));
  CHECK(bits_differing((const float*)mapped, mirror, COUNT) == 0);
  CHECK(vknoise_recorder_pipelines_built(recorder) >= 1);

  /* Submitted without waiting, then waited for. */
  REQUIRE_OK(vknoise_permutation_create_from_seed(7, &seeded));
  REQUIRE_OK(
      vknoise_recorder_submit(recorder, &field, seeded, &target, VK_NULL_HANDLE, NULL, &point));
  CHECK(point.semaphore != VK_NULL_HANDLE);
  REQUIRE_OK(vknoise_recorder_wait(recorder, &point));
  REQUIRE_OK(vknoise_fill_mirror(&field, seeded, mirror, COUNT));
  CHECK(bits_differing((const float*)mapped, mirror, COUNT) == 0);
  vknoise_permutation_destroy(seeded);
  seeded = NULL;

  /* A graph field (an exact graph: the mirror's bits), run into the same buffer. */
  {
    static const char json[] =
        "{\"dims\": 3, \"nodes\": {\"p\": {\"kind\": \"position\"},"
        " \"n\": {\"kind\": \"noise\", \"at\": \"p\", \"seed\": 3},"
        " \"f\": {\"kind\": \"fractal\", \"noise\": \"n\", \"octaves\": 2},"
        " \"m\": {\"kind\": \"mul\", \"a\": \"f\", \"b\": 0.5}},"
        " \"outputs\": {\"value\": \"m\"}}";
    vknoise_graph* graph = NULL;
    vknoise_field graph_field = field;
    REQUIRE_OK(vknoise_graph_parse(json, sizeof json - 1, &graph));
    graph_field.graph = graph;
    REQUIRE_OK(vknoise_recorder_run(recorder, &graph_field, NULL, &target));
    REQUIRE_OK(vknoise_fill_mirror(&graph_field, NULL, mirror, COUNT));
    CHECK(bits_differing((const float*)mapped, mirror, COUNT) == 0);
    vknoise_graph_destroy(graph);
  }

  /* Recorded into the test's command buffer, another table, signalled by the test's submit. */
  {
    VkCommandPoolCreateInfo pool_info = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool_info.queueFamilyIndex = h.queue_family_index;
    REQUIRE_VK(f.create_command_pool(h.device, &pool_info, NULL, &pool));
    REQUIRE_VK(begin_commands(&f, h.device, pool, &command_buffer));
    REQUIRE_OK(vknoise_permutation_create_from_seed(42, &seeded));
    REQUIRE_OK(vknoise_recorder_record(recorder, command_buffer, &field, seeded, &target, &point));
    REQUIRE_VK(submit_signalling(context, &f, h.queue, command_buffer, &point));
    REQUIRE_OK(vknoise_recorder_wait(recorder, &point));
    REQUIRE_OK(vknoise_fill_mirror(&field, seeded, mirror, COUNT));
    CHECK(bits_differing((const float*)mapped, mirror, COUNT) == 0);
  }

  /* Into the test's image: R32_SFLOAT, NZ array layers of NX x NY. vknoise leaves it in
   * TRANSFER_SRC_OPTIMAL with its writes visible to the copy (target.after), the copy puts it in
   * the host buffer, and the test's barrier makes that visible to the host. */
  {
    VkImageCreateInfo info = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    VkMemoryRequirements requirements;
    VkMemoryAllocateInfo allocate = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    VkBufferImageCopy copy;
    VkMemoryBarrier to_host = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    vknoise_render_target image_target;
    VkCommandBuffer image_commands = VK_NULL_HANDLE;
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = VK_FORMAT_R32_SFLOAT;
    info.extent.width = NX;
    info.extent.height = NY;
    info.extent.depth = 1;
    info.mipLevels = 1;
    info.arrayLayers = NZ;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    REQUIRE_VK(f.create_image(h.device, &info, NULL, &image));
    f.get_image_memory_requirements(h.device, image, &requirements);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = memory_type(&memory_properties, requirements.memoryTypeBits, 0);
    CHECK(allocate.memoryTypeIndex != UINT32_MAX);
    REQUIRE_VK(f.allocate_memory(h.device, &allocate, NULL, &image_memory));
    REQUIRE_VK(f.bind_image_memory(h.device, image, image_memory, 0));

    vknoise_render_target_init_default(&image_target);
    image_target.kind = VKNOISE_TARGET_IMAGE;
    image_target.image.image = image;
    image_target.image.type = VK_IMAGE_TYPE_2D;
    image_target.image.format = VK_FORMAT_R32_SFLOAT;
    image_target.image.usage = info.usage;
    image_target.image.extent.width = NX;
    image_target.image.extent.height = NY;
    image_target.image.extent.depth = NZ;
    image_target.image.new_layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    image_target.after.stages = VK_PIPELINE_STAGE_TRANSFER_BIT;
    image_target.after.access = VK_ACCESS_TRANSFER_READ_BIT;

    REQUIRE_VK(begin_commands(&f, h.device, pool, &image_commands));
    REQUIRE_OK(
        vknoise_recorder_record(recorder, image_commands, &field, seeded, &image_target, &point));
    memset(&copy, 0, sizeof copy);
    copy.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
    copy.imageSubresource.layerCount = NZ;
    copy.imageExtent = info.extent;
    f.cmd_copy_image_to_buffer(image_commands, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer,
                               1, &copy);
    /* The copy's writes to the buffer, visible to the host's reads after the wait. */
    to_host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    f.cmd_pipeline_barrier(image_commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                           VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &to_host, 0, NULL, 0, NULL);
    memset(mapped, 0xff, (size_t)bytes); /* NaN everywhere: a missed texel cannot match */
    REQUIRE_VK(submit_signalling(context, &f, h.queue, image_commands, &point));
    REQUIRE_OK(vknoise_recorder_wait(recorder, &point));
    CHECK(bits_differing((const float*)mapped, mirror, COUNT) == 0);

    /* A format vknoise does not write, and an extent the field does not fit, are refused. */
    image_target.image.format = VK_FORMAT_R32G32_SFLOAT;
    CHECK(vknoise_recorder_run(recorder, &field, NULL, &image_target) ==
          VKNOISE_ERROR_INVALID_ARGUMENT);
    image_target.image.format = VK_FORMAT_R32_SFLOAT;
    image_target.image.extent.depth = NZ - 1;
    CHECK(vknoise_recorder_run(recorder, &field, NULL, &image_target) ==
          VKNOISE_ERROR_INVALID_ARGUMENT);
  }

  /* A second context that borrows the first one's device: a renderer and a recorder on it. */
  {
    vknoise_device_handles lent = h;
    vknoise_renderer* renderer = NULL;
    vknoise_recorder* borrowed_recorder = NULL;
    static float gpu[COUNT];
    vknoise_status status;
    lent.get_instance_proc_addr = counting_instance_proc_addr;
    REQUIRE_OK(vknoise_context_borrow(&lent, NULL, &borrowed));
    status = vknoise_renderer_create(borrowed, NULL, &renderer);
    CHECK(status == VKNOISE_OK);
    if (status == VKNOISE_OK) {
      CHECK(vknoise_renderer_fill(renderer, &field, NULL, gpu, COUNT) == VKNOISE_OK);
      REQUIRE_OK(vknoise_fill_mirror(&field, NULL, mirror, COUNT));
      CHECK(bits_differing(gpu, mirror, COUNT) == 0);
    }
    vknoise_renderer_destroy(renderer);
    status = vknoise_recorder_create(borrowed, NULL, &borrowed_recorder);
    CHECK(status == VKNOISE_OK);
    if (status == VKNOISE_OK) {
      CHECK(vknoise_recorder_run(borrowed_recorder, &field, NULL, &target) == VKNOISE_OK);
      CHECK(bits_differing((const float*)mapped, mirror, COUNT) == 0);
    }
    vknoise_recorder_destroy(borrowed_recorder);
    borrowed_recorder = NULL;

    /* chunk_bytes reaches the renderer and the recorder: at most 4096 bytes per dispatch cut the
     * field (COUNT floats) into at least COUNT * 4 / 4096 dispatches, more than the default
     * 64 MiB does, with the same output. */
    {
      const unsigned least = (COUNT * 4 + 4095) / 4096;
      vknoise_renderer_options renderer_options;
      vknoise_recorder_options recorder_options;
      unsigned whole, split;
      REQUIRE_OK(vknoise_fill_mirror(&field, NULL, mirror, COUNT));
      vknoise_renderer_options_init_default(&renderer_options);
      CHECK(renderer_options.chunk_bytes == (uint64_t)64 << 20);
      whole = renderer_dispatches(borrowed, &renderer_options, &field, mirror);
      renderer_options.chunk_bytes = 4096;
      split = renderer_dispatches(borrowed, &renderer_options, &field, mirror);
      CHECK(whole >= 1 && split >= least && split > whole);

      vknoise_recorder_options_init_default(&recorder_options);
      CHECK(recorder_options.frames_in_flight == 3);
      CHECK(recorder_options.table == VKNOISE_TABLE_AUTOMATIC);
      CHECK(recorder_options.chunk_bytes == (uint64_t)64 << 20);
      whole =
          recorder_dispatches(borrowed, &recorder_options, &field, &target, (float*)mapped, mirror);
      recorder_options.chunk_bytes = 4096;
      split =
          recorder_dispatches(borrowed, &recorder_options, &field, &target, (float*)mapped, mirror);
      CHECK(whole >= 1 && split >= least && split > whole);
    }

    /* Without the timeline semaphore feature, a recorder is refused. */
    vknoise_context_destroy(borrowed);
    borrowed = NULL;
    lent.timeline_semaphore = 0;
    REQUIRE_OK(vknoise_context_borrow(&lent, NULL, &borrowed));
    CHECK(vknoise_recorder_create(borrowed, NULL, &borrowed_recorder) == VKNOISE_ERROR_NO_DEVICE);
    CHECK(borrowed_recorder == NULL);
    lent.get_instance_proc_addr = NULL;
    CHECK(vknoise_context_borrow(&lent, NULL, &other_context) == VKNOISE_ERROR_INVALID_ARGUMENT);
    CHECK(other_context == NULL);
  }

  /* Errors. */
  CHECK(vknoise_recorder_run(NULL, &field, NULL, &target) == VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(vknoise_recorder_run(recorder, NULL, NULL, &target) == VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(vknoise_recorder_run(recorder, &field, NULL, NULL) == VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(vknoise_recorder_wait(recorder, NULL) == VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(vknoise_recorder_record(recorder, VK_NULL_HANDLE, &field, NULL, &target, &point) ==
        VKNOISE_ERROR_INVALID_ARGUMENT);
  target.kind = 5;
  CHECK(vknoise_recorder_run(recorder, &field, NULL, &target) == VKNOISE_ERROR_INVALID_ARGUMENT);
  target.kind = VKNOISE_TARGET_BUFFER;
  target.buffer.size = bytes - 4; /* one float short */
  CHECK(vknoise_recorder_run(recorder, &field, NULL, &target) == VKNOISE_ERROR_INVALID_ARGUMENT);
  other = recorder;
  CHECK(vknoise_recorder_create(NULL, NULL, &other) == VKNOISE_ERROR_INVALID_ARGUMENT);
  CHECK(other == NULL);
  CHECK(vknoise_recorder_pipelines_built(NULL) == 0);

done:
  vknoise_recorder_destroy(recorder);
  vknoise_recorder_destroy(NULL);
  vknoise_permutation_destroy(seeded);
  if (pool != VK_NULL_HANDLE) f.destroy_command_pool(h.device, pool, NULL);
  if (buffer != VK_NULL_HANDLE) f.destroy_buffer(h.device, buffer, NULL);
  if (image != VK_NULL_HANDLE) f.destroy_image(h.device, image, NULL);
  if (image_memory != VK_NULL_HANDLE) f.free_memory(h.device, image_memory, NULL);
  if (memory != VK_NULL_HANDLE) f.free_memory(h.device, memory, NULL);
  vknoise_context_destroy(borrowed);
  if (context != NULL) check_no_validation_messages(context);
  vknoise_context_destroy(context);
  check_no_messages_reported();
  check_leak_is_reported_at_destruction();
  return finish("C API recorder");
}
