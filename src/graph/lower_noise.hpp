// A built-in field's noise (noise_spec.hpp) as a graph: the same samples, bit for bit, on every
// backend (tests/lower_noise_test.cpp), through the graph pipeline.
//
//   position -> noise (the spec's basis, the field's table, its periods)      fractal none
//            -> noise -> fractal (type, octaves, persistence, lacunarity, ..)  otherwise
// With a warp (no periods and no gradient, as validate() requires), the noise samples the
// position warped by `warp` times dims one-octave noises of the same basis, noise a at the
// position displaced by the constants warp.hpp's warp_offset[a] (a float displacement of the
// reduced coordinate, as the built-in warp moves it). With noise.gradient the graph's samples
// hold the value and its derivatives (graph_ir::output_mode::gradient).
#pragma once

#include "graph/graph_ir.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::graph_ir {

// `noise` must be valid for `dims` (validate(noise, dims)).
graph lower_noise(const noise_spec& noise, int dims);

// A noise_spec's basis (the field's table, its periods) and fractal as node parameters, and a
// noise node's parameters (with a fractal's over it, when given) as a noise_spec (what validate()
// checks of them).
noise_params noise_params_of(const noise_spec& noise);
fractal_params fractal_params_of(const noise_spec& noise);
noise_spec noise_spec_of(const noise_params& params, const fractal_params* fractal = nullptr);

}  // namespace vknoise::graph_ir
