#include "vknoise/recorder.hpp"

#include <volk.h>

#include <algorithm>
#include <array>
#include <mutex>
#include <vector>

#include "core/allocation_guard.hpp"
#include "vulkan/bounded_wait.hpp"
#include "vulkan/chunk_plan.hpp"
#include "vulkan/compute_pipeline.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/device_buffer.hpp"
#include "vulkan/fault_injection.hpp"
#include "vulkan/image_target.hpp"
#include "vulkan/kernel_inputs.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise {

using vk::check;

namespace {

constexpr std::uint32_t kMaxFramesInFlight = 16;

VkDeviceSize align_up(VkDeviceSize value, VkDeviceSize alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

result<VkSemaphore> create_timeline(const context& ctx) {
  VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  type.initialValue = 0;
  VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  info.pNext = &type;
  VkSemaphore semaphore = VK_NULL_HANDLE;
  VKNOISE_TRY(check(ctx.vk().vkCreateSemaphore(ctx.device(), &info, nullptr, &semaphore),
                    "vkCreateSemaphore"));
  return semaphore;
}

}  // namespace

struct recorder::impl {
  // One frame in flight's resources; reused once its last point is reached.
  struct frame {
    vk::device_buffer coords;       // every chunk's lattice coordinates, aligned per chunk
    vk::device_buffer permutation;  // the table, table_stride words per entry
    vk::device_buffer gradients;    // classic noise's gradients
    VkDescriptorPool pool = VK_NULL_HANDLE;
    std::uint32_t pool_sets = 0;
    VkImageView view = VK_NULL_HANDLE;
    VkCommandPool command_pool = VK_NULL_HANDLE;  // submit() only
    VkCommandBuffer command_buffer = VK_NULL_HANDLE;
    timeline_point last_use;
  };

  context& ctx;
  bool table_in_uniform = false;
  int table_stride = 1;
  vk::dispatch_limits limits{};
  std::unique_ptr<vk::pipeline_set> buffer_kernels;
  std::unique_ptr<vk::pipeline_set> image_kernels;
  std::vector<frame> frames;
  std::uint32_t next_frame = 0;
  VkSemaphore recorded = VK_NULL_HANDLE;   // signalled by the caller's submissions
  VkSemaphore submitted = VK_NULL_HANDLE;  // signalled by submit()
  std::uint64_t recorded_value = 0;
  std::uint64_t submitted_value = 0;
  bool leak = false;  // a frame's work may still be running: destroy nothing

  explicit impl(context& c) : ctx(c) {}
  ~impl();

  status init(const recorder_options& options);
  status wait_point(timeline_point point);
  result<frame*> acquire_frame();
  status ensure_frame_buffers(frame& f, VkDeviceSize coord_bytes);
  status ensure_descriptor_sets(frame& f, std::uint32_t sets);
  status record_into(frame& f, VkCommandBuffer cmd, const field_spec& field,
                     const permutation_table& table, const render_target& target);
};

status recorder::impl::init(const recorder_options& options) {
  if (options.frames_in_flight < 1 || options.frames_in_flight > kMaxFramesInFlight) {
    return make_error(errc::invalid_argument, "frames_in_flight must be 1 to 16");
  }
  if (!ctx.features().timeline_semaphore) {
    return make_error(errc::no_device,
                      "the recorder needs Vulkan 1.2 timeline semaphores, which the device lacks "
                      "or which were not enabled on it");
  }
  limits = vk::device_dispatch_limits(ctx, options.chunk_bytes, 256);
  table_in_uniform = vk::table_in_uniform_buffer(ctx.properties(), options.table);
  table_stride = table_in_uniform ? VKNOISE_UNIFORM_TABLE_STRIDE : 1;

  auto buffers = vk::pipeline_set::create(ctx, table_in_uniform, false);
  if (!buffers) return buffers.error_value();
  buffer_kernels = std::move(buffers.value());
  auto images = vk::pipeline_set::create(ctx, table_in_uniform, true);
  if (!images) return images.error_value();
  image_kernels = std::move(images.value());

  auto r = create_timeline(ctx);
  if (!r) return r.error_value();
  recorded = *r;
  auto s = create_timeline(ctx);
  if (!s) return s.error_value();
  submitted = *s;

  const VkBufferUsageFlags table_usage =
      table_in_uniform ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  frames.resize(options.frames_in_flight);
  for (frame& f : frames) {
    auto perm = vk::device_buffer::create(ctx, vk::permutation_bytes(table_stride), table_usage,
                                          vk::memory_use::upload);
    if (!perm) return perm.error_value();
    f.permutation = std::move(perm.value());
    auto grads =
        vk::device_buffer::create(ctx, vk::gradient_bytes, table_usage, vk::memory_use::upload);
    if (!grads) return grads.error_value();
    f.gradients = std::move(grads.value());
  }
  return {};
}

recorder::impl::~impl() {
  for (frame& f : frames) {
    if (leak || !f.last_use.semaphore) continue;
    if (status waited = wait_point(f.last_use); !waited) {
      leak = true;
      context_internals::report_teardown_error(ctx, waited.error_value());
    }
  }
  // The frames' Vulkan objects; with work that failed or timed out still possibly using them, the
  // context destroys them (and the pipelines) once the device is idle.
  std::vector<VkImageView> views;
  std::vector<VkDescriptorPool> pools;
  std::vector<VkCommandPool> command_pools;
  for (frame& f : frames) {
    views.push_back(f.view);
    pools.push_back(f.pool);
    command_pools.push_back(f.command_pool);
    if (leak) {
      f.coords.abandon();
      f.permutation.abandon();
      f.gradients.abandon();
    }
  }
  auto destroy = [c = &ctx, views, pools, command_pools,
                  semaphores = std::array{recorded, submitted}] {
    const VolkDeviceTable& vk = c->vk();
    for (VkImageView v : views)
      if (v) vk.vkDestroyImageView(c->device(), v, nullptr);
    for (VkDescriptorPool p : pools)
      if (p) vk.vkDestroyDescriptorPool(c->device(), p, nullptr);
    for (VkCommandPool p : command_pools)
      if (p) vk.vkDestroyCommandPool(c->device(), p, nullptr);
    for (VkSemaphore s : semaphores)
      if (s) vk.vkDestroySemaphore(c->device(), s, nullptr);
  };
  if (leak) {
    for (auto* kernels : {buffer_kernels.get(), image_kernels.get()}) {
      if (kernels) kernels->abandon();
    }
    context_internals::defer_destruction(ctx, destroy);
  } else {
    destroy();
  }
}

status recorder::impl::wait_point(timeline_point point) {
  if (!point.semaphore) return {};
  status waited = vk::wait_for_timeline(ctx, point.semaphore, point.value);
  if (!waited && waited.error_value().code == errc::timeout) {
    return make_error(errc::timeout, waited.message() +
                                         ": a recorded point was never signalled, or the GPU "
                                         "is stuck");
  }
  return waited;
}

result<recorder::impl::frame*> recorder::impl::acquire_frame() {
  frame& f = frames[next_frame];
  // The frame's previous work must be done before its buffers, sets and view are reused.
  VKNOISE_TRY(wait_point(f.last_use));
  f.last_use = {};
  if (f.view) {
    ctx.vk().vkDestroyImageView(ctx.device(), f.view, nullptr);
    f.view = VK_NULL_HANDLE;
  }
  return &f;
}

status recorder::impl::ensure_frame_buffers(frame& f, VkDeviceSize coord_bytes) {
  if (f.coords.size() >= coord_bytes) return {};
  auto b = vk::device_buffer::create(ctx, std::max<VkDeviceSize>(coord_bytes, 4096),
                                     VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::memory_use::upload);
  if (!b) return b.error_value();
  f.coords = std::move(b.value());
  return {};
}

status recorder::impl::ensure_descriptor_sets(frame& f, std::uint32_t sets) {
  const VolkDeviceTable& vk = ctx.vk();
  if (f.pool && f.pool_sets >= sets) {
    return check(vk.vkResetDescriptorPool(ctx.device(), f.pool, 0), "vkResetDescriptorPool");
  }
  if (f.pool) vk.vkDestroyDescriptorPool(ctx.device(), f.pool, nullptr);
  f.pool = VK_NULL_HANDLE;
  f.pool_sets = std::max(sets, 2 * f.pool_sets);
  const VkDescriptorPoolSize sizes[3] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, f.pool_sets * VKNOISE_BINDING_COUNT},
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, f.pool_sets * 2},
      {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, f.pool_sets}};
  VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.maxSets = f.pool_sets;
  info.poolSizeCount = 3;
  info.pPoolSizes = sizes;
  return check(vk.vkCreateDescriptorPool(ctx.device(), &info, nullptr, &f.pool),
               "vkCreateDescriptorPool");
}

status recorder::impl::record_into(frame& f, VkCommandBuffer cmd, const field_spec& field,
                                   const permutation_table& table, const render_target& target) {
  const VolkDeviceTable& vk = ctx.vk();
  VKNOISE_TRY(validate(field));
  const bool to_image = target.type == render_target::kind::image;
  vk::image_binding image{};
  if (to_image) {
    auto planned = vk::plan_image_target(ctx, field, target.image);
    if (!planned) return planned.error_value();
    image = *planned;
  } else {
    VKNOISE_TRY(vk::check_buffer_target(field, target.buffer));
  }
  vk::kernel_variant variant = vk::variant_of(vk::kernel::field, field.dims, field.noise);
  variant.image = to_image ? image.format : vk::image_format::none;
  variant.image_3d = image.is_3d;
  vk::pipeline_set& kernels = to_image ? *image_kernels : *buffer_kernels;
  auto pipeline = kernels.get(variant);
  if (!pipeline) return pipeline.error_value();

  // Cut the field into dispatches and lay their coordinates out in the frame's buffer.
  const auto octaves = static_cast<std::uint32_t>(field.noise.octaves);
  const auto channels = static_cast<std::uint32_t>(channel_count(field.noise, field.dims));
  vk::dispatch_limits limits_here = limits;
  limits_here.octaves = octaves;
  limits_here.channels = channels;
  const VkDeviceSize alignment =
      std::max<VkDeviceSize>(4, ctx.properties().limits.minStorageBufferOffsetAlignment);
  struct planned_chunk {
    vk::field_chunk chunk;
    VkDeviceSize coord_offset;
    VkDeviceSize coord_bytes;
  };
  std::vector<planned_chunk> chunks;
  vk::field_chunker chunker(field, limits_here);
  VkDeviceSize coord_total = 0;
  for (vk::field_chunk c{}; chunker.next(c);) {
    const VkDeviceSize bytes = vk::field_chunk_coord_count(c, octaves) * sizeof(lattice_coord);
    chunks.push_back({c, coord_total, bytes});
    coord_total = align_up(coord_total + bytes, alignment);
  }
  VKNOISE_TRY(ensure_frame_buffers(f, coord_total));
  VKNOISE_TRY(ensure_descriptor_sets(f, static_cast<std::uint32_t>(chunks.size())));

  // Host writes; vkQueueSubmit, which follows record(), makes them visible to the device.
  vk::write_permutation(table, table_stride, f.permutation.mapped());
  VKNOISE_TRY(f.permutation.flush());
  if (field.noise.kind == noise_kind::classic) {
    vk::write_classic_gradients(field.noise, field.dims, f.gradients.mapped());
    VKNOISE_TRY(f.gradients.flush());
  }
  auto* coord_bytes = static_cast<std::byte*>(f.coords.mapped());
  for (const planned_chunk& p : chunks) {
    vk::write_field_chunk_coords(field, p.chunk,
                                 reinterpret_cast<lattice_coord*>(coord_bytes + p.coord_offset));
  }
  VKNOISE_TRY(f.coords.flush());

  if (to_image) {
    VkImageViewCreateInfo view_info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view_info.image = target.image.image;
    view_info.viewType = image.view_type;
    view_info.format = target.image.format;
    view_info.subresourceRange = image.range;
    VKNOISE_TRY(check(vk.vkCreateImageView(ctx.device(), &view_info, nullptr, &f.view),
                      "vkCreateImageView"));
  }

  // One descriptor set per chunk: its coordinates and, for buffers, its output window.
  std::vector<VkDescriptorSet> sets(chunks.size());
  std::vector<VkDescriptorSetLayout> layouts(chunks.size(), kernels.set_layout());
  if (!chunks.empty()) {
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = f.pool;
    alloc.descriptorSetCount = static_cast<std::uint32_t>(sets.size());
    alloc.pSetLayouts = layouts.data();
    VKNOISE_TRY(check(vk.vkAllocateDescriptorSets(ctx.device(), &alloc, sets.data()),
                      "vkAllocateDescriptorSets"));
  }
  const std::uint64_t nx = field.size[0];
  std::vector<std::uint32_t> output_offsets(chunks.size(), 0);
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const planned_chunk& p = chunks[i];
    VkDescriptorBufferInfo buffers[VKNOISE_BINDING_COUNT]{};
    buffers[VKNOISE_BINDING_PERMUTATION] = {f.permutation.buffer(), 0, VK_WHOLE_SIZE};
    buffers[VKNOISE_BINDING_GRADIENTS] = {f.gradients.buffer(), 0, VK_WHOLE_SIZE};
    buffers[VKNOISE_BINDING_COORDS] = {f.coords.buffer(), p.coord_offset, p.coord_bytes};
    VkDescriptorImageInfo image_info{VK_NULL_HANDLE, f.view, VK_IMAGE_LAYOUT_GENERAL};
    if (!to_image) {
      // The window starts at an aligned offset; the kernel adds the remainder (output_offset).
      const VkDeviceSize start = target.buffer.offset + (p.chunk.first_row * nx + p.chunk.first_x) *
                                                            channels * sizeof(float);
      const VkDeviceSize window = start / alignment * alignment;
      const VkDeviceSize bytes =
          std::uint64_t{p.chunk.count_x} * p.chunk.row_count * channels * sizeof(float);
      buffers[VKNOISE_BINDING_OUTPUT] = {target.buffer.buffer, window, start - window + bytes};
      output_offsets[i] = static_cast<std::uint32_t>((start - window) / sizeof(float));
    }
    kernels.write_set(sets[i], buffers, &image_info);
  }

  // The caller's last use of the target (target.before) -> the kernel's writes; an image also
  // moves from old_layout to GENERAL, the layout storage-image writes need.
  VkImageMemoryBarrier image_barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  VkBufferMemoryBarrier buffer_barrier{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
  if (to_image) {
    image_barrier.srcQueueFamilyIndex = image_barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    image_barrier.image = target.image.image;
    image_barrier.subresourceRange = image.range;
    image_barrier.srcAccessMask = target.before.access;
    image_barrier.dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    image_barrier.oldLayout = target.image.old_layout;
    image_barrier.newLayout = VK_IMAGE_LAYOUT_GENERAL;
  } else {
    buffer_barrier.srcQueueFamilyIndex = buffer_barrier.dstQueueFamilyIndex =
        VK_QUEUE_FAMILY_IGNORED;
    buffer_barrier.buffer = target.buffer.buffer;
    buffer_barrier.offset = target.buffer.offset;
    buffer_barrier.size = value_count(field) * sizeof(float);
    buffer_barrier.srcAccessMask = target.before.access;
    buffer_barrier.dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  }
  vk.vkCmdPipelineBarrier(cmd, target.before.stages, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0,
                          nullptr, to_image ? 0 : 1, &buffer_barrier, to_image ? 1 : 0,
                          &image_barrier);

  vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, *pipeline);
  const shader::fractal_constants fractal = vk::fractal_constants_of(field.noise);
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const vk::field_chunk& c = chunks[i].chunk;
    vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, kernels.layout(), 0, 1,
                               &sets[i], 0, nullptr);
    shader::image_push_constants push{};
    push.field = {fractal, c.count_x, octaves * c.count_x, output_offsets[i]};
    push.offset_x = image.kernel_offset.x;
    push.offset_y = image.kernel_offset.y;
    push.offset_z = image.kernel_offset.z;
    push.first_x = c.first_x;
    push.first_row = static_cast<std::uint32_t>(c.first_row);
    push.rows_per_slice = field.size[1];
    push.scale = target.image.scale;
    push.bias = target.image.bias;
    const std::uint32_t push_bytes =
        to_image ? sizeof(shader::image_push_constants) : sizeof(shader::field_push_constants);
    vk.vkCmdPushConstants(cmd, kernels.layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes, &push);
    const std::uint32_t groups_x =
        (c.count_x + VKNOISE_FIELD_LOCAL_SIZE - 1) / VKNOISE_FIELD_LOCAL_SIZE;
    vk.vkCmdDispatch(cmd, groups_x, c.row_count, 1);
  }

  // The kernel's writes -> the caller's next use (target.after); an image moves to new_layout.
  if (to_image) {
    image_barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    image_barrier.dstAccessMask = target.after.access;
    image_barrier.oldLayout = VK_IMAGE_LAYOUT_GENERAL;
    image_barrier.newLayout = target.image.new_layout;
  } else {
    buffer_barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    buffer_barrier.dstAccessMask = target.after.access;
  }
  vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, target.after.stages, 0, 0,
                          nullptr, to_image ? 0 : 1, &buffer_barrier, to_image ? 1 : 0,
                          &image_barrier);
  return {};
}

recorder::recorder(std::unique_ptr<impl> impl) : impl_(std::move(impl)) {}
recorder::~recorder() = default;

result<std::unique_ptr<recorder>> recorder::create(context& ctx, const recorder_options& options) {
  auto state = std::make_unique<impl>(ctx);
  VKNOISE_TRY(state->init(options));
  return std::unique_ptr<recorder>(new recorder(std::move(state)));
}

result<timeline_point> recorder::record(VkCommandBuffer cmd, const field_spec& field,
                                        const permutation_table& table,
                                        const render_target& target) {
  return detail::guard_allocations([&]() -> result<timeline_point> {
    if (cmd == VK_NULL_HANDLE) {
      return make_error(errc::invalid_argument, "record() needs a command buffer");
    }
    auto acquired = impl_->acquire_frame();
    if (!acquired) return acquired.error_value();
    impl::frame& f = **acquired;
    VKNOISE_TRY(impl_->record_into(f, cmd, field, table, target));
    f.last_use = {impl_->recorded, ++impl_->recorded_value};
    impl_->next_frame = (impl_->next_frame + 1) % impl_->frames.size();
    return f.last_use;
  });
}

result<timeline_point> recorder::submit(const field_spec& field, const permutation_table& table,
                                        const render_target& target, VkFence fence,
                                        timeline_point wait_for) {
  return detail::guard_allocations([&]() -> result<timeline_point> {
    const VolkDeviceTable& vk = impl_->ctx.vk();
    const VkDevice device = impl_->ctx.device();
    auto acquired = impl_->acquire_frame();
    if (!acquired) return acquired.error_value();
    impl::frame& f = **acquired;
    if (!f.command_pool) {
      VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
      pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
      pool_info.queueFamilyIndex = impl_->ctx.queue_family_index();
      VKNOISE_TRY(check(vk.vkCreateCommandPool(device, &pool_info, nullptr, &f.command_pool),
                        "vkCreateCommandPool"));
      VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
      alloc.commandPool = f.command_pool;
      alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
      alloc.commandBufferCount = 1;
      VKNOISE_TRY(check(vk.vkAllocateCommandBuffers(device, &alloc, &f.command_buffer),
                        "vkAllocateCommandBuffers"));
    }
    VKNOISE_TRY(check(vk.vkResetCommandPool(device, f.command_pool, 0), "vkResetCommandPool"));
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VKNOISE_TRY(check(vk.vkBeginCommandBuffer(f.command_buffer, &begin), "vkBeginCommandBuffer"));
    VKNOISE_TRY(impl_->record_into(f, f.command_buffer, field, table, target));
    VKNOISE_TRY(check(vk.vkEndCommandBuffer(f.command_buffer), "vkEndCommandBuffer"));

    const timeline_point point{impl_->submitted, impl_->submitted_value + 1};
    const std::uint64_t wait_value = wait_for.value;
    VkTimelineSemaphoreSubmitInfo values{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
    values.signalSemaphoreValueCount = 1;
    values.pSignalSemaphoreValues = &point.value;
    VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    info.pNext = &values;
    info.commandBufferCount = 1;
    info.pCommandBuffers = &f.command_buffer;
    info.signalSemaphoreCount = 1;
    info.pSignalSemaphores = &point.semaphore;
    // The caller's point must be reached before any of this work starts.
    const VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
    if (wait_for.semaphore) {
      values.waitSemaphoreValueCount = 1;
      values.pWaitSemaphoreValues = &wait_value;
      info.waitSemaphoreCount = 1;
      info.pWaitSemaphores = &wait_for.semaphore;
      info.pWaitDstStageMask = &wait_stage;
    }
    {
      std::lock_guard lock(impl_->ctx.queue_mutex());  // queues are externally synchronised
      const auto fault = vk::injected_fault("vkQueueSubmit");
      VKNOISE_TRY(check(fault ? *fault : vk.vkQueueSubmit(impl_->ctx.queue(), 1, &info, fence),
                        "vkQueueSubmit"));
    }
    impl_->submitted_value = point.value;
    f.last_use = point;
    impl_->next_frame = (impl_->next_frame + 1) % impl_->frames.size();
    return point;
  });
}

status recorder::wait(timeline_point point) {
  return impl_->wait_point(point);
}

status recorder::run(const field_spec& field, const permutation_table& table,
                     const render_target& target) {
  auto point = submit(field, table, target);
  if (!point) return point.error_value();
  return wait(*point);
}

std::uint32_t recorder::pipelines_built() const {
  return impl_->buffer_kernels->pipelines_built() + impl_->image_kernels->pipelines_built();
}

}  // namespace vknoise
