// vknoise: Ken Perlin's Improved Noise on the GPU with Vulkan compute, proven against a CPU
// reference. Start with field.hpp (what a field is), noise.hpp (the functions), context.hpp and
// gpu_renderer.hpp (the GPU path), and compute_backend.hpp (the reference, the fast CPU path or
// the GPU, chosen at run time).
#pragma once

#include "vknoise/catalogue.hpp"
#include "vknoise/compute_backend.hpp"
#include "vknoise/context.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/field.hpp"
#include "vknoise/gpu_renderer.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/graph_compiler.hpp"
#include "vknoise/noise.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/recorder.hpp"
#include "vknoise/result.hpp"
