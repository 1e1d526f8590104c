// The bench's own checks. The peers evaluate what bench claims: vknoise's sample positions, rounded
// to float, and the libraries' own noise there (zero on the integer lattice, where gradient noise
// vanishes).
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "bench/bench_runner.hpp"
#include "bench/cellular_visits.hpp"
#include "bench/corner_visits.hpp"
#include "bench/peers.hpp"
#if VKNOISE_HAVE_FASTNOISE2
#include "bench/fastnoise2_peer.hpp"
#endif

namespace {

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "FAIL: %s\n", what);
    ++failures;
  }
}

}  // namespace

int main() {
  using namespace vknoise::bench;

  // Gradient noise is 0 at every lattice point, for every octave when the lattice is integer.
  for (int octaves : {1, 4, 8}) {
    expect(stb_sample(1.0f, 2.0f, 3.0f, octaves) == 0.0f, "stb at (1, 2, 3) is 0");
    expect(stb_sample(0.0f, 0.0f, 0.0f, octaves) == 0.0f, "stb at the origin is 0");
    expect(glm_sample3(1.0f, 2.0f, 3.0f, octaves) == 0.0f, "glm::perlin(vec3) at (1, 2, 3) is 0");
    expect(glm_sample4(4.0f, -5.0f, 6.0f, 7.0f, octaves) == 0.0f,
           "glm::perlin(vec4) at (4, -5, 6, 7) is 0");
  }
  // ... and not 0 between lattice points.
  expect(stb_sample(0.5f, 0.25f, 0.75f, 1) != 0.0f, "stb at (0.5, 0.25, 0.75) is not 0");
  expect(glm_sample3(0.5f, 0.25f, 0.75f, 1) != 0.0f, "glm at (0.5, 0.25, 0.75) is not 0");
  expect(glm_sample4(0.5f, 0.25f, 0.75f, 0.3f, 1) != 0.0f,
         "glm 4D at (0.5, 0.25, 0.75, 0.3) is not 0");

  // The positions are vknoise's: origin + index * step on each axis (bench_field: origin
  // (0, 0, 0.5, 0.25), step 1/32).
  const vknoise::field_spec field3 = bench_field(3, {40, 3, 2, 1}, 1);
  const auto xs = peer_positions(field3, 0);
  const auto zs = peer_positions(field3, 2);
  expect(xs.size() == 40 && xs[0] == 0.0f && xs[32] == 1.0f && xs[7] == 7.0f / 32,
         "x positions are i / 32");
  expect(zs.size() == 2 && zs[0] == 0.5f && zs[1] == 0.5f + 1.0f / 32, "z positions 0.5 + k / 32");
  expect(peer_positions(bench_field(4, {2, 2, 2, 3}, 1), 3)[2] == 0.25f + 2.0f / 32,
         "w positions 0.25 + l / 32");

  // A fill is the sample function at those positions, in vknoise's layout (x fastest).
  for (int octaves : {1, 4}) {
    const vknoise::field_spec f = bench_field(3, {40, 3, 2, 1}, octaves);
    std::vector<float> stb(40 * 3 * 2), glm3(40 * 3 * 2);
    expect(stb_fill(f, stb).ok(), "stb_fill succeeds");
    expect(glm_fill(f, glm3).ok(), "glm_fill succeeds");
    const auto ys = peer_positions(f, 1);
    const std::size_t at = (1 * 3 + 2) * 40 + 32;  // x = 32 (1.0), y = 2, z = 1
    expect(stb[at] == stb_sample(1.0f, ys[2], zs[1], octaves), "stb fill at (32, 2, 1)");
    expect(glm3[at] == glm_sample3(1.0f, ys[2], zs[1], octaves), "glm fill at (32, 2, 1)");
    expect(glm3[0] == glm_sample3(0.0f, 0.0f, 0.5f, octaves), "glm fill at (0, 0, 0)");
  }
  const vknoise::field_spec f4 = bench_field(4, {3, 2, 2, 2}, 1);
  std::vector<float> glm4(3 * 2 * 2 * 2), stb4(3 * 2 * 2 * 2);
  expect(glm_fill(f4, glm4).ok(), "glm_fill 4D succeeds");
  expect(glm4[23] == glm_sample4(2.0f / 32, 1.0f / 32, 0.5f + 1.0f / 32, 0.25f + 1.0f / 32, 1),
         "glm 4D fill at (2, 1, 1, 1)");
  expect(!stb_fill(f4, stb4).ok(), "stb has no 4D");

  // An integer field (origin 0, step 1): every stb and glm sample is exactly 0.
  vknoise::field_spec lattice = bench_field(3, {5, 4, 3, 1}, 1);
  lattice.origin = {-2, 3, 7, 0};
  lattice.step = {1, 1, 1, 1};
  std::vector<float> values(60, 1.0f);
  expect(stb_fill(lattice, values).ok(), "stb lattice fill");
  for (float v : values) expect(v == 0.0f, "stb is 0 on an integer field");
  values.assign(60, 1.0f);
  expect(glm_fill(lattice, values).ok(), "glm lattice fill");
  for (float v : values) expect(v == 0.0f, "glm is 0 on an integer field");

  // GLM's classic noise stays in about [-1, 1] (contracted arithmetic broke this by up to 0.73).
  const vknoise::field_spec wide = bench_field(3, {64, 64, 16, 1}, 1);
  std::vector<float> wide_values(64 * 64 * 16);
  expect(glm_fill(wide, wide_values).ok(), "glm wide fill");
  float largest = 0;
  for (float v : wide_values) largest = std::fmax(largest, std::fabs(v));
  expect(largest > 0.3f && largest < 1.1f, "glm values within [-1.1, 1.1]");

  // The points workload: as many points as the field has samples, inside its box, the same on
  // every run; the peers evaluate each at its coordinates rounded to float.
  const vknoise::field_spec box = bench_field(3, {16, 8, 4, 1}, 1);
  const std::vector<double> points = bench_points(box);
  expect(points.size() == 16 * 8 * 4 * 3, "bench_points: one point per sample, 3 coordinates");
  expect(points == bench_points(box), "bench_points is deterministic");
  bool inside = true;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const int axis = static_cast<int>(i % 3);
    const double low = box.origin[axis], high = low + box.size[axis] * box.step[axis];
    inside = inside && points[i] >= low && points[i] < high;
  }
  expect(inside, "bench_points lie in the field's box");
  const double spread = points[3 * 100] - points[3 * 200];
  expect(spread != 0, "bench_points are scattered");
  for (int octaves : {1, 3}) {
    std::vector<float> stb(16 * 8 * 4), glm(16 * 8 * 4);
    expect(stb_eval(octaves, points, stb).ok(), "stb_eval succeeds");
    expect(glm_eval(3, octaves, points, glm).ok(), "glm_eval succeeds");
    const auto f = [&](std::size_t i) { return static_cast<float>(points[i]); };
    expect(stb[77] == stb_sample(f(231), f(232), f(233), octaves), "stb_eval at point 77");
    expect(glm[77] == glm_sample3(f(231), f(232), f(233), octaves), "glm_eval at point 77");
  }
  const std::vector<double> points4 = bench_points(bench_field(4, {3, 2, 2, 2}, 1));
  std::vector<float> glm4_points(24);
  expect(glm_eval(4, 1, points4, glm4_points).ok(), "glm_eval 4D succeeds");
  expect(glm4_points[5] ==
             glm_sample4(static_cast<float>(points4[20]), static_cast<float>(points4[21]),
                         static_cast<float>(points4[22]), static_cast<float>(points4[23]), 1),
         "glm_eval 4D at point 5");
  std::vector<float> wrong(23);
  expect(!glm_eval(4, 1, points4, wrong).ok(), "glm_eval refuses a wrong output size");
  expect(!stb_eval(1, points4, glm4_points).ok(),
         "stb_eval refuses points that are not one per output");

#if VKNOISE_HAVE_FASTNOISE2
  // FastNoise2's lattice is vknoise's: with origin 0 and the bench's step of 1/32, the samples at
  // every 32nd index of a row through the origin are lattice points, where gradient noise is 0,
  // for every octave (lacunarity 2 keeps them on the lattice); between them it is not 0.
  for (int dims : {3, 4}) {
    for (int octaves : {1, 4}) {
      vknoise::field_spec row = bench_field(dims, {65, 4, 1, 1}, octaves);
      row.origin = {0, 0, 0, 0};
      std::vector<float> noise(65 * 4, 1.0f);
      const auto generator = make_fastnoise2_generator(row.noise);
      expect(fastnoise2_unsupported(row).empty(), "fastnoise2 computes the bench's fields");
      expect(fastnoise2_fill(*generator, row, noise).ok(), "fastnoise2_fill succeeds");
      for (int x : {0, 32, 64}) {
        expect(std::fabs(noise[x]) < 1e-6f, "fastnoise2 is 0 at x = 0, 1, 2 (samples 0, 32, 64)");
      }
      float largest = 0;
      for (int x = 1; x < 32; ++x) largest = std::fmax(largest, std::fabs(noise[3 * 65 + x]));
      expect(largest > 0.01f, "fastnoise2 is not 0 between lattice points");
      // GenPositionArray at the grid's positions gives the grid's values.
      std::vector<double> positions;
      for (std::uint32_t y = 0; y < 4; ++y) {
        for (std::uint32_t x = 0; x < 65; ++x) {
          positions.push_back(x / 32.0);
          positions.push_back(y / 32.0);
          positions.push_back(0.0);
          if (dims == 4) positions.push_back(0.0);
        }
      }
      std::vector<float> at_points(65 * 4);
      expect(fastnoise2_eval(*generator, to_fastnoise2_points(dims, positions), at_points).ok(),
             "fastnoise2_eval succeeds");
      float difference = 0;
      for (std::size_t i = 0; i < at_points.size(); ++i) {
        difference = std::fmax(difference, std::fabs(at_points[i] - noise[i]));
      }
      expect(difference < 1e-5f, "fastnoise2 at points equals its grid at the same positions");
    }
  }
  // Its Simplex for the simplex fields: not 0 between lattice points, its points its grid.
  for (int dims : {3, 4}) {
    const vknoise::field_spec simplex =
        bench_field(dims, {16, 4, 1, 1}, 3, vknoise::noise_kind::simplex);
    expect(fastnoise2_unsupported(simplex).empty(), "fastnoise2 computes simplex fields");
    std::vector<float> values(16 * 4, 0.0f);
    expect(fastnoise2_fill(*make_fastnoise2_generator(simplex.noise), simplex, values).ok(),
           "fastnoise2_fill of a simplex field succeeds");
    float largest = 0;
    for (const float v : values) largest = std::fmax(largest, std::fabs(v));
    expect(largest > 0.01f && largest <= 1.0f, "fastnoise2's simplex is not flat");
  }
  // Its CellularDistance for the cellular fields: F1 at a feature point's distance, in [0, 2).
  for (int dims : {3, 4}) {
    const vknoise::field_spec cellular =
        bench_field(dims, {16, 4, 1, 1}, 1, vknoise::noise_kind::cellular);
    expect(fastnoise2_unsupported(cellular).empty(), "fastnoise2 computes cellular fields");
    std::vector<float> values(16 * 4, -1.0f);
    expect(fastnoise2_fill(*make_fastnoise2_generator(cellular.noise), cellular, values).ok(),
           "fastnoise2_fill of a cellular field succeeds");
    float smallest = 2, largest = 0;
    for (const float v : values) {
      smallest = std::fmin(smallest, v);
      largest = std::fmax(largest, v);
    }
    expect(smallest >= 0.0f && largest > 0.1f && largest < 2.0f,
           "fastnoise2's cellular F1 is a distance");
  }
  vknoise::field_spec value = bench_field(3, {4, 4, 4, 1}, 1, vknoise::noise_kind::value);
  expect(!fastnoise2_unsupported(value).empty(), "fastnoise2 skips value noise");
  vknoise::field_spec warped = bench_field(3, {4, 4, 4, 1}, 1);
  warped.noise.warp = 0.5;
  expect(!fastnoise2_unsupported(warped).empty(), "fastnoise2 skips warped fields");
  std::vector<float> short_out(3);
  expect(!fastnoise2_fill(*make_fastnoise2_generator(warped.noise), bench_field(3, {4, 1, 1, 1}, 1),
                          short_out)
              .ok(),
         "fastnoise2_fill refuses a wrong output size");
#endif

  // The ALU-bound estimate's inputs (docs/benchmarks.md): 224 ops per 3D sample, 517 per 4D one,
  // and the peak of a device known by name; none for lavapipe.
  const alu_ops ops3 = kernel_alu_ops(3, 1), ops4 = kernel_alu_ops(4, 1);
  expect(ops3.float_ops + ops3.int_ops == 224 && ops3.table_loads == 14, "3D: 224 ALU ops");
  expect(ops4.float_ops + ops4.int_ops == 517 && ops4.table_loads == 30, "4D: 517 ALU ops");
  const alu_ops fbm8 = kernel_alu_ops(3, 8);
  expect(fbm8.float_ops == 69 * 8 + 25 && fbm8.int_ops == 151 * 8 + 4 + 16, "3D fBm 8 octaves");
  std::string matched;
  const auto h100 = known_peak_gops("NVIDIA H100 PCIe", &matched);
  expect(h100 && matched == "H100 PCIe" && std::fabs(*h100 - 25608.96) < 0.01, "H100 PCIe peak");
  const auto sxm = known_peak_gops("NVIDIA H100 80GB HBM3", &matched);
  expect(sxm && matched == "H100" && std::fabs(*sxm - 33454.08) < 0.01, "H100 SXM peak");
  expect(known_peak_gops("NVIDIA H200", &matched) && matched == "H200", "H200 known");
  expect(!known_peak_gops("llvmpipe (LLVM 15.0.6, 256 bits)"), "no peak for lavapipe");

  // The other bases' counts (docs/benchmarks.md, from tools/count_kernel_ops.sh and
  // vknoise_kernel_visits), per SIMD group size: 1 lane, 8 (llvmpipe), 32 (a GPU warp).
  auto total = [](std::optional<alu_ops> ops) { return ops ? ops->float_ops + ops->int_ops : -1; };
  using vknoise::noise_kind;
  expect(total(basis_alu_ops(noise_kind::improved, 3, 32)) == 224, "improved via basis_alu_ops");
  expect(total(basis_alu_ops(noise_kind::simplex, 3, 1)) == 188, "simplex 3D, 1 lane: 188");
  expect(total(basis_alu_ops(noise_kind::simplex, 3, 8)) == 191, "simplex 3D, 8 lanes: 191");
  expect(total(basis_alu_ops(noise_kind::simplex, 3, 32)) == 192, "simplex 3D, 32 lanes: 192");
  expect(total(basis_alu_ops(noise_kind::simplex, 4, 1)) == 310, "simplex 4D, 1 lane: 310");
  expect(total(basis_alu_ops(noise_kind::simplex, 4, 8)) == 320, "simplex 4D, 8 lanes: 320");
  expect(total(basis_alu_ops(noise_kind::simplex, 4, 32)) == 326, "simplex 4D, 32 lanes: 326");
  expect(total(basis_alu_ops(noise_kind::flow, 3, 1)) == 914, "flow 3D, 1 lane: 914");
  expect(total(basis_alu_ops(noise_kind::flow, 3, 8)) == 1015, "flow 3D, 8 lanes: 1015");
  expect(total(basis_alu_ops(noise_kind::flow, 3, 32)) == 1061, "flow 3D, 32 lanes: 1061");
  expect(!basis_alu_ops(noise_kind::flow, 4, 32), "no flow 4D");
  expect(!basis_alu_ops(noise_kind::value, 3, 32), "no count for value noise");
  expect(total(basis_alu_ops(noise_kind::cellular, 3, 1)) == 1852, "cellular 3D, 1 lane: 1852");
  expect(total(basis_alu_ops(noise_kind::cellular, 3, 8)) == 2023, "cellular 3D, 8 lanes: 2023");
  expect(total(basis_alu_ops(noise_kind::cellular, 3, 32)) == 2468, "cellular 3D, 32 lanes: 2468");
  expect(total(basis_alu_ops(noise_kind::cellular, 3, 16)) == 2023,
         "16 lanes use the 8-lane count");
  expect(total(basis_alu_ops(noise_kind::cellular, 4, 1)) == 5521, "cellular 4D, 1 lane: 5521");
  expect(total(basis_alu_ops(noise_kind::cellular, 4, 8)) == 6169, "cellular 4D, 8 lanes: 6169");
  expect(total(basis_alu_ops(noise_kind::cellular, 4, 32)) == 8008, "cellular 4D, 32 lanes: 8008");
  expect(llvmpipe_lanes("llvmpipe (LLVM 15.0.6, 256 bits)") == 8u, "llvmpipe 256 bits: 8 lanes");
  expect(llvmpipe_lanes("llvmpipe (LLVM 17.0.6, 512 bits)") == 16u, "llvmpipe 512 bits: 16 lanes");
  expect(!llvmpipe_lanes("NVIDIA H100 80GB HBM3"), "no lanes for a GPU");

  // The counts of cellular noise's search (through the mirror's observer) are consistent: every
  // sample tests level 0's 5 offsets; passes never exceed tests; a group runs at least what each
  // of its lanes runs.
  for (int dims : {3, 4}) {
    vknoise::field_spec f =
        bench_field(dims, {40, 3, 3, dims == 4 ? 2u : 1u}, 1, noise_kind::cellular);
    f.origin = {-3.3, 250.7, 0.1, 5.9};
    f.step = {0.093, 0.41, 0.37, 0.29};
    const auto one = measure_cellular_visits(f, 1), warp = measure_cellular_visits(f, 32);
    const double window = dims == 4 ? 7 : 5;
    expect(one.level[0].tests == window, "every sample tests level 0's offsets");
    bool consistent = true;
    for (int a = 0; a < dims; ++a) {
      consistent = consistent && one.level[a].passes <= one.level[a].tests &&
                   warp.level[a].passes >= one.level[a].passes && one.level[a].passes >= 1;
    }
    expect(consistent, "cellular visit counts are consistent");
  }
  // Contributing corners: at most all of them, more for a wider group, none for other bases.
  {
    vknoise::field_spec f = bench_field(3, {64, 4, 4, 1}, 1, noise_kind::flow);
    const double one = measure_corner_visits(f, 1), warp = measure_corner_visits(f, 32);
    expect(one > 1 && one <= warp && warp <= 4, "flow's contributing corners");
    f.noise.kind = noise_kind::simplex;
    expect(measure_corner_visits(f, 1) > 2 && measure_corner_visits(f, 8) <= 4,
           "simplex's contributing corners");
    f.noise.kind = noise_kind::value;
    expect(measure_corner_visits(f, 1) == 0, "no corners for value noise");
  }

  if (failures == 0) std::printf("peers: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
