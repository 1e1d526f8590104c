// How much of cellular noise's window its pruned search visits, for the ALU-bound estimate of
// the cellular kernel (kernel_alu_ops, docs/benchmarks.md). Measures the mirror's search
// (detail::cellular_find in src/core/cellular_noise.hpp, F1, euclidean, jitter 1, no period)
// through its observer, which the production search leaves empty.
#pragma once

#include <array>
#include <cstdint>

#include "vknoise/field.hpp"

namespace vknoise::bench {

// Mean counts per sample of one loop level of the search (level a: the loop over axis a's
// offsets). tests: iterations that compute their slab's bound; passes: those whose bound did not
// prune the slab (the next level's loop, or at the innermost level the cell's point, runs for
// them). Level dims - 1's passes are the cells whose feature point is computed.
struct cellular_level_visits {
  double tests = 0;
  double passes = 0;
};

// The means over a field, for a SIMD group of `lanes` consecutive samples along x (a row's
// samples in the order the kernel's invocations take them): a group runs an iteration when any
// of its lanes does, so its counts are those of the union of its lanes' iterations (lanes 1: each
// sample by itself). Groups do not straddle rows; a row's last group may be shorter.
struct cellular_visits {
  int dims = 3;
  unsigned lanes = 1;
  std::array<cellular_level_visits, 4> level{};  // levels 0 .. dims - 1
  double cells() const { return level[static_cast<std::size_t>(dims - 1)].passes; }
};

// The search's visits over every sample of `field` (a 3D or 4D grid of cellular noise, F1,
// euclidean, jitter 1, no period, one octave, as vknoise_kernel_bench renders it; x fastest).
// Throws nothing; for other fields the result is meaningless.
cellular_visits measure_cellular_visits(const field_spec& field, unsigned lanes);

}  // namespace vknoise::bench
