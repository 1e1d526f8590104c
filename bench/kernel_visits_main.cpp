// Prints how much of their data-dependent work the simplex, flow and cellular kernels do per
// sample over a field as vknoise_kernel_bench renders it (origin 0, step 1/32, one octave), for
// SIMD groups of 1, 8 (llvmpipe's 256-bit vectors) and 32 lanes (a GPU warp): cellular noise's
// search iterations per loop level (cellular_visits.hpp), simplex and flow noise's contributing
// corners (corner_visits.hpp). These are the measured inputs of basis_alu_ops (alu_bound.hpp).
// Usage: vknoise_kernel_visits [--noise cellular|simplex|flow] [--dims 3|4]
//                              [--size NXxNYxNZ[xNT]]   (default: cellular, 3D 256x256x256)
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bench/cellular_visits.hpp"
#include "bench/corner_visits.hpp"

int main(int argc, char** argv) {
  vknoise::field_spec field;
  field.dims = 3;
  field.size = {256, 256, 256, 1};
  field.noise.kind = vknoise::noise_kind::cellular;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--dims")) {
      field.dims = std::atoi(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--noise")) {
      const auto kind = vknoise::noise_kind_from_name(argv[i + 1]);
      if (!kind) {
        std::fprintf(stderr, "vknoise_kernel_visits: unknown noise %s\n", argv[i + 1]);
        return 2;
      }
      field.noise.kind = *kind;
    } else if (!std::strcmp(argv[i], "--size")) {
      auto& size = field.size;
      size = {1, 1, 1, 1};
      if (std::sscanf(argv[i + 1], "%ux%ux%ux%u", &size[0], &size[1], &size[2], &size[3]) < 2) {
        std::fprintf(stderr, "vknoise_kernel_visits: bad --size\n");
        return 2;
      }
    } else {
      std::fprintf(stderr,
                   "usage: vknoise_kernel_visits [--noise cellular|simplex|flow] [--dims 3|4] "
                   "[--size NXxNYxNZ[xNT]]\n");
      return 2;
    }
  }
  const auto kind = field.noise.kind;
  const bool counted = field.dims == 3 || (field.dims == 4 && kind != vknoise::noise_kind::flow);
  if (auto valid = vknoise::validate(field);
      !valid || !counted ||
      !(kind == vknoise::noise_kind::cellular || kind == vknoise::noise_kind::simplex ||
        kind == vknoise::noise_kind::flow)) {
    std::fprintf(stderr, "vknoise_kernel_visits: %s\n",
                 valid ? "cellular or simplex noise in 3D or 4D, or flow noise in 3D"
                       : valid.message().c_str());
    return 2;
  }
  const auto& size = field.size;
  std::printf("%s noise%d %ux%ux%ux%u, origin 0, step 1/32\n", vknoise::noise_kind_name(kind),
              field.dims, size[0], size[1], size[2], size[3]);
  for (unsigned lanes : {1u, 8u, 32u}) {
    std::printf("lanes %2u:", lanes);
    if (kind != vknoise::noise_kind::cellular) {
      std::printf("  contributing corners %.3f of %d\n",
                  vknoise::bench::measure_corner_visits(field, lanes), field.dims + 1);
      continue;
    }
    const auto v = vknoise::bench::measure_cellular_visits(field, lanes);
    for (int a = 0; a < field.dims; ++a) {
      std::printf("  level %d tests %.3f passes %.3f", a, v.level[a].tests, v.level[a].passes);
    }
    std::printf("  (cells %.3f)\n", v.cells());
  }
  return 0;
}
