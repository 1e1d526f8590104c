// The noise and fractal nodes' statements (graph_glsl_writer.hpp): the basis functions, the
// lattice axes a noise samples, and the fractal loops, with and without gradients; the twin of
// graph_eval_basis.hpp.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "core/basis.hpp"
#include "graph/graph_glsl_writer.hpp"
#include "graph/lower_noise.hpp"

namespace vknoise::graph_ir {
namespace {

const char* const component_names[4] = {"x", "y", "z", "w"};
// A simplex noise's coordinates: its axes' whole positions (simplex_axis).
const char* const simplex_axes[4] = {"x.frac", "x.frac, y.frac", "x.frac, y.frac, z.frac",
                                     "x.frac, y.frac, z.frac, w.frac"};

// A cellular noise's dims, distance, return and jitter as cellular_noise's first arguments: the
// enums' values, and the jitter's float as its bits (no decimal literal's rounding between).
std::string cellular_settings(const noise_params& p, int dims) {
  return std::to_string(dims) + ", " + std::to_string(static_cast<int>(p.distance)) + ", " +
         std::to_string(static_cast<int>(p.returns)) + ", uintBitsToFloat(" +
         std::to_string(std::bit_cast<std::uint32_t>(static_cast<float>(p.jitter))) + "u)";
}

// The parameters a basis function takes after its four axes: a cellular noise's periods, a flow
// noise's periods and its octave's angle.
const char* basis_extra_parameters(noise_kind basis) {
  if (basis == noise_kind::cellular) return ", uvec4 period";
  if (basis == noise_kind::flow) return ", uvec4 period, float angle";
  return "";
}

// flow_noise2's or flow_noise3's arguments in a basis function: the whole positions, the periods
// as flow_noise takes them (0 on an axis without one: flow_octave_periods in core/basis.hpp),
// and the octave's angle.
std::string flow_arguments(const noise_params& p, int dims) {
  static const char* const components[4] = {"x", "y", "z", "w"};
  std::string position = dims == 2 ? "vec2(x.frac, y.frac)" : "vec3(x.frac, y.frac, z.frac)";
  std::string period = dims == 2 ? "ivec2(" : "ivec3(";
  for (int a = 0; a < dims; ++a) {
    period +=
        (a > 0 ? ", " : "") +
        (p.period[a] == 0 ? std::string("0") : "int(period." + std::string(components[a]) + ")");
  }
  return position + ", " + period + "), angle";
}

}  // namespace

// The basis noise of noise node i at four lattice axes (its tables selected first).
void kernel_writer::basis_function(int i) {
  const node& n = g_.nodes[i];
  const int dims = g_.nodes[n.inputs[0].node].width;
  const int table = std::max(0, l_.node_table[i]);
  const int gradient = std::max(0, l_.node_gradient[i]);
  out_ << "// " << n.name << "\n"
       << "float basis_" << i
       << "(int octave, lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w"
       << basis_extra_parameters(n.noise.basis) << ") {\n"
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
    case noise_kind::cellular:
      out_ << "cellular_noise(" << cellular_settings(n.noise, dims) << ", x, y, z, w, period)";
      break;
    case noise_kind::flow:
      out_ << "flow_noise" << dims << "(" << flow_arguments(n.noise, dims) << ")";
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
  out_ << "dual basis_" << i << "_d(lattice_axis x, lattice_axis y, lattice_axis z, lattice_axis w"
       << basis_extra_parameters(n.noise.basis) << ") {\n"
       << "  graph_table_base = " << std::max(0, l_.node_table[i]) * 512 << ";\n"
       << "  graph_gradient_base = " << std::max(0, l_.node_gradient[i]) * 256 << ";\n  return ";
  if (n.noise.basis == noise_kind::improved4_balanced) {
    out_ << "improved_noise4_d(true, x, y, z, w)";
  } else if (n.noise.basis == noise_kind::classic) {
    out_ << "classic_noise" << dims << "_d(" << axes[dims - 1] << ")";
  } else if (n.noise.basis == noise_kind::simplex) {
    out_ << "simplex_noise" << dims << "_d(" << simplex_axes[dims - 1] << ")";
  } else if (n.noise.basis == noise_kind::cellular) {
    out_ << "cellular_noise_d(" << cellular_settings(n.noise, dims) << ", x, y, z, w, period)";
  } else if (n.noise.basis == noise_kind::flow) {
    out_ << "flow_noise" << dims << "_d(" << flow_arguments(n.noise, dims) << ")";
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
    out_ << "    dual n = basis_" << i << "_d(" << axes << cellular_periods(i, -1, "")
         << flow_angle(i, "1.0", "0") << ");\n"
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
    // Simplex and flow noise read their positions whole (whole_axis): moved by adding, never
    // split.
    if (detail::reads_whole_position(g_.nodes[noise].noise.basis)) {
      list += lattice ? "whole_moved(" + coord + ", " + t + ")" : "whole_axis(" + t + ")";
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
  loop.fractal = i;
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
                 "      ") +
         cellular_periods(loop.noise, loop.fractal, "int(o)") +
         flow_angle(loop.noise, "lacunarity", "int(o)");
}

std::string kernel_writer::flow_angle(int noise, const std::string& lacunarity,
                                      const std::string& octave) const {
  if (g_.nodes[noise].noise.basis != noise_kind::flow) return "";
  return ", flow_octave_angle(" + scalar(noise, 1) + ", " + lacunarity + ", " + octave + ")";
}

bool kernel_writer::advected_noise(int i) const {
  for (const node& n : g_.nodes) {
    if (n.kind == op::fractal && n.inputs[0].node == i && n.fractal.advection != 0) return true;
  }
  return false;
}

std::string kernel_writer::cellular_periods(int noise, int fractal,
                                            const std::string& octave) const {
  const noise_params& p = g_.nodes[noise].noise;
  if (p.basis != noise_kind::cellular && p.basis != noise_kind::flow) return "";
  noise_spec spec = noise_spec_of(p, fractal >= 0 ? &g_.nodes[fractal].fractal : nullptr);
  detail::basis_setup<float> b{};
  detail::set_cellular_periods(b, spec);
  std::string list = ", cellular_octave_periods(uvec4(";
  for (int a = 0; a < 4; ++a) list += (a > 0 ? ", " : "") + std::to_string(b.period[a]) + "u";
  return list + "), " + std::to_string(b.lacunarity) + "u, " + (fractal >= 0 ? octave : "0") + ")";
}

void kernel_writer::fractal_statement(int i) {
  const node& n = g_.nodes[i];
  out_ << "  precise float " << var(i) << ";\n  {\n";
  const fractal_loop loop = fractal_parameters(i);
  if (n.fractal.advection != 0) {
    // Flow noise's pseudo-advection: fractal.hpp's advected_sum, operation for operation.
    const int dims = g_.nodes[g_.nodes[loop.noise].inputs[0].node].width;
    out_ << "    float advection = " << word_float(at(i, &fractal_words<float>::advection)) << ";\n"
         << "    precise float sum = 0.0, amp = 1.0;\n"
         << "    precise vec4 G = vec4(0.0);\n"
         << "    for (uint o = 0u; o < octaves; ++o) {\n";
    if (loop.needs_factor) out_ << "      float factor = octave_factor(lacunarity, int(o));\n";
    const std::string axes = axes_of(loop.noise, "first_slot + o",
                                     loop.needs_factor ? "factor" : "", loop.offsets, "      ");
    out_ << "      lattice_axis ax[4] = lattice_axis[4](" << axes << ");\n"
         << "      precise vec4 shift = -(advection * G);\n"
         << "      for (int a = 0; a < " << dims << "; ++a) ax[a] = whole_moved(ax[a], shift[a]);\n"
         << "      dual n = basis_" << loop.noise << "_d(ax[0], ax[1], ax[2], ax[3]"
         << cellular_periods(loop.noise, loop.fractal, "int(o)")
         << flow_angle(loop.noise, "lacunarity", "int(o)") << ");\n"
         << "      sum = sum + amp * n.v;\n"
         << "      G = G + amp * n.d;\n"
         << "      amp = amp * persistence;\n"
         << "    }\n"
         << "    precise float value = sum * inv_norm;\n"
         << "    " << var(i) << " = value;\n  }\n";
    return;
  }
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
