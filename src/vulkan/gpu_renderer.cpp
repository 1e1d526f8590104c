#include "vknoise/gpu_renderer.hpp"

#include <volk.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <new>
#include <optional>
#include <string>

#include "core/allocation_guard.hpp"
#include "core/point_validation.hpp"
#include "vknoise_shared.h"
#include "vulkan/chunk_plan.hpp"
#include "vulkan/compute_pipeline.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/device_buffer.hpp"
#include "vulkan/kernel_inputs.hpp"
#include "vulkan/submission.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise {

using vk::check;
using vk::fractal_constants_of;
using vk::variant_of;

namespace {

constexpr int kSlots = 2;  // one chunk computes while the previous one is copied out

// One dispatch's worth of work, independent of the kernel.
struct chunk_job {
  VkPipeline pipeline = VK_NULL_HANDLE;
  union {
    shader::field_push_constants field;
    shader::points_push_constants points;
  } push{};
  std::uint32_t push_bytes = 0;
  std::uint32_t groups_x = 1, groups_y = 1;
  std::size_t coord_count = 0;
  std::function<void(lattice_coord*)> write_coords;
  std::size_t output_count = 0;
  float* destination = nullptr;
};

std::uint32_t group_count(std::uint64_t items, std::uint32_t local_size) {
  return static_cast<std::uint32_t>((items + local_size - 1) / local_size);
}

}  // namespace

struct gpu_renderer::impl {
  struct slot {
    std::unique_ptr<vk::submission> work;
    vk::device_buffer coords;    // host-written lattice coordinates
    vk::device_buffer output;    // written by the kernel
    vk::device_buffer readback;  // host-cached copy of output; empty when output is host-cached
    VkDescriptorSet set = VK_NULL_HANDLE;
    float* destination = nullptr;
    std::size_t count = 0;
  };

  context& ctx;
  vk::dispatch_limits limits{};
  std::unique_ptr<vk::pipeline_set> pipelines;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  vk::device_buffer permutation;  // 512 entries, table_stride int32 words apart
  vk::device_buffer gradients;    // classic noise: 256 vec4, the table of the dims rendered
  int table_stride = 1;
  std::optional<std::uint64_t> classic_seed;  // what `gradients` holds
  int classic_dims = 0;
  slot slots[kSlots];
  bool abandoned = false;

  explicit impl(context& c) : ctx(c) {}
  ~impl();

  status init(const renderer_options& options);
  status upload_tables(const permutation_table& table, const noise_spec& noise, int dims);
  status ensure_capacity(slot& s, std::size_t coord_count, std::size_t output_count);
  status record_and_submit(slot& s, const chunk_job& job);
  status finish(slot& s, gpu_stats* stats);
  status run(const std::function<bool(chunk_job&)>& next_job, gpu_stats* stats);
  // Waits for every pending slot; the first failure, with the renderer then abandoned.
  status drain();
};

status gpu_renderer::impl::init(const renderer_options& options) {
  limits = vk::device_dispatch_limits(ctx, options.chunk_bytes, 4096);
  const bool table_in_uniform = vk::table_in_uniform_buffer(ctx.properties(), options.table);
  table_stride = table_in_uniform ? VKNOISE_UNIFORM_TABLE_STRIDE : 1;
  auto set = vk::pipeline_set::create(ctx, table_in_uniform);
  if (!set) return set.error_value();
  pipelines = std::move(set.value());

  const VkDescriptorPoolSize sizes[2] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSlots * VKNOISE_BINDING_COUNT},
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kSlots * 2}};
  VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool_info.maxSets = kSlots;
  pool_info.poolSizeCount = 2;
  pool_info.pPoolSizes = sizes;
  VKNOISE_TRY(check(ctx.vk().vkCreateDescriptorPool(ctx.device(), &pool_info, nullptr, &pool),
                    "vkCreateDescriptorPool"));
  const VkBufferUsageFlags table_usage =
      table_in_uniform ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  auto perm = vk::device_buffer::create(ctx, vk::permutation_bytes(table_stride), table_usage,
                                        vk::memory_use::upload);
  if (!perm) return perm.error_value();
  permutation = std::move(perm.value());
  auto grads =
      vk::device_buffer::create(ctx, vk::gradient_bytes, table_usage, vk::memory_use::upload);
  if (!grads) return grads.error_value();
  gradients = std::move(grads.value());

  for (slot& s : slots) {
    auto work = vk::submission::create(ctx);
    if (!work) return work.error_value();
    s.work = std::move(work.value());
    VkDescriptorSetLayout layout = pipelines->set_layout();
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = pool;
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &layout;
    VKNOISE_TRY(check(ctx.vk().vkAllocateDescriptorSets(ctx.device(), &alloc, &s.set),
                      "vkAllocateDescriptorSets"));
  }
  return {};
}

gpu_renderer::impl::~impl() {
  if (!abandoned) {
    if (status drained = drain(); !drained) {
      context_internals::report_teardown_error(ctx, drained.error_value());
    }
  }
  if (abandoned) {
    // Work that failed or timed out may still use these: the context destroys them once idle.
    for (slot& s : slots) {
      s.coords.abandon();
      s.output.abandon();
      s.readback.abandon();
    }
    permutation.abandon();
    gradients.abandon();
    if (pipelines) pipelines->abandon();
    context_internals::defer_destruction(ctx, [c = &ctx, pool = pool] {
      if (pool) c->vk().vkDestroyDescriptorPool(c->device(), pool, nullptr);
    });
    return;
  }
  if (pool) ctx.vk().vkDestroyDescriptorPool(ctx.device(), pool, nullptr);
}

status gpu_renderer::impl::upload_tables(const permutation_table& table, const noise_spec& noise,
                                         int dims) {
  // Only called while no submission is pending, so the shaders are not reading them.
  vk::write_permutation(table, table_stride, permutation.mapped());
  VKNOISE_TRY(permutation.flush());
  if (noise.kind != noise_kind::classic) return {};  // the gradients are not read
  if (!classic_seed || *classic_seed != noise.classic_seed || classic_dims != dims) {
    vk::write_classic_gradients(noise, dims, gradients.mapped());
    VKNOISE_TRY(gradients.flush());
    classic_seed = noise.classic_seed;
    classic_dims = dims;
  }
  return {};
}

status gpu_renderer::impl::ensure_capacity(slot& s, std::size_t coord_count,
                                           std::size_t output_count) {
  const VkDeviceSize coord_bytes = std::max<VkDeviceSize>(coord_count * sizeof(lattice_coord), 64);
  const VkDeviceSize output_bytes = std::max<VkDeviceSize>(output_count * sizeof(float), 64);
  bool changed = false;
  if (s.coords.size() < coord_bytes) {
    auto b = vk::device_buffer::create(ctx, coord_bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                       vk::memory_use::upload);
    if (!b) return b.error_value();
    s.coords = std::move(b.value());
    changed = true;
  }
  if (s.output.size() < output_bytes) {
    auto b = vk::device_buffer::create(
        ctx, output_bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
        vk::memory_use::device);
    if (!b) return b.error_value();
    s.output = std::move(b.value());
    s.readback = {};
    if (!s.output.host_cached()) {
      auto r = vk::device_buffer::create(ctx, output_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         vk::memory_use::readback);
      if (!r) return r.error_value();
      s.readback = std::move(r.value());
    }
    changed = true;
  }
  if (changed) {
    // The slot is idle (finished), so its descriptor set is not in use.
    VkDescriptorBufferInfo infos[VKNOISE_BINDING_COUNT];
    infos[VKNOISE_BINDING_PERMUTATION] = {permutation.buffer(), 0, VK_WHOLE_SIZE};
    infos[VKNOISE_BINDING_COORDS] = {s.coords.buffer(), 0, VK_WHOLE_SIZE};
    infos[VKNOISE_BINDING_OUTPUT] = {s.output.buffer(), 0, VK_WHOLE_SIZE};
    infos[VKNOISE_BINDING_GRADIENTS] = {gradients.buffer(), 0, VK_WHOLE_SIZE};
    pipelines->write_set(s.set, infos);
  }
  return {};
}

status gpu_renderer::impl::record_and_submit(slot& s, const chunk_job& job) {
  const VolkDeviceTable& vk = ctx.vk();
  job.write_coords(static_cast<lattice_coord*>(s.coords.mapped()));
  VKNOISE_TRY(s.coords.flush());  // vkQueueSubmit then makes the host writes visible

  auto begun = s.work->begin();
  if (!begun) return begun.error_value();
  VkCommandBuffer cmd = *begun;

  // This slot's previous chunk was read by a copy or the host before the fence we waited on;
  // order this chunk's writes after those reads on the device side too (write-after-read).
  VkMemoryBarrier reuse{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  reuse.srcAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  reuse.dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                          0, 1, &reuse, 0, nullptr, 0, nullptr);

  vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, job.pipeline);
  vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelines->layout(), 0, 1, &s.set,
                             0, nullptr);
  vk.vkCmdPushConstants(cmd, pipelines->layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, job.push_bytes,
                        &job.push);
  s.work->write_kernel_start();
  vk.vkCmdDispatch(cmd, job.groups_x, job.groups_y, 1);
  s.work->write_kernel_end();

  const VkDeviceSize bytes = job.output_count * sizeof(float);
  VkBufferMemoryBarrier done{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
  done.srcQueueFamilyIndex = done.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  done.buffer = s.output.buffer();
  done.size = bytes;
  done.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  if (s.readback.buffer()) {
    // Kernel writes -> the copy into host-cached memory reads them.
    done.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                            VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 1, &done, 0, nullptr);
    const VkBufferCopy region{0, 0, bytes};
    vk.vkCmdCopyBuffer(cmd, s.output.buffer(), s.readback.buffer(), 1, &region);
    // Copy writes -> available to host reads after the fence.
    VkBufferMemoryBarrier to_host = done;
    to_host.buffer = s.readback.buffer();
    to_host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0,
                            nullptr, 1, &to_host, 0, nullptr);
  } else {
    // Kernel writes -> available to host reads of the mapped output after the fence.
    done.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                            0, 0, nullptr, 1, &done, 0, nullptr);
  }
  VKNOISE_TRY(s.work->submit());
  s.destination = job.destination;
  s.count = job.output_count;
  return {};
}

status gpu_renderer::impl::finish(slot& s, gpu_stats* stats) {
  if (!s.work->pending()) return {};
  if (status waited = s.work->wait(); !waited) {
    abandoned = true;  // timed out or lost: the GPU may still use the slot's objects
    return waited;
  }
  const vk::device_buffer& source = s.readback.buffer() ? s.readback : s.output;
  VKNOISE_TRY(source.invalidate());
  std::memcpy(s.destination, source.mapped(), s.count * sizeof(float));
  if (stats) {
    auto ns = s.work->kernel_ns();
    if (!ns) return ns.error_value();
    stats->kernel_ns += *ns;
    ++stats->dispatches;
  }
  s.destination = nullptr;
  return {};
}

status gpu_renderer::impl::drain() {
  status first;
  for (slot& s : slots) {
    if (!s.work || !s.work->pending()) continue;
    if (status waited = s.work->wait(); !waited) {
      abandoned = true;
      if (first) first = waited;
    }
  }
  return first;
}

status gpu_renderer::impl::run(const std::function<bool(chunk_job&)>& next_job, gpu_stats* stats) {
  if (abandoned) {
    return make_error(errc::vulkan_error,
                      "an earlier GPU submission failed or timed out and may still be running; "
                      "the renderer is unusable");
  }
  // On any error, wait for what is in flight so no pending copy targets the caller's memory.
  struct drain_on_error {
    impl* self;
    bool armed = true;
    ~drain_on_error() {
      // The error being returned comes first; a failed drain also leaves the renderer abandoned,
      // which its next call reports.
      if (armed) (void)self->drain();
    }
  } guard{this};

  chunk_job job;
  for (std::uint64_t k = 0; next_job(job); ++k) {
    slot& s = slots[k % kSlots];
    VKNOISE_TRY(finish(s, stats));
    VKNOISE_TRY(ensure_capacity(s, job.coord_count, job.output_count));
    VKNOISE_TRY(record_and_submit(s, job));
  }
  for (slot& s : slots) VKNOISE_TRY(finish(s, stats));
  guard.armed = false;
  return {};
}

gpu_renderer::gpu_renderer(std::unique_ptr<impl> impl) : impl_(std::move(impl)) {}
gpu_renderer::~gpu_renderer() = default;

result<std::unique_ptr<gpu_renderer>> gpu_renderer::create(context& ctx,
                                                           const renderer_options& options) {
  auto state = std::make_unique<impl>(ctx);
  VKNOISE_TRY(state->init(options));
  return std::unique_ptr<gpu_renderer>(new gpu_renderer(std::move(state)));
}

status gpu_renderer::fill(const field_spec& field, const permutation_table& table,
                          std::span<float> out, gpu_stats* stats) {
  return detail::guard_allocations([&]() -> status {
    VKNOISE_TRY(validate(field, out.size()));
    auto pipeline = impl_->pipelines->get(variant_of(vk::kernel::field, field.dims, field.noise));
    if (!pipeline) return pipeline.error_value();
    VKNOISE_TRY(impl_->upload_tables(table, field.noise, field.dims));

    const std::uint64_t nx = field.size[0];
    const std::uint32_t octaves = static_cast<std::uint32_t>(field.noise.octaves);
    const std::size_t channels = static_cast<std::size_t>(channel_count(field.noise, field.dims));
    vk::dispatch_limits limits = impl_->limits;
    limits.octaves = octaves;
    limits.channels = static_cast<std::uint32_t>(channels);
    vk::field_chunker chunker(field, limits);
    vk::field_chunk chunk{};
    const shader::fractal_constants fractal = fractal_constants_of(field.noise);
    return impl_->run(
        [&](chunk_job& job) {
          if (!chunker.next(chunk)) return false;
          job.pipeline = *pipeline;
          job.push.field = {fractal, chunk.count_x, octaves * chunk.count_x};
          job.push_bytes = sizeof(shader::field_push_constants);
          job.groups_x = group_count(chunk.count_x, VKNOISE_FIELD_LOCAL_SIZE);
          job.groups_y = chunk.row_count;
          job.coord_count = vk::field_chunk_coord_count(chunk, octaves);
          job.output_count = std::size_t{chunk.count_x} * chunk.row_count * channels;
          job.destination = out.data() + (chunk.first_row * nx + chunk.first_x) * channels;
          job.write_coords = [&field, chunk](lattice_coord* coords) {
            vk::write_field_chunk_coords(field, chunk, coords);
          };
          return true;
        },
        stats);
  });
}

status gpu_renderer::eval(int dims, std::span<const double> points, const permutation_table& table,
                          std::span<float> out, gpu_stats* stats) {
  return eval(noise_spec{}, dims, points, table, out, stats);
}

status gpu_renderer::eval(const noise_spec& noise, int dims, std::span<const double> points,
                          const permutation_table& table, std::span<float> out, gpu_stats* stats) {
  return detail::guard_allocations([&]() -> status {
    VKNOISE_TRY(detail::validate_points(noise, dims, points, out.size()));
    const std::size_t channels = static_cast<std::size_t>(channel_count(noise, dims));
    auto pipeline = impl_->pipelines->get(variant_of(vk::kernel::points, dims, noise));
    if (!pipeline) return pipeline.error_value();
    VKNOISE_TRY(impl_->upload_tables(table, noise, dims));

    const std::size_t total = points.size() / dims;
    const std::size_t octaves = static_cast<std::size_t>(noise.octaves);
    vk::dispatch_limits limits = impl_->limits;
    limits.octaves = static_cast<std::uint32_t>(octaves);
    limits.channels = static_cast<std::uint32_t>(channels);
    const std::size_t per_chunk = vk::points_per_chunk(limits);
    const shader::fractal_constants fractal = fractal_constants_of(noise);
    std::size_t first = 0;
    return impl_->run(
        [&](chunk_job& job) {
          if (first >= total) return false;
          const std::size_t count = std::min(per_chunk, total - first);
          job.pipeline = *pipeline;
          job.push.points = {fractal, static_cast<std::uint32_t>(count)};
          job.push_bytes = sizeof(shader::points_push_constants);
          job.groups_x = group_count(count, VKNOISE_POINTS_LOCAL_SIZE);
          job.groups_y = 1;
          job.coord_count = 4 * octaves * count;
          job.output_count = count * channels;
          job.destination = out.data() + first * channels;
          const double* source = points.data() + first * dims;
          job.write_coords = [&noise, source, count, dims, octaves](lattice_coord* coords) {
            for (std::size_t i = 0; i < count; ++i) {
              double position[4] = {0, 0, 0, 0};
              for (int a = 0; a < dims; ++a) position[a] = source[i * dims + a];
              reduce_point(noise, dims, position, coords + 4 * octaves * i);
            }
          };
          first += count;
          return true;
        },
        stats);
  });
}

}  // namespace vknoise
