#include "bench/corner_visits.hpp"

#include <array>
#include <bit>
#include <cstdint>

#include "bench/lane_groups.hpp"
#include "core/flow_noise.hpp"
#include "core/simplex_noise.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::bench {
namespace {

// Bit k: corner k of the sample at p contributes.
unsigned contributing_corners(const std::int32_t* perm, noise_kind kind, int dims,
                              const std::array<float, 4>& p) {
  unsigned bits = 0;
  if (kind == noise_kind::simplex && dims == 3) {
    const auto c = detail::simplex_cell3<float>(perm, p[0], p[1], p[2]);
    for (int k = 0; k <= 3; ++k) {
      if (!(detail::simplex_falloff<float, 3>(0.6f, c.off[k]) < 0.0f)) bits |= 1u << k;
    }
  } else if (kind == noise_kind::simplex && dims == 4) {
    const auto c = detail::simplex_cell4<float>(perm, p[0], p[1], p[2], p[3]);
    for (int k = 0; k <= 4; ++k) {
      if (!(detail::simplex_falloff<float, 4>(0.6f, c.off[k]) < 0.0f)) bits |= 1u << k;
    }
  } else if (kind == noise_kind::flow && dims == 3) {
    const std::int32_t no_period[3] = {0, 0, 0};
    const auto c = detail::flow_cell3<float>(perm, p[0], p[1], p[2], no_period);
    for (int k = 0; k <= 3; ++k) {
      const float* d = c.off[k];
      // flow_sum3's weight, in its order.
      const float w = ((0.5f - d[0] * d[0]) - d[1] * d[1]) - d[2] * d[2];
      if (w > 0.0f) bits |= 1u << k;
    }
  }
  return bits;
}

}  // namespace

double measure_corner_visits(const field_spec& field, unsigned lanes) {
  const auto table = permutation_table::perlin();
  const std::int32_t* perm = table.doubled().data();
  const auto kind = field.noise.kind;
  const int dims = field.dims;
  if (!((kind == noise_kind::simplex && (dims == 3 || dims == 4)) ||
        (kind == noise_kind::flow && dims == 3))) {
    return 0;
  }
  double corners = 0, samples = 0;
  unsigned group = 0;
  std::array<float, 4> p{0, 0, 0, 0};
  for_each_lane_group(
      field, lanes,
      [&](const std::array<double, 4>& position) {
        // Each coordinate rounded to float, as the float path reads it.
        for (int a = 0; a < 4; ++a) p[a] = static_cast<float>(position[a]);
        group |= contributing_corners(perm, kind, dims, p);
      },
      [&](unsigned in_group) {
        corners += static_cast<double>(in_group) * std::popcount(group);
        samples += in_group;
        group = 0;
      });
  return samples > 0 ? corners / samples : 0;
}

}  // namespace vknoise::bench
