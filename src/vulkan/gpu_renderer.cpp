#include "vknoise/gpu_renderer.hpp"

#include <volk.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <new>
#include <string>

#include "core/allocation_guard.hpp"
#include "core/cancelled.hpp"
#include "core/point_validation.hpp"
#include "graph/graph_fields.hpp"
#include "vulkan/chunk_plan.hpp"
#include "vulkan/context_impl.hpp"
#include "vulkan/deferred_destruction.hpp"
#include "vulkan/gpu_renderer_impl.hpp"
#include "vulkan/kernel_dispatch.hpp"
#include "vulkan/kernel_inputs.hpp"
#include "vulkan/submission.hpp"
#include "vulkan/vk_check.hpp"

namespace vknoise {

using vk::check;

namespace {

using chunk_job = gpu_renderer::impl::chunk_job;
constexpr int kSlots = gpu_renderer::impl::kSlots;

}  // namespace

status gpu_renderer::impl::init(const renderer_options& options) {
  compiler = options.compiler;
  auto created = vk::kernel_engine::create(ctx, {options.table, options.chunk_bytes, 4096, false});
  if (!created) return created.error_value();
  engine = std::move(created.value());
  for (slot& s : slots) {
    auto work = vk::submission::create(ctx);
    if (!work) return work.error_value();
    s.work = std::move(work.value());
  }
  return {};
}

status gpu_renderer::impl::usable() const {
  if (!abandoned) return {};
  return make_error(errc::vulkan_error,
                    "an earlier GPU submission failed or timed out and may still be running; "
                    "the renderer is unusable");
}

gpu_renderer::impl::~impl() {
  if (!abandoned) {
    if (status drained = drain(false); !drained) {
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
    tables.abandon();
    if (engine) engine->abandon();
    context_internals::defer_destruction(ctx, [c = &ctx, p = pool] {
      if (p) device_table(*c).vkDestroyDescriptorPool(c->device(), p, nullptr);
    });
    return;
  }
  if (pool) device_table(ctx).vkDestroyDescriptorPool(ctx.device(), pool, nullptr);
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
  if (changed) ++buffers_stamp;
  return {};
}

void gpu_renderer::impl::ensure_written(slot& s, const chunk_job& job) {
  if (s.written[job.set_kind] == buffers_stamp) return;
  // The slot is idle (finished), so its descriptor sets are not in use.
  vk::binding_buffers infos{};
  tables.bind(infos);
  infos[VKNOISE_BINDING_COORDS] = {s.coords.buffer(), 0, VK_WHOLE_SIZE};
  infos[VKNOISE_BINDING_OUTPUT] = {s.output.buffer(), 0, VK_WHOLE_SIZE};
  job.kernels->write_set(s.sets[job.set_kind], infos);
  s.written[job.set_kind] = buffers_stamp;
}

status gpu_renderer::impl::record_and_submit(slot& s, const chunk_job& job) {
  const VolkDeviceTable& vk = device_table(ctx);
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

  s.work->write_kernel_start();
  engine->record(cmd, {job.pipeline, s.sets[job.set_kind], job.kernels->layout(), &job.push,
                       job.push_bytes, job.groups_x, job.groups_y});
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

status gpu_renderer::impl::drain(bool timed_out) {
  status first;
  for (slot& s : slots) {
    if (!s.work || !s.work->pending()) continue;
    const std::uint64_t timeout = timed_out ? 0 : ctx.options().fence_timeout_ns;
    if (status waited = s.work->wait(timeout); !waited) {
      abandoned = true;
      timed_out = timed_out || waited.error_value().code == errc::timeout;
      if (first) first = waited;
    }
  }
  return first;
}

vk::dispatch_limits gpu_renderer::impl::call_limits(vk::dispatch_limits limits,
                                                    const stop_check& should_stop) const {
  if (!should_stop) return limits;
  // A device that is a GPU computes many times faster than a CPU implementation (lavapipe) and
  // pays more for each round trip: it gets larger chunks, still milliseconds each.
  const bool cpu_device = ctx.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  const std::uint64_t sample_octaves =
      stop_check_chunk_samples * (cpu_device ? 1 : stop_check_gpu_chunk_factor);
  limits.max_samples = std::max<std::uint64_t>(1, sample_octaves / std::max(limits.octaves, 1u));
  return limits;
}

status gpu_renderer::impl::submit_chunks(const std::function<bool(chunk_job&)>& next_job,
                                         gpu_stats* stats, const stop_check& should_stop) {
  chunk_job job;
  for (std::uint64_t k = 0;; ++k) {
    if (should_stop && should_stop()) {
      return detail::cancelled("gpu_renderer");
    }
    if (!next_job(job)) break;
    slot& s = slots[k % kSlots];
    VKNOISE_TRY(finish(s, stats));
    VKNOISE_TRY(ensure_capacity(s, job.coord_count, job.output_count));
    ensure_written(s, job);
    VKNOISE_TRY(record_and_submit(s, job));
  }
  for (slot& s : slots) VKNOISE_TRY(finish(s, stats));
  return {};
}

status gpu_renderer::impl::run(const std::function<bool(chunk_job&)>& next_job, gpu_stats* stats,
                               const stop_check& should_stop) {
  VKNOISE_TRY(usable());
  // On any error, and when stopped, wait for what is in flight so that no pending copy targets
  // the caller's memory. After a timeout the drain only polls: the whole call then waits one
  // fence timeout, not one per slot.
  status done;
  try {
    done = submit_chunks(next_job, stats, should_stop);
  } catch (...) {
    // A failed drain leaves the renderer abandoned, which its next call reports.
    (void)drain(false);
    throw;
  }
  if (done) return done;
  status drained = drain(done.error_value().code == errc::timeout);
  // A stopped call that could not drain reports why; any other error comes first.
  if (done.error_value().code == errc::cancelled && !drained) return drained;
  return done;
}

status gpu_renderer::impl::prepare(const vk::runtime_kernel& kernel, graph_kernel_output output,
                                   chunk_job& job) {
  const bool in_uniform = engine->graph_table_in_uniform(kernel);
  auto kernels = engine->graph_kernels(in_uniform);
  if (!kernels) return kernels.error_value();
  auto module = kernel.module({output, in_uniform});
  if (!module) return module.error_value();
  auto pipeline = (*kernels)->get(**module);
  if (!pipeline) return pipeline.error_value();

  // Nothing is in flight (every run finishes its slots), so the buffers may be rewritten or
  // replaced.
  if (!tables.created() || tables.in_uniform_buffer() != in_uniform) {
    auto made = engine->create_tables(in_uniform);
    if (!made) return made.error_value();
    tables = std::move(made.value());
  }
  VKNOISE_TRY(tables.upload_graph(kernel.tables, kernel.gradients, kernel.words));
  // The graph sets point at the ranges of the last graph, perhaps in replaced buffers.
  ++buffers_stamp;

  const int set_kind = set_of(in_uniform);
  if (!pool) {
    auto made_pool = engine->create_descriptor_pool(kSlots * kSetKinds);
    if (!made_pool) return made_pool.error_value();
    pool = *made_pool;
  }
  for (slot& s : slots) {
    if (!s.sets[set_kind]) {
      VKNOISE_TRY(engine->allocate_sets(pool, **kernels, {&s.sets[set_kind], 1}));
      s.written[set_kind] = 0;
    }
  }
  job.pipeline = *pipeline;
  job.kernels = *kernels;
  job.set_kind = set_kind;
  return {};
}

status gpu_renderer::impl::fill(const vk::runtime_kernel& kernel, const field_spec& field,
                                std::span<float> out, gpu_stats* stats,
                                const stop_check& should_stop) {
  VKNOISE_TRY(usable());
  chunk_job prepared;
  VKNOISE_TRY(prepare(kernel, graph_kernel_output::field_buffer, prepared));
  const std::uint32_t octaves = kernel.octaves();
  const vk::dispatch_limits limits =
      call_limits(engine->limits(octaves, kernel.channels), should_stop);
  const std::uint64_t nx = field.size[0];
  const std::size_t channels = kernel.channels;
  vk::field_chunker chunker(field, limits);
  vk::field_chunk chunk{};
  const shader::fractal_constants fractal = kernel.fractal();
  return run(
      [&](chunk_job& job) {
        if (!chunker.next(chunk)) return false;
        const vk::field_chunk_dispatch d = vk::field_dispatch_of(fractal, chunk, octaves);
        job = prepared;
        job.push.field = d.push;
        job.push_bytes = sizeof(shader::field_push_constants);
        job.groups_x = d.groups_x;
        job.groups_y = d.groups_y;
        job.coord_count = vk::field_chunk_coord_count(chunk, octaves);
        job.output_count = std::size_t{chunk.count_x} * chunk.row_count * channels;
        job.destination = out.data() + (chunk.first_row * nx + chunk.first_x) * channels;
        job.write_coords = [&field, &kernel, chunk](lattice_coord* coords) {
          vk::write_graph_chunk_coords(kernel, field, chunk, coords);
        };
        return true;
      },
      stats, should_stop);
}

status gpu_renderer::impl::eval(const vk::runtime_kernel& kernel, std::span<const double> points,
                                std::span<float> out, gpu_stats* stats,
                                const stop_check& should_stop) {
  VKNOISE_TRY(usable());
  chunk_job prepared;
  VKNOISE_TRY(prepare(kernel, graph_kernel_output::points, prepared));
  const std::uint32_t octaves = kernel.octaves();
  const vk::dispatch_limits limits =
      call_limits(engine->limits(octaves, kernel.channels), should_stop);
  const int dims = kernel.dims;
  const std::size_t total = points.size() / dims;
  const std::size_t channels = kernel.channels;
  const std::size_t per_chunk = vk::points_per_chunk(limits);
  const shader::fractal_constants fractal = kernel.fractal();
  std::size_t first = 0;
  return run(
      [&](chunk_job& job) {
        if (first >= total) return false;
        const std::size_t count = std::min(per_chunk, total - first);
        job = prepared;
        job.push.points = {fractal, static_cast<std::uint32_t>(count)};
        job.push_bytes = sizeof(shader::points_push_constants);
        job.groups_x = vk::group_count(count, VKNOISE_POINTS_LOCAL_SIZE);
        job.groups_y = 1;
        job.coord_count = 4 * std::size_t{octaves} * count;
        job.output_count = count * channels;
        job.destination = out.data() + first * channels;
        const double* source = points.data() + first * dims;
        job.write_coords = [&kernel, source, count, dims, octaves](lattice_coord* coords) {
          // Point i, slot s, axis a at (i * octaves + s) * 4 + a (points_push_constants).
          for (std::size_t i = 0; i < count; ++i) {
            for (std::uint32_t s = 0; s < octaves; ++s) {
              lattice_coord* entry = coords + (i * octaves + s) * 4;
              for (int a = 0; a < 4; ++a) {
                entry[a] = a < dims && s < kernel.slots
                               ? kernel.coordinate(static_cast<int>(s), a, source[i * dims + a])
                               : lattice_coord{0, 0, 0, 0, 0.0f};
              }
            }
          }
        };
        first += count;
        return true;
      },
      stats, should_stop);
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
                          std::span<float> out, gpu_stats* stats, const stop_check& should_stop) {
  return detail::guard_allocations([&]() -> status {
    // The field's checks and messages first (a built-in field's are the built-in ones); then it
    // runs as its graph (a built-in field as the graph that computes it bit for bit,
    // graph::from_noise), through the graph kernels, as the recorder does.
    VKNOISE_TRY(validate(field, out.size()));
    auto graph_field = detail::as_graph_field(field);
    if (!graph_field) return graph_field.error_value();
    auto compiled = impl_->compile(*graph_field->noise_graph);
    if (!compiled) return compiled.error_value();
    return impl_->fill(vk::runtime_kernel_of(*compiled, table), *graph_field, out, stats,
                       should_stop);
  });
}

status gpu_renderer::eval(int dims, std::span<const double> points, const permutation_table& table,
                          std::span<float> out, gpu_stats* stats) {
  return eval(noise_spec{}, dims, points, table, out, stats);
}

status gpu_renderer::eval(const noise_spec& noise, int dims, std::span<const double> points,
                          const permutation_table& table, std::span<float> out, gpu_stats* stats,
                          const stop_check& should_stop) {
  return detail::guard_allocations([&]() -> status {
    VKNOISE_TRY(detail::validate_points(noise, dims, points, out.size()));
    auto lowered = graph::from_noise(noise, dims);
    if (!lowered) return lowered.error_value();
    auto compiled = impl_->compile(*lowered);
    if (!compiled) return compiled.error_value();
    return impl_->eval(vk::runtime_kernel_of(*compiled, table), points, out, stats, should_stop);
  });
}

status gpu_renderer::fill(const compiled_graph& graph, const field_spec& field,
                          const permutation_table& table, std::span<float> out, gpu_stats* stats,
                          const stop_check& should_stop) {
  return detail::guard_allocations([&]() -> status {
    field_spec of_graph = field;
    of_graph.noise_graph = std::make_shared<const vknoise::graph>(graph.source_graph());
    VKNOISE_TRY(validate(of_graph, out.size()));
    return impl_->fill(vk::runtime_kernel_of(graph, table), field, out, stats, should_stop);
  });
}

status gpu_renderer::eval(const compiled_graph& graph, std::span<const double> points,
                          const permutation_table& table, std::span<float> out, gpu_stats* stats,
                          const stop_check& should_stop) {
  return detail::guard_allocations([&]() -> status {
    VKNOISE_TRY(detail::validate_graph_points(graph.source_graph(), points, out.size()));
    return impl_->eval(vk::runtime_kernel_of(graph, table), points, out, stats, should_stop);
  });
}

result<std::shared_ptr<graph_compiler>> gpu_renderer::compiler() {
  VKNOISE_TRY(impl_->ensure_compiler());
  return impl_->compiler;
}

status gpu_renderer::impl::ensure_compiler() {
  return vk::ensure_compiler(compiler);
}

result<compiled_graph> gpu_renderer::impl::compile(const graph& g) {
  VKNOISE_TRY(ensure_compiler());
  return compiled_graph::create(g, compiler);
}

}  // namespace vknoise
