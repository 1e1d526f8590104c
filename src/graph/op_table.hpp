// The graph ops, one row each (written in op_list.hpp, expanded here): what the JSON reader
// accepts, what the value is, how precisely the GPU rounds it, how its derivative is taken,
// whether the SIMD kernels cover it, its parameter words and its check. Every part of the
// pipeline reads an op's facts from here:
//
//   the reader (graph_node_readers.cpp)   name, fields (all of a generically read op), check
//   the typing (graph_typing.cpp)         value (scalar or vector)
//   the layout (graph_layout.cpp)         the words struct, packed by pack
//   the GLSL emitter (graph_glsl.cpp)     the words by name (word_index), or all in order
//   the evaluators (graph_eval.hpp)       the words by name (unpack_words, or in double)
//   the SIMD kernels (cpu/graph_kernels)  simd, and the words by name or in order
//
// The arithmetic of each op, its value and its derivative, lives in the twins (graph_ops.hpp,
// shaders/graph_ops.glsl, cpu/graph_ops-inl.h) under the op's name: graph_NAME and graph_NAME_d.
// A pointwise op has nothing else: op_list.hpp says what adding one takes.
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
  real advection;            // flow noise's pseudo-advection (0: none)
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

// smooth_min and smooth_max: the smoothness k, 1 / k and k / 6, each in the precision.
template <class real>
struct smooth_words {
  real k, inv, k_sixth;
  static smooth_words of(const node& n) {
    const real k = real(n.params[0]);
    return {k, real(1) / k, k / real(6)};
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
//   flat      zero everywhere (constant)
//   twin      graph_NAME_d in the twins, on the inputs' values and gradients (every pointwise op;
//             floor's and terrace's are zero almost everywhere)
//   jacobian  a vector op's Jacobian, graph_NAME_d on the input's Jacobian
//   basis     the basis noise's gradient form (noise, fractal)
enum class derivative : std::uint8_t { flat, twin, jacobian, basis };

// Shaped ops have a case in each walker; pointwise ops are walked generically (op_list.hpp).
enum class op_shape : std::uint8_t { shaped, pointwise };

// How the JSON reader takes a field:
//   scalar_in  a scalar input: a node's name or a number
//   number     a number, appended to node::params
//   pair       two numbers [lo, hi], appended to node::params
//   other      read by the op's own reader (graph_node_readers.cpp)
// An op whose fields are all of the first three is read generically.
enum class field_kind : std::uint8_t { scalar_in, number, pair, other };

struct op_field {
  std::string_view name;
  field_kind kind = field_kind::other;
  bool required = true;
  double fallback = 0.0;  // a field that is not required and not `other`: its value when absent
};

inline constexpr bool optional = false;
constexpr op_field scalar_in(std::string_view name) {
  return {name, field_kind::scalar_in, true, 0.0};
}
constexpr op_field scalar_in(std::string_view name, double fallback) {
  return {name, field_kind::scalar_in, false, fallback};
}
constexpr op_field number(std::string_view name) {
  return {name, field_kind::number, true, 0.0};
}
constexpr op_field number(std::string_view name, double fallback) {
  return {name, field_kind::number, false, fallback};
}
constexpr op_field pair(std::string_view name) {
  return {name, field_kind::pair, true, 0.0};
}
constexpr op_field other(std::string_view name, bool required = true) {
  return {name, field_kind::other, required, 0.0};
}

// Up to 8 fields, constexpr.
struct field_list {
  std::array<op_field, 12> items{};
  std::size_t count = 0;
  constexpr field_list() = default;
  constexpr field_list(std::initializer_list<op_field> list) {
    for (const op_field& f : list) items[count++] = f;
  }
  constexpr const op_field* begin() const { return items.data(); }
  constexpr const op_field* end() const { return items.data() + count; }
  constexpr std::size_t count_of(field_kind kind) const {
    std::size_t n = 0;
    for (const op_field& f : *this) n += f.kind == kind ? 1 : 0;
    return n;
  }
};

// What an op's check sees of a node being read: its parameters, and each scalar input's constant
// (NaN where the input is a node). A check returns the field at fault and the message after
// "node 'x' field 'f': ", or an empty message.
struct check_input {
  std::vector<double> params;
  std::vector<double> constants;
};
struct field_error {
  std::string_view field;
  std::string message;
};
using check_fn = field_error (*)(const check_input&);

// The checks (op_table.cpp): parameters and constant inputs that the float path cannot use.
field_error check_divisor(const check_input& in);     // a constant b with a finite float reciprocal
field_error check_clamp(const check_input& in);       // constant lo and hi in order
field_error check_step(const check_input& in);        // lo < hi, 1 / (hi - lo) finite in float
field_error check_remap(const check_input& in);       // a range, a slope float can hold
field_error check_terrace(const check_input& in);     // steps > 0, 1 / steps finite in float
field_error check_smoothness(const check_input& in);  // the same of smoothness

// A node's words: packed as floats (the layout), and computed in double (the reference, for
// pointwise ops, whose words are all `real`).
using words_packer = std::vector<std::uint32_t> (*)(const node&);
using words_in_double = void (*)(const node&, double* out);

template <template <class> class words>
std::vector<std::uint32_t> pack_of(const node& n) {
  return pack_words(words<float>::of(n));
}
template <template <class> class words>
void double_words_of(const node& n, double* out) {
  if constexpr (word_count < words < float >>> 0) {
    static_assert(sizeof(words<double>) == word_count<words<float>> * sizeof(double),
                  "a pointwise op's words are all real");
    const words<double> w = words<double>::of(n);
    std::memcpy(out, &w, sizeof w);
  }
}
inline constexpr std::size_t max_pointwise_words = 8;

struct op_row {
  op id;
  std::string_view name;  // the JSON kind
  op_shape shape;
  value_type value;
  precision rounding;
  derivative rule;
  bool simd;          // the SIMD kernels compute it (cpu/graph_kernels.cpp), for exact graphs
  std::size_t words;  // its parameter words (word_count of its struct)
  words_packer pack;
  words_in_double in_double;
  check_fn check;     // nullptr: none
  field_list fields;  // every field it takes ("kind" aside), in reading order

  // A pointwise op's scalar inputs (its scalar_in fields).
  constexpr std::size_t scalar_inputs() const { return fields.count_of(field_kind::scalar_in); }
  // Read by the generic reader: no field of its own kind.
  constexpr bool generic_fields() const { return fields.count_of(field_kind::other) == 0; }
};

using vt = value_type;
using pr = precision;
using dr = derivative;

inline constexpr std::array<op_row, op_count> op_table{{
// clang-format off
#define VKNOISE_SHAPED_ROW(id, value, rounding, rule, simd, words, check, ...)                   \
  {op::id, #id, op_shape::shaped, value, rounding, rule, simd, word_count<words<float>>,        \
   &pack_of<words>, nullptr, check, field_list{__VA_ARGS__}},
#define VKNOISE_POINTWISE_ROW(id, rounding, simd, words, check, ...)                             \
  {op::id, #id, op_shape::pointwise, vt::scalar, rounding, dr::twin, simd,                      \
   word_count<words<float>>, &pack_of<words>, &double_words_of<words>, check,                   \
   field_list{__VA_ARGS__}},
    // clang-format on
    VKNOISE_GRAPH_OPS(VKNOISE_SHAPED_ROW, VKNOISE_POINTWISE_ROW)
#undef VKNOISE_SHAPED_ROW
#undef VKNOISE_POINTWISE_ROW
}};

// Every pointwise op's words fit the walkers' arrays.
constexpr bool pointwise_words_fit() {
  for (const op_row& row : op_table) {
    if (row.shape == op_shape::pointwise && row.words > max_pointwise_words) return false;
  }
  return true;
}
static_assert(pointwise_words_fit(), "op_table: a pointwise op has more than 8 words");

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
