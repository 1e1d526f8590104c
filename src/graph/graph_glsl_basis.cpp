// The noise and fractal nodes' statements (graph_glsl_writer.hpp): the basis functions, the
// lattice axes a noise samples, and the fractal loops, with and without gradients; the twin of
// graph_eval_basis.hpp.
#include <algorithm>
#include <string>

#include "graph/graph_glsl_writer.hpp"

namespace vknoise::graph_ir {
namespace {

const char* const component_names[4] = {"x", "y", "z", "w"};
// A simplex noise's coordinates: its axes' whole positions (simplex_axis).
const char* const simplex_axes[4] = {"x.frac", "x.frac, y.frac", "x.frac, y.frac, z.frac",
                                     "x.frac, y.frac, z.frac, w.frac"};

}  // namespace

// The basis noise of noise node i at four lattice axes (its tables selected first).
void kernel_writer::basis_function(int i) {
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
    case noise_kind::simplex:
      out_ << "simplex_noise" << dims << "(" << simplex_axes[dims - 1] << ")";
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
void kernel_writer::dual_basis_function(int i) {
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
  } else if (n.noise.basis == noise_kind::simplex) {
    out_ << "simplex_noise" << dims << "_d(" << simplex_axes[dims - 1] << ")";
  } else if (dims == 4) {
    out_ << "improved_noise4_d(false, x, y, z, w)";
  } else {
    out_ << "improved_noise" << dims << "_d(" << axes[dims - 1] << ")";
  }
  out_ << ";\n}\n\n";
}

// A gradient `d` in the coordinates of `domain`, as one in the position's (the chain rule by
// the domain's Jacobian form: evaluator::chain).
std::string kernel_writer::chained(const std::string& d, int domain) const {
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
void kernel_writer::dual_statement(int i) {
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
  out_ << "  {\n";
  const fractal_loop loop = fractal_parameters(i);
  const int domain = g_.nodes[loop.noise].inputs[0].node;
  out_ << "    precise float sum = 0.0, amp = 1.0, slope = 1.0;\n"
       << "    precise vec4 dsum = vec4(0.0);\n"
       << "    precise float ridge_weight = 1.0, scale = 1.0;\n"
       << "    precise vec4 dridge = vec4(0.0);\n"
       << "    for (uint o = 0u; o < octaves; ++o) {\n";
  const std::string axes = octave_axes(loop);
  out_ << "      dual n = basis_" << loop.noise << "_d(" << axes << ");\n";
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

// The lattice axes of noise node `noise`'s domain at one octave, as an argument list: slot
// expression `slot` (lattice domains), scaled by `factor` and offset by the words from
// `offsets_word` (float domains) where given. The float arithmetic goes into `precise`
// temporaries first (written to `out_` at `indent`), because NoContraction reaches only what
// computes a precise variable, not a function's argument.
std::string kernel_writer::axes_of(int noise, const std::string& slot, const std::string& factor,
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
    // A simplex noise reads its position whole (simplex_axis): moved by adding, never split.
    if (g_.nodes[noise].noise.basis == noise_kind::simplex) {
      list += lattice ? "simplex_moved(" + coord + ", " + t + ")" : "simplex_axis(" + t + ")";
    } else {
      list += lattice ? "displace(" + coord + ", " + t + ")" : "graph_float_axis(" + t + ")";
    }
  }
  return list;
}

// A fractal's words as the loop's locals (fractal_words), and what its octaves sample.
kernel_writer::fractal_loop kernel_writer::fractal_parameters(int i) {
  using w = fractal_words<float>;
  const node& n = g_.nodes[i];
  fractal_loop loop;
  loop.noise = n.inputs[0].node;
  const int domain = g_.nodes[loop.noise].inputs[0].node;
  const bool lattice = l_.form[domain] == domain_form::lattice;
  loop.needs_factor = !lattice || displaced(domain);
  loop.offsets = !lattice && n.fractal.octave_offsets ? at(i, &w::octave_offset) : 0;
  out_ << "    uint octaves = " << word_uint(at(i, &w::octaves)) << ";\n"
       << "    float persistence = " << word_float(at(i, &w::persistence)) << ";\n"
       << "    float lacunarity = " << word_float(at(i, &w::lacunarity)) << ";\n"
       << "    float inv_norm = " << word_float(at(i, &w::inv_norm)) << ";\n";
  if (lattice) out_ << "    uint first_slot = " << word_uint(at(i, &w::first_slot)) << ";\n";
  return loop;
}

// Inside the octave loop: octave o's factor (where the domain needs it) and its axes.
std::string kernel_writer::octave_axes(const fractal_loop& loop) {
  if (loop.needs_factor) out_ << "      float factor = octave_factor(lacunarity, int(o));\n";
  return axes_of(loop.noise, "first_slot + o", loop.needs_factor ? "factor" : "", loop.offsets,
                 "      ");
}

void kernel_writer::fractal_statement(int i) {
  const node& n = g_.nodes[i];
  out_ << "  precise float " << var(i) << ";\n  {\n";
  const fractal_loop loop = fractal_parameters(i);
  out_ << "    precise float sum = 0.0, amp = 1.0;\n"
       << "    float ridge_weight = 1.0;\n"
       << "    for (uint o = 0u; o < octaves; ++o) {\n";
  const std::string axes = octave_axes(loop);
  out_ << "      float n = basis_" << loop.noise << "(int(o), " << axes << ");\n"
       << "      sum = sum + amp * octave_term(" << static_cast<int>(n.fractal.type)
       << ", n, ridge_weight);\n"
       << "      amp = amp * persistence;\n"
       << "    }\n"
       << "    precise float value = sum * inv_norm;\n";
  if (n.fractal.type == fractal_kind::ridged) out_ << "    value = value * 2.0 - 1.0;\n";
  out_ << "    " << var(i) << " = value;\n  }\n";
}

}  // namespace vknoise::graph_ir
