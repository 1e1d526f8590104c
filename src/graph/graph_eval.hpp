// One sample of a graph, in double (the reference, from the position) and in float (the mirror,
// from the slots' host-reduced coordinates and the layout's words): the CPU twin of the kernel
// graph_glsl.cpp generates. Both walk the nodes in order, each node's value (and, with
// derivatives, its gradient) from the twins of graph_ops.hpp under the op's name, its noise and
// fractal nodes from graph_eval_basis.hpp; the mirror performs the kernel's float operations in
// the kernel's order.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "graph/graph_eval_basis.hpp"

namespace vknoise::graph_ir {

template <class real>
class evaluator : private basis_sampler<real> {
  using base = basis_sampler<real>;
  using grad = detail::graph_ops::grad4<real>;
  using jacobian = detail::graph_ops::jacobian4<real>;
  using base::g_;
  using base::in_;
  using base::l_;
  using base::reference;
  using base::scalar;
  using base::values_;
  using base::word;
  using typename base::value;

 public:
  evaluator(const graph& g, const layout& l, const permutation_table& field_table)
      : base(g, l, field_table), derivatives_(g.mode != output_mode::values) {
    if (derivatives_) {
      grads_.resize(g.nodes.size());
      forms_ = jacobian_forms(g);
    }
  }

  // Writes the graph's channels at one sample (channel_count(graph): graph_ir.hpp).
  void sample(const sample_input& in, real* out) {
    in_ = in;
    for (std::size_t i = 0; i < g_.nodes.size(); ++i) evaluate(static_cast<int>(i));
    if (derivatives_) {
      write_derivatives(out);
      return;
    }
    for (std::size_t c = 0; c < g_.outputs.size(); ++c) {
      const output& o = g_.outputs[c];
      out[c] = values_[o.node].v[o.component < 0 ? 0 : o.component];
    }
  }

 private:
  // Input k's gradient: its node's, or none for a constant.
  grad gradient(int i, int k) const {
    const int from = g_.nodes[i].inputs[k].node;
    return from >= 0 ? grads_[from].row[0] : grad{};
  }

  const value& vec(int i, int k) const { return values_[g_.nodes[i].inputs[k].node]; }
  const jacobian& jacobian_of_input(int i) const { return grads_[g_.nodes[i].inputs[0].node]; }
  domain_form form_of_input(int i, int k) const { return l_.form[g_.nodes[i].inputs[k].node]; }
  bool displaced(int i) const {
    return l_.node_chain[i] >= 0 && l_.chains[l_.node_chain[i]].displaced;
  }

  // A lattice domain's components as floats, read from raw slot `s` (mirror).
  value materialise(int domain, std::uint32_t s) const {
    value out;
    for (int a = 0; a < g_.nodes[domain].width; ++a) {
      const real raw = in_.coords[s * 4 + a].frac;
      out.v[a] = displaced(domain) ? raw + values_[domain].v[a] : raw;
    }
    return out;
  }

  struct piecewise {
    int count = 0;
    std::vector<real> stops, inv;
  };
  // A curve's or ramp's stops and reciprocals: from the parameters in double (the reference), from
  // the variable words in float (the mirror).
  piecewise piecewise_of(int i, int stride) const {
    const node& n = g_.nodes[i];
    piecewise pw;
    pw.count = static_cast<int>(n.params.size()) / stride;
    if constexpr (reference) {
      pw.stops.assign(n.params.begin(), n.params.end());
      for (int k = 0; k + 1 < pw.count; ++k) {
        pw.inv.push_back(1.0 / (n.params[(k + 1) * stride] - n.params[k * stride]));
      }
    } else {
      const std::uint32_t stops = this->template words_of<piecewise_words>(i).first + 1;
      for (int k = 0; k < pw.count * stride; ++k) pw.stops.push_back(word(stops + k));
      for (int k = 0; k + 1 < pw.count; ++k) pw.inv.push_back(word(stops + pw.count * stride + k));
    }
    return pw;
  }

  // G, a gradient in the coordinates of `domain`, as one in the position's.
  grad chain(const real* G, int domain) const {
    const jacobian& J = grads_[domain];
    const int width = g_.nodes[domain].width;
    grad out;
    for (int b = 0; b < g_.dims; ++b) {
      if (forms_[domain] == jacobian_form::identity) {
        out.d[b] = G[b];
      } else if (forms_[domain] == jacobian_form::diagonal) {
        out.d[b] = G[b] * J.row[b].d[b];
      } else {
        real sum = G[0] * J.row[0].d[b];
        for (int c = 1; c < width; ++c) sum = sum + G[c] * J.row[c].d[b];
        out.d[b] = sum;
      }
    }
    return out;
  }

  // Node i's value and, with derivatives, its gradient (scalars) or Jacobian (vectors): one case
  // per op, each the twins' graph_NAME and graph_NAME_d.
  void evaluate(int i) {
    namespace ops = detail::graph_ops;
    const node& n = g_.nodes[i];
    value& out = values_[i];
    jacobian* J = derivatives_ ? &grads_[i] : nullptr;
    if (J) *J = jacobian{};
    const auto a = [&] { return scalar(i, 0); };
    const auto b = [&] { return scalar(i, 1); };
    const auto ga = [&] { return gradient(i, 0); };
    const auto gb = [&] { return gradient(i, 1); };
    // A scalar's value, and its gradient when derivatives are on.
    const auto is = [&](real v, auto&& rule) {
      out.v[0] = v;
      if (J) J->row[0] = rule();
    };
    switch (n.kind) {
      case op::position:
        if constexpr (reference) {
          for (int k = 0; k < n.width; ++k) out.v[k] = in_.position[k];
        }
        if (J) {
          for (int k = 0; k < n.width; ++k) J->row[k].d[k] = real(1);
        }
        break;
      case op::scale: {
        const scale_words<real> w = this->template words_of<scale_words>(i);
        // A lattice domain's chain is applied on the host; its displacement scales here.
        const bool host_chain = !reference && l_.form[i] == domain_form::lattice && !displaced(i);
        for (int k = 0; k < n.width; ++k) {
          out.v[k] = host_chain ? real(0) : vec(i, 0).v[k] * w.factor[k];
        }
        if (J) *J = ops::graph_scale_d(jacobian_of_input(i), w.factor);
        break;
      }
      case op::offset: {
        const offset_words<real> w = this->template words_of<offset_words>(i);
        const bool host_chain = !reference && l_.form[i] == domain_form::lattice;
        for (int k = 0; k < n.width; ++k) {
          out.v[k] = host_chain ? vec(i, 0).v[k] : vec(i, 0).v[k] + w.by[k];
        }
        if (J) *J = jacobian_of_input(i);
        break;
      }
      case op::rotate: {
        const rotate_words<real> w = this->template words_of<rotate_words>(i);
        value v = vec(i, 0);
        if constexpr (!reference) {
          if (form_of_input(i, 0) == domain_form::lattice) {
            v = materialise(n.inputs[0].node, w.raw_slot);
          }
        }
        ops::graph_rotate(w.matrix, n.width, v.v, out.v);
        if (J) *J = ops::graph_rotate_d(w.matrix, n.width, jacobian_of_input(i));
        break;
      }
      case op::warp: {
        const real amplitude = this->template words_of<warp_words>(i).amplitude;
        const bool first_displacement = !reference && form_of_input(i, 0) == domain_form::lattice &&
                                        !displaced(n.inputs[0].node);
        jacobian by;
        for (int k = 0; k < n.width; ++k) {
          const real delta = amplitude * scalar(i, 1 + k);
          out.v[k] = first_displacement ? delta : vec(i, 0).v[k] + delta;
          if (J) by.row[k] = gradient(i, 1 + k);
        }
        if (J) *J = ops::graph_warp_d(jacobian_of_input(i), amplitude, by);
        break;
      }
      case op::combine:
        for (int k = 0; k < n.width; ++k) {
          out.v[k] = scalar(i, k);
          if (J) J->row[k] = gradient(i, k);
        }
        break;
      case op::ramp: {
        const piecewise pw = piecewise_of(i, 4);
        for (int k = 0; k < 3; ++k) {
          out.v[k] = ops::graph_piecewise(pw.stops.data(), pw.inv.data(), pw.count, 4, k, a());
        }
        if (J) *J = ops::graph_ramp_d(pw.stops.data(), pw.inv.data(), pw.count, a(), ga());
        break;
      }
      case op::constant:
        out.v[0] = this->template words_of<constant_words>(i).value;
        break;
      case op::component: {
        const component_words<real> w = this->template words_of<component_words>(i);
        const int axis = static_cast<int>(n.params[0]);
        if (!reference && form_of_input(i, 0) == domain_form::lattice) {
          out.v[0] = materialise(n.inputs[0].node, w.raw_slot).v[axis];
        } else {
          out.v[0] = vec(i, 0).v[axis];
        }
        if (J) J->row[0] = ops::graph_component_d(jacobian_of_input(i), axis);
        break;
      }
      case op::noise:
        noise(i);
        break;
      case op::fractal:
        if (J) {
          const detail::dual<real> r = this->fractal_d(i);
          out.v[0] = r.v;
          J->row[0] = chain(r.d, g_.nodes[n.inputs[0].node].inputs[0].node);
        } else {
          out.v[0] = this->fractal(i);
        }
        break;
      case op::div:
        // By a constant: multiplication by the float reciprocal (its word) in the mirror.
        if (!reference && n.inputs[1].node < 0) {
          is(ops::graph_mul(a(), b()), [&] { return ops::graph_div_by_constant_d(ga(), b()); });
        } else {
          is(a() / b(), [&] { return ops::graph_div_d(a(), ga(), b(), gb()); });
        }
        break;
      case op::curve: {
        const piecewise pw = piecewise_of(i, 2);
        is(ops::graph_piecewise(pw.stops.data(), pw.inv.data(), pw.count, 2, 0, a()),
           [&] { return ops::graph_curve_d(pw.stops.data(), pw.inv.data(), pw.count, a(), ga()); });
        break;
      }
#define VKNOISE_EVAL_POINTWISE(id, ...)                       \
  case op::id:                                                \
    pointwise<op::id>(                                        \
        i, [](auto... x) { return ops::graph_##id(x...); },   \
        [](auto... x) { return ops::graph_##id##_d(x...); }); \
    break;
        VKNOISE_GRAPH_OPS(VKNOISE_GRAPH_OP_SKIP, VKNOISE_EVAL_POINTWISE)
#undef VKNOISE_EVAL_POINTWISE
    }
  }

  // A pointwise op (op_list.hpp): value(inputs.., words..) and, with derivatives,
  // derivative(input_0, gradient_0, .., words..), its words in double for the reference and the
  // layout's floats for the mirror.
  template <op kind, class Value, class Derivative>
  void pointwise(int i, Value&& value, Derivative&& derivative) {
    constexpr std::size_t inputs = row_of(kind).scalar_inputs();
    constexpr std::size_t words = row_of(kind).words;
    std::array<real, words> w{};
    if constexpr (words > 0) {
      if constexpr (reference) {
        double in_double[max_pointwise_words];
        row_of(kind).in_double(g_.nodes[i], in_double);
        std::copy(in_double, in_double + words, w.begin());
      } else {
        for (std::size_t k = 0; k < words; ++k) w[k] = word(l_.node_params[i] + k);
      }
    }
    [&]<std::size_t... I, std::size_t... W>(std::index_sequence<I...>, std::index_sequence<W...>) {
      values_[i].v[0] = value(scalar(i, I)..., w[W]...);
      if (derivatives_) {
        grads_[i].row[0] = std::apply(
            derivative, std::tuple_cat(std::tuple<real, grad>(scalar(i, I), gradient(i, I))...,
                                       std::make_tuple(w[W]...)));
      }
    }
    (std::make_index_sequence<inputs>{}, std::make_index_sequence<words>{});
  }

  // A noise node read other than by fractals (which sample it themselves): its value, and with
  // derivatives its gradient from the basis's gradient form.
  void noise(int i) {
    if (!l_.direct_use[i]) return;
    const node& n = g_.nodes[i];
    typename base::octave_spec spec;
    std::uint32_t slot = 0;
    spec.period = n.noise.period;  // the reference's octave_position, cellular's periods
    if constexpr (!reference) {
      if (form_of_input(i, 0) == domain_form::lattice)
        slot = this->template words_of<noise_words>(i).slot;
    }
    if (!derivatives_) {
      values_[i].v[0] = this->sample_noise(i, 0, slot, spec, false);
      return;
    }
    const typename base::noise_axes x = this->axes_of(i, 0, slot, spec, false);
    const detail::dual<real> r =
        detail::basis_noise_d(this->basis_of(i, spec), 0, x.a[0], x.a[1], x.a[2], x.a[3]);
    values_[i].v[0] = r.v;
    grads_[i].row[0] = chain(r.d, n.inputs[0].node);
  }

  // Each output's value and gradient, or the curl of the three.
  void write_derivatives(real* out) const {
    const int dims = g_.dims;
    const auto gradient_of = [&](const output& o) {
      return grads_[o.node].row[std::max(0, o.component)].d;
    };
    if (g_.mode == output_mode::curl) {
      const real* f1 = gradient_of(g_.outputs[0]);
      const real* f2 = gradient_of(g_.outputs[1]);
      const real* f3 = gradient_of(g_.outputs[2]);
      out[0] = f3[1] - f2[2];
      out[1] = f1[2] - f3[0];
      out[2] = f2[0] - f1[1];
      return;
    }
    std::size_t k = 0;
    for (const output& o : g_.outputs) {
      out[k++] = values_[o.node].v[std::max(0, o.component)];
      const real* g = gradient_of(o);
      for (int b = 0; b < dims; ++b) out[k++] = g[b];
    }
  }

  const bool derivatives_;
  std::vector<jacobian> grads_;       // with derivatives only
  std::vector<jacobian_form> forms_;  // with derivatives only
};

}  // namespace vknoise::graph_ir
