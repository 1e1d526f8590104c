// The fast CPU path: float32 fields with SIMD (run-time dispatch to the best of SSE4.1, AVX2 and
// AVX-512 the CPU offers) and threads. It computes the same function as fill_mirror, and as the
// GPU kernel, bit for bit: only the way the work is spread over lanes and threads differs.
//
// It reads the same host-reduced lattice coordinates as fill_mirror (axis_coordinates), so a
// field at origin 1e9 is as precise as one at 0, and performs the mirror's float operations in
// the mirror's order (no fused multiply-add). Improved noise (1D to 4D) and improved4_balanced,
// with every fractal, period and octave offset, run on SIMD kernels; gradient fields, warped
// fields and classic and value noise run fill_mirror itself, split over the threads.
#pragma once

#include <span>

#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise {

struct cpu_options {
  unsigned threads = 0;  // 0: every hardware thread (std::thread::hardware_concurrency)
};

// Fills `out` (exactly value_count(field) floats, layout in field.hpp) bit-identically to
// fill_mirror. Errors: those of validate(field, out.size()); errc::out_of_memory.
// Threading: reentrant; each call uses up to options.threads threads of its own (at most 256,
// and no more than the field has rows of samples along x), the calling thread being one of them.
// A thread the system cannot start leaves its share to the calling thread.
status fill_fast(const field_spec& field, const permutation_table& table, std::span<float> out,
                 const cpu_options& options = {});

// The instruction set fill_fast dispatches to on this CPU, as Highway names it, e.g. "AVX3"
// (AVX-512), "AVX2" or "SSE4".
const char* cpu_simd_target();

}  // namespace vknoise
