// Measures GPU kernel throughput with timestamp queries: warm-up runs, then repeats, reporting the
// median and the spread (min..max) in Msamples/s. Usage:
//   vknoise_kernel_bench [--dims 3|4] [--size NXxNYxNZ[xNT]] [--repeats N] [--warmup N]
//                        [--table auto|storage|uniform] [--noise NAME]
// --noise picks the basis (noise_kind_name: improved, simplex, cellular (F1, euclidean), flow ...),
// one octave.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "vknoise/vknoise.hpp"

namespace {

struct bench_args {
  int dims = 3;
  vknoise::field_spec field;
  int repeats = 7;
  int warmup = 2;
  vknoise::table_placement table = vknoise::table_placement::automatic;
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

}  // namespace

int main(int argc, char** argv) {
  bench_args args;
  if (!parse(argc, argv, args)) {
    std::fprintf(stderr,
                 "usage: vknoise_kernel_bench [--dims 3|4] [--size NXxNYxNZ[xNT]] "
                 "[--repeats N] [--warmup N] [--table auto|storage|uniform] [--noise NAME]\n");
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
  return 0;
}
