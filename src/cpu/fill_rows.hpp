// The SIMD kernels, compiled once per instruction set (SSE4, AVX2, AVX-512 and a portable
// baseline) and chosen at run time by Highway for the CPU at hand.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "cpu/field_plan.hpp"
#include "cpu/row_tables.hpp"

namespace vknoise::cpu {

// Per-thread working memory for fill_rows of one plan (throws std::bad_alloc): the tables of each
// octave, kept from row to row (a row rebuilds only the hash words its cells change).
struct row_scratch {
  std::vector<row_tables> tables;
  std::vector<float> value;  // a row, padded, where the output has no room for the padding
  explicit row_scratch(const field_plan& plan)
      : tables(std::max(plan.fractal.octaves, 1)), value(plan.padded_nx) {}
};

// Rows [begin, end) of the field into out (the first value of row `begin` at out[0]), with the
// best kernel the CPU supports. Bit-identical to fill_mirror. The scratch was made for this plan
// (or one of the same size and octaves) and is used by one thread at a time.
void fill_rows(const field_plan& plan, std::uint64_t begin, std::uint64_t end, float* out,
               row_scratch& scratch);

// The name of the instruction set fill_rows uses (Highway's target name, e.g. "AVX3").
const char* simd_target_name();

}  // namespace vknoise::cpu
