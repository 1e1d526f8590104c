// Writes a graph's kernel (graph_glsl.hpp). Each node becomes one statement (a fractal a loop),
// mirroring evaluator::evaluate in graph_eval.hpp case by case.
#include "graph/graph_glsl.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <sstream>

#include "core/octave_scale.hpp"
#include "graph/graph_glsl_function.hpp"
#include "graph/op_table.hpp"
#include "vknoise/classic_gradients.hpp"
#include "vknoise_shared.h"

namespace vknoise::graph_ir {
namespace {

const char* const component_names[4] = {"x", "y", "z", "w"};

class generator {
 public:
  generator(const graph& g, const layout& l)
      : g_(g), l_(l), derivatives_(g.mode != output_mode::values), forms_(jacobian_forms(g)) {}

  std::string source() {
    kernel_header();
    body();
    out_ << "\n#include \"graph_main.glsl\"\n";
    return out_.str();
  }

  // The paste-in function (graph_glsl.hpp's function_source), before preprocessing.
  std::string function(const std::vector<permutation_table>& tables, const std::string& name,
                       int channels) {
    out_ << "#version 450\n"
         << "#extension GL_GOOGLE_include_directive : require\n"
         << "#include \"vknoise_shared.h\"\n"
         << "#define VKNOISE_GRAPH_FUNCTION 1\n";
    table_macros();
    write_constant_arrays(out_, l_, tables);
    out_ << "dvec4 graph_position;  // the function's argument, padded with zeros\n"
         << "#include \"graph_bindings.glsl\"\n"
         << "#include \"octave_term.glsl\"\n\n";
    write_slot_function(out_, l_);
    body();
    static const char* const types[4] = {"float", "vec2", "vec3", "vec4"};
    std::string padded = "dvec4(";
    if (g_.dims == 1) {
      padded += "double(p), 0.0lf, 0.0lf, 0.0lf)";
    } else {
      padded += "dvec" + std::to_string(g_.dims) + "(p)";
      for (int c = g_.dims; c < 4; ++c) padded += ", 0.0lf";
      padded += ")";
    }
    out_ << types[channels - 1] << " " << name << "(" << types[g_.dims - 1] << " p) {\n"
         << "  graph_position = " << padded << ";\n"
         << "  float channel[VKNOISE_GRAPH_VALUES];\n"
         << "  graph_eval(channel);\n"
         << "  return " << types[channels - 1] << "(";
    for (int c = 0; c < channels; ++c) out_ << (c > 0 ? ", " : "") << "channel[" << c << "]";
    out_ << ");\n}\n";
    return out_.str();
  }

 private:
  void table_macros() {
    out_ << "#define VKNOISE_GRAPH_TABLES " << std::max<std::size_t>(1, l_.tables.size()) << "\n"
         << "#define VKNOISE_GRAPH_GRADIENT_TABLES "
         << std::max<std::size_t>(1, l_.gradients.size()) << "\n"
         << "#define VKNOISE_GRAPH_CHANNELS " << channel_count(g_) << "\n"
         << "#define VKNOISE_GRAPH_VALUES " << std::max(4, channel_count(g_)) << "\n";
  }

  void kernel_header() {
    out_ << "#version 450\n"
         << "#extension GL_GOOGLE_include_directive : require\n"
         << "// A vknoise noise graph's kernel: " << g_.nodes.size() << " nodes, dims " << g_.dims
         << ", outputs";
    for (const output& o : g_.outputs) out_ << " " << o.name;
    out_ << ".\n// Generated; the constants are read from the graph's constant words by index.\n"
         << "#include \"vknoise_shared.h\"\n";
    table_macros();
    out_ << "#include \"graph_bindings.glsl\"\n"
         << "#include \"octave_term.glsl\"\n\n";
  }

  // The basis functions and graph_eval: the same for the kernel and the function.
  void body() {
    for (std::size_t i = 0; i < g_.nodes.size(); ++i) {
      if (g_.nodes[i].kind != op::noise) continue;
      basis_function(static_cast<int>(i));
      if (derivatives_) dual_basis_function(static_cast<int>(i));
    }
    out_ << "void graph_eval(out float channel[VKNOISE_GRAPH_VALUES]) {\n"
         << "  const lattice_axis zero_axis = lattice_axis(0, 0, 0, 0, 0.0);\n";
    for (std::size_t i = 0; i < g_.nodes.size(); ++i) {
      if (derivatives_ && (g_.nodes[i].kind == op::noise || g_.nodes[i].kind == op::fractal)) {
        dual_statement(static_cast<int>(i));
        continue;
      }
      statement(static_cast<int>(i));
    }
    write_channels();
    out_ << "}\n";
  }

  static std::string var(int i) { return "v" + std::to_string(i); }
  // A scalar node's gradient (vec4), a vector node's Jacobian (mat4: column c the gradient of
  // component c), with derivatives.
  static std::string grad(int i) { return "g" + std::to_string(i); }
  static std::string jac(int i) { return "G" + std::to_string(i); }

  void write_channels() {
    const int channels = channel_count(g_);
    int c = 0;
    const auto component = [](const output& o) { return o.component < 0 ? 0 : o.component; };
    const auto gradient_of = [&](const output& o) {
      return is_vector(o.node) ? jac(o.node) + "[" + std::to_string(component(o)) + "]"
                               : grad(o.node);
    };
    if (g_.mode == output_mode::curl) {
      const std::string f1 = gradient_of(g_.outputs[0]), f2 = gradient_of(g_.outputs[1]),
                        f3 = gradient_of(g_.outputs[2]);
      out_ << "  channel[0] = " << f3 << ".y - " << f2 << ".z;\n"
           << "  channel[1] = " << f1 << ".z - " << f3 << ".x;\n"
           << "  channel[2] = " << f2 << ".x - " << f1 << ".y;\n";
      c = 3;
    } else {
      for (const output& o : g_.outputs) {
        out_ << "  channel[" << c++ << "] = " << var(o.node);
        if (o.component >= 0) out_ << "[" << o.component << "]";
        out_ << ";\n";
        if (!derivatives_) continue;
        for (int b = 0; b < g_.dims; ++b) {
          out_ << "  channel[" << c++ << "] = " << gradient_of(o) << "[" << b << "];\n";
        }
      }
    }
    for (; c < std::max(4, channels); ++c) out_ << "  channel[" << c << "] = 0.0;\n";
  }

  bool is_vector(int i) const { return vector_op(g_.nodes[i].kind); }
  static std::string word_float(std::uint32_t w) {
    return "graph_float(" + std::to_string(w) + "u)";
  }
  static std::string word_uint(std::uint32_t w) { return "graph_uint(" + std::to_string(w) + "u)"; }

  std::uint32_t params_word(int i) const {
    std::uint32_t w = l_.node_base[i];
    for (const input& in : g_.nodes[i].inputs) w += in.node < 0 ? 1 : 0;
    return w;
  }
  // The constant word of one of node i's parameters, by name (op_table.hpp's words structs).
  template <class words, class member>
  std::uint32_t at(int i, member words::*m) const {
    return params_word(i) + word_index(m);
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

  // The gradient form of noise node i's basis (value noise has none: with_outputs refuses it).
  void dual_basis_function(int i) {
    const node& n = g_.nodes[i];
    const int dims = g_.nodes[n.inputs[0].node].width;
    static const char* const axes[4] = {"x", "x, y", "x, y, z", "x, y, z, w"};
    out_ << "dual basis_" << i
         << "_d(lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w) {\n"
         << "  graph_table_base = " << std::max(0, l_.node_table[i]) * 512 << ";\n"
         << "  graph_gradient_base = " << std::max(0, l_.node_gradient[i]) * 256 << ";\n  return ";
    if (n.noise.basis == noise_kind::improved4_balanced) {
      out_ << "improved_noise4_d(true, x, y, z, w)";
    } else if (n.noise.basis == noise_kind::classic) {
      out_ << "classic_noise" << dims << "_d(" << axes[dims - 1] << ")";
    } else if (dims == 4) {
      out_ << "improved_noise4_d(false, x, y, z, w)";
    } else {
      out_ << "improved_noise" << dims << "_d(" << axes[dims - 1] << ")";
    }
    out_ << ";\n}\n\n";
  }

  // A gradient `d` in the coordinates of `domain`, as one in the position's (the chain rule by
  // the domain's Jacobian form: evaluator::chain).
  std::string chained(const std::string& d, int domain) const {
    switch (forms_[domain]) {
      case jacobian_form::identity:
        return d;
      case jacobian_form::diagonal: {
        const std::string G = jac(domain);
        return d + " * vec4(" + G + "[0][0], " + G + "[1][1], " + G + "[2][2], " + G + "[3][3])";
      }
      default: {
        std::string sum;
        for (int c = 0; c < g_.nodes[domain].width; ++c) {
          if (c > 0) sum += " + ";
          sum += d + "[" + std::to_string(c) + "] * " + jac(domain) + "[" + std::to_string(c) + "]";
        }
        return sum;
      }
    }
  }

  // With derivatives, noise and fractal nodes: value and gradient from the gradient forms.
  void dual_statement(int i) {
    const node& n = g_.nodes[i];
    out_ << "  // " << n.name << " (" << row_of(n.kind).name << ", with its gradient)\n"
         << "  precise float " << var(i) << " = 0.0;\n"
         << "  precise vec4 " << grad(i) << " = vec4(0.0);\n";
    if (n.kind == op::noise) {
      if (!l_.direct_use[i]) return;
      const int domain = n.inputs[0].node;
      const bool lattice = l_.form[domain] == domain_form::lattice;
      out_ << "  {\n";
      const std::string axes =
          axes_of(i, lattice ? word_uint(at(i, &noise_words<float>::slot)) : "0u", "", 0, "    ");
      out_ << "    dual n = basis_" << i << "_d(" << axes << ");\n"
           << "    " << var(i) << " = n.v;\n"
           << "    " << grad(i) << " = " << chained("n.d", domain) << ";\n  }\n";
      return;
    }
    const int noise = n.inputs[0].node;
    const int domain = g_.nodes[noise].inputs[0].node;
    const bool lattice = l_.form[domain] == domain_form::lattice;
    const bool needs_factor = !lattice || displaced(domain);
    const std::uint32_t offsets =
        !lattice && n.fractal.octave_offsets ? at(i, &fractal_words<float>::octave_offset) : 0;
    out_ << "  {\n";
    fractal_parameters(i, lattice);
    out_ << "    precise float sum = 0.0, amp = 1.0, slope = 1.0;\n"
         << "    precise vec4 dsum = vec4(0.0);\n"
         << "    precise float ridge_weight = 1.0, scale = 1.0;\n"
         << "    precise vec4 dridge = vec4(0.0);\n"
         << "    for (uint o = 0u; o < octaves; ++o) {\n";
    if (needs_factor) out_ << "      float factor = octave_factor(lacunarity, int(o));\n";
    const std::string axes =
        axes_of(noise, "first_slot + o", needs_factor ? "factor" : "", offsets, "      ");
    out_ << "      dual n = basis_" << noise << "_d(" << axes << ");\n";
    if (n.fractal.type == fractal_kind::ridged) {
      // evaluator::fractal_d's ridged branch, operation for operation.
      out_ << "      precise float u = 1.0 - abs(n.v);\n"
           << "      precise float s1 = u * u;\n"
           << "      precise float term = s1 * ridge_weight;\n"
           << "      precise float twice = term * 2.0;\n"
           << "      precise vec4 dn = n.d * scale;\n"
           << "      precise vec4 du = n.v < 0.0 ? dn : -dn;\n"
           << "      precise vec4 ds1 = du * u + u * du;\n"
           << "      precise vec4 dterm = ds1 * ridge_weight + s1 * dridge;\n"
           << "      dsum = dsum + amp * dterm;\n"
           << "      dridge = (twice < 0.0 || 1.0 < twice) ? vec4(0.0) : 2.0 * dterm;\n"
           << "      ridge_weight = clamp(twice, 0.0, 1.0);\n"
           << "      sum = sum + amp * term;\n"
           << "      amp = amp * persistence;\n"
           << "      scale = scale * lacunarity;\n"
           << "    }\n"
           << "    precise float value = sum * inv_norm;\n"
           << "    precise vec4 d = dsum * inv_norm;\n"
           << "    value = value * 2.0 - 1.0;\n"
           << "    d = d * 2.0;\n"
           << "    " << var(i) << " = value;\n"
           << "    " << grad(i) << " = " << chained("d", domain) << ";\n  }\n";
      return;
    }
    out_ << "      precise float term = n.v;\n"
         << "      precise vec4 dterm = n.d;\n";
    if (n.fractal.type == fractal_kind::turbulence || n.fractal.type == fractal_kind::billow) {
      out_ << "      term = abs(n.v);\n"
           << "      dterm = n.v < 0.0 ? -n.d : n.d;\n";
      if (n.fractal.type == fractal_kind::billow) {
        out_ << "      term = 2.0 * term - 1.0;\n"
             << "      dterm = 2.0 * dterm;\n";
      }
    }
    out_ << "      sum = sum + amp * term;\n"
         << "      dsum = dsum + slope * dterm;\n"
         << "      amp = amp * persistence;\n"
         << "      slope = slope * persistence * lacunarity;\n"
         << "    }\n"
         << "    precise float value = sum * inv_norm;\n"
         << "    precise vec4 d = dsum * inv_norm;\n"
         << "    " << var(i) << " = value;\n"
         << "    " << grad(i) << " = " << chained("d", domain) << ";\n  }\n";
  }

  // An input's gradient: its node's, or none for a constant.
  std::string gradient_input(int i, int k) const {
    const int from = g_.nodes[i].inputs[k].node;
    return from >= 0 ? grad(from) : "vec4(0.0)";
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

  // A fractal's words as the loop's locals (fractal_words).
  void fractal_parameters(int i, bool lattice) {
    using w = fractal_words<float>;
    out_ << "    uint octaves = " << word_uint(at(i, &w::octaves)) << ";\n"
         << "    float persistence = " << word_float(at(i, &w::persistence)) << ";\n"
         << "    float lacunarity = " << word_float(at(i, &w::lacunarity)) << ";\n"
         << "    float inv_norm = " << word_float(at(i, &w::inv_norm)) << ";\n";
    if (lattice) out_ << "    uint first_slot = " << word_uint(at(i, &w::first_slot)) << ";\n";
  }

  void fractal_statement(int i) {
    const node& n = g_.nodes[i];
    const int noise = n.inputs[0].node;
    const int domain = g_.nodes[noise].inputs[0].node;
    const bool lattice = l_.form[domain] == domain_form::lattice;
    const bool needs_factor = !lattice || displaced(domain);
    const std::uint32_t offsets =
        !lattice && n.fractal.octave_offsets ? at(i, &fractal_words<float>::octave_offset) : 0;
    out_ << "  precise float " << var(i) << ";\n  {\n";
    fractal_parameters(i, lattice);
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

  // Node i's value and, with derivatives, its gradient (scalars) or Jacobian (vectors): one case
  // per op, each the twins' graph_NAME and graph_NAME_d (evaluator::evaluate's twin).
  void statement(int i) {
    const node& n = g_.nodes[i];
    const std::string v = var(i);
    out_ << "  // " << n.name << " (" << row_of(n.kind).name << ")\n";
    const auto a = [&] { return scalar(i, 0); };
    const auto b = [&] { return scalar(i, 1); };
    const auto c = [&] { return scalar(i, 2); };
    const auto ga = [&] { return gradient_input(i, 0); };
    const auto gb = [&] { return gradient_input(i, 1); };
    const auto gc = [&] { return gradient_input(i, 2); };
    const auto call = [](const std::string& f, const std::vector<std::string>& args) {
      std::string e = f + "(";
      for (std::size_t k = 0; k < args.size(); ++k) e += (k > 0 ? ", " : "") + args[k];
      return e + ")";
    };
    // A scalar's value and gradient (empty: flat), a vector's value and Jacobian.
    const auto scalar_is = [&](const std::string& e, const std::string& rule) {
      out_ << "  precise float " << v << " = " << e << ";\n";
      if (derivatives_) {
        out_ << "  precise vec4 " << grad(i) << " = " << (rule.empty() ? "vec4(0.0)" : rule)
             << ";\n";
      }
    };
    const auto vector_is = [&](const std::string& e, const std::string& jacobian) {
      out_ << "  precise vec4 " << v << " = " << e << ";\n";
      if (derivatives_) out_ << "  precise mat4 " << jac(i) << " = " << jacobian << ";\n";
    };
    const auto word = [&](auto member) { return word_float(at(i, member)); };
    const int in = n.inputs.empty() ? -1 : n.inputs[0].node;
    const bool lattice_in = in >= 0 && l_.form[in] == domain_form::lattice;
    const std::string in_jacobian = in >= 0 && derivatives_ ? jac(in) : "";
    switch (n.kind) {
      case op::position: {
        std::vector<std::string> identity;
        for (int r = 0; r < n.width; ++r) {
          std::vector<std::string> column(n.width, "0.0");
          column[r] = "1.0";
          identity.push_back(vec4_of(column));
        }
        vector_is("vec4(0.0)", mat4_of(identity));
        break;
      }
      case op::scale: {
        const std::string factor = words_vector(at(i, &scale_words<float>::factor), n.width);
        vector_is(lattice_in && !displaced(i) ? "vec4(0.0)" : var(in) + " * " + factor,
                  call("graph_scale_d", {in_jacobian, factor}));
        break;
      }
      case op::offset:
        vector_is(lattice_in
                      ? var(in)
                      : var(in) + " + " + words_vector(at(i, &offset_words<float>::by), n.width),
                  in_jacobian);
        break;
      case op::rotate: {
        const std::string from =
            lattice_in ? materialised(in, at(i, &rotate_words<float>::raw_slot)) : var(in);
        const std::string matrix = std::to_string(at(i, &rotate_words<float>::matrix)) + "u";
        const std::string width = std::to_string(n.width);
        vector_is(call("graph_rotate", {matrix, width, from}),
                  call("graph_rotate_d", {matrix, width, in_jacobian}));
        break;
      }
      case op::warp: {
        std::vector<std::string> by, gradients;
        for (int k = 0; k < n.width; ++k) {
          by.push_back(scalar(i, 1 + k));
          gradients.push_back(gradient_input(i, 1 + k));
        }
        const std::string amplitude = word(&warp_words<float>::amplitude);
        const std::string delta = amplitude + " * " + vec4_of(by);
        vector_is(lattice_in && !displaced(in) ? delta : var(in) + " + " + delta,
                  call("graph_warp_d", {in_jacobian, amplitude, mat4_of(gradients)}));
        break;
      }
      case op::combine: {
        std::vector<std::string> components, gradients;
        for (int k = 0; k < n.width; ++k) {
          components.push_back(scalar(i, k));
          gradients.push_back(gradient_input(i, k));
        }
        vector_is(vec4_of(components), mat4_of(gradients));
        break;
      }
      case op::ramp: {
        const std::string first = word_uint(at(i, &piecewise_words<float>::first));
        std::vector<std::string> colour;
        for (int k = 0; k < 3; ++k) {
          colour.push_back(call("graph_piecewise", {first, "4", std::to_string(k), a()}));
        }
        vector_is(vec4_of(colour), call("graph_ramp_d", {first, a(), ga()}));
        break;
      }
      case op::constant:
        scalar_is(word(&constant_words<float>::value), "");
        break;
      case op::component: {
        const std::string axis = std::to_string(static_cast<int>(n.params[0]));
        const std::string from =
            lattice_in ? "(" + materialised(in, at(i, &component_words<float>::raw_slot)) + ")"
                       : var(in);
        scalar_is(from + "[" + axis + "]", call("graph_component_d", {in_jacobian, axis}));
        break;
      }
      case op::noise:
        if (!l_.direct_use[i]) {  // read only by fractals, which sample it themselves
          out_ << "  float " << v << " = 0.0;\n";
          break;
        }
        out_ << "  precise float " << v << ";\n  {\n";
        {
          const std::string slot = lattice_in ? word_uint(at(i, &noise_words<float>::slot)) : "0u";
          const std::string axes = axes_of(i, slot, "", 0, "    ");
          out_ << "    " << v << " = basis_" << i << "(0, " << axes << ");\n  }\n";
        }
        break;
      case op::fractal:
        fractal_statement(i);
        break;
      case op::add:
        scalar_is(a() + " + " + b(), call("graph_add_d", {ga(), gb()}));
        break;
      case op::sub:
        scalar_is(a() + " - " + b(), call("graph_sub_d", {ga(), gb()}));
        break;
      case op::mul:
        scalar_is(a() + " * " + b(), call("graph_mul_d", {a(), ga(), b(), gb()}));
        break;
      case op::div:
        // By a constant: multiplication by its float reciprocal (the constant's word).
        if (n.inputs[1].node < 0) {
          scalar_is(a() + " * " + b(), call("graph_div_by_constant_d", {ga(), b()}));
        } else {
          scalar_is(a() + " / " + b(), call("graph_div_d", {a(), ga(), b(), gb()}));
        }
        break;
      case op::min:
        scalar_is(call("graph_min", {a(), b()}), call("graph_min_d", {a(), ga(), b(), gb()}));
        break;
      case op::max:
        scalar_is(call("graph_max", {a(), b()}), call("graph_max_d", {a(), ga(), b(), gb()}));
        break;
      case op::neg:
        scalar_is("-" + a(), "-" + ga());
        break;
      case op::abs:
        scalar_is(call("abs", {a()}), call("graph_abs_d", {a(), ga()}));
        break;
      case op::floor:
        scalar_is(call("floor", {a()}), "");
        break;
      case op::clamp:
        scalar_is(call("graph_clamp", {a(), b(), c()}),
                  call("graph_clamp_d", {a(), ga(), b(), gb(), c(), gc()}));
        break;
      case op::mix:
        scalar_is(call("graph_mix", {a(), b(), c()}),
                  call("graph_mix_d", {a(), ga(), b(), gb(), c(), gc()}));
        break;
      case op::select: {
        const std::string threshold = word(&select_words<float>::threshold);
        scalar_is(call("graph_select", {a(), b(), c(), threshold}),
                  call("graph_select_d", {ga(), gb(), c(), threshold}));
        break;
      }
      case op::blend: {
        const std::string lo = word(&step_words<float>::lo), inv = word(&step_words<float>::inv);
        scalar_is(call("graph_blend", {a(), b(), c(), lo, inv}),
                  call("graph_blend_d", {a(), ga(), b(), gb(), c(), gc(), lo, inv}));
        break;
      }
      case op::remap: {
        using w = remap_words<float>;
        const std::string factor = word(&w::factor);
        scalar_is(call("graph_remap", {a(), word(&w::from_lo), factor, word(&w::to_lo)}),
                  call("graph_remap_d", {ga(), factor}));
        break;
      }
      case op::terrace:
        scalar_is(call("graph_terrace",
                       {a(), word(&terrace_words<float>::steps), word(&terrace_words<float>::inv)}),
                  "");
        break;
      case op::curve: {
        const std::string first = word_uint(at(i, &piecewise_words<float>::first));
        scalar_is(call("graph_piecewise", {first, "2", "0", a()}),
                  call("graph_curve_d", {first, a(), ga()}));
        break;
      }
      case op::pingpong:
        scalar_is(call("graph_pingpong", {a(), b()}),
                  call("graph_pingpong_d", {a(), ga(), b(), gb()}));
        break;
      case op::smoothstep: {
        const std::string lo = word(&step_words<float>::lo), inv = word(&step_words<float>::inv);
        scalar_is(call("graph_smoothstep", {a(), lo, inv}),
                  call("graph_smoothstep_d", {a(), ga(), lo, inv}));
        break;
      }
      case op::sqrt:
        scalar_is(call("sqrt", {a()}), call("graph_sqrt_d", {ga(), v}));
        break;
      case op::pow:
        scalar_is(call("pow", {a(), b()}), call("graph_pow_d", {a(), ga(), b(), gb(), v}));
        break;
      case op::sin:
        scalar_is(call("sin", {a()}), call("graph_sin_d", {a(), ga()}));
        break;
      case op::cos:
        scalar_is(call("cos", {a()}), call("graph_cos_d", {a(), ga()}));
        break;
    }
  }

  const graph& g_;
  const layout& l_;
  const bool derivatives_;
  const std::vector<jacobian_form> forms_;
  std::ostringstream out_;
};

}  // namespace

std::string kernel_source(const graph& g, const layout& l) {
  return generator(g, l).source();
}

std::string function_source(const graph& g, const layout& l,
                            const std::vector<permutation_table>& tables, const std::string& name) {
  return generator(g, l).function(tables, name, channel_count(g));
}

}  // namespace vknoise::graph_ir
