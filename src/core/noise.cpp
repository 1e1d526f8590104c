#include "vknoise/noise.hpp"

#include <cmath>
#include <limits>

#include "core/improved_noise.hpp"
#include "core/lattice.hpp"

namespace vknoise {

using detail::lattice_axis;

lattice_coord reduce_coordinate(double x, std::uint64_t period) {
  if (!std::isfinite(x)) return {0, 0, 0, 0, std::numeric_limits<float>::quiet_NaN()};
  const detail::split_coordinate s = detail::split(x, period);
  const float frac = static_cast<float>(s.frac);
  // A fraction just below 1 can round up to 1.0f: that point is the next cell's origin.
  if (frac >= 1.0f) return detail::wrapped_cells((s.cell + 1) % period, period, 0.0f);
  return detail::wrapped_cells(s.cell, period, frac);
}

namespace {

bool finite(std::initializer_list<double> values) {
  for (double v : values) {
    if (!std::isfinite(v)) return false;
  }
  return true;
}

}  // namespace

double noise3(double x, double y, double z, const permutation_table& table) {
  if (!finite({x, y, z})) return std::numeric_limits<double>::quiet_NaN();
  return detail::improved_noise3<double>(table.doubled().data(), detail::split_axis(x, 256),
                                         detail::split_axis(y, 256), detail::split_axis(z, 256));
}

double noise4(double x, double y, double z, double w, const permutation_table& table) {
  if (!finite({x, y, z, w})) return std::numeric_limits<double>::quiet_NaN();
  return detail::improved_noise4<double, false>(
      table.doubled().data(), detail::split_axis(x, 256), detail::split_axis(y, 256),
      detail::split_axis(z, 256), detail::split_axis(w, 256));
}

double noise3(double x, double y, double z) {
  static const permutation_table canonical = permutation_table::perlin();
  return noise3(x, y, z, canonical);
}

double noise4(double x, double y, double z, double w) {
  static const permutation_table canonical = permutation_table::perlin();
  return noise4(x, y, z, w, canonical);
}

float noise3f(lattice_coord x, lattice_coord y, lattice_coord z, const permutation_table& table) {
  return detail::improved_noise3<float>(table.doubled().data(), detail::to_axis(x, x.frac),
                                        detail::to_axis(y, y.frac), detail::to_axis(z, z.frac));
}

float noise4f(lattice_coord x, lattice_coord y, lattice_coord z, lattice_coord w,
              const permutation_table& table) {
  return detail::improved_noise4<float, false>(
      table.doubled().data(), detail::to_axis(x, x.frac), detail::to_axis(y, y.frac),
      detail::to_axis(z, z.frac), detail::to_axis(w, w.frac));
}

}  // namespace vknoise
