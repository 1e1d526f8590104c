// FastNoise2 (v1.1.1, Jordan Peck's SIMD noise library) as a peer of `vknoise bench`, built only
// when the project is configured with it (bench/fastnoise2.cmake; VKNOISE_HAVE_FASTNOISE2).
//
// Its Perlin generator for fractal none and FractalFBm over it for fbm (gain = persistence,
// lacunarity as given), at feature scale 1: FastNoise2 multiplies positions by 1 / scale, so its
// lattice is then the integer lattice that vknoise's noise uses, and the bench's step of 1/32
// puts 32 samples in a lattice cell for both. Grids go to GenUniformGrid3D/4D (offset = the
// field's origin, step = its step, as floats), scattered points to GenPositionArray3D/4D (one float
// array per axis, converted before timing). One thread, FastNoise2's own run-time SIMD dispatch.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::bench {

// Empty when FastNoise2 computes the field (improved noise, dims 3 or 4, fractal none or fbm, no
// gradient, warp, period or octave offsets, no graph); otherwise the reason, for a skipped row.
std::string fastnoise2_unsupported(const field_spec& field);

// FastNoise2's generator for a noise (Perlin, or FractalFBm over Perlin), made once and kept out
// of the timed runs.
struct fastnoise2_generator;
std::shared_ptr<const fastnoise2_generator> make_fastnoise2_generator(const noise_spec& noise);

// Scattered points as FastNoise2 takes them: one float array per axis.
struct fastnoise2_points {
  int dims = 3;
  std::array<std::vector<float>, 4> axes;
};
// From `points` (dims doubles per point, as bench_points makes them), each rounded to float.
fastnoise2_points to_fastnoise2_points(int dims, std::span<const double> points);

// The generator over the field's grid into `out` (sample_count(field) floats, vknoise's layout,
// x fastest). errc::invalid_argument for a field it does not compute or a span of another size.
status fastnoise2_fill(const fastnoise2_generator& generator, const field_spec& field,
                       std::span<float> out);
// The generator at the points into `out` (one float per point).
status fastnoise2_eval(const fastnoise2_generator& generator, const fastnoise2_points& points,
                       std::span<float> out);

// Which build and SIMD level run: the compiler FastNoise2 was built with and the feature set its
// dispatch picks on this CPU.
std::string fastnoise2_build();

}  // namespace vknoise::bench
