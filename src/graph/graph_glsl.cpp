// Writes a graph's kernel (graph_glsl.hpp). Each node becomes one statement (a fractal a loop),
// mirroring evaluator::evaluate in graph_eval.hpp case by case.
#include "graph/graph_glsl.hpp"

#include <algorithm>
#include <sstream>

#include "vknoise_shared.h"

namespace vknoise::graph_ir {
namespace {

const char* const component_names[4] = {"x", "y", "z", "w"};

class generator {
 public:
  generator(const graph& g, const layout& l) : g_(g), l_(l) {}

  std::string source() {
    out_ << "#version 450\n"
         << "#extension GL_GOOGLE_include_directive : require\n"
         << "// A vknoise noise graph's kernel: " << g_.nodes.size() << " nodes, dims " << g_.dims
         << ", outputs";
    for (const output& o : g_.outputs) out_ << " " << o.name;
    out_ << ".\n// Generated; the constants are read from the graph's constant words by index.\n"
         << "#include \"vknoise_shared.h\"\n"
         << "#define VKNOISE_GRAPH_TABLES " << std::max<std::size_t>(1, l_.tables.size()) << "\n"
         << "#define VKNOISE_GRAPH_GRADIENT_TABLES "
         << std::max<std::size_t>(1, l_.gradients.size()) << "\n"
         << "#define VKNOISE_GRAPH_CHANNELS " << g_.outputs.size() << "\n"
         << "#include \"graph_bindings.glsl\"\n"
         << "#include \"octave_term.glsl\"\n\n";
    for (std::size_t i = 0; i < g_.nodes.size(); ++i) {
      if (g_.nodes[i].kind == op::noise) basis_function(static_cast<int>(i));
    }
    out_ << "void graph_eval(out float channel[4]) {\n"
         << "  const lattice_axis zero_axis = lattice_axis(0, 0, 0, 0, 0.0);\n";
    for (std::size_t i = 0; i < g_.nodes.size(); ++i) statement(static_cast<int>(i));
    for (std::size_t c = 0; c < 4; ++c) {
      out_ << "  channel[" << c << "] = ";
      if (c < g_.outputs.size()) {
        const output& o = g_.outputs[c];
        out_ << var(o.node);
        if (o.component >= 0) out_ << "[" << o.component << "]";
      } else {
        out_ << "0.0";
      }
      out_ << ";\n";
    }
    out_ << "}\n\n#include \"graph_main.glsl\"\n";
    return out_.str();
  }

 private:
  static std::string var(int i) { return "v" + std::to_string(i); }
  static std::string word_float(std::uint32_t w) {
    return "graph_float(" + std::to_string(w) + "u)";
  }
  static std::string word_uint(std::uint32_t w) { return "graph_uint(" + std::to_string(w) + "u)"; }

  std::uint32_t params_word(int i) const {
    std::uint32_t w = l_.node_base[i];
    for (const input& in : g_.nodes[i].inputs) w += in.node < 0 ? 1 : 0;
    return w;
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

  // The basis noise of noise node i at four lattice axes (its tables selected first).
  void basis_function(int i) {
    const node& n = g_.nodes[i];
    const int dims = g_.nodes[n.inputs[0].node].width;
    const int table = std::max(0, l_.node_table[i]);
    const int gradient = std::max(0, l_.node_gradient[i]);
    out_ << "// " << n.name << "\n"
         << "float basis_" << i
         << "(int octave, lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w) {\n"
         << "  graph_table_base = " << table * 512 << ";\n"
         << "  graph_gradient_base = " << gradient * 256 << ";\n  return ";
    static const char* const axes[4] = {"x", "x, y", "x, y, z", "x, y, z, w"};
    switch (n.noise.basis) {
      case noise_kind::improved4_balanced:
        out_ << "improved_noise4(true, x, y, z, w)";
        break;
      case noise_kind::classic:
        out_ << "classic_noise" << dims << "(" << axes[dims - 1] << ")";
        break;
      case noise_kind::value:
        out_ << "value_noise" << dims << "(octave, " << (n.noise.value_smooth ? "true" : "false")
             << ", " << static_cast<int>(n.noise.interpolation) << ", " << axes[dims - 1] << ")";
        break;
      default:
        if (dims == 4) {
          out_ << "improved_noise4(false, x, y, z, w)";
        } else {
          out_ << "improved_noise" << dims << "(" << axes[dims - 1] << ")";
        }
        break;
    }
    out_ << ";\n}\n\n";
  }

  // The lattice axes of noise node `noise`'s domain at one octave, as an argument list: slot
  // expression `slot` (lattice domains), scaled by `factor` and offset by the words from
  // `offsets_word` (float domains) where given. The float arithmetic goes into `precise`
  // temporaries first (written to `out_` at `indent`), because NoContraction reaches only what
  // computes a precise variable, not a function's argument.
  std::string axes_of(int noise, const std::string& slot, const std::string& factor,
                      std::uint32_t offsets_word, const std::string& indent) {
    const int domain = g_.nodes[noise].inputs[0].node;
    const int dims = g_.nodes[domain].width;
    const bool lattice = l_.form[domain] == domain_form::lattice;
    std::string list;
    for (int a = 0; a < 4; ++a) {
      if (a > 0) list += ", ";
      if (a >= dims) {
        list += "zero_axis";
        continue;
      }
      const std::string c = var(domain) + "." + component_names[a];
      const std::string coord = "graph_slot(" + slot + ", " + std::to_string(a) + ")";
      if (lattice && !displaced(domain)) {
        list += coord;
        continue;
      }
      std::string x = factor.empty() ? c : c + " * " + factor;
      if (!lattice && offsets_word != 0) {
        x += " + float(o) * " + word_float(offsets_word + static_cast<unsigned>(a));
      }
      const std::string t = "x" + std::to_string(a);
      out_ << indent << "precise float " << t << " = " << x << ";\n";
      list += lattice ? "displace(" + coord + ", " + t + ")" : "graph_float_axis(" + t + ")";
    }
    return list;
  }

  void fractal_statement(int i, std::uint32_t p) {
    const node& n = g_.nodes[i];
    const int noise = n.inputs[0].node;
    const int domain = g_.nodes[noise].inputs[0].node;
    const bool lattice = l_.form[domain] == domain_form::lattice;
    const bool needs_factor = !lattice || displaced(domain);
    const std::uint32_t offsets = !lattice && n.fractal.octave_offsets ? p + 4 : 0;
    out_ << "  precise float " << var(i) << ";\n  {\n"
         << "    uint octaves = " << word_uint(p) << ";\n"
         << "    float persistence = " << word_float(p + 1) << ";\n"
         << "    float lacunarity = " << word_float(p + 2) << ";\n"
         << "    float inv_norm = " << word_float(p + 3) << ";\n";
    if (lattice) out_ << "    uint first_slot = " << word_uint(p + 4) << ";\n";
    out_ << "    precise float sum = 0.0, amp = 1.0;\n"
         << "    float ridge_weight = 1.0;\n"
         << "    for (uint o = 0u; o < octaves; ++o) {\n";
    if (needs_factor) out_ << "      float factor = octave_factor(lacunarity, int(o));\n";
    const std::string axes =
        axes_of(noise, "first_slot + o", needs_factor ? "factor" : "", offsets, "      ");
    out_ << "      float n = basis_" << noise << "(int(o), " << axes << ");\n"
         << "      sum = sum + amp * octave_term(" << static_cast<int>(n.fractal.type)
         << ", n, ridge_weight);\n"
         << "      amp = amp * persistence;\n"
         << "    }\n"
         << "    precise float value = sum * inv_norm;\n";
    if (n.fractal.type == fractal_kind::ridged) out_ << "    value = value * 2.0 - 1.0;\n";
    out_ << "    " << var(i) << " = value;\n  }\n";
  }

  std::string words_vector(std::uint32_t p, int width) const {
    std::string v = "vec4(";
    for (int c = 0; c < 4; ++c) {
      if (c > 0) v += ", ";
      v += c < width ? word_float(p + static_cast<unsigned>(c)) : "0.0";
    }
    return v + ")";
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

  void statement(int i) {
    const node& n = g_.nodes[i];
    const std::uint32_t p = params_word(i);
    const std::string v = var(i);
    out_ << "  // " << n.name << " (" << op_name(n.kind) << ")\n";
    const auto a = [&] { return scalar(i, 0); };
    const auto b = [&] { return scalar(i, 1); };
    const auto scalar_is = [&](const std::string& e) {
      out_ << "  precise float " << v << " = " << e << ";\n";
    };
    const auto vector_is = [&](const std::string& e) {
      out_ << "  precise vec4 " << v << " = " << e << ";\n";
    };
    const int in = n.inputs.empty() ? -1 : n.inputs[0].node;
    const bool lattice_in = in >= 0 && l_.form[in] == domain_form::lattice;
    switch (n.kind) {
      case op::position:
        vector_is("vec4(0.0)");
        break;
      case op::scale:
        vector_is(lattice_in && !displaced(i) ? "vec4(0.0)"
                                              : var(in) + " * " + words_vector(p, n.width));
        break;
      case op::offset:
        vector_is(lattice_in ? var(in) : var(in) + " + " + words_vector(p, n.width));
        break;
      case op::rotate: {
        const std::string from =
            lattice_in ? materialised(in, p + static_cast<unsigned>(n.width * n.width)) : var(in);
        vector_is("graph_rotate(" + std::to_string(p) + "u, " + std::to_string(n.width) + ", " +
                  from + ")");
        break;
      }
      case op::warp: {
        std::string by = "vec4(";
        for (int c = 0; c < 4; ++c) {
          if (c > 0) by += ", ";
          by += c < n.width ? scalar(i, 1 + c) : "0.0";
        }
        by += ")";
        const std::string delta = word_float(p) + " * " + by;
        vector_is(lattice_in && !displaced(in) ? delta : var(in) + " + " + delta);
        break;
      }
      case op::combine: {
        std::string e = "vec4(";
        for (int c = 0; c < 4; ++c) {
          if (c > 0) e += ", ";
          e += c < n.width ? scalar(i, c) : "0.0";
        }
        vector_is(e + ")");
        break;
      }
      case op::ramp: {
        std::string e = "vec4(";
        for (int c = 0; c < 3; ++c) {
          e += "graph_piecewise(" + word_uint(p) + ", 4, " + std::to_string(c) + ", " + a() + "), ";
        }
        vector_is(e + "0.0)");
        break;
      }
      case op::constant:
        scalar_is(word_float(p));
        break;
      case op::component: {
        const int axis = static_cast<int>(n.params[0]);
        if (lattice_in) {
          scalar_is("(" + materialised(in, p) + ")[" + std::to_string(axis) + "]");
        } else {
          scalar_is(var(in) + "[" + std::to_string(axis) + "]");
        }
        break;
      }
      case op::noise:
        if (!l_.direct_use[i]) {  // read only by fractals, which sample it themselves
          out_ << "  float " << v << " = 0.0;\n";
          break;
        }
        out_ << "  precise float " << v << ";\n  {\n";
        {
          const std::string axes = axes_of(i, lattice_in ? word_uint(p) : "0u", "", 0, "    ");
          out_ << "    " << v << " = basis_" << i << "(0, " << axes << ");\n  }\n";
        }
        break;
      case op::fractal:
        fractal_statement(i, p);
        break;
      case op::add:
        scalar_is(a() + " + " + b());
        break;
      case op::sub:
        scalar_is(a() + " - " + b());
        break;
      case op::mul:
        scalar_is(a() + " * " + b());
        break;
      case op::div:
        scalar_is(n.inputs[1].node < 0 ? a() + " * " + b() : a() + " / " + b());
        break;
      case op::min:
        scalar_is("graph_min(" + a() + ", " + b() + ")");
        break;
      case op::max:
        scalar_is("graph_max(" + a() + ", " + b() + ")");
        break;
      case op::neg:
        scalar_is("-" + a());
        break;
      case op::abs:
        scalar_is("abs(" + a() + ")");
        break;
      case op::floor:
        scalar_is("floor(" + a() + ")");
        break;
      case op::clamp:
        scalar_is("graph_clamp(" + a() + ", " + b() + ", " + scalar(i, 2) + ")");
        break;
      case op::mix:
        scalar_is("graph_mix(" + a() + ", " + b() + ", " + scalar(i, 2) + ")");
        break;
      case op::select:
        scalar_is("graph_select(" + a() + ", " + b() + ", " + scalar(i, 2) + ", " + word_float(p) +
                  ")");
        break;
      case op::blend:
        scalar_is("graph_blend(" + a() + ", " + b() + ", " + scalar(i, 2) + ", " + word_float(p) +
                  ", " + word_float(p + 1) + ")");
        break;
      case op::remap:
        scalar_is("graph_remap(" + a() + ", " + word_float(p) + ", " + word_float(p + 1) + ", " +
                  word_float(p + 2) + ")");
        break;
      case op::terrace:
        scalar_is("graph_terrace(" + a() + ", " + word_float(p) + ", " + word_float(p + 1) + ")");
        break;
      case op::curve:
        scalar_is("graph_piecewise(" + word_uint(p) + ", 2, 0, " + a() + ")");
        break;
      case op::sqrt:
        scalar_is("sqrt(" + a() + ")");
        break;
      case op::pow:
        scalar_is("pow(" + a() + ", " + b() + ")");
        break;
      case op::sin:
        scalar_is("sin(" + a() + ")");
        break;
      case op::cos:
        scalar_is("cos(" + a() + ")");
        break;
    }
  }

  const graph& g_;
  const layout& l_;
  std::ostringstream out_;
};

}  // namespace

std::string kernel_source(const graph& g, const layout& l) {
  return generator(g, l).source();
}

}  // namespace vknoise::graph_ir
