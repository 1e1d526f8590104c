// Noise graphs: noise composed from nodes (positions, basis noises, fractals, domain transforms,
// arithmetic and shaping), read from JSON (the format is specified in docs/graph.md), evaluated
// on the CPU in double (the reference) and in float (the mirror), and compiled at run time into
// one Vulkan compute kernel (graph_compiler.hpp).
//
// A graph has dims 1 to 4 (the position's components) and 1 to 4 outputs. A field of a graph is
// a field_spec with noise_graph set (field.hpp; field_spec.dims == graph.dims(), field_spec.noise
// is not read): every fill of it (fill_reference, fill_mirror, fill_fast, gpu_renderer, recorder)
// computes the graph and stores its outputs as adjacent channels, out[sample * channels() + c],
// in the order the graph lists them.
//
// Exactness contract: a graph built only from ops that Vulkan rounds exactly as C++ does (add,
// sub, mul, neg, abs, min, max, clamp, floor, select, and everything built from them, division by
// a constant included: it is multiplication by the host's float reciprocal) is `exact`: the GPU
// and the fast CPU path give the float mirror's bits. A graph with division by a node, sqrt, pow,
// sin or cos is `bounded`: its GPU result is within bound() (absolute) of the mirror's, which
// `vknoise check --graph` holds against the double reference.
//
// Positions: built-in fields reduce every octave's coordinate in double on the host (field.hpp),
// and so does a graph wherever a noise samples position through constant scales, offsets and
// warps (a "lattice" domain): a graph equal to a built-in field is bit-identical to it, also far
// from the origin. A domain computed from nodes (combine, rotate) is a float vector and is
// reduced to lattice cells in float, where the float precision applies.
//
// Limits (graph_ir.hpp): 256 nodes, depth 64, 4 outputs, 8 distinct permutation tables and 8
// classic gradient tables, 64 curve points, 256 noise evaluations per sample (octaves summed),
// 16 noise sites (fractals, and noises read other than by a fractal) and 2048 lattice points read
// per sample; the JSON text at most 1 MiB, nested at most 64 levels, with nothing but whitespace
// after its value, and every number of a node within float's range.
//
// A graph is immutable and cheap to copy (its nodes are shared); every function here is pure and
// may be called from any number of threads at once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vknoise/cpu_fill.hpp"
#include "vknoise/export.h"
#include "vknoise/field.hpp"
#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise {

namespace graph_ir {
struct graph;
}

enum class graph_contract { exact, bounded };

// What a sample of a graph holds:
//   values    the outputs, in the graph's order (channels() == outputs)
//   gradient  each output followed by its partial derivatives with respect to the position,
//             d/dx, d/dy, .. (forward mode, through every node: dual numbers), so channels() ==
//             outputs * (1 + dims). A graph equal to a built-in fBm field with --gradient gives
//             the built-in's derivatives bit for bit.
//   curl      the curl of the graph's three outputs, read as a vector potential (F1, F2, F3) over
//             (x, y, z) (Bridson 2007): (dF3/dy - dF2/dz, dF1/dz - dF3/dx, dF2/dx - dF1/dy), a
//             divergence-free field for particles and smoke; channels() == 3.
// Derivatives follow the nodes' definitions where they are smooth and pick the branch taken
// where they are not (min, max, clamp, select, abs: the derivative of the input chosen; floor
// and terrace: 0; a curve or ramp: its segment's slope).
enum class graph_outputs { values, gradient, curl };

class VKNOISE_API graph {
 public:
  // The largest graph text parse() and load() take, 1 MiB: graphs within the limits above are a
  // few KiB; the bound keeps a mistaken file (a log, an image) from being read and parsed whole.
  static constexpr std::size_t max_text_bytes = std::size_t{1} << 20;

  // errc::invalid_argument with one line naming the node and the field for every malformed
  // graph: bad JSON, an unknown kind, missing or extra inputs, an input of the wrong type, a
  // cycle, a bad channel count, a non-finite number, a graph over the limits above.
  static result<graph> parse(std::string_view json);
  // parse() of a file's contents; errc::io_error when it cannot be read (or exceeds
  // max_text_bytes).
  static result<graph> load(const std::filesystem::path& path);
  // A built-in field's noise as a graph with one output, "value" (and with noise.gradient its
  // derivatives: outputs() == gradient): its samples equal the built-in field's bit for bit on
  // every backend. The errors of validate(noise, dims).
  static result<graph> from_noise(const noise_spec& noise, int dims);
  // The library's own graphs, built in code (graph_builder.hpp): hidden, not exported.
  VKNOISE_HIDDEN static graph from_ir(graph_ir::graph ir);

  // This graph with its samples holding `what` (shares the nodes). errc::invalid_argument naming
  // the node for gradient and curl when a node has no derivative (value noise), and for curl
  // unless the graph has dims 3 and three outputs.
  result<graph> with_outputs(graph_outputs what) const;
  graph_outputs outputs() const;

  int dims() const;
  int channels() const;  // values per sample (see graph_outputs)
  const std::vector<std::string>& output_names() const;
  graph_contract contract() const;
  double bound() const;  // 0 for an exact graph
  // The values the graph's outputs are meant to span ("range", default [-1, 1], noise's): what
  // 8-bit images and colour targets map to 0 and 1.
  std::array<double, 2> range() const;
  std::size_t node_count() const;

  // The parsed nodes: the library's own (graph_ir.hpp is not installed), for its internals and
  // the programs built with it; hidden, not part of libvknoise.so's exports (export.h).
  VKNOISE_HIDDEN const graph_ir::graph& ir() const { return *ir_; }

 private:
  VKNOISE_HIDDEN explicit graph(std::shared_ptr<const graph_ir::graph> ir,
                                std::vector<std::string> names);
  std::shared_ptr<const graph_ir::graph> ir_;
  std::vector<std::string> output_names_;
};

// The graph at scattered points: dims doubles per point in, channels() values per point out.
// errc::out_of_range for a non-finite coordinate or one out of the domain.
VKNOISE_API status eval_reference(const graph& g, std::span<const double> points,
                                  const permutation_table& table, std::span<double> out);
VKNOISE_API status eval_mirror(const graph& g, std::span<const double> points,
                               const permutation_table& table, std::span<float> out);
// eval_mirror's values, bit for bit, on the fast CPU path (cpu_fill.hpp): graphs of sample
// values made of improved noise (1D to 4D, improved4_balanced) and exact ops run SIMD kernels,
// a block of 64 points at a time, node by node; others (derivatives, classic and value noise,
// bounded ops) run eval_mirror. The same errors as eval_mirror (every point is checked before any
// is computed), and errc::out_of_memory.
// Threading: reentrant; up to options.threads threads of its own (at most one per 4096 points),
// the calling thread being one of them.
VKNOISE_API status eval_fast(const graph& g, std::span<const double> points,
                             const permutation_table& table, std::span<float> out,
                             const cpu_options& options = {});
// The same with float coordinates (g.dims() floats per point): exactly the values and errors of
// the double overload for the same points widened to double, which it computes from a double
// copy of them (8 bytes per coordinate of host memory, errc::out_of_memory without it).
VKNOISE_API status eval_fast(const graph& g, std::span<const float> points,
                             const permutation_table& table, std::span<float> out,
                             const cpu_options& options = {});

// The compute shader the graph compiles to, with a buffer output: one self-contained GLSL 450
// source (the noise functions inlined), which `glslc -fshader-stage=compute` compiles. Its
// bindings and push constants are documented at its top.
VKNOISE_API std::string emit_glsl(const graph& g);

// The graph as one self-contained GLSL function to paste into a host's own fragment or compute
// shader (#version 450): `vecN name(vecM p)`, M the graph's dims and N its channels (float for
// 1), returning eval_mirror's values at p for `table` (the field's table, Perlin's by default;
// nodes with their own seed carry theirs). No bindings: the permutation tables (bytes packed 16
// to a uvec4), classic noise's gradients (their float bits, a uvec4 each) and the graph's
// constants are arrays initialised with constants in the source (globals, not const). Every other
// name it defines starts with `name` followed by an underscore, so functions of different names
// paste into one shader. The lattice coordinates are reduced in double as the host reduces them, so
// the shader needs 64-bit floats (VkPhysicalDeviceFeatures::shaderFloat64); with that and
// NoContraction (kept: `precise`), its values equal eval_mirror's bit for bit at the same float p,
// within the graph's bound for bounded ops (sin, cos, pow, ...). Errors: errc::invalid_argument for
// a name that is not a GLSL identifier (or starts with gl_ or holds "__"), more than 4 channels, or
// a periodic noise; errc::out_of_memory.
VKNOISE_API result<std::string> emit_glsl_function(
    const graph& g, std::string_view name,
    const permutation_table& table = permutation_table::perlin());

}  // namespace vknoise
