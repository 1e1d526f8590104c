// The graph ops, one row each: what the JSON reader accepts, what the value is, how precisely the
// GPU rounds it, how its derivative is taken, whether the SIMD kernels cover it, and its parameter
// words. Every part of the pipeline reads an op's facts from here:
//
//   the reader (graph_node_readers.cpp)   name, fields, required fields
//   the typing (graph_typing.cpp)         value (scalar or vector)
//   the layout (graph_layout.cpp)         the words struct, packed by pack_words
//   the GLSL emitter (graph_glsl.cpp)     the words by name (word_index)
//   the evaluators (graph_eval.hpp)       the words by name (unpack_words, or computed in double)
//   the SIMD kernels (cpu/graph_kernels)  simd, and the words by name
//
// The arithmetic of each op, its value and its derivative, lives in the twins (graph_ops.hpp,
// shaders/graph_ops.glsl, cpu/graph_ops-inl.h) under the op's name: graph_NAME and graph_NAME_d.
//
// Adding an op: one X(...) entry in VKNOISE_GRAPH_OPS (graph_ir.hpp), its row below (a
// static_assert refuses a table that misses one), its words struct when it has parameters, its
// reader case, its twins, its case in each walker, and docs/graph.md.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string_view>
#include <type_traits>
#include <vector>

#include "graph/graph_ir.hpp"

namespace vknoise::graph_ir {

// ---------------------------------------------------------------------------------------------
// Parameter words. Each op with parameters has a struct of 32-bit members, templated on the
// precision: <float> is what the layout packs into the constants buffer (and what the mirror, the
// SIMD kernels and the GPU kernel read back by name), <double> what the reference computes from
// the node's parameters. `of(node)` computes both from the node in the same way, so the two
// precisions differ only by rounding. Members the layout fills (slots, the variable area) are
// uint32 and have no meaning in double.

template <class real>
struct no_words {
  static no_words of(const node&) { return {}; }
};

template <class real>
struct constant_words {
  real value;
  static constant_words of(const node& n) { return {real(n.params[0])}; }
};

template <class real>
struct scale_words {
  real factor[4];  // per component, width of them (the rest 0)
  static scale_words of(const node& n) {
    scale_words w{};
    for (int c = 0; c < n.width; ++c) w.factor[c] = real(n.params[c]);
    return w;
  }
};

template <class real>
struct offset_words {
  real by[4];  // per component, width of them (the rest 0)
  static offset_words of(const node& n) {
    offset_words w{};
    for (int c = 0; c < n.width; ++c) w.by[c] = real(n.params[c]);
    return w;
  }
};

template <class real>
struct rotate_words {
  real matrix[16];         // width x width, row-major (the rest 0)
  std::uint32_t raw_slot;  // a lattice input's components, read from this raw slot
  static rotate_words of(const node& n) {
    rotate_words w{};
    for (int k = 0; k < n.width * n.width; ++k) w.matrix[k] = real(n.params[k]);
    return w;
  }
};

template <class real>
struct warp_words {
  real amplitude;
  static warp_words of(const node& n) { return {real(n.params[0])}; }
};

// curve and ramp: where their variable part is (graph_layout.cpp's piecewise_words).
template <class real>
struct piecewise_words {
  std::uint32_t first;  // the stop count's word
  static piecewise_words of(const node&) { return {}; }
};

// (The axis read is structure, a literal in the kernel: node::params[0].)
template <class real>
struct component_words {
  std::uint32_t raw_slot;  // a lattice input's components, read from this raw slot
  static component_words of(const node&) { return {}; }
};

template <class real>
struct noise_words {
  std::uint32_t slot;  // a lattice domain's coordinates (a noise read by itself)
  static noise_words of(const node&) { return {}; }
};

// The sum's parameters as fractal.hpp's make_fractal_params<float> gives them (the layout fills
// them); the reference takes make_fractal_params<double> from the node instead.
template <class real>
struct fractal_words {
  std::uint32_t octaves;
  real persistence, lacunarity, inv_norm;
  std::uint32_t first_slot;  // a lattice domain's octaves' coordinates
  real octave_offset[4];     // a float domain's offset per octave and component
  static fractal_words of(const node&) { return {}; }
};

template <class real>
struct select_words {
  real threshold;
  static select_words of(const node& n) { return {real(n.params[0])}; }
};

// blend and smoothstep: smoothstep(lo, hi, x) with inv = 1 / (hi - lo) in the precision.
template <class real>
struct step_words {
  real lo, inv;
  static step_words of(const node& n) {
    return {real(n.params[0]), real(1) / (real(n.params[1]) - real(n.params[0]))};
  }
};

// to_lo + (x - from_lo) * factor; factor from the double parameters, rounded once.
template <class real>
struct remap_words {
  real from_lo, factor, to_lo;
  static remap_words of(const node& n) {
    return {real(n.params[0]), real((n.params[3] - n.params[2]) / (n.params[1] - n.params[0])),
            real(n.params[2])};
  }
};

template <class real>
struct terrace_words {
  real steps, inv;
  static terrace_words of(const node& n) {
    return {real(n.params[0]), real(1) / real(n.params[0])};
  }
};

// A words struct as the constants buffer holds it: its members' bits, one word each.
template <class words>
constexpr std::size_t word_count = sizeof(words) / 4;

template <class words>
std::vector<std::uint32_t> pack_words(const words& w) {
  static_assert(std::is_trivially_copyable_v<words>);
  static_assert(word_count<words> == 0 || sizeof(words) % 4 == 0, "32-bit members only");
  std::vector<std::uint32_t> out(word_count<words>);
  if constexpr (word_count < words >> 0) std::memcpy(out.data(), &w, sizeof(words));
  return out;
}

template <class words>
words unpack_words(const std::vector<std::uint32_t>& all, std::uint32_t first) {
  words w{};
  if constexpr (word_count < words >> 0) std::memcpy(&w, all.data() + first, sizeof(words));
  return w;
}

// The index of a member's first word in its struct (for the GLSL emitter, which names words by
// their index in the constants buffer).
template <class words, class member>
std::uint32_t word_index(member words::*m) {
  static const words probe{};
  return static_cast<std::uint32_t>(reinterpret_cast<const char*>(&(probe.*m)) -
                                    reinterpret_cast<const char*>(&probe)) /
         4;
}

// ---------------------------------------------------------------------------------------------
// The rows

enum class value_type : std::uint8_t { scalar, vector };

// How the GPU's float result compares with the mirror's: bit for bit (add, sub, mul and the
// comparisons and selections), bit for bit when an input is a constant (div: the host's float
// reciprocal), or within the graph's bound (the GPU's division, sqrt, pow, sin and cos).
enum class precision : std::uint8_t { exact, exact_by_constant, bounded };

// How the op's derivative is taken (with --gradient or --curl):
//   flat      zero almost everywhere (constant, floor, terrace)
//   twin      graph_NAME_d in the twins, on the inputs' values and gradients
//   jacobian  a vector op's Jacobian, graph_NAME_d on the input's Jacobian
//   basis     the basis noise's gradient form (noise, fractal)
enum class derivative : std::uint8_t { flat, twin, jacobian, basis };

// Up to 8 names, constexpr.
struct name_list {
  std::array<std::string_view, 8> names{};
  std::size_t count = 0;
  constexpr name_list() = default;
  constexpr name_list(std::initializer_list<std::string_view> list) {
    for (std::string_view s : list) names[count++] = s;
  }
  constexpr const std::string_view* begin() const { return names.data(); }
  constexpr const std::string_view* end() const { return names.data() + count; }
  constexpr bool empty() const { return count == 0; }
};

struct op_row {
  op id;
  std::string_view name;  // the JSON kind
  name_list fields;       // every field it takes ("kind" aside), in reading order
  name_list required;
  value_type value;
  precision rounding;
  derivative rule;
  bool simd;          // the SIMD kernels compute it (cpu/graph_kernels.cpp), for exact graphs
  std::size_t words;  // its parameter words (word_count of its struct)
};

using vt = value_type;
using pr = precision;
using dr = derivative;

inline constexpr std::array<op_row, op_count> op_table{{
    // vectors (domains and colours)
    {op::position,
     "position",
     {},
     {},
     vt::vector,
     pr::exact,
     dr::jacobian,
     true,
     word_count<no_words<float>>},
    {op::scale,
     "scale",
     {"in", "factor"},
     {"in", "factor"},
     vt::vector,
     pr::exact,
     dr::jacobian,
     true,
     word_count<scale_words<float>>},
    {op::offset,
     "offset",
     {"in", "by"},
     {"in", "by"},
     vt::vector,
     pr::exact,
     dr::jacobian,
     true,
     word_count<offset_words<float>>},
    {op::rotate,
     "rotate",
     {"in", "matrix"},
     {"in", "matrix"},
     vt::vector,
     pr::exact,
     dr::jacobian,
     true,
     word_count<rotate_words<float>>},
    {op::warp,
     "warp",
     {"in", "by", "amplitude"},
     {"in", "by"},
     vt::vector,
     pr::exact,
     dr::jacobian,
     true,
     word_count<warp_words<float>>},
    {op::combine,
     "combine",
     {"components"},
     {"components"},
     vt::vector,
     pr::exact,
     dr::jacobian,
     true,
     word_count<no_words<float>>},
    {op::ramp,
     "ramp",
     {"in", "stops"},
     {"in", "stops"},
     vt::vector,
     pr::exact,
     dr::jacobian,
     true,
     word_count<piecewise_words<float>>},
    // scalars
    {op::constant,
     "constant",
     {"value"},
     {"value"},
     vt::scalar,
     pr::exact,
     dr::flat,
     true,
     word_count<constant_words<float>>},
    {op::component,
     "component",
     {"in", "axis"},
     {"in", "axis"},
     vt::scalar,
     pr::exact,
     dr::twin,
     true,
     word_count<component_words<float>>},
    {op::noise,
     "noise",
     {"basis", "at", "seed", "table", "classic_seed", "interpolation", "smooth", "period"},
     {},
     vt::scalar,
     pr::exact,
     dr::basis,
     true,
     word_count<noise_words<float>>},
    {op::fractal,
     "fractal",
     {"noise", "type", "octaves", "persistence", "lacunarity", "octave_offsets"},
     {"noise"},
     vt::scalar,
     pr::exact,
     dr::basis,
     true,
     word_count<fractal_words<float>>},
    {op::add, "add", {"a", "b"}, {"a", "b"}, vt::scalar, pr::exact, dr::twin, true, 0},
    {op::sub, "sub", {"a", "b"}, {"a", "b"}, vt::scalar, pr::exact, dr::twin, true, 0},
    {op::mul, "mul", {"a", "b"}, {"a", "b"}, vt::scalar, pr::exact, dr::twin, true, 0},
    {op::div, "div", {"a", "b"}, {"a", "b"}, vt::scalar, pr::exact_by_constant, dr::twin, true, 0},
    {op::min, "min", {"a", "b"}, {"a", "b"}, vt::scalar, pr::exact, dr::twin, true, 0},
    {op::max, "max", {"a", "b"}, {"a", "b"}, vt::scalar, pr::exact, dr::twin, true, 0},
    {op::neg, "neg", {"in"}, {"in"}, vt::scalar, pr::exact, dr::twin, true, 0},
    {op::abs, "abs", {"in"}, {"in"}, vt::scalar, pr::exact, dr::twin, true, 0},
    {op::floor, "floor", {"in"}, {"in"}, vt::scalar, pr::exact, dr::flat, true, 0},
    {op::clamp,
     "clamp",
     {"in", "lo", "hi"},
     {"in", "lo", "hi"},
     vt::scalar,
     pr::exact,
     dr::twin,
     true,
     0},
    {op::mix, "mix", {"a", "b", "t"}, {"a", "b", "t"}, vt::scalar, pr::exact, dr::twin, true, 0},
    {op::select,
     "select",
     {"a", "b", "control", "threshold"},
     {"a", "b", "control"},
     vt::scalar,
     pr::exact,
     dr::twin,
     true,
     word_count<select_words<float>>},
    {op::blend,
     "blend",
     {"a", "b", "control", "lo", "hi"},
     {"a", "b", "control", "lo", "hi"},
     vt::scalar,
     pr::exact,
     dr::twin,
     true,
     word_count<step_words<float>>},
    {op::remap,
     "remap",
     {"in", "from", "to"},
     {"in", "from", "to"},
     vt::scalar,
     pr::exact,
     dr::twin,
     true,
     word_count<remap_words<float>>},
    {op::terrace,
     "terrace",
     {"in", "steps"},
     {"in", "steps"},
     vt::scalar,
     pr::exact,
     dr::flat,
     true,
     word_count<terrace_words<float>>},
    {op::curve,
     "curve",
     {"in", "points"},
     {"in", "points"},
     vt::scalar,
     pr::exact,
     dr::twin,
     true,
     word_count<piecewise_words<float>>},
    {op::pingpong,
     "pingpong",
     {"in", "strength"},
     {"in"},
     vt::scalar,
     pr::exact,
     dr::twin,
     true,
     0},
    {op::smoothstep,
     "smoothstep",
     {"in", "lo", "hi"},
     {"in"},
     vt::scalar,
     pr::exact,
     dr::twin,
     true,
     word_count<step_words<float>>},
    {op::sqrt, "sqrt", {"in"}, {"in"}, vt::scalar, pr::bounded, dr::twin, false, 0},
    {op::pow, "pow", {"a", "b"}, {"a", "b"}, vt::scalar, pr::bounded, dr::twin, false, 0},
    {op::sin, "sin", {"in"}, {"in"}, vt::scalar, pr::bounded, dr::twin, false, 0},
    {op::cos, "cos", {"in"}, {"in"}, vt::scalar, pr::bounded, dr::twin, false, 0},
}};

// Every op has its row, at its own index.
constexpr bool rows_in_op_order() {
  for (std::size_t i = 0; i < op_table.size(); ++i) {
    if (op_table[i].id != static_cast<op>(i)) return false;
  }
  return true;
}
static_assert(rows_in_op_order(), "op_table: one row per op, in the order of VKNOISE_GRAPH_OPS");

constexpr const op_row& row_of(op kind) {
  return op_table[static_cast<std::size_t>(kind)];
}
constexpr bool vector_op(op kind) {
  return row_of(kind).value == value_type::vector;
}

// The row of a JSON kind, or nullptr.
const op_row* find_op(std::string_view name);

// Every kind's name, comma separated, for messages.
std::string op_names();

}  // namespace vknoise::graph_ir
