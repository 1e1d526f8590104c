#include "view/field_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "vknoise/cpu_fill.hpp"

namespace vknoise::view {

field_stats measure(std::span<const float> values, int channels, float low, float high) {
  field_stats s;
  s.low = low;
  s.high = high;
  s.min = INFINITY;
  s.max = -INFINITY;
  double sum = 0;
  const float scale = histogram_bins / (high - low);
  for (std::size_t i = 0; i < values.size(); i += static_cast<std::size_t>(channels)) {
    const float v = values[i];
    if (!std::isfinite(v)) {
      ++s.not_finite;
      continue;
    }
    s.min = std::min(s.min, v);
    s.max = std::max(s.max, v);
    sum += v;
    ++s.samples;
    const int bin = std::clamp(static_cast<int>((v - low) * scale), 0, histogram_bins - 1);
    s.histogram[bin] += 1;
  }
  if (s.samples == 0) s.min = s.max = 0;
  s.mean = s.samples ? sum / static_cast<double>(s.samples) : 0.0;
  return s;
}

result<float> mirror_difference(const field_spec& field, const permutation_table& table,
                                std::span<const float> gpu, std::span<float> per_sample) {
  std::vector<float> cpu(gpu.size());
  if (auto s = fill_fast(field, table, cpu); !s) return s.error_value();
  const std::size_t channels = static_cast<std::size_t>(channel_count(field));
  float largest = 0;
  for (std::size_t sample = 0; sample < per_sample.size(); ++sample) {
    float d = 0;
    for (std::size_t c = 0; c < channels; ++c) {
      const std::size_t i = sample * channels + c;
      // Equal bits (NaN included) are no difference; anything else counts, NaN as infinity.
      if (std::memcmp(&gpu[i], &cpu[i], sizeof(float)) == 0) continue;
      const float delta = std::fabs(gpu[i] - cpu[i]);
      d = std::max(d, std::isnan(delta) ? INFINITY : delta);
    }
    per_sample[sample] = d;
    largest = std::max(largest, d);
  }
  return largest;
}

}  // namespace vknoise::view
