// The gradient tables of Perlin's classic noise (1985, "An Image Synthesizer"): for each dimension
// 1 to 4, 256 random gradients, drawn from a 64-bit seed so that one seed gives the same tables
// on every platform and compiler.
//
// The draw, in double, from one SplitMix64 stream (the generator of permutation.hpp):
//   state = seed ^ 0x8000000000000000, i.e. seed + 2^63 (mod 2^64); next() is SplitMix64 as in
//     permutation_table::from_seed. Its states advance by an odd constant, so a stream started
//     at seed + 2^63 is 2^63 steps from the one permutation_table::from_seed(seed) reads: the two
//     tables of one seed never share a draw.
//   coordinate() = (next() >> 11) * 2^-52 - 1, exact in double (the same as
//     (next() >> 11) * 2^-53 * 2 - 1): uniform on the 2^53 values k * 2^-52 - 1, k < 2^53, which
//     span [-1, 1 - 2^-52].
//   The 1D table first, then 2D, 3D and 4D; within a table, gradients 0 to 255 in order.
//   1D: g = (coordinate(), 0, 0, 0). Perlin's 1D gradients are random slopes, not unit vectors.
//   D = 2..4: draw c_0 .. c_{D-1} (one coordinate() each, in axis order), then
//     s = ((c_0 * c_0 + c_1 * c_1) + c_2 * c_2) + c_3 * c_3 (as many terms as D, left to right);
//     if s > 1 or s < 1e-4, discard all D values and draw again; otherwise len = sqrt(s) and
//     g_k = c_k / len, components D..3 being 0. Both bounds are spheres about the origin, so the
//     kept points are uniform in a spherical shell and their directions uniform on the sphere (up
//     to the 2^-52 grid); the lower bound keeps the division well conditioned.
//   Every operation is a correctly rounded IEEE-754 double operation (sqrt included), so the
//   result is bit-identical everywhere; the library is compiled with -ffp-contract=off so that
//   no multiply-add is fused. A 2D..4D gradient has length 1 to within a few ulps.
//
// The sqrt is the only one in classic noise and it runs here, on the host: the noise functions
// only read the tables (the double table for the reference, float_table for the float mirror and
// the GPU).
//
// An object holds 4 x 256 x 4 doubles (32 KiB). It is immutable after from_seed, so it may be read
// from any number of threads at once.
#pragma once

#include <array>
#include <cstdint>

#include "vknoise/export.h"

namespace vknoise {

class VKNOISE_API classic_gradients {
 public:
  // 256 gradients of 4 doubles: entry [i][k] is component k (x, y, z, w) of gradient i; the
  // components at and beyond the dimension are 0.
  using table_type = std::array<std::array<double, 4>, 256>;

  // The tables drawn from `seed` as described above.
  static classic_gradients from_seed(std::uint64_t seed);

  // The table for `dims` dimensions, dims in [1, 4]. (Other values are clamped to that range, so
  // a bad argument never reads outside the object.)
  const table_type& table(int dims) const;

  // table(dims) rounded to float (round to nearest), 4 floats per gradient: element 4 * i + k is
  // component k of gradient i. This is the layout the GPU receives (one vec4 per gradient, 4 KiB)
  // and what the float mirror reads.
  std::array<float, 256 * 4> float_table(int dims) const;

 private:
  classic_gradients() = default;
  std::array<table_type, 4> tables_{};
};

}  // namespace vknoise
