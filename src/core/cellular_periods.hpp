// The periods cellular noise's cells wrap at in each octave; the twin of
// shaders/cellular_periods.glsl.
#pragma once

#include <array>
#include <cstdint>

namespace vknoise::detail {

// Octave `octave`'s periods: 256 (the table's) on an axis whose period is 0, else period *
// lacunarity^octave. validate() keeps that within 256 (cellular_problem) and the lacunarity an
// integer wherever a period is set, so a cell index modulo it is the lattice axis's cell (the
// lattice axes are split modulo the same period, octave_period()).
inline std::array<std::uint32_t, 4> cellular_octave_periods(
    const std::array<std::uint32_t, 4>& period, std::uint32_t lacunarity, int octave) {
  std::array<std::uint32_t, 4> p = period;
  for (int o = 0; o < octave; ++o) {
    for (std::uint32_t& axis : p) axis *= lacunarity;
  }
  for (std::uint32_t& axis : p) {
    if (axis == 0) axis = 256;
  }
  return p;
}

}  // namespace vknoise::detail
