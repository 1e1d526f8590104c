// Writes a graph's kernel and function (graph_glsl.hpp, graph_glsl_writer.hpp): the frame, and each
// node's statement, mirroring evaluator::evaluate in graph_eval.hpp case by case.
#include "graph/graph_glsl.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "graph/graph_glsl_function.hpp"
#include "graph/graph_glsl_writer.hpp"
#include "graph/op_table.hpp"

namespace vknoise::graph_ir {

std::string kernel_writer::source() {
  kernel_header();
  body();
  out_ << "\n#include \"graph_main.glsl\"\n";
  return out_.str();
}

// The paste-in function (graph_glsl.hpp's function_source), before preprocessing.
std::string kernel_writer::function(const std::vector<permutation_table>& tables,
                                    const std::string& name, int channels) {
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

void kernel_writer::table_macros() {
  out_ << "#define VKNOISE_GRAPH_TABLES " << std::max<std::size_t>(1, l_.tables.size()) << "\n"
       << "#define VKNOISE_GRAPH_GRADIENT_TABLES " << std::max<std::size_t>(1, l_.gradients.size())
       << "\n"
       << "#define VKNOISE_GRAPH_CHANNELS " << channel_count(g_) << "\n"
       << "#define VKNOISE_GRAPH_VALUES " << std::max(4, channel_count(g_)) << "\n";
}

void kernel_writer::kernel_header() {
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
void kernel_writer::body() {
  for (std::size_t i = 0; i < g_.nodes.size(); ++i) {
    if (g_.nodes[i].kind != op::noise) continue;
    basis_function(static_cast<int>(i));
    // An advected fractal accumulates its octaves' gradients even for values alone.
    if (derivatives_ || advected_noise(static_cast<int>(i))) {
      dual_basis_function(static_cast<int>(i));
    }
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

void kernel_writer::write_channels() {
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

// Node i's value and, with derivatives, its gradient (scalars) or Jacobian (vectors): one case
// per op, each the twins' graph_NAME and graph_NAME_d (evaluator::evaluate's twin).
void kernel_writer::statement(int i) {
  const node& n = g_.nodes[i];
  const std::string v = var(i);
  out_ << "  // " << n.name << " (" << row_of(n.kind).name << ")\n";
  const auto a = [&] { return scalar(i, 0); };
  const auto b = [&] { return scalar(i, 1); };
  const auto ga = [&] { return gradient_input(i, 0); };
  const auto gb = [&] { return gradient_input(i, 1); };
  const auto call = [](const std::string& f, const std::vector<std::string>& args) {
    std::string e = f + "(";
    for (std::size_t k = 0; k < args.size(); ++k) e += (k > 0 ? ", " : "") + args[k];
    return e + ")";
  };
  // A scalar's value and gradient (empty: flat), a vector's value and Jacobian.
  const auto scalar_is = [&](const std::string& e, const std::string& rule) {
    out_ << "  precise float " << v << " = " << e << ";\n";
    if (derivatives_) {
      out_ << "  precise vec4 " << grad(i) << " = " << (rule.empty() ? "vec4(0.0)" : rule) << ";\n";
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
        out_ << "    " << v << " = basis_" << i << "(0, " << axes << cellular_periods(i, -1, "")
             << flow_angle(i, "1.0", "0") << ");\n  }\n";
      }
      break;
    case op::fractal:
      fractal_statement(i);
      break;
    case op::div:
      // By a constant: multiplication by its float reciprocal (the constant's word).
      if (n.inputs[1].node < 0) {
        scalar_is(call("graph_mul", {a(), b()}), call("graph_div_by_constant_d", {ga(), b()}));
      } else {
        scalar_is(a() + " / " + b(), call("graph_div_d", {a(), ga(), b(), gb()}));
      }
      break;
    case op::curve: {
      const std::string first = word_uint(at(i, &piecewise_words<float>::first));
      scalar_is(call("graph_piecewise", {first, "2", "0", a()}),
                call("graph_curve_d", {first, a(), ga()}));
      break;
    }
    default: {  // a pointwise op (op_list.hpp): its twins on its inputs and its words in order
      const op_row& row = row_of(n.kind);
      std::vector<std::string> args, derivative_args;
      for (std::size_t k = 0; k < row.scalar_inputs(); ++k) {
        args.push_back(scalar(i, static_cast<int>(k)));
        derivative_args.push_back(args.back());
        derivative_args.push_back(gradient_input(i, static_cast<int>(k)));
      }
      for (std::size_t k = 0; k < row.words; ++k) {
        args.push_back(word_float(l_.node_params[i] + static_cast<std::uint32_t>(k)));
        derivative_args.push_back(args.back());
      }
      const std::string name = "graph_" + std::string(row.name);
      scalar_is(call(name, args), call(name + "_d", derivative_args));
      break;
    }
  }
}

std::string kernel_source(const graph& g, const layout& l) {
  return kernel_writer(g, l).source();
}

std::string function_source(const graph& g, const layout& l,
                            const std::vector<permutation_table>& tables, const std::string& name) {
  return kernel_writer(g, l).function(tables, name, channel_count(g));
}

}  // namespace vknoise::graph_ir
