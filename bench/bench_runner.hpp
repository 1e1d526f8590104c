// vknoise bench: the same field (or the same scattered points) on every backend, warmed up,
// repeated, the median throughput with its spread. The runner measures and returns figures;
// printing them is the caller's business.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/alu_bound.hpp"
#include "bench/bench_workload.hpp"
#include "vknoise/field.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/result.hpp"

namespace vknoise::bench {

// What each backend runs, for the grid workload / the points workload (bench_workload.hpp):
// gpu:           kernel time from timestamp queries (gpu_stats::kernel_ns of gpu_renderer::fill /
//                gpu_renderer::eval)
// gpu-e2e:       wall time of gpu_renderer::fill / eval: host coordinates, upload, dispatches and
//                readback
// cpu-reference: fill_reference / sample_reference at each point (double), 1 thread
// cpu-fast:      fill_fast / eval_fast, at each requested thread count
// stb, glm:      the peers at the grid's positions / at the points (peers.hpp), 1 thread
// fastnoise2:    FastNoise2's GenUniformGrid / GenPositionArray (fastnoise2_peer.hpp), 1 thread,
//                only in a build configured with it and only when asked for; its repeats
//                alternate with cpu-fast's at 1 thread when both run
enum class backend_id { gpu, gpu_e2e, cpu_reference, cpu_fast, stb, glm, fastnoise2 };
// Every build's backends, the default set.
inline constexpr std::array<backend_id, 6> all_backends{
    backend_id::gpu,      backend_id::gpu_e2e, backend_id::cpu_reference,
    backend_id::cpu_fast, backend_id::stb,     backend_id::glm};

const char* backend_name(backend_id backend);
// Any backend's name, fastnoise2 included whether or not it is built in.
std::optional<backend_id> parse_backend_name(std::string_view name);
bool is_gpu(backend_id backend);
// Whether this build has the backend (fastnoise2 needs -DVKNOISE_FASTNOISE2_SOURCE=DIR).
bool backend_built_in(backend_id backend);
// The one line that says fastnoise2 is missing and how to build it in.
inline constexpr const char* fastnoise2_missing =
    "fastnoise2 is not built in; configure with -DVKNOISE_FASTNOISE2_SOURCE=DIR and "
    "-DVKNOISE_FASTSIMD_SOURCE=DIR";

// One benchmark field: improved noise (dims 3 or 4) at origin (0, 0, 0.5, 0.25), step 1/32 on
// every axis; octaves > 1 is fbm (persistence 0.5, lacunarity 2). A 3D size with z = 1 is a
// slice of 3D noise (the "2D" sizes).
field_spec bench_field(int dims, const std::array<std::uint32_t, 4>& size, int octaves,
                       noise_kind noise = noise_kind::improved);

// The default sweep's sizes for dims 3 (slices 256^2 .. 4096^2, volumes 32^3 .. 512^3) and 4
// (16^4 .. 64^4), ascending by sample count within each shape.
std::vector<std::array<std::uint32_t, 4>> default_sizes(int dims);

// The default sweep runs the points workload on the default sizes up to this many samples (its
// points take dims doubles each: 96 MiB at 3D).
inline constexpr std::uint64_t max_default_points = std::uint64_t{1} << 22;

struct bench_config {
  std::vector<workload> workloads{workload::grid};
  // Points workload: vknoise's backends read the points rounded to float (the float eval), as
  // FastNoise2 reads them, instead of the doubles.
  bool float_points = false;
  std::vector<int> dims{3, 4};
  // Empty: default_sizes(d) for each d in dims. Otherwise (dims, size) pairs: each d in dims runs
  // the sizes paired with it.
  std::vector<std::pair<int, std::array<std::uint32_t, 4>>> sizes;
  std::vector<int> octaves{1, 4, 8};
  // The basis noise of every field (fBm over it above one octave). stb and GLM compute improved
  // noise only; FastNoise2 runs its Perlin for improved, its Simplex for simplex and its
  // CellularDistance (the same metric, return and jitter) for cellular.
  noise_kind noise = noise_kind::improved;
  std::vector<backend_id> backends{all_backends.begin(), all_backends.end()};
  std::vector<unsigned> threads;  // cpu-fast's thread counts; empty: 1 and all hardware threads
  int repeats = 5;
  int warmup = 1;
  // A backend skips a size when the previous size's throughput (same workload) predicts one
  // repeat longer than this (the smallest size of each shape always runs).
  double budget_seconds = 1.0;
  std::optional<std::uint32_t> device;  // Vulkan device index (else the library's choice)
  std::optional<double> peak_gops;      // for the ALU-bound fraction on GPUs
  // A noise graph measured beside the built-in fields: on each size of its dims, once (its own
  // octaves), grid workload only, by the vknoise backends (not the peers), in the same run; on
  // the GPU and on cpu-fast its repeats alternate with those of the built-in field of the first
  // octave count.
  std::shared_ptr<const graph> noise_graph;
  std::string graph_name;  // how its rows are labelled
};

struct bench_result {
  workload work = workload::grid;
  backend_id backend;
  int dims = 3;
  std::array<std::uint32_t, 4> size{1, 1, 1, 1};
  int octaves = 1;
  unsigned threads = 1;  // 0 for the GPU backends (not a CPU thread count)
  std::uint64_t samples = 0;
  bool skipped = false;
  std::string note;  // why it was skipped or is not available; empty for a measurement
  int repeats = 0;
  double median_msps = 0;  // Msamples/s
  double min_msps = 0;     // spread: min..max over the repeats
  double max_msps = 0;
  double median_seconds = 0;
  std::optional<double> alu_fraction;  // gpu on a non-CPU device with a known peak
  // fastnoise2 when its repeats alternated with cpu-fast's at 1 thread: per pair of repeats,
  // cpu-fast's throughput / this row's (the pair's seconds, fastnoise2's / cpu-fast's).
  std::vector<double> pair_ratios;
  std::string graph;  // the graph measured (bench_config::graph_name); empty: built-in noise,
                      // whose fBm has `octaves` (a graph row's octaves is 0)
};

struct machine_info {
  std::string cpu_model;
  unsigned cores = 0;  // hardware threads
  std::string simd_target;
  std::string gpu_name;  // empty when no Vulkan device opened
  std::string gpu_type;
  std::string driver;
  std::string vulkan_api;
  std::string gpu_note;  // why there is no GPU figure, when there is none
  std::optional<double> peak_gops;
  std::string peak_source;  // "--peak-gops", "table: NAME" or empty
  std::string date;         // UTC, ISO 8601
  // /proc/loadavg's 1-minute load when the run started and ended: other work on the machine
  // skews every figure, so the report says how busy it was.
  std::optional<double> load_start, load_end;
  std::string peer_build;
};

// Runs the sweep. Errors: a bad configuration (errc::invalid_argument), a failing fill, a
// missing GPU when only GPU backends were asked for. A GPU that cannot be opened while CPU
// backends were also asked for only marks the GPU rows as skipped (machine.gpu_note says why).
// `on_result` is called once per row as soon as it is known.
struct bench_report {
  machine_info machine;
  std::vector<bench_result> results;
};
result<bench_report> run_bench(const bench_config& config,
                               const std::function<void(const bench_result&)>& on_result = {});

}  // namespace vknoise::bench
