// The rules validate() (noise_spec.hpp) shares with the graph parser, which checks a noise
// node's settings against the same words.
#pragma once

#include <string>

#include "vknoise/noise_spec.hpp"

namespace vknoise::detail {

// Empty when a cellular noise's settings hold (or the basis is another); else one line naming the
// setting at fault: a jitter outside [0, 1] (NaN included), a gradient of a return other than f1,
// f2 or f2-f1 (with `gradient`), or a period that grows past 256 over the octaves (period *
// lacunarity^(octaves-1)).
std::string cellular_problem(const noise_spec& noise, bool gradient);

// Empty when a flow noise's settings hold and another basis sets no angle or advection; else one
// line: an angle or advection that is not finite in float (advection also < 0), advection without
// fbm or with `gradient`, a period flow_period_supported() refuses (2D's odd y periods), or a
// built-in warp.
std::string flow_problem(const noise_spec& noise, int dims, bool gradient);

}  // namespace vknoise::detail
