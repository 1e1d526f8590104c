// The fast CPU path: float32 fields with SIMD (run-time dispatch to the best of SSE4.1, AVX2 and
// AVX-512 the CPU offers) and threads. It computes the same function as fill_mirror, and as the
// GPU kernel, bit for bit: only the way the work is spread over lanes and threads differs.
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
// Threading: reentrant; each call uses up to options.threads threads of its own.
status fill_fast(const field_spec& field, const permutation_table& table, std::span<float> out,
                 const cpu_options& options = {});

// The instruction set fill_fast dispatches to on this CPU, e.g. "AVX3" or "AVX2".
const char* cpu_simd_target();

}  // namespace vknoise
