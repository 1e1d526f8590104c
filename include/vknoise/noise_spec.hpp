// What a sample is: the basis noise, the fractal sum over octaves, and the periods.
//
// A sample at position p (dims coordinates) is, for octave o = 0 .. octaves-1,
//   p_o = p' * lacunarity^o + (octave_offsets ? o * octave_offset[axis] : 0)     (in double)
// where p' = p on an axis without a period and p mod period (exact, in [0, period)) on one with a
// period (the same noise: it moves octave o by a multiple of its period, and keeps tiling exact),
//   n_o = basis noise at p_o, its lattice cells taken modulo period_o = period * lacunarity^o
// combined by the fractal (amp_o = persistence^o, norm = sum of amp_o):
//   none        n_0                                   (octaves must be 1)
//   fbm         sum(amp_o * n_o) / norm               (Perlin's OctavePerlin, normalised)
//   turbulence  sum(amp_o * |n_o|) / norm
//   billow      sum(amp_o * (2|n_o| - 1)) / norm
//   ridged      2 * sum(amp_o * s_o) / norm - 1, with s_o = (1 - |n_o|)^2 * weight_o,
//               weight_0 = 1, weight_{o+1} = clamp(2 * s_o, 0, 1)   (Musgrave's ridged
//               multifractal)
// The float path (mirror and GPU) keeps this order: amp_{o+1} = amp_o * persistence in float, and
// the division is a multiplication by the host's float 1/norm, so no GPU division is involved.
//
// Basis noises (dims):
//   improved            1-4: Perlin's Improved Noise; 3D and 4D are the references of noise.hpp,
//                       2D is Perlin's ImprovedNoise2D (noise3's hashing with z = 0), 1D uses the
//                       gradients +-1 chosen by the low bit of p[X].
//   improved4_balanced  4: the 4D reference's construction with all 32 directions that have one
//                       zero coordinate and three +-1 (the reference repeats the x-free set and
//                       never leaves out w), so no axis is favoured.
//   classic             1-4: Perlin's 1985 noise: 256 random gradients per dimension drawn from
//                       classic_seed (classic_gradients.hpp), the s-curve 3t^2 - 2t^3. Its range
//                       is within +-sqrt(dims)/2.
//   value               1-4: Hugo Elias's value noise: his integer hash of the lattice cell (and
//                       of the octave, so each octave is its own function), optionally smoothed
//                       over the neighbours (value_smooth), interpolated linearly, with a cosine
//                       curve or with his cubic (which overshoots, up to 1.5^dims). No gradient
//                       form; value_smooth with cubic needs periods of 0 or 256 on every axis.
//   simplex             2-4: Stefan Gustavson's simplex noise (the public-domain Java of 2012:
//                       Perlin's table, 4D by rank ordering, scale factors 70, 32 and 27), bit
//                       for bit in the reference. Its skewed lattice reads the whole coordinate,
//                       so the float path rounds the octave's position to float as it is (no
//                       cell split): far from the origin it loses precision as float does. No
//                       period (the lattice does not tile on an integer grid) and no warp.
//   cellular            2-4: Steven Worley's cellular noise (1996). One feature point per lattice
//                       cell, at 0.5 + jitter * (q - 0.5) on each axis, q in (0, 1) from the
//                       permutation-table hash of the cell (cellular_noise.hpp). F1 and F2 are
//                       the distances from the sample to the nearest and the second nearest
//                       feature point under `distance` (euclidean, euclidean2 = its square,
//                       manhattan, chebyshev); `returns` picks f1, f2, f2-f1, f1*f2, f1/f2, or
//                       cell: a value in (-1, 1) hashed from the nearest point's cell (Voronoi
//                       mosaics). The search is exact: every cell that can hold one of the two
//                       nearest points at the given jitter is visited. Distances are raw (in
//                       cell units at octave 0), not rescaled. Periodic on every axis (the cells
//                       are taken modulo the period, any of 1..256). Gradients of f1, f2 and
//                       f2-f1 only: each is the gradient of a distance to one feature point, so
//                       it jumps where the nearest points change (the Voronoi cells' faces).
//   flow                2-3: Perlin & Neyret's flow noise (2001) on the tiling simplex lattices of
//                       Gustavson & McEwan's psrdnoise (2022; flow_noise.hpp): gradient noise
//                       whose gradients rotate by `angle` (radians; octave o of a fractal turns
//                       round(lacunarity^o) times as fast, so every octave loops when the angle
//                       goes once around: angle 0 and float(2 pi) give the same bits). Like
//                       simplex noise its float path reads the octave's position whole (reduced
//                       modulo the axis's period in double first). Periods: 1..256 on every
//                       axis, but on 2D's y axis even periods only (its rows alternate a half-cell
//                       shift). No built-in warp. With fbm, `advection` > 0 makes the fractal
//                       Perlin & Neyret's pseudo-advection: octave o samples at its position minus
//                       advection * G_o, G_o = the sum of the coarser octaves' gradients times
//                       their amplitudes (no gradient then: it would need second derivatives).
//
// Warp: with warp = A > 0, the sample at p is taken at p + A * (w_0(p), .., w_{dims-1}(p)), where
// w_a is the basis noise (one octave) at p + a fixed offset per component (domain warping by a
// second noise field). Not with periods or a gradient.
//
// Gradient: with `gradient`, a sample has 1 + dims channels: the value, then its partial
// derivatives d/dx, d/dy, ... with respect to the position (analytic: the chain rule through the
// fade curves and, for fbm, through each octave's lacunarity^o). Fractal none or fbm only.
//
// Periods: period[axis] == 0 means the table's natural period 256; 1..256 makes the noise tile
// with that period on that axis: f(p + k * period) == f(p) bit for bit whenever p + k * period is
// exact in double. With any period set, lacunarity must be an integer so every octave's period
// stays an integer.
//
// Every function here is pure and may be called from any number of threads at once.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "vknoise/export.h"
#include "vknoise/noise.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise {

enum class noise_kind { improved, improved4_balanced, classic, value, simplex, cellular, flow };
enum class value_interpolation { linear, cosine, cubic };
// Cellular noise's metric and what it returns (see "cellular" above).
enum class cellular_distance { euclidean, euclidean2, manhattan, chebyshev };
enum class cellular_return { f1, f2, f2_minus_f1, f1_times_f2, f1_over_f2, cell };
enum class fractal_kind { none, fbm, turbulence, ridged, billow };

inline constexpr int max_octaves = 16;

// The fixed per-axis shift of octave o is o * octave_offset[axis] (irrational-looking constants,
// so the octaves' lattices do not line up at the origin).
inline constexpr std::array<double, 4> octave_offset{37.61803398874989, 51.41421356237309,
                                                     29.73205080756888, 43.23606797749979};

struct noise_spec {
  noise_kind kind = noise_kind::improved;
  fractal_kind fractal = fractal_kind::none;
  int octaves = 1;
  double persistence = 0.5;
  double lacunarity = 2.0;
  bool octave_offsets = false;
  std::array<std::uint32_t, 4> period{0, 0, 0, 0};
  bool gradient = false;
  double warp = 0.0;               // domain warp amplitude (0: none)
  std::uint64_t classic_seed = 0;  // classic: the seed of its gradient tables
  value_interpolation interpolation = value_interpolation::linear;  // value
  bool value_smooth = false;                                        // value
  cellular_distance distance = cellular_distance::euclidean;        // cellular
  cellular_return returns = cellular_return::f1;  // cellular (the graph's and CLI's "return")
  double jitter = 1.0;                            // cellular: in [0, 1]
  double angle = 0.0;      // flow: the gradients' rotation, radians (the CLI's --flow-angle)
  double advection = 0.0;  // flow under fbm: pseudo-advection strength, >= 0 (0: plain fbm)

  // Member by member (so +0 and -0 are the same, and a NaN member is never equal).
  bool operator==(const noise_spec&) const = default;
};

// Values per sample: 1, or 1 + dims with `gradient` (value, d/dx, d/dy, ...).
inline int channel_count(const noise_spec& noise, int dims) {
  return noise.gradient ? 1 + dims : 1;
}

// The octave count of a fractal other than none where the user gives none (the command line,
// Python, the window and a graph's fractal node alike); noise_spec's own default is 1, for none.
inline constexpr int default_fractal_octaves = 4;

// The one set of names of the enumerations' values, which the command line, Python, the window,
// the C API's messages and the graph JSON all use: noise_kind_name(improved4_balanced) is
// "improved4-balanced". The *_from_name parsers take that spelling and the same name with '_' for
// each '-' ("improved4_balanced", the graph JSON's older spelling); anything else is nullopt.
// The *_choices functions list every name for a message: "improved, improved4-balanced, classic,
// value or simplex". The spans hold every value in declaration order.
VKNOISE_API const char* noise_kind_name(noise_kind kind);
VKNOISE_API const char* fractal_kind_name(fractal_kind kind);
VKNOISE_API const char* value_interpolation_name(value_interpolation interpolation);
VKNOISE_API std::optional<noise_kind> noise_kind_from_name(std::string_view name);
VKNOISE_API std::optional<fractal_kind> fractal_kind_from_name(std::string_view name);
VKNOISE_API std::optional<value_interpolation> value_interpolation_from_name(std::string_view name);
VKNOISE_API std::span<const noise_kind> all_noise_kinds();
VKNOISE_API std::span<const fractal_kind> all_fractal_kinds();
VKNOISE_API std::span<const value_interpolation> all_value_interpolations();
VKNOISE_API std::string noise_kind_choices();
VKNOISE_API std::string fractal_kind_choices();
VKNOISE_API std::string value_interpolation_choices();
// cellular_distance: "euclidean", "euclidean2", "manhattan", "chebyshev"; cellular_return: "f1",
// "f2", "f2-f1", "f1*f2", "f1/f2", "cell" (the *_from_name parsers also take f2_minus_f1,
// f1_times_f2 and f1_over_f2).
VKNOISE_API const char* cellular_distance_name(cellular_distance distance);
VKNOISE_API const char* cellular_return_name(cellular_return returns);
VKNOISE_API std::optional<cellular_distance> cellular_distance_from_name(std::string_view name);
VKNOISE_API std::optional<cellular_return> cellular_return_from_name(std::string_view name);
VKNOISE_API std::span<const cellular_distance> all_cellular_distances();
VKNOISE_API std::span<const cellular_return> all_cellular_returns();
VKNOISE_API std::string cellular_distance_choices();
VKNOISE_API std::string cellular_return_choices();

// errc::invalid_argument naming the field: dims outside the kind's range, octaves outside
// 1..max_octaves (or != 1 without a fractal), persistence or lacunarity not finite and > 0,
// a period above 256, a fractional lacunarity with a period, a gradient with a fractal other
// than none or fbm or with value noise, value_smooth with cubic on a period other than 256, or a
// warp that is negative, not finite, or combined with a period or a gradient.
VKNOISE_API status validate(const noise_spec& noise, int dims);

// Octave o's coordinate for position x on an axis: x * lacunarity^o (+ o * octave_offset[axis]),
// in double, and the period its cells wrap at (256 when the axis has none).
VKNOISE_API double octave_position(const noise_spec& noise, int axis, int octave, double x);
VKNOISE_API std::uint64_t octave_period(const noise_spec& noise, int axis, int octave);
// How far the float path (mirror and GPU) may be from the double reference for a field of this
// noise near the origin (|coordinates| of a few units), values and gradient channels alike:
// float rounding, 1e-5, for every basis but simplex noise in 3D and 4D. There the float path can
// land on the other side of a simplex face than the double does, and Gustavson's falloff radius of
// 0.6 reaches past the faces, so the noise jumps across them: 0.02 for values, 1 with a gradient.
// The largest differences measured, over 20 million points in [-10, 10]^dims, were 3.0e-3 and 0.2
// (3D); no analytic maximum is derived, hence the margin. Cellular noise's cell return and its
// gradients: 2, the jump where two feature points are as near as float can tell (the distances
// themselves keep 1e-5).
VKNOISE_API double float_path_bound(const noise_spec& noise, int dims);

// What the float path reads of octave `octave` on one axis at x: reduce_coordinate of its
// octave_position modulo its octave_period, or for simplex noise the position itself rounded to
// float ({0, 0, 0, 0, float(position)}: its skewed lattice needs the whole coordinate), and for
// flow noise likewise, reduced modulo the octave's period in double first where the axis has one.
VKNOISE_API lattice_coord octave_coordinate(const noise_spec& noise, int axis, int octave,
                                            double x);

// The largest |octave_position| over octaves for |x| <= bound: the value validate() checks
// against max_abs_coordinate.
VKNOISE_API double max_octave_position(const noise_spec& noise, int axis, double bound);

// All octaves' lattice coordinates of one point (dims coordinates): out[octave * 4 + axis], axes
// at or beyond dims set to zero. `out` holds noise.octaves * 4 entries.
VKNOISE_API void reduce_point(const noise_spec& noise, int dims, const double* position,
                              lattice_coord* out);

// One sample, in double (the reference, from the position) and in float (the mirror of the GPU
// kernels, from reduce_point's coordinates). The spec must be valid for dims. These return the
// value; the overloads with `out` write all channel_count(noise, dims) channels.
VKNOISE_API double sample_reference(const noise_spec& noise, int dims, const double* position,
                                    const permutation_table& table);
VKNOISE_API float sample_mirror(const noise_spec& noise, int dims, const lattice_coord* coords,
                                const permutation_table& table);
VKNOISE_API void sample_reference(const noise_spec& noise, int dims, const double* position,
                                  const permutation_table& table, double* out);
VKNOISE_API void sample_mirror(const noise_spec& noise, int dims, const lattice_coord* coords,
                               const permutation_table& table, float* out);

}  // namespace vknoise
