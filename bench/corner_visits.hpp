// How many of their corners simplex and flow noise's kernels add up per sample, for their
// ALU-bound estimates (basis_alu_ops, docs/benchmarks.md): a corner contributes only within its
// radius (simplex_sum's t >= 0, flow_sum3's w > 0), and only then computes its gradient. Measured
// with the float mirror's own cell and offset functions (src/core/simplex_noise.hpp,
// flow_noise.hpp); the production code is left as it is.
#pragma once

#include "vknoise/field.hpp"

namespace vknoise::bench {

// The mean number of corners per sample whose contribution a SIMD group of `lanes` consecutive
// samples along x computes: corner k's branch runs when any lane's corner k contributes (lanes
// 1: each sample by itself). Groups do not straddle rows. For a field of simplex (3D or 4D) or
// flow (3D, no period) noise, one octave, the grid laid out x fastest; 0 for other fields.
double measure_corner_visits(const field_spec& field, unsigned lanes);

}  // namespace vknoise::bench
