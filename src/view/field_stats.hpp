// The panel's readouts of the field on screen: its range, mean and histogram (first channel), and
// how far the GPU's values are from the CPU mirror's for the same field.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise::view {

inline constexpr int histogram_bins = 64;

struct field_stats {
  float min = 0, max = 0;
  double mean = 0;
  std::uint64_t samples = 0;
  std::uint64_t not_finite = 0;  // NaN and infinities, left out of the rest
  // Counts of the first channel's values in histogram_bins equal bins over [low, high].
  std::array<float, histogram_bins> histogram{};
  float low = -1, high = 1;
};

// `values` holds `channels` floats per sample; the first is measured. The histogram spans
// [low, high] (values outside count in the end bins).
field_stats measure(std::span<const float> values, int channels, float low, float high);

// The field on the CPU through the fast path (fill_fast: the float mirror, bit for bit), and per
// sample the largest |gpu - cpu| over its channels into `per_sample` (sample_count(field) floats).
// Returns the largest of all: 0 where the GPU is bit-identical to the mirror. Errors of
// fill_fast.
result<float> mirror_difference(const field_spec& field, const permutation_table& table,
                                std::span<const float> gpu, std::span<float> per_sample);

}  // namespace vknoise::view
