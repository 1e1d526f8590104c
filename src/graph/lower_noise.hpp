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

}  // namespace vknoise::graph_ir
