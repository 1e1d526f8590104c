// Prints the mean loop iterations per sample of cellular noise's search (cellular_visits.hpp)
// over the fields vknoise_kernel_bench renders, for SIMD groups of 1, 8 (llvmpipe's 256-bit
// vectors) and 32 lanes (a GPU warp). Usage: vknoise_cellular_visits [--dims 3|4]
// [--size NXxNYxNZ[xNT]] (default: 3D 256x256x256, the kernel bench's default field).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bench/bench_runner.hpp"
#include "bench/cellular_visits.hpp"

int main(int argc, char** argv) {
  int dims = 3;
  std::array<std::uint32_t, 4> size{256, 256, 256, 1};
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--dims")) {
      dims = std::atoi(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--size")) {
      size = {1, 1, 1, 1};
      if (std::sscanf(argv[i + 1], "%ux%ux%ux%u", &size[0], &size[1], &size[2], &size[3]) < 2) {
        std::fprintf(stderr, "vknoise_cellular_visits: bad --size\n");
        return 2;
      }
    } else {
      std::fprintf(stderr, "usage: vknoise_cellular_visits [--dims 3|4] [--size NXxNYxNZ[xNT]]\n");
      return 2;
    }
  }
  vknoise::field_spec field;
  field.dims = dims;
  field.size = size;
  field.noise.kind = vknoise::noise_kind::cellular;
  if (auto valid = vknoise::validate(field); !valid || dims < 3) {
    std::fprintf(stderr, "vknoise_cellular_visits: %s\n",
                 valid ? "dims must be 3 or 4" : valid.message().c_str());
    return 2;
  }
  std::printf("cellular noise%d %ux%ux%ux%u (F1, euclidean), origin 0, step 1/32\n", dims, size[0],
              size[1], size[2], size[3]);
  for (unsigned lanes : {1u, 8u, 32u}) {
    const auto v = vknoise::bench::measure_cellular_visits(field, lanes);
    std::printf("lanes %2u:", lanes);
    for (int a = 0; a < dims; ++a) {
      std::printf("  level %d tests %.3f passes %.3f", a, v.level[a].tests, v.level[a].passes);
    }
    std::printf("  (cells %.3f)\n", v.cells());
  }
  return 0;
}
