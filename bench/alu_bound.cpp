#include "bench/alu_bound.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>

namespace vknoise::bench {
namespace {

// Simplex and flow noise, counted from the compiled kernel (tools/count_kernel_ops.sh): the
// whole kernel with every corner's contribution, and with none (the cut's own ops subtracted);
// a contributing corner costs (all - none) / corners.
struct corner_costs {
  alu_ops none;
  alu_ops all;
  int corners;
};
constexpr corner_costs simplex3{{107, 37, 12}, {151, 41, 12}, 4};
constexpr corner_costs simplex4{{165, 92, 20}, {235, 92, 20}, 5};
constexpr corner_costs flow3{{358, 90, 12}, {943, 134, 16}, 4};

// Mean contributing corners per sample, measured by vknoise_kernel_visits over
// vknoise_kernel_bench's fields (origin 0, step 1/32: 3D 256x256x256, 4D 64x64x64x64), for SIMD
// groups of 1, 8 and 32 consecutive samples along x.
struct measured_corners {
  noise_kind noise;
  int dims;
  unsigned lanes;
  double corners;
};
constexpr measured_corners corner_visits[] = {
    {noise_kind::simplex, 3, 1, 3.636},  {noise_kind::simplex, 3, 8, 3.951},
    {noise_kind::simplex, 3, 32, 4.000}, {noise_kind::simplex, 4, 1, 3.800},
    {noise_kind::simplex, 4, 8, 4.514},  {noise_kind::simplex, 4, 32, 4.961},
    {noise_kind::flow, 3, 1, 2.960},     {noise_kind::flow, 3, 8, 3.604},
    {noise_kind::flow, 3, 32, 3.895},
};

// Cellular noise's search (F1, euclidean, jitter 1), counted from the compiled kernel
// (tools/count_kernel_ops.sh: its loops 1 to dims, each iteration split into the bound test and
// what runs when the slab passes; the rounded_sqrt correction loop once, as for every F1 above
// 0 when sqrt is correctly rounded already).
struct cellular_costs {
  alu_ops fixed;       // outside the search, with the square root's correction and the
                       // outermost loop's exit test
  alu_ops test;        // per slab test, any level: loop test, offset, bound, compare, increment
  alu_ops pass_outer;  // per pass at level 0: wrap, hash, the next loop's exit test
  alu_ops pass_inner;  // per pass at the levels between: as level 0's, plus the hash's add
  alu_ops cell;        // per cell: the last level's pass and the point, distance, insertion
};
constexpr cellular_costs cellular3{{45, 54, 0}, {11, 10, 0}, {0, 5, 1}, {0, 6, 1}, {30, 20, 7}};
constexpr cellular_costs cellular4{{45, 56, 0}, {11, 10, 0}, {0, 5, 1}, {0, 6, 1}, {39, 21, 9}};

// Mean iterations per sample (tests and passes per level), measured by vknoise_kernel_visits
// over vknoise_kernel_bench's fields (origin 0, step 1/32): 3D 256x256x256, 4D 64x64x64x64, for
// SIMD groups of 1, 8 and 32 consecutive samples along x.
struct measured_visits {
  int dims;
  unsigned lanes;
  double tests[4];
  double passes[4];
};
constexpr measured_visits visits[] = {
    {3, 1, {5.000, 12.617, 30.144, 0}, {2.523, 6.029, 14.031, 0}},
    {3, 8, {5.000, 13.549, 33.121, 0}, {2.710, 6.624, 15.715, 0}},
    {3, 32, {5.000, 15.119, 40.508, 0}, {3.024, 8.102, 20.651, 0}},
    {4, 1, {7.000, 17.705, 42.159, 96.635}, {2.529, 6.023, 13.805, 30.919}},
    {4, 8, {7.000, 19.090, 46.497, 108.522}, {2.727, 6.642, 15.503, 35.299}},
    {4, 32, {7.000, 21.175, 56.808, 142.358}, {3.025, 8.115, 20.337, 49.113}},
};

}  // namespace

alu_ops kernel_alu_ops(int dims, int octaves) {
  // Per octave of the value form (docs/benchmarks.md, "ALU bound"): coordinate addressing and
  // decode, corner hashing, fade curves, offsets, gradients, lerps. 3D: 8 grad3 of 3 float and
  // 15 int/select ops, 7 lerps; 4D: 16 grad4 of 5 float and 19 int/select ops, 15 lerps.
  const alu_ops octave = dims == 3 ? alu_ops{69, 151, 14} : alu_ops{157, 356, 30};
  alu_ops total{octave.float_ops * octaves, octave.int_ops * octaves, octave.table_loads * octaves};
  total.int_ops += 4;  // invocation index, bounds test, output index
  if (octaves > 1) {
    total.float_ops += 3 * octaves + 1;  // sum += amp * n, amp *= persistence; * 1/norm
    total.int_ops += 2 * octaves;        // loop counter
  }
  return total;
}

std::optional<alu_ops> basis_alu_ops(noise_kind noise, int dims, unsigned lanes) {
  if (dims != 3 && dims != 4) return std::nullopt;
  switch (noise) {
    case noise_kind::improved:
      return kernel_alu_ops(dims, 1);
    case noise_kind::simplex:
    case noise_kind::flow: {
      // Simplex: addressing, the skewed cell, each corner's falloff, and per contributing corner
      // its gradient's dot product. Flow (3D only): the same shape, with per contributing corner
      // three polynomial sine/cosine pairs and a square root by Newton steps (flow_gradient3).
      if (noise == noise_kind::flow && dims != 3) return std::nullopt;
      const corner_costs& c = noise == noise_kind::flow ? flow3 : (dims == 3 ? simplex3 : simplex4);
      const measured_corners* v = nullptr;
      for (const measured_corners& m : corner_visits) {
        if (m.noise == noise && m.dims == dims && m.lanes <= lanes && (!v || m.lanes > v->lanes)) {
          v = &m;
        }
      }
      if (!v) return std::nullopt;
      const double share = v->corners / c.corners;
      auto mix = [&](int none, int all) {
        return static_cast<int>(none + (all - none) * share + 0.5);
      };
      return alu_ops{mix(c.none.float_ops, c.all.float_ops), mix(c.none.int_ops, c.all.int_ops),
                     mix(c.none.table_loads, c.all.table_loads)};
    }
    case noise_kind::cellular: {
      const measured_visits* v = nullptr;
      for (const measured_visits& m : visits) {
        if (m.dims == dims && m.lanes <= lanes && (!v || m.lanes > v->lanes)) v = &m;
      }
      if (!v) return std::nullopt;
      const cellular_costs& c = dims == 3 ? cellular3 : cellular4;
      double f = c.fixed.float_ops, i = c.fixed.int_ops, t = c.fixed.table_loads;
      auto add = [&](const alu_ops& per, double times) {
        f += per.float_ops * times;
        i += per.int_ops * times;
        t += per.table_loads * times;
      };
      for (int a = 0; a < dims; ++a) {
        add(c.test, v->tests[a]);
        if (a == dims - 1) {
          add(c.cell, v->passes[a]);
        } else {
          add(a == 0 ? c.pass_outer : c.pass_inner, v->passes[a]);
        }
      }
      return alu_ops{static_cast<int>(f + 0.5), static_cast<int>(i + 0.5),
                     static_cast<int>(t + 0.5)};
    }
    default:
      return std::nullopt;
  }
}

std::optional<double> known_peak_gops(std::string_view device_name, std::string* matched) {
  // SMs x FP32 lanes per SM x boost clock (GHz): one 32-bit op per lane per clock.
  struct known {
    const char* name;
    double gops;
  };
  static constexpr known table[] = {
      {"H200", 132 * 128 * 1.98}, {"H100 PCIe", 114 * 128 * 1.755}, {"H100 NVL", 132 * 128 * 1.785},
      {"H100", 132 * 128 * 1.98}, {"A100", 108 * 64 * 1.41},        {"RTX 4090", 128 * 128 * 2.52},
  };
  for (const known& k : table) {
    if (device_name.find(k.name) != std::string_view::npos) {
      if (matched) *matched = k.name;
      return k.gops;
    }
  }
  return std::nullopt;
}

std::optional<unsigned> llvmpipe_lanes(std::string_view device_name) {
  if (device_name.find("llvmpipe") == std::string_view::npos) return std::nullopt;
  const std::size_t bits = device_name.find(" bits)");
  if (bits == std::string_view::npos) return std::nullopt;
  std::size_t start = bits;
  while (start > 0 && device_name[start - 1] >= '0' && device_name[start - 1] <= '9') --start;
  if (start == bits) return std::nullopt;
  const unsigned width = static_cast<unsigned>(
      std::strtoul(std::string(device_name.substr(start, bits - start)).c_str(), nullptr, 10));
  if (width < 32) return std::nullopt;
  return width / 32;
}

std::optional<double> lavapipe_peak_gops(std::string_view device_name, std::string* how) {
  const auto lanes = llvmpipe_lanes(device_name);
  if (!lanes) {
    if (how) *how = "not llvmpipe, or no vector width in its name";
    return std::nullopt;
  }
  unsigned threads = 0;
  std::string thread_source;
  if (const char* lp = std::getenv("LP_NUM_THREADS"); lp && *lp) {
    threads = static_cast<unsigned>(std::strtoul(lp, nullptr, 10));
    thread_source = "LP_NUM_THREADS";
  } else {
    threads = std::thread::hardware_concurrency();
    thread_source = "logical CPUs";
  }
  double mhz = 0;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("cpu MHz", 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) mhz = std::strtod(line.c_str() + colon + 1, nullptr);
      break;
    }
  }
  if (threads == 0 || !(mhz > 0)) {
    if (how) {
      *how = threads == 0 ? "no thread count" : "no \"cpu MHz\" in /proc/cpuinfo";
    }
    return std::nullopt;
  }
  const double gops = *lanes * threads * mhz / 1000.0;
  if (how) {
    char text[200];
    std::snprintf(text, sizeof text,
                  "lavapipe: %u lanes (%u-bit vectors) x %u threads (%s) x %.0f MHz (/proc/cpuinfo "
                  "\"cpu MHz\")",
                  *lanes, *lanes * 32, threads, thread_source.c_str(), mhz);
    *how = text;
  }
  return gops;
}

}  // namespace vknoise::bench
