// Point evaluation of Perlin's Improved Noise (2002).
//
// noise3 / noise4 are the double-precision CPU reference: operation for operation the same as
// Perlin's published Java ImprovedNoise and ImprovedNoise4D, so for every finite input with
// |coordinate| < 2^31 the result is bit-identical to the reference. (Beyond that, Java's int cast
// saturates; vknoise keeps the mathematical period of 256 instead.) noise4 keeps the published
// gradient selection literally, including its case 0 that repeats case 3.
//
// noise3f / noise4f are the float32 mirror: the same operations in the same order in float, on a
// lattice_coord (cell + fraction) per axis. They are the function the GPU kernels compute; where
// the device honours NoContraction the GPU output is bit-identical to them.
//
// All functions are pure and thread-safe. A non-finite coordinate returns NaN.
#pragma once

#include <cstdint>

#include "vknoise/export.h"
#include "vknoise/permutation.hpp"

namespace vknoise {

// Largest |coordinate| accepted by fields and eval: the reference's domain.
inline constexpr double max_abs_coordinate = 2147483648.0;  // 2^31, exclusive

// A coordinate reduced exactly modulo a period (256, the table's, unless a noise_spec says
// otherwise): x == period*k + c + frac for some integer k, with c = floor(x) mod period and frac in
// [0, 1). The cells are stored as table indices (mod 256): cell = c, and its neighbours next = c+1,
// prev = c-1 and next2 = c+2, each wrapped modulo the period first. frac is the double fraction
// x - floor(x) (exact) rounded to float; when that rounding gives 1.0f the coordinate moves to the
// next cell with frac 0. This is how a field at origin 1e6 stays as accurate on the GPU as one at
// 0: the large part never reaches float arithmetic. The GPU reads the four cells as one uint
// (cell in the low byte) followed by frac.
struct lattice_coord {
  std::uint8_t cell;
  std::uint8_t next;
  std::uint8_t prev;
  std::uint8_t next2;
  float frac;
};
static_assert(sizeof(lattice_coord) == 8);

// period in 1 .. 2^32-1; a non-finite x gives cells 0 and a NaN fraction.
VKNOISE_API lattice_coord reduce_coordinate(double x, std::uint64_t period = 256);

VKNOISE_API double noise3(double x, double y, double z, const permutation_table& table);
VKNOISE_API double noise4(double x, double y, double z, double w, const permutation_table& table);
VKNOISE_API double noise3(double x, double y, double z);  // canonical table
VKNOISE_API double noise4(double x, double y, double z, double w);

VKNOISE_API float noise3f(lattice_coord x, lattice_coord y, lattice_coord z,
                          const permutation_table& table);
VKNOISE_API float noise4f(lattice_coord x, lattice_coord y, lattice_coord z, lattice_coord w,
                          const permutation_table& table);

}  // namespace vknoise
