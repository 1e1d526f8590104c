// The paste-in function's own parts (graph_glsl_function.hpp).
#include "graph/graph_glsl_function.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "core/lattice.hpp"
#include "core/octave_scale.hpp"
#include "vknoise/classic_gradients.hpp"

namespace vknoise::graph_ir {
namespace {

// A double constant, exactly (its two 32-bit halves).
std::string exact_double(double d) {
  const auto bits = std::bit_cast<std::uint64_t>(d);
  return "packDouble2x32(uvec2(" + std::to_string(static_cast<std::uint32_t>(bits)) + "u, " +
         std::to_string(static_cast<std::uint32_t>(bits >> 32)) + "u))";
}
std::string exact_doubles(const double (&v)[4]) {
  return "dvec4(" + exact_double(v[0]) + ", " + exact_double(v[1]) + ", " + exact_double(v[2]) +
         ", " + exact_double(v[3]) + ")";
}

}  // namespace

// The tables and words as arrays initialised with constants: the floats as their bits, so that
// no decimal literal's rounding stands between the host's value and the shader's. Not `const`:
// glslang copies a `const` array into function memory at every index that is not constant
// (SPIR-V "indexable"), which made one 8x8 pass on lavapipe take over 300 s; a global with a
// constant initializer is read in place. The permutation entries are bytes packed 16 to a
// uvec4 and a gradient is one uvec4 (permutation.glsl says why).
void write_constant_arrays(std::ostream& out, const layout& l,
                           const std::vector<permutation_table>& tables) {
  const auto list = [&](const char* type, const char* name, const std::vector<std::string>& v,
                        std::size_t per_line) {
    out << type << " " << name << "[" << v.size() << "] = " << type << "[](";
    for (std::size_t i = 0; i < v.size(); ++i) {
      out << (i % per_line == 0 ? "\n  " : " ") << v[i] << (i + 1 < v.size() ? "," : "");
    }
    out << ");\n";
  };
  // Four 32-bit words as a uvec4 literal.
  const auto uvec4_of = [](const std::uint32_t(&w)[4]) {
    return "uvec4(" + std::to_string(w[0]) + "u, " + std::to_string(w[1]) + "u, " +
           std::to_string(w[2]) + "u, " + std::to_string(w[3]) + "u)";
  };
  std::vector<std::string> entries;
  std::uint32_t words[4] = {};
  int byte = 0;  // the next byte's place in `words`
  for (const permutation_table& t : tables) {
    for (const std::int32_t e : t.doubled()) {
      words[byte / 4] |= static_cast<std::uint32_t>(e) << (8 * (byte % 4));
      if (++byte == 16) {
        entries.push_back(uvec4_of(words));
        std::fill(std::begin(words), std::end(words), 0u);
        byte = 0;
      }
    }
  }
  if (entries.empty()) entries.assign(32, "uvec4(0u)");  // a doubled table's 512 bytes
  list("uvec4", "permutation_bytes", entries, 2);
  entries.clear();
  for (const gradient_ref& r : l.gradients) {
    const auto floats = classic_gradients::from_seed(r.classic_seed).float_table(r.dims);
    for (std::size_t i = 0; i + 4 <= floats.size(); i += 4) {
      const std::uint32_t bits[4] = {
          std::bit_cast<std::uint32_t>(floats[i]), std::bit_cast<std::uint32_t>(floats[i + 1]),
          std::bit_cast<std::uint32_t>(floats[i + 2]), std::bit_cast<std::uint32_t>(floats[i + 3])};
      entries.push_back(uvec4_of(bits));
    }
  }
  if (entries.empty()) entries.push_back("uvec4(0u)");  // no classic noise reads it
  list("uvec4", "gradient_bits", entries, 2);
  entries.clear();
  for (const std::uint32_t w : l.words) entries.push_back(std::to_string(w) + "u");
  if (entries.empty()) entries.push_back("0u");
  list("uint", "graph_words", entries, 8);
}

// graph_slot for the function: slot_coordinate (graph_layout.hpp) in GLSL, in double with the
// host's operations in the host's order (apply_chain, octave_position without a period,
// reduce_coordinate modulo 256), so that its cells and fraction are the mirror's.
void write_slot_function(std::ostream& out, const layout& l) {
  out << "lattice_axis graph_reduced(double x) {\n"
      << "  precise double floored = floor(x);\n"
      << "  // fmod(floored, 256) made non-negative: exact, as every step is on integers\n"
      << "  precise double wrapped = floored - 256.0lf * floor(floored / 256.0lf);\n"
      << "  int cell = int(wrapped);\n"
      << "  precise float frac = float(x - floored);\n"
      << "  // a fraction just below 1 that rounds up to 1.0 is the next cell's origin\n"
      << "  if (frac >= 1.0) {\n"
      << "    cell = (cell + 1) & 255;\n"
      << "    frac = 0.0;\n"
      << "  }\n"
      << "  return lattice_axis(cell, (cell + 1) & 255, (cell + 255) & 255, (cell + 2) & 255, "
         "frac);\n"
      << "}\n\n"
      << "lattice_axis graph_slot(uint s, int axis) {\n"
      << "  precise double x = graph_position[axis];\n"
      << "  switch (s) {\n";
  for (int i = 0; i < l.slot_count(); ++i) {
    const slot& sl = l.slots[i];
    out << "    case " << i << "u:\n";
    for (const chain_step& step : l.chains[sl.chain].steps) {
      out << "      x = x " << (step.multiply ? "*" : "+") << " " << exact_doubles(step.value)
          << "[axis];\n";
    }
    if (sl.kind == slot_kind::raw) {
      out << "      return lattice_axis(0, 0, 0, 0, float(x));\n";
      continue;
    }
    const double scale = detail::octave_scale(sl.octave_spec, sl.octave);
    out << "      x = x * " << exact_double(scale) << ";\n";
    if (sl.octave_spec.octave_offsets) {
      double offsets[4];
      for (int a = 0; a < 4; ++a) offsets[a] = sl.octave * octave_offset[a];
      out << "      x = x + " << exact_doubles(offsets) << "[axis];\n";
    }
    // A simplex or flow noise's slot is its octave position rounded to float (octave_coordinate).
    if (detail::reads_whole_position(sl.octave_spec.kind)) {
      out << "      return lattice_axis(0, 0, 0, 0, float(x));\n";
    } else {
      out << "      return graph_reduced(x);\n";
    }
  }
  out << "  }\n  return lattice_axis(0, 0, 0, 0, 0.0);\n}\n\n";
}

}  // namespace vknoise::graph_ir
