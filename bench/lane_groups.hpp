// A field's samples in the order a kernel's SIMD groups take them, for the visit counts of
// vknoise_kernel_visits (cellular_visits.cpp, corner_visits.cpp): x fastest, rows in order, a
// group of `lanes` consecutive samples along x, a row's last group possibly shorter (groups do
// not straddle rows).
#pragma once

#include <array>
#include <cstdint>

#include "vknoise/field.hpp"

namespace vknoise::bench {

// Calls sample(position) for every sample, position[a] = origin + (region + index) * step in
// double on the field's axes (0 on the others), then end_group(samples) after each group.
template <class Sample, class EndGroup>
void for_each_lane_group(const field_spec& field, unsigned lanes, Sample&& sample,
                         EndGroup&& end_group) {
  std::array<double, 4> position{0, 0, 0, 0};
  auto at = [&](int a, std::uint64_t i) {
    return field.origin[a] + static_cast<double>(field.region[a] + i) * field.step[a];
  };
  unsigned in_group = 0;
  auto close = [&] {
    if (in_group == 0) return;
    end_group(in_group);
    in_group = 0;
  };
  const auto& size = field.size;
  for (std::uint32_t w = 0; w < size[3]; ++w) {
    if (field.dims == 4) position[3] = at(3, w);
    for (std::uint32_t z = 0; z < size[2]; ++z) {
      if (field.dims >= 3) position[2] = at(2, z);
      for (std::uint32_t y = 0; y < size[1]; ++y) {
        position[1] = at(1, y);
        close();
        for (std::uint32_t x = 0; x < size[0]; ++x) {
          position[0] = at(0, x);
          sample(position);
          if (++in_group == lanes) close();
        }
      }
    }
  }
  close();
}

}  // namespace vknoise::bench
