#include "bench_runner.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <map>
#include <thread>
#include <tuple>

#include "peers.hpp"
#if VKNOISE_HAVE_FASTNOISE2
#include "fastnoise2_peer.hpp"
#endif
#include "vknoise/compute_backend.hpp"
#include "vknoise/context.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::bench {
namespace {

// One GPU measurement's per-repeat seconds: the kernels' (timestamp queries) and the wall's.
struct gpu_times {
  std::vector<double> kernel, wall;
};

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point start) {
  return std::chrono::duration<double>(clock_type::now() - start).count();
}

std::string cpu_model_name() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) {
        auto name = line.substr(colon + 1);
        name.erase(0, name.find_first_not_of(" \t"));
        return name;
      }
    }
  }
  return "unknown";
}

std::optional<double> load_average() {
  std::ifstream file("/proc/loadavg");
  double load = 0;
  if (file >> load) return load;
  return std::nullopt;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string version_text(std::uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) +
         "." + std::to_string(VK_API_VERSION_PATCH(v));
}

// The driver's name and version string (Vulkan 1.2 driver properties), read through the same
// loader the library opened; the packed driverVersion when that is not available.
std::string driver_text(const context& ctx) {
  const auto& props = ctx.properties();
  std::string fallback = "driverVersion " + version_text(props.driverVersion);
  if (props.apiVersion < VK_API_VERSION_1_2) return fallback;
  void* loader = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!loader) return fallback;
  auto get_instance_proc =
      reinterpret_cast<PFN_vkGetInstanceProcAddr>(dlsym(loader, "vkGetInstanceProcAddr"));
  std::string text = fallback;
  if (get_instance_proc) {
    auto get_properties2 = reinterpret_cast<PFN_vkGetPhysicalDeviceProperties2>(
        get_instance_proc(ctx.instance(), "vkGetPhysicalDeviceProperties2"));
    if (get_properties2) {
      VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
      VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
      props2.pNext = &driver;
      get_properties2(ctx.physical_device(), &props2);
      text = std::string(driver.driverName) + " " + driver.driverInfo;
    }
  }
  dlclose(loader);
  return text;
}

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::uint64_t samples_of(const std::array<std::uint32_t, 4>& size) {
  return std::uint64_t{size[0]} * size[1] * size[2] * size[3];
}

// Fills a result's figures from per-repeat seconds.
void summarise(bench_result& row, const std::vector<double>& seconds) {
  std::vector<double> msps;
  for (double s : seconds) msps.push_back(static_cast<double>(row.samples) / s / 1e6);
  row.repeats = static_cast<int>(seconds.size());
  row.median_msps = median_of(msps);
  row.min_msps = *std::min_element(msps.begin(), msps.end());
  row.max_msps = *std::max_element(msps.begin(), msps.end());
  row.median_seconds = median_of(seconds);
}

status validate_config(const bench_config& config) {
  if (config.workloads.empty() || config.dims.empty() || config.octaves.empty() ||
      config.backends.empty()) {
    return make_error(errc::invalid_argument,
                      "nothing to run: empty workloads, dims, octaves or backends");
  }
  for (int d : config.dims) {
    if (d != 3 && d != 4) return make_error(errc::invalid_argument, "dims must be 3 or 4");
  }
  for (int o : config.octaves) {
    if (o < 1 || o > max_octaves) {
      return make_error(errc::invalid_argument,
                        "octaves must be 1 to " + std::to_string(max_octaves));
    }
  }
  for (unsigned t : config.threads) {
    if (t == 0) return make_error(errc::invalid_argument, "threads must be at least 1");
  }
  for (backend_id b : config.backends) {
    if (!backend_built_in(b)) return make_error(errc::invalid_argument, fastnoise2_missing);
  }
  if (config.repeats < 1) return make_error(errc::invalid_argument, "repeats must be at least 1");
  if (config.warmup < 0) return make_error(errc::invalid_argument, "warmup must be 0 or more");
  if (!(config.budget_seconds > 0)) {
    return make_error(errc::invalid_argument, "budget must be a positive number of seconds");
  }
  for (const auto& [d, size] : config.sizes) {
    if (d != 3 && d != 4) return make_error(errc::invalid_argument, "dims must be 3 or 4");
    if (auto valid = validate(bench_field(d, size, 1, config.noise)); !valid) return valid;
  }
  return {};
}

}  // namespace

const char* backend_name(backend_id backend) {
  switch (backend) {
    case backend_id::gpu:
      return "gpu";
    case backend_id::gpu_e2e:
      return "gpu-e2e";
    case backend_id::cpu_reference:
      return "cpu-reference";
    case backend_id::cpu_fast:
      return "cpu-fast";
    case backend_id::stb:
      return "stb";
    case backend_id::glm:
      return "glm";
    case backend_id::fastnoise2:
      return "fastnoise2";
  }
  return "?";
}

std::optional<backend_id> parse_backend_name(std::string_view name) {
  for (backend_id b : all_backends) {
    if (name == backend_name(b)) return b;
  }
  if (name == backend_name(backend_id::fastnoise2)) return backend_id::fastnoise2;
  return std::nullopt;
}

bool backend_built_in(backend_id backend) {
#if VKNOISE_HAVE_FASTNOISE2
  (void)backend;
  return true;
#else
  return backend != backend_id::fastnoise2;
#endif
}

bool is_gpu(backend_id backend) {
  return backend == backend_id::gpu || backend == backend_id::gpu_e2e;
}

field_spec bench_field(int dims, const std::array<std::uint32_t, 4>& size, int octaves,
                       noise_kind noise) {
  field_spec field;
  field.dims = dims;
  field.size = size;
  field.origin = {0.0, 0.0, 0.5, 0.25};
  field.step = {1.0 / 32, 1.0 / 32, 1.0 / 32, 1.0 / 32};
  field.noise.kind = noise;
  field.noise.octaves = octaves;
  field.noise.fractal = octaves > 1 ? fractal_kind::fbm : fractal_kind::none;
  field.noise.persistence = 0.5;
  field.noise.lacunarity = 2.0;
  return field;
}

std::vector<std::array<std::uint32_t, 4>> default_sizes(int dims) {
  if (dims == 4) return {{16, 16, 16, 16}, {32, 32, 32, 32}, {64, 64, 64, 64}};
  std::vector<std::array<std::uint32_t, 4>> sizes = {
      {32, 32, 32, 1},    {256, 256, 1, 1},   {64, 64, 64, 1},    {1024, 1024, 1, 1},
      {128, 128, 128, 1}, {256, 256, 256, 1}, {4096, 4096, 1, 1}, {512, 512, 512, 1}};
  std::stable_sort(sizes.begin(), sizes.end(),
                   [](const auto& a, const auto& b) { return samples_of(a) < samples_of(b); });
  return sizes;
}

result<bench_report> run_bench(const bench_config& config,
                               const std::function<void(const bench_result&)>& on_result) {
  if (auto valid = validate_config(config); !valid) return valid.error_value();
  bench_report report;
  machine_info& machine = report.machine;
  machine.cpu_model = cpu_model_name();
  machine.cores = std::max(1u, std::thread::hardware_concurrency());
  machine.simd_target = cpu_simd_target();
  machine.date = utc_now();
  machine.load_start = load_average();
  machine.peer_build =
      "g++ -O3 -ffp-contract=off, target_clones x86-64-v4/v3/default with the noise inlined";
#if VKNOISE_HAVE_FASTNOISE2
  machine.peer_build += "; " + fastnoise2_build();
#endif

  auto wants = [&](backend_id b) {
    return std::find(config.backends.begin(), config.backends.end(), b) != config.backends.end();
  };
  const bool want_gpu = wants(backend_id::gpu) || wants(backend_id::gpu_e2e);
  const bool only_gpu = std::all_of(config.backends.begin(), config.backends.end(), is_gpu);

  std::optional<compute_backend> gpu;
  bool gpu_on_cpu_device = true;
  if (want_gpu) {
    backend_options options;
    options.kind = backend_kind::gpu;
    options.vulkan.device_index = config.device;
    if (auto created = compute_backend::create(options)) {
      gpu.emplace(std::move(created).value());
    } else {
      machine.gpu_note = created.message();
    }
    if (!gpu && only_gpu) return make_error(errc::no_device, machine.gpu_note);
    if (gpu) {
      const context& ctx = *gpu->gpu_context();
      const auto& props = ctx.properties();
      machine.gpu_name = props.deviceName;
      machine.gpu_type = device_type_name(props.deviceType);
      machine.driver = driver_text(ctx);
      machine.vulkan_api = version_text(props.apiVersion);
      gpu_on_cpu_device = props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
      if (config.peak_gops) {
        machine.peak_gops = config.peak_gops;
        machine.peak_source = "--peak-gops";
      } else {
        std::string matched;
        machine.peak_gops = known_peak_gops(machine.gpu_name, &matched);
        if (machine.peak_gops) machine.peak_source = "table: " + matched;
      }
      if (!ctx.has_timestamps()) machine.gpu_note = "no timestamp queries: no gpu figure";
    }
  }

  std::vector<unsigned> thread_counts = config.threads;
  if (thread_counts.empty()) thread_counts = {1, machine.cores};
  std::sort(thread_counts.begin(), thread_counts.end());
  thread_counts.erase(std::unique(thread_counts.begin(), thread_counts.end()), thread_counts.end());
  // The CPU backends: the reference, and the fast path at each thread count.
  auto reference = compute_backend::create({backend_kind::cpu_reference});
  if (!reference) return reference.error_value();
  std::vector<compute_backend> fast;
  for (unsigned threads : thread_counts) {
    auto created = compute_backend::create({backend_kind::cpu_fast, threads});
    if (!created) return created.error_value();
    fast.push_back(std::move(created).value());
  }

  const auto table = permutation_table::perlin();
  std::vector<float> out;
  // Last measured throughput (Msamples/s) per (workload, backend, threads, dims, octaves), to
  // predict whether the next size fits the budget.
  std::map<std::tuple<int, int, unsigned, int, int>, double> last_msps;
  // The points workload's points, kept while the same dims and size run at other octave counts.
  std::vector<double> points;
  std::vector<float> float_points;  // config.float_points: the points rounded to float
  std::pair<int, std::array<std::uint32_t, 4>> points_of{0, {}};

  auto emit = [&](bench_result row) {
    if (on_result) on_result(row);
    report.results.push_back(std::move(row));
  };

  for (int dims : config.dims) {
    std::vector<std::array<std::uint32_t, 4>> sizes;
    for (const auto& [d, size] : config.sizes) {
      if (d == dims) sizes.push_back(size);
    }
    if (config.sizes.empty()) sizes = default_sizes(dims);
    std::stable_sort(sizes.begin(), sizes.end(),
                     [](const auto& a, const auto& b) { return samples_of(a) < samples_of(b); });
    for (int octaves : config.octaves) {
      for (const auto& size : sizes) {
        for (workload work : config.workloads) {
          // The built-in field, then the graph on the same grid (once per size, grid only).
          const bool with_graph = config.noise_graph && config.noise_graph->dims() == dims &&
                                  work == workload::grid && octaves == config.octaves.front();
          // The graph's GPU times and its cpu-fast seconds per thread count, measured alongside
          // the built-in field's (below).
          std::optional<gpu_times> graph_times;
          std::map<unsigned, std::vector<double>> graph_cpu_seconds;
          for (const bool is_graph : {false, true}) {
            if (is_graph && !with_graph) continue;
            field_spec field = bench_field(dims, size, octaves, config.noise);
            if (is_graph) field.noise_graph = config.noise_graph;
            const std::uint64_t samples = sample_count(field);
            const std::uint64_t values = value_count(field);
            const std::string graph_label = is_graph ? config.graph_name : std::string();
            if (work == workload::points && config.sizes.empty() && samples > max_default_points) {
              continue;
            }
            auto key = [&](backend_id backend, unsigned threads, bool graph) {
              return std::make_tuple(static_cast<int>(work), static_cast<int>(backend), threads,
                                     dims, graph ? -1 : octaves);
            };
            auto base_row = [&](backend_id backend, unsigned threads) {
              bench_result row;
              row.work = work;
              row.backend = backend;
              row.dims = dims;
              row.size = size;
              row.octaves = is_graph ? 0 : octaves;
              row.graph = graph_label;
              row.threads = threads;
              row.samples = samples;
              return row;
            };
            auto skip = [&](bench_result row, std::string note) {
              row.skipped = true;
              row.note = std::move(note);
              emit(std::move(row));
            };
            // Whether the budget allows this size for the graph or the built-in field; otherwise
            // a note saying why not.
            auto over_budget_of = [&](bool graph, backend_id backend,
                                      unsigned threads) -> std::optional<std::string> {
              const auto it = last_msps.find(key(backend, threads, graph));
              if (it == last_msps.end()) return std::nullopt;
              const double predicted = static_cast<double>(samples) / (it->second * 1e6);
              if (predicted <= config.budget_seconds) return std::nullopt;
              char text[96];
              std::snprintf(text, sizeof text, "skipped: ~%.3g s per repeat > budget %.3g s",
                            predicted, config.budget_seconds);
              return std::string(text);
            };
            auto over_budget = [&](backend_id backend, unsigned threads) {
              return over_budget_of(is_graph, backend, threads);
            };
            // The output and the points, allocated (and touched) only for a size that runs, before
            // any timing.
            auto buffer = [&]() -> std::span<float> {
              if (out.size() != values) out.resize(values);
              if (work == workload::points && points_of != std::make_pair(dims, size)) {
                points = bench_points(field);
                points_of = {dims, size};
                if (config.float_points) float_points.assign(points.begin(), points.end());
              }
              return std::span<float>(out.data(), values);
            };
            const std::vector<float>* read_floats =
                work == workload::points && config.float_points ? &float_points : nullptr;
            const workload_calls calls = calls_for(work, field, points, table, read_floats);
            // With a graph on this grid, the graph's runs alternate with the built-in field's,
            // repeat by repeat, on the GPU and on cpu-fast, so that the machine's drift falls on
            // both alike; the graph's rows are emitted in its own turn.
            const bool paired = with_graph && !is_graph;
            field_spec partner_field = field;
            partner_field.noise_graph = config.noise_graph;
            const workload_calls partner_calls =
                paired ? calls_for(work, partner_field, points, table, read_floats)
                       : workload_calls{};
            std::vector<float> partner_out;
            auto partner_buffer = [&] {
              partner_out.resize(value_count(partner_field));
              return std::span<float>(partner_out);
            };
            // FastNoise2's output, its seconds when they alternated with cpu-fast's at 1 thread,
            // and those of cpu-fast.
            std::vector<float> peer_out;
            auto peer_buffer = [&] {
              peer_out.resize(samples);
              return std::span<float>(peer_out);
            };
            std::optional<std::vector<double>> fastnoise2_seconds;
            std::vector<double> cpu_fast_seconds;
            // Why FastNoise2 does not run on this field, or empty.
            auto fastnoise2_note = [&]() -> std::string {
#if VKNOISE_HAVE_FASTNOISE2
              if (auto why = fastnoise2_unsupported(field); !why.empty()) return why;
#endif
              if (!calls.fastnoise2) return "n/a: fastnoise2 does not compute this field";
              if (auto note = over_budget(backend_id::fastnoise2, 1)) return *note;
              return {};
            };
            auto fastnoise2_runs = [&] {
              return wants(backend_id::fastnoise2) && !is_graph && fastnoise2_note().empty();
            };
            // Warm-up, then timed repeats of `run(values)`; per-repeat seconds. With partners
            // (the graph's run on the same backend, FastNoise2 beside cpu-fast), each run of `run`
            // takes turns with one run of each partner, whose seconds go to its own vector; every
            // other repeat the order is reversed, so that none gains from its place.
            // Which of `count` runs (0: the row's own, then the partners) goes in turn `turn` of
            // repeat i: in order, then reversed (for a pair: the partner second, then first).
            const auto runs_turn = [](int i, int turn, int count) {
              return i % 2 == 0 ? turn : count - 1 - turn;
            };
            using run_call = std::function<status(std::span<float>)>;
            struct partner_run {
              run_call run;
              std::span<float> values;
              std::vector<double>* seconds;
            };
            auto measure =
                [&](const run_call& run,
                    const std::vector<partner_run>& partners = {}) -> result<std::vector<double>> {
              const std::span<float> values = buffer();
              std::vector<double> seconds;
              const int count = 1 + static_cast<int>(partners.size());
              for (int i = 0; i < config.warmup + config.repeats; ++i) {
                for (int turn = 0; turn < count; ++turn) {
                  const int which = runs_turn(i, turn, count);
                  const auto start = clock_type::now();
                  const status done = which == 0
                                          ? run(values)
                                          : partners[which - 1].run(partners[which - 1].values);
                  if (!done) return done.error_value();
                  if (i < config.warmup) continue;
                  (which == 0 ? seconds : *partners[which - 1].seconds)
                      .push_back(seconds_since(start));
                }
              }
              return seconds;
            };
            auto record = [&](bench_result row, const std::vector<double>& seconds) {
              summarise(row, seconds);
              last_msps[key(row.backend, row.threads, is_graph)] = row.median_msps;
              emit(std::move(row));
            };

            // gpu and gpu-e2e: the same runs give both the kernel time and the wall time.
            if (want_gpu) {
              const bool kernel = wants(backend_id::gpu), e2e = wants(backend_id::gpu_e2e);
              if (!gpu) {
                if (kernel) skip(base_row(backend_id::gpu, 0), "n/a: " + machine.gpu_note);
                if (e2e) skip(base_row(backend_id::gpu_e2e, 0), "n/a: " + machine.gpu_note);
              } else if (auto note = over_budget(backend_id::gpu_e2e, 0)) {
                if (kernel) skip(base_row(backend_id::gpu, 0), *note);
                if (e2e) skip(base_row(backend_id::gpu_e2e, 0), *note);
              } else {
                gpu_times own, partner;
                if (is_graph && graph_times) {
                  own = *graph_times;
                } else {
                  auto run = [&](const workload_calls& c, std::span<float> v,
                                 gpu_times* times) -> status {
                    gpu_stats stats;
                    const auto start = clock_type::now();
                    auto done = c.vknoise(*gpu, v, &stats);
                    if (times) {
                      times->wall.push_back(seconds_since(start));
                      times->kernel.push_back(stats.kernel_ns * 1e-9);
                    }
                    return done;
                  };
                  const std::span<float> values = buffer();
                  // The graph's runs pair with these, every other pair the graph first.
                  for (int i = 0; i < config.warmup + config.repeats; ++i) {
                    const bool timed = i >= config.warmup;
                    for (int turn = 0; turn < 2; ++turn) {
                      const bool theirs = runs_turn(i, turn, 2) == 1;
                      if (theirs && !paired) continue;
                      const status done =
                          theirs ? run(partner_calls, partner_buffer(), timed ? &partner : nullptr)
                                 : run(calls, values, timed ? &own : nullptr);
                      if (!done) return done.error_value();
                    }
                  }
                  if (paired) graph_times = partner;
                }
                const std::vector<double>& kernel_seconds = own.kernel;
                const std::vector<double>& wall = own.wall;
                if (kernel) {
                  const bool timed = std::all_of(kernel_seconds.begin(), kernel_seconds.end(),
                                                 [](double s) { return s > 0; });
                  if (!timed) {
                    skip(base_row(backend_id::gpu, 0), "n/a: no timestamp queries on this device");
                  } else {
                    bench_result row = base_row(backend_id::gpu, 0);
                    summarise(row, kernel_seconds);
                    // The ALU count is a field kernel's (improved noise's fractal sum, as the
                    // built-in field's graph computes it, or one octave of the other counted
                    // bases, for a GPU's 32-lane warps); the points kernel also reads its
                    // coordinates per point, so it is given for the grid only.
                    std::optional<alu_ops> ops;
                    if (config.noise == noise_kind::improved) {
                      ops = kernel_alu_ops(dims, octaves);
                    } else if (octaves == 1) {
                      ops = basis_alu_ops(config.noise, dims, 32);
                    }
                    if (!gpu_on_cpu_device && machine.peak_gops && work == workload::grid &&
                        !is_graph && ops) {
                      row.alu_fraction = row.median_msps * 1e6 * (ops->float_ops + ops->int_ops) /
                                         (*machine.peak_gops * 1e9);
                    }
                    emit(std::move(row));
                  }
                }
                if (e2e) {
                  record(base_row(backend_id::gpu_e2e, 0), wall);
                } else {
                  last_msps[key(backend_id::gpu_e2e, 0, is_graph)] =
                      static_cast<double>(samples) / median_of(wall) / 1e6;
                }
              }
            }

            if (wants(backend_id::cpu_reference)) {
              if (auto note = over_budget(backend_id::cpu_reference, 1)) {
                skip(base_row(backend_id::cpu_reference, 1), *note);
              } else {
                auto seconds = measure([&](std::span<float> values) {
                  return calls.vknoise(*reference, values, nullptr);
                });
                if (!seconds) return seconds.error_value();
                record(base_row(backend_id::cpu_reference, 1), *seconds);
              }
            }
            if (wants(backend_id::cpu_fast)) {
              for (std::size_t i = 0; i < thread_counts.size(); ++i) {
                const unsigned threads = thread_counts[i];
                const auto measured = graph_cpu_seconds.find(threads);
                if (is_graph && measured != graph_cpu_seconds.end()) {
                  record(base_row(backend_id::cpu_fast, threads), measured->second);
                } else if (auto note = over_budget(backend_id::cpu_fast, threads)) {
                  skip(base_row(backend_id::cpu_fast, threads), *note);
                } else {
                  // The graph alternates with the built-in field unless it alone would exceed
                  // the budget (it then runs, or is skipped, in its own turn); so does
                  // FastNoise2 at 1 thread.
                  const bool alternate =
                      paired && !over_budget_of(true, backend_id::cpu_fast, threads);
                  const bool with_fastnoise2 = threads == 1 && fastnoise2_runs();
                  std::vector<double> graph_seconds;
                  std::vector<partner_run> partners;
                  if (alternate) {
                    partners.push_back({[&](std::span<float> values) {
                                          return partner_calls.vknoise(fast[i], values, nullptr);
                                        },
                                        partner_buffer(), &graph_seconds});
                  }
                  if (with_fastnoise2) {
                    buffer();
                    calls.prepare_fastnoise2();
                    fastnoise2_seconds.emplace();
                    partners.push_back({calls.fastnoise2, peer_buffer(), &*fastnoise2_seconds});
                  }
                  auto seconds = measure(
                      [&](std::span<float> values) {
                        return calls.vknoise(fast[i], values, nullptr);
                      },
                      partners);
                  if (!seconds) return seconds.error_value();
                  if (with_fastnoise2) cpu_fast_seconds = *seconds;
                  record(base_row(backend_id::cpu_fast, threads), *seconds);
                  if (alternate) graph_cpu_seconds[threads] = std::move(graph_seconds);
                }
              }
            }
            if (wants(backend_id::fastnoise2) && !is_graph) {
              const bench_result row = base_row(backend_id::fastnoise2, 1);
              if (fastnoise2_seconds) {
                std::vector<double> ratios;
                for (std::size_t k = 0; k < fastnoise2_seconds->size(); ++k) {
                  ratios.push_back((*fastnoise2_seconds)[k] / cpu_fast_seconds[k]);
                }
                bench_result paired_row = row;
                paired_row.pair_ratios = std::move(ratios);
                record(std::move(paired_row), *fastnoise2_seconds);
              } else if (const std::string why = fastnoise2_note(); !why.empty()) {
                skip(row, why);
              } else {
                buffer();
                calls.prepare_fastnoise2();
                auto seconds = measure(calls.fastnoise2);
                if (!seconds) return seconds.error_value();
                record(row, *seconds);
              }
            }
            for (backend_id peer : {backend_id::stb, backend_id::glm}) {
              if (!wants(peer) || is_graph) continue;
              const bool supported =
                  peer == backend_id::stb ? stb_supports(field) : glm_supports(field);
              if (!supported) {
                skip(base_row(peer, 1), field.noise.kind != noise_kind::improved
                                            ? "n/a: stb and glm compute Perlin's noise only"
                                            : "n/a: stb has no 4D noise");
              } else if (auto note = over_budget(peer, 1)) {
                skip(base_row(peer, 1), *note);
              } else {
                auto seconds = measure(peer == backend_id::stb ? calls.stb : calls.glm);
                if (!seconds) return seconds.error_value();
                record(base_row(peer, 1), *seconds);
              }
            }
          }
        }
      }
    }
  }
  machine.load_end = load_average();
  return report;
}

}  // namespace vknoise::bench
