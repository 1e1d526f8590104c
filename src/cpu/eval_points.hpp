// The point kernels, compiled once per instruction set (SSE4, AVX2, AVX-512 and a portable
// baseline) and chosen at run time by Highway for the CPU at hand.
#pragma once

#include <cstddef>
#include <span>

#include "cpu/point_plan.hpp"

namespace vknoise::cpu {

// Points [0, count) of `points` (plan.dims coordinates each) into out[0, count), with the best
// kernel the CPU supports: bit-identical to sample_mirror of reduce_point (float coordinates
// widened). Without `bounds` every point must be valid (validate_points); with them (one per
// axis, point_domain's for a bounded domain) each group of points is checked as it is loaded,
// and the first point with a coordinate whose magnitude is not below its axis's bound is returned
// (the points before it may have been computed, it and those after it are not); count when none.
std::size_t eval_points(const point_plan& plan, const double* points, std::size_t count, float* out,
                        const double* bounds = nullptr);
std::size_t eval_points(const point_plan& plan, const float* points, std::size_t count, float* out,
                        const float* bounds = nullptr);

// The index of the first of `coordinates` (whole points of `dims`) whose magnitude is not below
// its axis's bound (bounds[axis]; a NaN never is), or coordinates.size(): point_domain's
// comparisons for a bounded domain, in SIMD vectors.
std::size_t first_outside(std::span<const double> coordinates, int dims, const double* bounds);
std::size_t first_outside(std::span<const float> coordinates, int dims, const float* bounds);

}  // namespace vknoise::cpu
