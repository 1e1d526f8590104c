// The lattice every basis noise reads: an axis's cell, its neighbours and the fraction, and how a
// double coordinate is split into them modulo a period. Shared by the double reference
// (lattice_axis<double>) and the host-side reduction for the float path (lattice_coord), so both
// always name the same cells.
#pragma once

#include <cmath>
#include <cstdint>

#include "vknoise/noise.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::detail {

// One axis of a sample as the noise functions read it: the cell and its neighbour cells, already
// wrapped modulo the axis's period and reduced to table indices, and the fraction in [0, 1]. The
// twin of lattice_axis in shaders/improved_noise.glsl.
template <class real>
struct lattice_axis {
  int cell, next, prev, next2;
  real frac;
};

struct split_coordinate {
  std::uint64_t cell;  // floor(x) mod period, in [0, period)
  double frac;         // x - floor(x), exact, in [0, 1)
};

// Exact for every finite x and integral period <= 2^53.
inline split_coordinate split(double x, std::uint64_t period) {
  const double floored = std::floor(x);
  const double p = static_cast<double>(period);
  double m = std::fmod(floored, p);
  if (m < 0) m += p;
  return {static_cast<std::uint64_t>(m), x - floored};
}

// The cell and its neighbours modulo the period, as table indices (mod 256).
inline lattice_coord wrapped_cells(std::uint64_t cell, std::uint64_t period, float frac) {
  const auto index = [](std::uint64_t c) { return static_cast<std::uint8_t>(c & 255); };
  return {index(cell), index((cell + 1) % period), index((cell + period - 1) % period),
          index((cell + 2) % period), frac};
}

template <class real>
inline lattice_axis<real> to_axis(const lattice_coord& c, real frac) {
  return {c.cell, c.next, c.prev, c.next2, frac};
}

// The bases whose skewed lattices read a coordinate as one number, never split into a cell and a
// fraction: simplex and flow noise.
inline bool reads_whole_position(noise_kind kind) {
  return kind == noise_kind::simplex || kind == noise_kind::flow;
}

// An axis of such a basis: x itself in frac, no cells (the float path rounds x to float; see
// noise_spec.hpp). The twin of whole_axis in shaders/improved_noise.glsl.
template <class real>
inline lattice_axis<real> whole_axis(real x) {
  return {0, 0, 0, 0, x};
}

inline lattice_axis<double> split_axis(double x, std::uint64_t period) {
  const split_coordinate s = split(x, period);
  return to_axis(wrapped_cells(s.cell, period, 0.0f), s.frac);
}

}  // namespace vknoise::detail
