// Measures GPU kernel throughput with timestamp queries: warm-up runs, then repeats, reporting the
// median and the spread (min..max) in Msamples/s. Usage:
//   vknoise_kernel_bench [--dims 3|4] [--size NXxNYxNZ[xNT]] [--repeats N] [--warmup N]
//                        [--table auto|storage|uniform] [--noise NAME] [--peak-gops N]
// --noise picks the basis (noise_kind_name: improved, simplex, cellular (F1, euclidean), flow ...),
// one octave. For the bases with an operation count (bench/alu_bound.hpp) it also prints the
// median's share of the device's ALU bound: the peak from --peak-gops (Gops/s), a known GPU's
// table, or on lavapipe lanes x threads x clock of this CPU.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/alu_bound.hpp"
#include "vknoise/vknoise.hpp"

namespace {

struct bench_args {
  int dims = 3;
  vknoise::field_spec field;
  int repeats = 7;
  int warmup = 2;
  vknoise::table_placement table = vknoise::table_placement::automatic;
  double peak_gops = 0;  // 0: from the device
};

const char* placement_name(vknoise::table_placement table) {
  switch (table) {
    case vknoise::table_placement::storage_buffer:
      return "storage buffer";
    case vknoise::table_placement::uniform_buffer:
      return "uniform buffer";
    default:
      return "automatic";
  }
}

bool parse_size(const char* text, std::array<std::uint32_t, 4>& size) {
  size = {1, 1, 1, 1};
  int axis = 0;
  for (const char* p = text; *p && axis < 4; ++axis) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(p, &end, 10);
    if (end == p || v == 0 || v > 0xFFFFFFFFul) return false;
    size[axis] = static_cast<std::uint32_t>(v);
    p = *end == 'x' ? end + 1 : end;
    if (*end != 'x' && *end != '\0') return false;
  }
  return true;
}

bool parse(int argc, char** argv, bench_args& args) {
  args.field.size = {256, 256, 256, 1};
  for (int i = 1; i < argc; ++i) {
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!std::strcmp(argv[i], "--dims") && value) {
      args.dims = std::atoi(value);
    } else if (!std::strcmp(argv[i], "--size") && value) {
      if (!parse_size(value, args.field.size)) return false;
    } else if (!std::strcmp(argv[i], "--repeats") && value) {
      args.repeats = std::max(1, std::atoi(value));
    } else if (!std::strcmp(argv[i], "--table") && value) {
      if (!std::strcmp(value, "storage")) {
        args.table = vknoise::table_placement::storage_buffer;
      } else if (!std::strcmp(value, "uniform")) {
        args.table = vknoise::table_placement::uniform_buffer;
      } else if (std::strcmp(value, "auto")) {
        return false;
      }
    } else if (!std::strcmp(argv[i], "--noise") && value) {
      const auto kind = vknoise::noise_kind_from_name(value);
      if (!kind) return false;
      args.field.noise.kind = *kind;
    } else if (!std::strcmp(argv[i], "--peak-gops") && value) {
      args.peak_gops = std::strtod(value, nullptr);
      if (!(args.peak_gops > 0)) return false;
    } else if (!std::strcmp(argv[i], "--warmup") && value) {
      args.warmup = std::max(0, std::atoi(value));
    } else {
      return false;
    }
    ++i;
  }
  args.field.dims = args.dims;
  return true;
}

// The median's share of the ALU bound: ops per sample x samples/s / peak, with where the peak
// and the count came from. A GPU's count is for its 32-lane warps, lavapipe's for its vectors.
void print_alu_share(const vknoise::context& ctx, const bench_args& args, double median_msps) {
  const auto& props = ctx.properties();
  const std::string_view name = props.deviceName;
  const bool cpu_device = props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  const unsigned lanes = cpu_device ? vknoise::bench::llvmpipe_lanes(name).value_or(1) : 32;
  const auto ops = vknoise::bench::basis_alu_ops(args.field.noise.kind, args.dims, lanes);
  if (!ops) {
    std::printf("ALU bound: no operation count for this basis and dims\n");
    return;
  }
  std::optional<double> peak;
  std::string source;
  if (args.peak_gops > 0) {
    peak = args.peak_gops;
    source = "--peak-gops";
  } else if (cpu_device) {
    peak = vknoise::bench::lavapipe_peak_gops(name, &source);
  } else if ((peak = vknoise::bench::known_peak_gops(name, &source))) {
    source = "table: " + source;
  } else {
    source = "device not in the table";
  }
  const int per_sample = ops->float_ops + ops->int_ops;
  if (!peak) {
    std::printf(
        "ALU bound: %d ops per sample (%d float, %d int/select, %u-lane groups); the "
        "share needs --peak-gops N (%s)\n",
        per_sample, ops->float_ops, ops->int_ops, lanes, source.c_str());
    return;
  }
  const double share = median_msps * 1e6 * per_sample / (*peak * 1e9);
  std::printf(
      "%.1f %% of the ALU bound (%.0f Gops/s, %s; %d ops per sample: %d float, %d "
      "int/select, %u-lane groups)\n",
      share * 100, *peak, source.c_str(), per_sample, ops->float_ops, ops->int_ops, lanes);
}

}  // namespace

int main(int argc, char** argv) {
  bench_args args;
  if (!parse(argc, argv, args)) {
    std::fprintf(stderr,
                 "usage: vknoise_kernel_bench [--dims 3|4] [--size NXxNYxNZ[xNT]] "
                 "[--repeats N] [--warmup N] [--table auto|storage|uniform] [--noise NAME] "
                 "[--peak-gops N]\n");
    return 2;
  }
  if (auto valid = vknoise::validate(args.field); !valid) {
    std::fprintf(stderr, "vknoise_kernel_bench: %s\n", valid.message().c_str());
    return 2;
  }
  auto ctx = vknoise::context::create();
  if (!ctx) {
    std::fprintf(stderr, "vknoise_kernel_bench: %s\n", ctx.message().c_str());
    return 1;
  }
  if (!(*ctx)->has_timestamps()) {
    std::fprintf(stderr, "vknoise_kernel_bench: the device has no timestamp queries\n");
    return 1;
  }
  vknoise::renderer_options options;
  options.table = args.table;
  auto renderer = vknoise::gpu_renderer::create(**ctx, options);
  if (!renderer) {
    std::fprintf(stderr, "vknoise_kernel_bench: %s\n", renderer.message().c_str());
    return 1;
  }
  const auto table = vknoise::permutation_table::perlin();
  const std::uint64_t samples = vknoise::sample_count(args.field);
  std::vector<float> out(samples);
  std::vector<double> msps;
  for (int run = 0; run < args.warmup + args.repeats; ++run) {
    vknoise::gpu_stats stats;
    if (auto s = (*renderer)->fill(args.field, table, out, &stats); !s) {
      std::fprintf(stderr, "vknoise_kernel_bench: %s\n", s.message().c_str());
      return 1;
    }
    if (run >= args.warmup) msps.push_back(static_cast<double>(samples) / stats.kernel_ns * 1e3);
  }
  std::sort(msps.begin(), msps.end());
  const auto& size = args.field.size;
  std::printf("device %s, permutation table: %s\n", (*ctx)->properties().deviceName,
              placement_name(args.table));
  std::printf(
      "%s noise%d %ux%ux%ux%u: kernel median %.1f Msamples/s (min %.1f, max %.1f, %d runs "
      "after %d warm-up)\n",
      vknoise::noise_kind_name(args.field.noise.kind), args.dims, size[0], size[1], size[2],
      size[3], msps[msps.size() / 2], msps.front(), msps.back(), args.repeats, args.warmup);
  print_alu_share(**ctx, args, msps[msps.size() / 2]);
  return 0;
}
