// The SIMD kernels, compiled once per instruction set (SSE4, AVX2, AVX-512 and a portable
// baseline) and chosen at run time by Highway for the CPU at hand.
#pragma once

#include <cstdint>
#include <vector>

#include "cpu/field_plan.hpp"
#include "cpu/row_tables.hpp"

namespace vknoise::cpu {

// Per-thread working memory for fill_rows (throws std::bad_alloc).
struct row_scratch {
  row_tables tables;
  std::vector<float> sum, weight, value;  // per sample of a row, padded
  explicit row_scratch(const field_plan& plan)
      : sum(plan.padded_nx), weight(plan.padded_nx), value(plan.padded_nx) {}
};

// Rows [begin, end) of the field into out (the first value of row `begin` at out[0]), with the
// best kernel the CPU supports. Bit-identical to fill_mirror.
void fill_rows(const field_plan& plan, std::uint64_t begin, std::uint64_t end, float* out,
               row_scratch& scratch);

// The name of the instruction set fill_rows uses (Highway's target name, e.g. "AVX3").
const char* simd_target_name();

}  // namespace vknoise::cpu
