// Writes a graph's kernel (graph_glsl.hpp). Each node becomes one statement (a fractal a loop),
// mirroring evaluator::evaluate in graph_eval.hpp case by case.
#include "graph/graph_glsl.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <sstream>

#include "core/octave_scale.hpp"
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
    constant_arrays(tables);
    out_ << "dvec4 graph_position;  // the function's argument, padded with zeros\n"
         << "#include \"graph_bindings.glsl\"\n"
         << "#include \"octave_term.glsl\"\n\n";
    slot_function();
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

  // The tables and words as arrays initialised with constants: the floats as their bits, so that
  // no decimal literal's rounding stands between the host's value and the shader's. Not `const`:
  // glslang copies a `const` array into function memory at every index that is not constant
  // (SPIR-V "indexable"), which made one 8x8 pass on lavapipe take over 300 s; a global with a
  // constant initializer is read in place. The permutation entries are bytes packed 16 to a
  // uvec4 and a gradient is one uvec4 (permutation.glsl says why).
  void constant_arrays(const std::vector<permutation_table>& tables) {
    const auto list = [&](const char* type, const char* name, const std::vector<std::string>& v,
                          std::size_t per_line) {
      out_ << type << " " << name << "[" << v.size() << "] = " << type << "[](";
      for (std::size_t i = 0; i < v.size(); ++i) {
        out_ << (i % per_line == 0 ? "\n  " : " ") << v[i] << (i + 1 < v.size() ? "," : "");
      }
      out_ << ");\n";
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
    for (const gradient_ref& r : l_.gradients) {
      const auto floats = classic_gradients::from_seed(r.classic_seed).float_table(r.dims);
      for (std::size_t i = 0; i + 4 <= floats.size(); i += 4) {
        const std::uint32_t bits[4] = {std::bit_cast<std::uint32_t>(floats[i]),
                                       std::bit_cast<std::uint32_t>(floats[i + 1]),
                                       std::bit_cast<std::uint32_t>(floats[i + 2]),
                                       std::bit_cast<std::uint32_t>(floats[i + 3])};
        entries.push_back(uvec4_of(bits));
      }
    }
    if (entries.empty()) entries.push_back("uvec4(0u)");  // no classic noise reads it
    list("uvec4", "gradient_bits", entries, 2);
    entries.clear();
    for (const std::uint32_t w : l_.words) entries.push_back(std::to_string(w) + "u");
    if (entries.empty()) entries.push_back("0u");
    list("uint", "graph_words", entries, 8);
  }

  // A double constant, exactly (its two 32-bit halves).
  static std::string exact_double(double d) {
    const auto bits = std::bit_cast<std::uint64_t>(d);
    return "packDouble2x32(uvec2(" + std::to_string(static_cast<std::uint32_t>(bits)) + "u, " +
           std::to_string(static_cast<std::uint32_t>(bits >> 32)) + "u))";
  }
  static std::string exact_doubles(const double (&v)[4]) {
    return "dvec4(" + exact_double(v[0]) + ", " + exact_double(v[1]) + ", " + exact_double(v[2]) +
           ", " + exact_double(v[3]) + ")";
  }

  // graph_slot for the function: slot_coordinate (graph_layout.hpp) in GLSL, in double with the
  // host's operations in the host's order (apply_chain, octave_position without a period,
  // reduce_coordinate modulo 256), so that its cells and fraction are the mirror's.
  void slot_function() {
    out_ << "lattice_axis graph_reduced(double x) {\n"
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
    for (int i = 0; i < l_.slot_count(); ++i) {
      const slot& sl = l_.slots[i];
      out_ << "    case " << i << "u:\n";
      for (const chain_step& step : l_.chains[sl.chain].steps) {
        out_ << "      x = x " << (step.multiply ? "*" : "+") << " " << exact_doubles(step.value)
             << "[axis];\n";
      }
      if (sl.kind == slot_kind::raw) {
        out_ << "      return lattice_axis(0, 0, 0, 0, float(x));\n";
        continue;
      }
      const double scale = detail::octave_scale(sl.octave_spec, sl.octave);
      out_ << "      x = x * " << exact_double(scale) << ";\n";
      if (sl.octave_spec.octave_offsets) {
        double offsets[4];
        for (int a = 0; a < 4; ++a) offsets[a] = sl.octave * octave_offset[a];
        out_ << "      x = x + " << exact_doubles(offsets) << "[axis];\n";
      }
      out_ << "      return graph_reduced(x);\n";
    }
    out_ << "  }\n  return lattice_axis(0, 0, 0, 0, 0.0);\n}\n\n";
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
      if (derivatives_) gradient_statement(static_cast<int>(i));
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
    const std::uint32_t p = params_word(i);
    out_ << "  // " << n.name << " (" << op_name(n.kind) << ", with its gradient)\n"
         << "  precise float " << var(i) << " = 0.0;\n"
         << "  precise vec4 " << grad(i) << " = vec4(0.0);\n";
    if (n.kind == op::noise) {
      if (!l_.direct_use[i]) return;
      const int domain = n.inputs[0].node;
      const bool lattice = l_.form[domain] == domain_form::lattice;
      out_ << "  {\n";
      const std::string axes = axes_of(i, lattice ? word_uint(p) : "0u", "", 0, "    ");
      out_ << "    dual n = basis_" << i << "_d(" << axes << ");\n"
           << "    " << var(i) << " = n.v;\n"
           << "    " << grad(i) << " = " << chained("n.d", domain) << ";\n  }\n";
      return;
    }
    const int noise = n.inputs[0].node;
    const int domain = g_.nodes[noise].inputs[0].node;
    const bool lattice = l_.form[domain] == domain_form::lattice;
    const bool needs_factor = !lattice || displaced(domain);
    const std::uint32_t offsets = !lattice && n.fractal.octave_offsets ? p + 4 : 0;
    out_ << "  {\n"
         << "    uint octaves = " << word_uint(p) << ";\n"
         << "    float persistence = " << word_float(p + 1) << ";\n"
         << "    float lacunarity = " << word_float(p + 2) << ";\n"
         << "    float inv_norm = " << word_float(p + 3) << ";\n";
    if (lattice) out_ << "    uint first_slot = " << word_uint(p + 4) << ";\n";
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

  // With derivatives, every other node's gradient (or Jacobian) after its value: the twin of
  // evaluator::evaluate_d's rules.
  void gradient_statement(int i) {
    const node& n = g_.nodes[i];
    const std::uint32_t p = params_word(i);
    const std::string a = n.inputs.empty() ? "" : scalar(i, 0);
    const std::string b = n.inputs.size() > 1 ? scalar(i, 1) : "";
    const std::string c = n.inputs.size() > 2 ? scalar(i, 2) : "";
    const std::string ga = n.inputs.empty() ? "" : gradient_input(i, 0);
    const std::string gb = n.inputs.size() > 1 ? gradient_input(i, 1) : "";
    const std::string gc = n.inputs.size() > 2 ? gradient_input(i, 2) : "";
    const std::string in = n.inputs.empty() || n.inputs[0].node < 0 ? "" : jac(n.inputs[0].node);
    const auto gradient_is = [&](const std::string& e) {
      out_ << "  precise vec4 " << grad(i) << " = " << e << ";\n";
    };
    const auto jacobian_row = [&](int row, const std::string& e) {
      out_ << "  " << jac(i) << "[" << row << "] = " << e << ";\n";
    };
    if (is_vector(i)) out_ << "  precise mat4 " << jac(i) << " = mat4(0.0);\n";
    switch (n.kind) {
      case op::position:
        for (int r = 0; r < n.width; ++r) {
          out_ << "  " << jac(i) << "[" << r << "][" << r << "] = 1.0;\n";
        }
        break;
      case op::scale:
        for (int r = 0; r < n.width; ++r) {
          jacobian_row(r, in + "[" + std::to_string(r) + "] * " + word_float(p + r));
        }
        break;
      case op::offset:
        out_ << "  " << jac(i) << " = " << in << ";\n";
        break;
      case op::rotate:
        for (int r = 0; r < n.width; ++r) {
          std::string sum;
          for (int k = 0; k < n.width; ++k) {
            if (k > 0) sum += " + ";
            sum += word_float(p + r * n.width + k) + " * " + in + "[" + std::to_string(k) + "]";
          }
          jacobian_row(r, sum);
        }
        break;
      case op::warp:
        for (int r = 0; r < n.width; ++r) {
          jacobian_row(r, in + "[" + std::to_string(r) + "] + " + word_float(p) + " * " +
                              gradient_input(i, 1 + r));
        }
        break;
      case op::combine:
        for (int r = 0; r < n.width; ++r) jacobian_row(r, gradient_input(i, r));
        break;
      case op::ramp:
        for (int r = 0; r < 3; ++r) {
          jacobian_row(r, ga + " * graph_piecewise_slope(" + word_uint(p) + ", 4, " +
                              std::to_string(r) + ", " + a + ")");
        }
        break;
      case op::component:
        gradient_is(in + "[" + std::to_string(static_cast<int>(n.params[0])) + "]");
        break;
      case op::add:
        gradient_is(ga + " + " + gb);
        break;
      case op::sub:
        gradient_is(ga + " - " + gb);
        break;
      case op::mul:
        gradient_is(ga + " * " + b + " + " + a + " * " + gb);
        break;
      case op::div:
        gradient_is(n.inputs[1].node < 0 ? ga + " * " + b
                                         : "(" + ga + " * " + b + " - " + a + " * " + gb + ") / (" +
                                               b + " * " + b + ")");
        break;
      case op::min:
        gradient_is(b + " < " + a + " ? " + gb + " : " + ga);
        break;
      case op::max:
        gradient_is(a + " < " + b + " ? " + gb + " : " + ga);
        break;
      case op::neg:
        gradient_is("-" + ga);
        break;
      case op::abs:
        gradient_is(a + " < 0.0 ? -" + ga + " : " + ga);
        break;
      case op::clamp: {
        const std::string m = "(" + a + " < " + b + " ? " + b + " : " + a + ")";
        const std::string gm = "(" + a + " < " + b + " ? " + gb + " : " + ga + ")";
        gradient_is(c + " < " + m + " ? " + gc + " : " + gm);
        break;
      }
      case op::mix:
        gradient_is(ga + " + (" + gc + " * (" + b + " - " + a + ") + " + c + " * (" + gb + " - " +
                    ga + "))");
        break;
      case op::select:
        gradient_is(c + " < " + word_float(p) + " ? " + ga + " : " + gb);
        break;
      case op::blend: {
        const std::string k = std::to_string(i);
        out_ << "  precise float raw" << k << " = (" << c << " - " << word_float(p) << ") * "
             << word_float(p + 1) << ";\n"
             << "  float m" << k << " = raw" << k << " < 0.0 ? 0.0 : raw" << k << ";\n"
             << "  float s" << k << " = 1.0 < m" << k << " ? 1.0 : m" << k << ";\n"
             << "  precise float t" << k << " = s" << k << " * s" << k << " * (3.0 - 2.0 * s" << k
             << ");\n"
             << "  precise float dt" << k << " = s" << k << " * (6.0 - 6.0 * s" << k << ");\n"
             << "  precise vec4 gm" << k << " = raw" << k << " < 0.0 ? vec4(0.0) : " << gc << " * "
             << word_float(p + 1) << ";\n"
             << "  precise vec4 gt" << k << " = (1.0 < m" << k << " ? vec4(0.0) : gm" << k
             << ") * dt" << k << ";\n";
        gradient_is(ga + " + (gt" + k + " * (" + b + " - " + a + ") + t" + k + " * (" + gb + " - " +
                    ga + "))");
        break;
      }
      case op::remap:
        gradient_is(ga + " * " + word_float(p + 1));
        break;
      case op::curve:
        gradient_is(ga + " * graph_piecewise_slope(" + word_uint(p) + ", 2, 0, " + a + ")");
        break;
      case op::sqrt:
        gradient_is(ga + " * (0.5 / " + var(i) + ")");
        break;
      case op::pow:
        gradient_is(ga + " * (" + b + " * pow(" + a + ", " + b + " - 1.0)) + " + gb + " * (log(" +
                    a + ") * " + var(i) + ")");
        break;
      case op::sin:
        gradient_is(ga + " * cos(" + a + ")");
        break;
      case op::cos:
        gradient_is(ga + " * (-sin(" + a + "))");
        break;
      default:  // constant, floor, terrace: flat
        if (!is_vector(i)) gradient_is("vec4(0.0)");
        break;
    }
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
