#include "vknoise/recorder.hpp"

#include <volk.h>

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "core/allocation_guard.hpp"
#include "graph/graph_fields.hpp"
#include "vulkan/bounded_wait.hpp"
#include "vulkan/chunk_plan.hpp"
#include "vulkan/context_impl.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/device_buffer.hpp"
#include "vulkan/image_target.hpp"
#include "vulkan/kernel_dispatch.hpp"
#include "vulkan/kernel_inputs.hpp"
#include "vulkan/memory_block.hpp"
#include "vulkan/submission.hpp"
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
  VKNOISE_TRY(check(device_table(ctx).vkCreateSemaphore(ctx.device(), &info, nullptr, &semaphore),
                    "vkCreateSemaphore"));
  return semaphore;
}

// The one barrier on the target before or after vknoise's writes: from `src` to `dst`, moving an
// image from `old_layout` to `new_layout`.
void record_target_barrier(const context& ctx, VkCommandBuffer cmd, const field_spec& field,
                           const render_target& target, const vk::image_binding& image,
                           access_scope src, access_scope dst, VkImageLayout old_layout,
                           VkImageLayout new_layout) {
  if (target.type == render_target::kind::image) {
    VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = target.image.image;
    barrier.subresourceRange = image.range;
    barrier.srcAccessMask = src.access;
    barrier.dstAccessMask = dst.access;
    barrier.oldLayout = old_layout;
    barrier.newLayout = new_layout;
    device_table(ctx).vkCmdPipelineBarrier(cmd, src.stages, dst.stages, 0, 0, nullptr, 0, nullptr,
                                           1, &barrier);
    return;
  }
  VkBufferMemoryBarrier barrier{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
  barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  barrier.buffer = target.buffer.buffer;
  barrier.offset = target.buffer.offset;
  barrier.size = value_count(field) * sizeof(float);
  barrier.srcAccessMask = src.access;
  barrier.dstAccessMask = dst.access;
  device_table(ctx).vkCmdPipelineBarrier(cmd, src.stages, dst.stages, 0, 0, nullptr, 1, &barrier, 0,
                                         nullptr);
}

constexpr access_scope kKernelWrites{VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                     VK_ACCESS_SHADER_WRITE_BIT};

}  // namespace

struct recorder::impl {
  // One frame in flight's resources; reused once its last point is reached.
  struct frame {
    vk::device_buffer coords;  // every chunk's lattice coordinates, aligned per chunk
    vk::kernel_tables tables;  // the kernel's tables and constants; made on first use
    VkDescriptorPool pool = VK_NULL_HANDLE;
    std::uint32_t pool_sets = 0;
    std::vector<VkDescriptorSet> sets;  // one per chunk of the last record
    VkImageView view = VK_NULL_HANDLE;
    std::unique_ptr<vk::submission> work;  // submit() only
    timeline_point last_use;
  };

  // A chunk of the field and where its coordinates sit in the frame's buffer.
  struct planned_chunk {
    vk::field_chunk chunk;
    VkDeviceSize coord_offset;
    VkDeviceSize coord_bytes;
  };

  // What one record() writes: the target's binding, the kernel and the field's chunks.
  struct plan {
    const field_spec& field;  // a graph field (a built-in one as its graph, as_graph_field)
    const permutation_table& table;
    const render_target& target;
    bool to_image = false;
    vk::image_binding image{};
    // The field's kernel (which refers to `graph`), and where it reads its tables.
    std::optional<compiled_graph> graph;
    vk::runtime_kernel kernel;
    bool graph_in_uniform = false;
    const vk::pipeline_set* kernels = nullptr;  // the pipeline's layouts
    VkPipeline pipeline = VK_NULL_HANDLE;
    std::uint32_t octaves = 1;
    std::uint32_t channels = 1;
    std::vector<planned_chunk> chunks;
    VkDeviceSize coord_total = 0;
    std::vector<std::uint32_t> output_offsets;  // per chunk, floats past its buffer window
  };

  context& ctx;
  std::unique_ptr<vk::kernel_engine> engine;
  std::shared_ptr<graph_compiler> compiler;  // recorder_options::compiler, or made on first use
  VkDeviceSize offset_alignment = 4;         // storage buffer descriptor offsets
  // The memory of every frame's buffers (declared before the frames, which give their ranges
  // back to it when destroyed).
  std::unique_ptr<vk::memory_block> block;
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
  status record_into(frame& f, VkCommandBuffer cmd, const field_spec& field,
                     const permutation_table& table, const render_target& target);

  // record_into's steps, in order.
  status plan_target(plan& p);
  status plan_kernel(plan& p);
  status ensure_compiler();
  void plan_chunks(plan& p) const;
  status upload_inputs(frame& f, const plan& p);
  status bind_chunks(frame& f, plan& p);
  void record_barrier_before(VkCommandBuffer cmd, const plan& p) const;
  void record_dispatches(VkCommandBuffer cmd, const frame& f, const plan& p) const;
  void record_barrier_after(VkCommandBuffer cmd, const plan& p) const;

  status ensure_frame_buffers(frame& f, VkDeviceSize coord_bytes);
  status ensure_descriptor_sets(frame& f, std::uint32_t sets);
};

status recorder::impl::init(const recorder_options& options) {
  if (options.frames_in_flight < 1 || options.frames_in_flight > kMaxFramesInFlight) {
    return make_error(errc::invalid_argument, "frames_in_flight must be 1 to 16");
  }
  VKNOISE_TRY(internals(ctx).check_timeline_semaphores());
  compiler = options.compiler;
  auto created = vk::kernel_engine::create(ctx, {options.table, options.chunk_bytes, 256, true});
  if (!created) return created.error_value();
  engine = std::move(created.value());
  offset_alignment =
      std::max<VkDeviceSize>(4, ctx.properties().limits.minStorageBufferOffsetAlignment);

  auto r = create_timeline(ctx);
  if (!r) return r.error_value();
  recorded = *r;
  auto s = create_timeline(ctx);
  if (!s) return s.error_value();
  submitted = *s;

  // Room for each frame's coordinates (4 KiB to start) and a small graph's tables, and at least the
  // size below which implementations ask for sub-allocation.
  auto made = vk::memory_block::create(
      ctx, std::max<VkDeviceSize>(256 << 10, VkDeviceSize{options.frames_in_flight} * (96 << 10)));
  if (!made) return made.error_value();
  block = std::move(made.value());
  frames.resize(options.frames_in_flight);
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
  for (frame& f : frames) {
    views.push_back(f.view);
    pools.push_back(f.pool);
    if (leak) {
      f.coords.abandon();
      f.tables.abandon();
      if (f.work) f.work->abandon();
    }
  }
  auto destroy = [c = &ctx, views, pools, semaphores = std::array{recorded, submitted}] {
    const VolkDeviceTable& vk = device_table(*c);
    for (VkImageView v : views)
      if (v) vk.vkDestroyImageView(c->device(), v, nullptr);
    for (VkDescriptorPool p : pools)
      if (p) vk.vkDestroyDescriptorPool(c->device(), p, nullptr);
    for (VkSemaphore s : semaphores)
      if (s) vk.vkDestroySemaphore(c->device(), s, nullptr);
  };
  if (leak) {
    if (engine) engine->abandon();
    if (block) block->abandon();
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
    device_table(ctx).vkDestroyImageView(ctx.device(), f.view, nullptr);
    f.view = VK_NULL_HANDLE;
  }
  return &f;
}

status recorder::impl::ensure_frame_buffers(frame& f, VkDeviceSize coord_bytes) {
  if (f.coords.size() >= coord_bytes) return {};
  f.coords = {};  // the frame is idle: its range goes back to the block before a larger one
  auto b = vk::device_buffer::create(ctx, std::max<VkDeviceSize>(coord_bytes, 4096),
                                     VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::memory_use::upload,
                                     block.get());
  if (!b) return b.error_value();
  f.coords = std::move(b.value());
  return {};
}

status recorder::impl::ensure_descriptor_sets(frame& f, std::uint32_t sets) {
  const VolkDeviceTable& vk = device_table(ctx);
  if (f.pool && f.pool_sets >= sets) {
    return check(vk.vkResetDescriptorPool(ctx.device(), f.pool, 0), "vkResetDescriptorPool");
  }
  if (f.pool) vk.vkDestroyDescriptorPool(ctx.device(), f.pool, nullptr);
  f.pool = VK_NULL_HANDLE;
  f.pool_sets = std::max(sets, 2 * f.pool_sets);
  auto pool = engine->create_descriptor_pool(f.pool_sets);
  if (!pool) return pool.error_value();
  f.pool = *pool;
  return {};
}

status recorder::impl::record_into(frame& f, VkCommandBuffer cmd, const field_spec& field,
                                   const permutation_table& table, const render_target& target) {
  // The built-in checks and messages first; then a built-in field runs as the graph that computes
  // it bit for bit (graph::from_noise), through the graph kernels like any graph field.
  VKNOISE_TRY(validate(field));
  auto lowered = detail::as_graph_field(field);
  if (!lowered) return lowered.error_value();
  plan p{*lowered, table, target};
  VKNOISE_TRY(plan_target(p));
  plan_chunks(p);
  VKNOISE_TRY(upload_inputs(f, p));
  VKNOISE_TRY(bind_chunks(f, p));
  record_barrier_before(cmd, p);
  record_dispatches(cmd, f, p);
  record_barrier_after(cmd, p);
  return {};
}

// Checks the target (the field is valid), and picks the kernel that writes it.
status recorder::impl::plan_target(plan& p) {
  p.to_image = p.target.type == render_target::kind::image;
  if (p.to_image) {
    auto planned = vk::plan_image_target(ctx, p.field, p.target.image);
    if (!planned) return planned.error_value();
    p.image = *planned;
  } else {
    VKNOISE_TRY(vk::check_buffer_target(p.field, p.target.buffer));
  }
  return plan_kernel(p);
}

status recorder::impl::ensure_compiler() {
  return vk::ensure_compiler(compiler);
}

// The field's graph kernel, compiled once per structure (the compiler's caches; parameters are
// constants the frame uploads), its pipeline built once per module and output.
status recorder::impl::plan_kernel(plan& p) {
  VKNOISE_TRY(ensure_compiler());
  auto compiled = compiled_graph::create(*p.field.noise_graph, compiler);
  if (!compiled) return compiled.error_value();
  p.graph.emplace(std::move(compiled.value()));
  p.kernel = vk::runtime_kernel_of(*p.graph, p.table);
  p.graph_in_uniform = engine->graph_table_in_uniform(p.kernel);
  auto kernels = engine->graph_kernels(p.graph_in_uniform, p.to_image);
  if (!kernels) return kernels.error_value();
  p.kernels = *kernels;
  const graph_kernel_output output = !p.to_image     ? graph_kernel_output::field_buffer
                                     : p.image.is_3d ? graph_kernel_output::image_3d
                                                     : graph_kernel_output::image_2d_array;
  auto module = p.kernel.module({output, p.graph_in_uniform});
  if (!module) return module.error_value();
  auto pipeline = (*kernels)->get(**module, p.to_image ? p.image.format : vk::image_format::none);
  if (!pipeline) return pipeline.error_value();
  p.pipeline = *pipeline;
  return {};
}

// Cuts the field into dispatches and lays their coordinates out in one buffer, each chunk's at an
// offset a storage-buffer descriptor may start at.
void recorder::impl::plan_chunks(plan& p) const {
  const vk::dispatch_limits limits = engine->limits(p.kernel.octaves(), p.kernel.channels);
  p.octaves = limits.octaves;
  p.channels = limits.channels;
  vk::field_chunker chunker(p.field, limits);
  for (vk::field_chunk c{}; chunker.next(c);) {
    const VkDeviceSize bytes = vk::field_chunk_coord_count(c, p.octaves) * sizeof(lattice_coord);
    p.chunks.push_back({c, p.coord_total, bytes});
    p.coord_total = align_up(p.coord_total + bytes, offset_alignment);
  }
}

// Host writes of the tables and coordinates; vkQueueSubmit, which follows record(), makes them
// visible to the device. The graph's tables and constants go to the frame's tables, in the
// graph's placement (the frame is idle, so they may be rewritten or replaced).
status recorder::impl::upload_inputs(frame& f, const plan& p) {
  VKNOISE_TRY(ensure_frame_buffers(f, p.coord_total));
  if (!f.tables.created() || f.tables.in_uniform_buffer() != p.graph_in_uniform) {
    auto made = engine->create_tables(p.graph_in_uniform, block.get());
    if (!made) return made.error_value();
    f.tables = std::move(made.value());
  }
  VKNOISE_TRY(f.tables.upload_graph(p.kernel.tables, p.kernel.gradients, p.kernel.words));
  auto* coord_bytes = static_cast<std::byte*>(f.coords.mapped());
  for (const planned_chunk& c : p.chunks) {
    auto* coords = reinterpret_cast<lattice_coord*>(coord_bytes + c.coord_offset);
    vk::write_graph_chunk_coords(p.kernel, p.field, c.chunk, coords);
  }
  return f.coords.flush();
}

// One descriptor set per chunk: its coordinates and, for buffers, its output window; an image
// target gets the frame's view.
status recorder::impl::bind_chunks(frame& f, plan& p) {
  VKNOISE_TRY(ensure_descriptor_sets(f, static_cast<std::uint32_t>(p.chunks.size())));
  if (p.to_image) {
    VkImageViewCreateInfo view_info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view_info.image = p.target.image.image;
    view_info.viewType = p.image.view_type;
    view_info.format = p.target.image.format;
    view_info.subresourceRange = p.image.range;
    VKNOISE_TRY(
        check(device_table(ctx).vkCreateImageView(ctx.device(), &view_info, nullptr, &f.view),
              "vkCreateImageView"));
  }
  f.sets.assign(p.chunks.size(), VK_NULL_HANDLE);
  VKNOISE_TRY(engine->allocate_sets(f.pool, *p.kernels, f.sets));
  const std::uint64_t nx = p.field.size[0];
  p.output_offsets.assign(p.chunks.size(), 0);
  for (std::size_t i = 0; i < p.chunks.size(); ++i) {
    const planned_chunk& c = p.chunks[i];
    vk::binding_buffers buffers{};
    f.tables.bind(buffers);
    buffers[VKNOISE_BINDING_COORDS] = {f.coords.buffer(), c.coord_offset, c.coord_bytes};
    const VkDescriptorImageInfo image_info{VK_NULL_HANDLE, f.view, VK_IMAGE_LAYOUT_GENERAL};
    if (!p.to_image) {
      // The window starts at an aligned offset; the kernel adds the remainder (output_offset).
      const VkDeviceSize start =
          p.target.buffer.offset +
          (c.chunk.first_row * nx + c.chunk.first_x) * p.channels * sizeof(float);
      const VkDeviceSize window = start / offset_alignment * offset_alignment;
      const VkDeviceSize bytes =
          std::uint64_t{c.chunk.count_x} * c.chunk.row_count * p.channels * sizeof(float);
      buffers[VKNOISE_BINDING_OUTPUT] = {p.target.buffer.buffer, window, start - window + bytes};
      p.output_offsets[i] = static_cast<std::uint32_t>((start - window) / sizeof(float));
    }
    p.kernels->write_set(f.sets[i], buffers, &image_info);
  }
  return {};
}

void recorder::impl::record_barrier_before(VkCommandBuffer cmd, const plan& p) const {
  // The caller's last use of the target (target.before) -> the kernel's writes; an image also
  // moves from old_layout to GENERAL, the layout storage-image writes need.
  record_target_barrier(ctx, cmd, p.field, p.target, p.image, p.target.before, kKernelWrites,
                        p.target.image.old_layout, VK_IMAGE_LAYOUT_GENERAL);
}

void recorder::impl::record_dispatches(VkCommandBuffer cmd, const frame& f, const plan& p) const {
  const shader::fractal_constants fractal = p.kernel.fractal();
  for (std::size_t i = 0; i < p.chunks.size(); ++i) {
    const vk::field_chunk& c = p.chunks[i].chunk;
    const vk::field_chunk_dispatch d =
        vk::field_dispatch_of(fractal, c, p.octaves, p.output_offsets[i]);
    shader::image_push_constants push{};
    push.field = d.push;
    push.offset_x = p.image.kernel_offset.x;
    push.offset_y = p.image.kernel_offset.y;
    push.offset_z = p.image.kernel_offset.z;
    push.first_x = c.first_x;
    push.first_row = static_cast<std::uint32_t>(c.first_row);
    push.rows_per_slice = p.field.size[1];
    push.scale = p.target.image.scale;
    push.bias = p.target.image.bias;
    const std::uint32_t push_bytes =
        p.to_image ? sizeof(shader::image_push_constants) : sizeof(shader::field_push_constants);
    engine->record(cmd, {p.pipeline, f.sets[i], p.kernels->layout(), &push, push_bytes, d.groups_x,
                         d.groups_y});
  }
}

void recorder::impl::record_barrier_after(VkCommandBuffer cmd, const plan& p) const {
  // The kernel's writes -> the caller's next use (target.after); an image moves to new_layout.
  record_target_barrier(ctx, cmd, p.field, p.target, p.image, kKernelWrites, p.target.after,
                        VK_IMAGE_LAYOUT_GENERAL, p.target.image.new_layout);
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
    auto acquired = impl_->acquire_frame();
    if (!acquired) return acquired.error_value();
    impl::frame& f = **acquired;
    if (!f.work) {
      auto work = vk::submission::create(impl_->ctx, false);
      if (!work) return work.error_value();
      f.work = std::move(work.value());
    }
    auto begun = f.work->begin();
    if (!begun) return begun.error_value();
    VKNOISE_TRY(impl_->record_into(f, *begun, field, table, target));
    const timeline_point point{impl_->submitted, impl_->submitted_value + 1};
    // The caller's point must be reached before any of this work starts.
    VKNOISE_TRY(
        f.work->submit({wait_for.semaphore, wait_for.value, point.semaphore, point.value, fence}));
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

result<std::shared_ptr<graph_compiler>> recorder::compiler() {
  return detail::guard_allocations([&]() -> result<std::shared_ptr<graph_compiler>> {
    VKNOISE_TRY(impl_->ensure_compiler());
    return impl_->compiler;
  });
}

std::uint32_t recorder::pipelines_built() const {
  return impl_->engine->pipelines_built();
}

}  // namespace vknoise
