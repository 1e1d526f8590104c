// The ALU bound of the noise kernels: operations per sample and peak operation rates, for the
// "% of the ALU bound" figures of `vknoise bench` and vknoise_kernel_bench (docs/benchmarks.md,
// "Fraction of the ALU bound"). Estimates for orientation, not a roofline.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "vknoise/noise_spec.hpp"

namespace vknoise::bench {

// ALU operations per sample of a field kernel. The bound counts float_ops + int_ops.
struct alu_ops {
  int float_ops;
  int int_ops;      // integer, bitwise, compare-and-select and boolean operations
  int table_loads;  // permutation gathers: memory, not ALU; reported for reference
};

// Improved noise's field kernel (value form), counted by hand from shaders/improved_noise.glsl
// and the fractal sum (octave_term.glsl), dims 3 or 4, `octaves` >= 1 of fBm.
alu_ops kernel_alu_ops(int dims, int octaves);

// One octave of the field kernel vknoise_kernel_bench runs for `noise` (improved, simplex, flow,
// cellular: F1, euclidean, jitter 1, no period) in `dims` (3 or 4; flow 3 only), as executed by
// a SIMD group of `lanes` lanes along x. Improved noise is kernel_alu_ops(dims, 1). Simplex, flow
// and cellular are counted mechanically from the compiled kernel (tools/count_kernel_ops.sh):
// their data-dependent parts (simplex's and flow's contributing corners, cellular's search
// iterations) are weighted by the means measured over the kernel bench's fields for the largest
// measured group size <= lanes (1, 8 or 32; vknoise_kernel_visits). std::nullopt for other
// bases and dims.
std::optional<alu_ops> basis_alu_ops(noise_kind noise, int dims, unsigned lanes);

// Peak ALU rate (Gops/s: one 32-bit operation per lane per clock, i.e. half the FMA TFLOPS
// figure) of a few known devices, by a substring of the Vulkan device name.
std::optional<double> known_peak_gops(std::string_view device_name, std::string* matched = nullptr);

// llvmpipe's float lanes per vector from its device name ("llvmpipe (LLVM 15.0.6, 256 bits)":
// 256 / 32 = 8); std::nullopt for a name without "NNN bits)".
std::optional<unsigned> llvmpipe_lanes(std::string_view device_name);

// The peak of lavapipe on this CPU, by the GPU peak's definition (one 32-bit operation per lane
// per clock): lanes x threads x clock. threads: LP_NUM_THREADS when set (lavapipe's own
// setting), else the logical CPUs; clock: the first "cpu MHz" line of /proc/cpuinfo. `how` says
// how it was derived, with the numbers; std::nullopt (and `how` says why) when a part is missing.
std::optional<double> lavapipe_peak_gops(std::string_view device_name, std::string* how);

}  // namespace vknoise::bench
