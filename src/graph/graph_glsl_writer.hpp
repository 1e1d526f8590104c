// The writer of a graph's GLSL (graph_glsl.hpp): one statement per node, the twin of
// graph_eval.hpp's evaluator. Its node statements are in graph_glsl.cpp, its noise and fractal
// statements (the twin of graph_eval_basis.hpp) in graph_glsl_basis.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "graph/graph_ir.hpp"
#include "graph/graph_layout.hpp"
#include "graph/op_table.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::graph_ir {

class kernel_writer {
 public:
  kernel_writer(const graph& g, const layout& l)
      : g_(g), l_(l), derivatives_(g.mode != output_mode::values), forms_(jacobian_forms(g)) {}
  std::string source();
  std::string function(const std::vector<permutation_table>& tables, const std::string& name,
                       int channels);

 private:
  // graph_glsl.cpp: the kernel's frame and each node's statement.
  void table_macros();
  void kernel_header();
  void body();
  void write_channels();
  void statement(int i);

  // graph_glsl_basis.cpp: noise and fractal nodes.
  void basis_function(int i);
  void dual_basis_function(int i);
  std::string chained(const std::string& d, int domain) const;
  void dual_statement(int i);
  std::string axes_of(int noise, const std::string& slot, const std::string& factor,
                      std::uint32_t offsets_word, const std::string& indent);
  struct fractal_loop {
    int fractal = -1;           // the fractal node
    int noise = -1;             // the noise node its octaves sample
    bool needs_factor = false;  // its domain is scaled per octave in float
    std::uint32_t offsets = 0;  // its octave offsets' first word (float domains), or 0
  };
  fractal_loop fractal_parameters(int i);
  // ", cellular_octave_periods(...)": the periods argument a cellular noise's basis function
  // takes after its axes, at octave `octave` of fractal node `fractal` (-1: the noise itself, at
  // octave 0); nothing for another basis.
  std::string cellular_periods(int noise, int fractal, const std::string& octave) const;
  // ", flow_octave_angle(angle, lacunarity, octave)": the angle argument a flow noise's basis
  // function takes last; nothing for another basis.
  std::string flow_angle(int noise, const std::string& lacunarity, const std::string& octave) const;
  // Whether noise node i is summed by an advected fractal (flow noise's pseudo-advection), which
  // reads its gradient form.
  bool advected_noise(int i) const;
  std::string octave_axes(const fractal_loop& loop);
  void fractal_statement(int i);

  static std::string var(int i) { return "v" + std::to_string(i); }
  // A scalar node's gradient (vec4), a vector node's Jacobian (mat4: column c the gradient of
  // component c), with derivatives.
  static std::string grad(int i) { return "g" + std::to_string(i); }
  static std::string jac(int i) { return "G" + std::to_string(i); }
  bool is_vector(int i) const { return vector_op(g_.nodes[i].kind); }
  static std::string word_float(std::uint32_t w) {
    return "graph_float(" + std::to_string(w) + "u)";
  }
  // A uint word: read from the constants buffer, or its value where the structure fixes it.
  std::string word_uint(std::uint32_t w) const {
    const auto& fixed = l_.structural_words;
    if (std::find(fixed.begin(), fixed.end(), w) != fixed.end()) {
      return std::to_string(l_.words[w]) + "u";
    }
    return "graph_uint(" + std::to_string(w) + "u)";
  }
  // The constant word of one of node i's parameters, by name (op_table.hpp's words structs).
  template <class words, class member>
  std::uint32_t at(int i, member words::*m) const {
    return l_.node_params[i] + word_index(m);
  }
  // Input k of node i as a scalar expression.
  std::string scalar(int i, int k) const {
    const node& n = g_.nodes[i];
    if (n.inputs[k].node >= 0) return var(n.inputs[k].node);
    std::uint32_t w = l_.node_base[i];
    for (int j = 0; j < k; ++j) w += n.inputs[j].node < 0 ? 1 : 0;
    return word_float(w);
  }
  bool displaced(int node) const {
    return l_.node_chain[node] >= 0 && l_.chains[l_.node_chain[node]].displaced;
  }
  // An input's gradient: its node's, or none for a constant.
  std::string gradient_input(int i, int k) const {
    const int from = g_.nodes[i].inputs[k].node;
    return from >= 0 ? grad(from) : "vec4(0.0)";
  }
  // Words [first, first + width) as a vec4 padded with zeros.
  static std::string words_vector(std::uint32_t first, int width) {
    std::vector<std::string> e;
    for (int c = 0; c < width; ++c) e.push_back(word_float(first + static_cast<unsigned>(c)));
    return vec4_of(e);
  }
  // A lattice domain's components as a float vector, from raw slot word w.
  std::string materialised(int domain, std::uint32_t w) const {
    std::string v = "vec4(";
    for (int c = 0; c < 4; ++c) {
      if (c > 0) v += ", ";
      v += c < g_.nodes[domain].width
               ? "graph_slot(" + word_uint(w) + ", " + std::to_string(c) + ").frac"
               : "0.0";
    }
    v += ")";
    return displaced(domain) ? v + " + " + var(domain) : v;
  }
  // A vector of expressions, padded with 0.0 (a matrix: columns padded with vec4(0.0)) to 4.
  static std::string padded(const char* type, const std::vector<std::string>& e, const char* zero) {
    std::string v = std::string(type) + "(";
    for (int c = 0; c < 4; ++c) {
      if (c > 0) v += ", ";
      v += c < static_cast<int>(e.size()) ? e[c] : zero;
    }
    return v + ")";
  }
  static std::string vec4_of(const std::vector<std::string>& e) { return padded("vec4", e, "0.0"); }
  static std::string mat4_of(const std::vector<std::string>& columns) {
    return padded("mat4", columns, "vec4(0.0)");
  }

  const graph& g_;
  const layout& l_;
  const bool derivatives_;
  const std::vector<jacobian_form> forms_;
  std::ostringstream out_;
};

}  // namespace vknoise::graph_ir
