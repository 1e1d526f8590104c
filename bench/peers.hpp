// The peer libraries `vknoise bench` compares with, evaluated at the very sample positions of a
// vknoise field: position = float(origin + double(index) * step) on each axis, the double
// position vknoise's own fills start from (field.hpp, sample_position), rounded to the float that
// these float-only libraries take; or at scattered points (the points workload), each coordinate
// likewise rounded to float.
//
// Both are point functions: every sample is a call that hashes and fades on its own, whether the
// samples form a grid or not (vknoise's fill_fast shares that work along a grid's rows).
//
//   stb  stb_perlin_noise3 (libstb-dev's stb_perlin.h, no wrap) for 3D fields, 1 octave;
//        stb_perlin_fbm_noise3 (lacunarity 2, gain 0.5) for more. No 4D: not supported.
//   glm  glm::perlin(vec3) / glm::perlin(vec4) (GLM's classic Perlin noise, gtc/noise.hpp); more
//        octaves are summed the usual way: sum of 0.5^o * perlin(p * 2^o), divided by the sum of
//        the amplitudes (as vknoise's fbm normalises).
//
// Both run on one thread. Built with -ffp-contract=off (with g++ 12 at -O3 -march=native,
// contracted GLM noise gave values off by up to 0.73) and compiled, with the libraries' noise
// inlined, for several x86-64 levels with run-time selection (target_clones and flatten), so they
// use the CPU's vector ISA without making the binary need it.
#pragma once

#include <span>
#include <vector>

#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::bench {

// Whether the peer can compute this field: dims (3 for stb, 3 or 4 for glm) and octaves.
bool stb_supports(const field_spec& field);
bool glm_supports(const field_spec& field);

// Fill `out` (sample_count(field) floats, vknoise's layout) with the peer's noise at the field's
// sample positions. errc::invalid_argument when the peer does not support the field or the span
// has the wrong size. Only the octave count of field.noise is used (fbm, persistence 0.5,
// lacunarity 2): the peers have no other options.
status stb_fill(const field_spec& field, std::span<float> out);
status glm_fill(const field_spec& field, std::span<float> out);

// At scattered points: `points` holds dims doubles per point (as eval_fast takes them: 3 for stb,
// 3 or 4 for glm), `out` one float per point. errc::invalid_argument for dims the peer lacks or
// spans of other sizes. Octaves as for the fills.
status stb_eval(int octaves, std::span<const double> points, std::span<float> out);
status glm_eval(int dims, int octaves, std::span<const double> points, std::span<float> out);

// One sample, at float positions (what the fills evaluate per sample).
float stb_sample(float x, float y, float z, int octaves);
float glm_sample3(float x, float y, float z, int octaves);
float glm_sample4(float x, float y, float z, float w, int octaves);

// The float positions the peers use on `axis`: float(sample_position(field, axis, i)).
std::vector<float> peer_positions(const field_spec& field, int axis);

}  // namespace vknoise::bench
