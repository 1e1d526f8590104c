#include "vknoise/noise.hpp"

#include <cmath>
#include <limits>

#include "core/improved_noise.hpp"

namespace vknoise {
namespace {

// floor(x) mod 256 for an integral double: exact for every finite x. For |x| < 2^31 it equals
// Java's (int)Math.floor(x) & 255.
int cell_of(double floored) {
  double m = std::fmod(floored, 256.0);
  if (m < 0) m += 256.0;
  return static_cast<int>(m);
}

struct split_double {
  int cell;
  double frac;
};

split_double split(double x) {
  const double floored = std::floor(x);
  return {cell_of(floored), x - floored};  // the subtraction is exact
}

}  // namespace

lattice_coord reduce_coordinate(double x) {
  if (!std::isfinite(x)) return {0, std::numeric_limits<float>::quiet_NaN()};
  const split_double s = split(x);
  const float frac = static_cast<float>(s.frac);
  // A fraction just below 1 can round up to 1.0f: that point is the next cell's origin.
  if (frac >= 1.0f) return {(s.cell + 1) & 255, 0.0f};
  return {s.cell, frac};
}

double noise3(double x, double y, double z, const permutation_table& table) {
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const split_double sx = split(x), sy = split(y), sz = split(z);
  return detail::improved_noise3<double>(table.doubled().data(), sx.cell, sy.cell, sz.cell, sx.frac,
                                         sy.frac, sz.frac);
}

double noise4(double x, double y, double z, double w, const permutation_table& table) {
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z) || !std::isfinite(w)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const split_double sx = split(x), sy = split(y), sz = split(z), sw = split(w);
  return detail::improved_noise4<double>(table.doubled().data(), sx.cell, sy.cell, sz.cell, sw.cell,
                                         sx.frac, sy.frac, sz.frac, sw.frac);
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
  return detail::improved_noise3<float>(table.doubled().data(), x.cell & 255, y.cell & 255,
                                        z.cell & 255, x.frac, y.frac, z.frac);
}

float noise4f(lattice_coord x, lattice_coord y, lattice_coord z, lattice_coord w,
              const permutation_table& table) {
  return detail::improved_noise4<float>(table.doubled().data(), x.cell & 255, y.cell & 255,
                                        z.cell & 255, w.cell & 255, x.frac, y.frac, z.frac, w.frac);
}

}  // namespace vknoise
