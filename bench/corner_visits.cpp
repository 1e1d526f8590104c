#include "bench/corner_visits.hpp"

#include <array>
#include <bit>
#include <cstdint>

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
  unsigned group = 0, in_group = 0;
  auto close_group = [&] {
    corners += static_cast<double>(in_group) * std::popcount(group);
    samples += in_group;
    group = 0;
    in_group = 0;
  };
  // The whole coordinate on each axis, rounded to float as the float path reads it.
  auto at = [&](int a, std::uint64_t i) {
    return static_cast<float>(field.origin[a] +
                              static_cast<double>(field.region[a] + i) * field.step[a]);
  };
  const auto& size = field.size;
  std::array<float, 4> p{0, 0, 0, 0};
  for (std::uint32_t w = 0; w < size[3]; ++w) {
    if (dims == 4) p[3] = at(3, w);
    for (std::uint32_t z = 0; z < size[2]; ++z) {
      p[2] = at(2, z);
      for (std::uint32_t y = 0; y < size[1]; ++y) {
        p[1] = at(1, y);
        close_group();
        for (std::uint32_t x = 0; x < size[0]; ++x) {
          p[0] = at(0, x);
          group |= contributing_corners(perm, kind, dims, p);
          if (++in_group == lanes) close_group();
        }
      }
    }
  }
  close_group();
  return samples > 0 ? corners / samples : 0;
}

}  // namespace vknoise::bench
