// The parsed form of a noise graph (docs/graph.md): what the JSON parser produces and what the CPU
// twins (graph_eval.hpp) and the GLSL generator (graph_glsl.cpp) walk. Nodes are stored in
// topological order (every input names an earlier node), so each walk is one pass.
//
// Two value types flow along the edges:
//   scalar  one float (double in the reference)
//   vector  1 to 4 components: a domain (a position noise nodes sample at) or a colour
//
// Everything a user may tweak without changing the graph's shape (constants, scale factors,
// octaves, persistence, seeds, curve points) is a parameter, not structure: the generated kernel
// reads it from the constants buffer (graph_layout.hpp), so changing it never recompiles.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph/op_list.hpp"
#include "vknoise/noise_spec.hpp"

namespace vknoise::graph_ir {

// The ops, in the order of their rows in op_list.hpp (which op_table.hpp expands into what each
// one is and takes).
enum class op : std::uint8_t {
#define VKNOISE_GRAPH_OP_ENUMERATOR(id, ...) id,
  VKNOISE_GRAPH_OPS(VKNOISE_GRAPH_OP_ENUMERATOR, VKNOISE_GRAPH_OP_ENUMERATOR)
#undef VKNOISE_GRAPH_OP_ENUMERATOR
};

#define VKNOISE_GRAPH_OP_ONE(id, ...) +1
inline constexpr std::size_t op_count =
    0 VKNOISE_GRAPH_OPS(VKNOISE_GRAPH_OP_ONE, VKNOISE_GRAPH_OP_ONE);
#undef VKNOISE_GRAPH_OP_ONE

// An input edge: an earlier node's value, or a constant (node < 0). Constants of inputs are
// parameters like any other.
struct input {
  int node = -1;
  double constant = 0.0;
};

enum class table_source : std::uint8_t {
  field,  // the table the fill is given (the CLI's --seed / --perm)
  seed,   // permutation_table::from_seed(seed)
  perlin  // Perlin's canonical table
};

struct noise_params {
  noise_kind basis = noise_kind::improved;
  table_source table = table_source::field;
  std::uint64_t seed = 0;          // table_source::seed
  std::uint64_t classic_seed = 0;  // classic: its gradient tables
  value_interpolation interpolation = value_interpolation::linear;
  bool value_smooth = false;
  cellular_distance distance = cellular_distance::euclidean;  // cellular
  cellular_return returns = cellular_return::f1;              // cellular ("return" in JSON)
  double jitter = 1.0;                                        // cellular, in [0, 1]
  std::array<std::uint32_t, 4> period{0, 0, 0, 0};            // 0: the table's 256
};

struct fractal_params {
  fractal_kind type = fractal_kind::fbm;
  int octaves = 1;
  double persistence = 0.5;
  double lacunarity = 2.0;
  bool octave_offsets = false;
  double advection = 0.0;  // flow noise under fbm: Perlin & Neyret's pseudo-advection
};

struct node {
  std::string name;
  op kind = op::constant;
  int width = 1;  // components: 1 for scalars, 1..4 for vectors
  // Positional inputs: a pointwise op's and div's scalar_in fields in their row's order (a
  // missing one with a fallback is that constant), and per shaped op:
  //   scale, offset, rotate: {in}          warp: {in, by_0, .., by_{width-1}}
  //   combine: the components               ramp, curve: {in}
  //   component: {in}                       noise: {at}    fractal: {noise node}
  std::vector<input> inputs;
  // Numeric parameters: a generically read op's number and pair fields in their row's order
  // (constant: {value}; select: {threshold}; blend, smoothstep: {lo, hi}; remap: {from_lo,
  // from_hi, to_lo, to_hi}; terrace: {steps}), and per shaped op:
  //   scale: factor per component   offset: by per component   warp: {amplitude}
  //   rotate: width * width matrix, row-major                   component: {axis}
  //   curve: x0, y0, x1, y1, ..    (x strictly increasing, 2..max_curve_points points)
  //   ramp: t, r, g, b per stop    (t strictly increasing in [0, 1], r g b in [0, 1])
  std::vector<double> params;
  noise_params noise;      // op::noise
  fractal_params fractal;  // op::fractal
};

struct output {
  std::string name;
  int node = -1;
  int component = -1;  // the component of a vector node; -1 for a scalar node
};

inline constexpr int max_nodes = 256;
inline constexpr int max_depth = 64;  // the longest chain of inputs from an output to a leaf
inline constexpr int max_outputs = 4;
inline constexpr int max_curve_points = 64;
inline constexpr int max_tables = 8;  // distinct permutation tables, and classic gradient tables
inline constexpr int max_samples_per_point = 256;  // noise sites: octaves summed over the graph
// The GPU kernel holds one copy of a noise's code per site (a fractal node, or a noise node read
// other than by a fractal or named by an output); its compile time grows faster than linearly
// with the copies (on lavapipe 32 copies of 4D classic noise with derivatives took 8 s of CPU).
inline constexpr int max_noise_sites = 16;
// Lattice points read per sample, summed over every noise evaluation: 2^dims for improved and
// classic noise, (2 + 2 reach)^dims for value noise (reach: 1 for smoothing, 1 more for cubic
// interpolation; 1296 for smoothed cubic 4D). It bounds the kernel's work per sample so that
// any graph within the limits renders 256x256 on lavapipe in seconds (docs/graph.md).
inline constexpr int max_lattice_reads_per_point = 2048;

// What a graph's samples hold (graph::with_outputs): its outputs; each output followed by its
// partial derivatives d/dx .. (dims of them); or the curl of its three outputs (a potential).
enum class output_mode : std::uint8_t { values, gradient, curl };

struct graph {
  output_mode mode = output_mode::values;
  int dims = 3;                 // of the position: 1 to 4
  std::vector<node> nodes;      // topological order
  std::vector<output> outputs;  // 1 to max_outputs
  std::optional<double> bound;  // a bounded graph's stated tolerance against the reference
  std::array<double, 2> range{-1.0, 1.0};  // the outputs' intended span: images' black, white
};

// True for a node whose float result Vulkan rounds exactly as C++ does (op_table.hpp's
// precision: exact, or exact_by_constant with a constant divisor).
bool exact_op(const node& n);

// Values per sample: outputs; outputs * (1 + dims) with gradients; 3 for a curl.
int channel_count(const graph& g);

// Why node i has no derivative (empty when it has one): value noise has no gradient form.
std::string not_differentiable(const graph& g, int i);

}  // namespace vknoise::graph_ir
