// One sample of a graph, in double (the reference, from the position) and in float (the mirror,
// from the slots' host-reduced coordinates and the layout's words): the CPU twin of the kernel
// graph_glsl.cpp generates. Both walk the nodes in order, with the noise functions, the fractal
// sum and the warp's displacement of src/core and the shaping of graph_ops.hpp; the mirror
// performs the kernel's float operations in the kernel's order.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/basis.hpp"
#include "core/fractal.hpp"
#include "core/lattice.hpp"
#include "core/octave_scale.hpp"
#include "core/warp.hpp"
#include "graph/graph_ir.hpp"
#include "graph/graph_layout.hpp"
#include "graph/graph_ops.hpp"
#include "vknoise/classic_gradients.hpp"

namespace vknoise::graph_ir {

// What one sample reads: the reference its position (graph dims doubles), the mirror its slots'
// coordinates (slot s, axis a at coords[s * 4 + a]).
struct sample_input {
  const double* position = nullptr;
  const lattice_coord* coords = nullptr;
};

template <class real>
class evaluator {
 public:
  static constexpr bool reference = std::is_same_v<real, double>;

  evaluator(const graph& g, const layout& l, const permutation_table& field_table)
      : g_(g), l_(l), tables_(resolve_tables(l, field_table)), values_(g.nodes.size()) {
    for (const gradient_ref& ref : l.gradients) {
      const classic_gradients gradients = classic_gradients::from_seed(ref.classic_seed);
      std::array<real, 1024> flat{};
      if constexpr (reference) {
        for (int i = 0; i < 256; ++i) {
          for (int k = 0; k < 4; ++k) flat[4 * i + k] = gradients.table(ref.dims)[i][k];
        }
      } else {
        flat = gradients.float_table(ref.dims);
      }
      gradients_.push_back(flat);
    }
    if (g.mode != output_mode::values) {
      grads_.resize(g.nodes.size());
      forms_ = jacobian_forms(g);
    }
  }

  // Writes the graph's channels at one sample (channel_count(graph): graph_ir.hpp).
  void sample(const sample_input& in, real* out) {
    in_ = in;
    if (g_.mode != output_mode::values) {
      for (std::size_t i = 0; i < g_.nodes.size(); ++i) evaluate_d(static_cast<int>(i));
      write_derivatives(out);
      return;
    }
    for (std::size_t i = 0; i < g_.nodes.size(); ++i) evaluate(static_cast<int>(i));
    for (std::size_t c = 0; c < g_.outputs.size(); ++c) {
      const output& o = g_.outputs[c];
      out[c] = values_[o.node].v[o.component < 0 ? 0 : o.component];
    }
  }

 private:
  struct value {
    // A scalar in v[0]; a vector's components; a lattice domain's position (reference) or its
    // float displacement (mirror, when displaced).
    real v[4] = {real(0), real(0), real(0), real(0)};
  };

  real word(std::uint32_t index) const { return std::bit_cast<float>(l_.words[index]); }
  std::uint32_t word_uint(std::uint32_t index) const { return l_.words[index]; }

  // The node's words after its constant inputs: its parameters.
  std::uint32_t params_word(int i) const {
    std::uint32_t w = l_.node_base[i];
    for (const input& in : g_.nodes[i].inputs) w += in.node < 0 ? 1 : 0;
    return w;
  }

  // Input k of node i as a scalar: the node's value, or the constant (its word in the mirror).
  real scalar(int i, int k) const {
    const node& n = g_.nodes[i];
    const input& in = n.inputs[k];
    if (in.node >= 0) return values_[in.node].v[0];
    if constexpr (reference) {
      return in.constant;
    } else {
      std::uint32_t w = l_.node_base[i];
      for (int j = 0; j < k; ++j) w += n.inputs[j].node < 0 ? 1 : 0;
      return word(w);
    }
  }

  const value& vec(int i, int k) const { return values_[g_.nodes[i].inputs[k].node]; }
  domain_form form_of_input(int i, int k) const { return l_.form[g_.nodes[i].inputs[k].node]; }

  // A lattice domain's components as floats, read from raw slot `s` (mirror).
  value materialise(int domain, std::uint32_t s) const {
    value out;
    const bool displaced = l_.chains[l_.node_chain[domain]].displaced;
    for (int a = 0; a < g_.nodes[domain].width; ++a) {
      const real raw = in_.coords[s * 4 + a].frac;
      out.v[a] = displaced ? raw + values_[domain].v[a] : raw;
    }
    return out;
  }

  struct octave_spec : noise_spec {
    float lacunarity_f = 2.0f;  // the mirror's float lacunarity (a word)
  };

  struct noise_axes {
    detail::lattice_axis<real> a[4] = {};
  };

  // The lattice axes node `noise_node` samples at octave o of a fractal (in_fractal) or by
  // itself: its lattice domain's coordinates from slot s + o (mirror), the octave's scale and
  // offsets from `spec`; a float domain's octave scaled and offset in float.
  noise_axes axes_of(int noise_node, int octave, std::uint32_t s, const octave_spec& spec,
                     std::uint32_t offsets_word, bool in_fractal) const {
    const node& n = g_.nodes[noise_node];
    const int domain = n.inputs[0].node;
    const int dims = g_.nodes[domain].width;
    const value& d = values_[domain];
    noise_axes result;
    detail::lattice_axis<real>* axes = result.a;
    for (int a = 0; a < dims; ++a) {
      if constexpr (reference) {
        axes[a] = detail::split_axis(octave_position(spec, a, octave, d.v[a]),
                                     octave_period(spec, a, octave));
      } else if (l_.form[domain] == domain_form::lattice) {
        const lattice_coord& c = in_.coords[(s + octave) * 4 + a];
        axes[a] = detail::to_axis(c, c.frac);
        if (l_.chains[l_.node_chain[domain]].displaced) {
          const real factor = detail::octave_factor(real(spec.lacunarity_f), octave);
          axes[a] = detail::displace(axes[a], d.v[a] * factor);
        }
      } else {
        real x = d.v[a];
        if (in_fractal) {
          x = x * detail::octave_factor(real(spec.lacunarity_f), octave);
          if (spec.octave_offsets) x = x + real(octave) * word(offsets_word + a);
        }
        axes[a] = detail::graph_ops::graph_float_axis(x);
      }
    }
    return result;
  }

  detail::basis_setup<real> basis_of(int noise_node) const {
    const node& n = g_.nodes[noise_node];
    const int dims = g_.nodes[n.inputs[0].node].width;
    const int table = l_.node_table[noise_node];
    const int gradient = l_.node_gradient[noise_node];
    const detail::basis_setup<real> basis{n.noise.basis,
                                          dims,
                                          table >= 0 ? tables_[table].doubled().data() : nullptr,
                                          gradient >= 0 ? gradients_[gradient].data() : nullptr,
                                          n.noise.value_smooth,
                                          static_cast<int>(n.noise.interpolation)};
    return basis;
  }

  real sample_noise(int noise_node, int octave, std::uint32_t s, const octave_spec& spec,
                    std::uint32_t offsets_word, bool in_fractal) const {
    const noise_axes x = axes_of(noise_node, octave, s, spec, offsets_word, in_fractal);
    return detail::basis_noise(basis_of(noise_node), octave, x.a[0], x.a[1], x.a[2], x.a[3]);
  }

  void evaluate(int i) {
    const node& n = g_.nodes[i];
    value& out = values_[i];
    const std::uint32_t p = params_word(i);
    // Parameter j of the node: its double in the reference, its float word in the mirror.
    const auto param = [&](int j) -> real {
      if constexpr (reference) {
        return n.params[j];
      } else {
        return word(p + j);
      }
    };
    const auto a = [&] { return scalar(i, 0); };
    const auto b = [&] { return scalar(i, 1); };
    switch (n.kind) {
      case op::position:
        if constexpr (reference) {
          for (int c = 0; c < n.width; ++c) out.v[c] = in_.position[c];
        }
        break;
      case op::scale:
      case op::offset: {
        const value& v = vec(i, 0);
        const bool lattice = l_.form[i] == domain_form::lattice;
        for (int c = 0; c < n.width; ++c) {
          if (n.kind == op::scale) {
            // A lattice domain's chain is applied on the host; its displacement scales here.
            out.v[c] = (!reference && lattice && !displaced(i)) ? real(0) : v.v[c] * param(c);
          } else {
            out.v[c] = (!reference && lattice) ? v.v[c] : v.v[c] + param(c);
          }
        }
        break;
      }
      case op::rotate: {
        value v = vec(i, 0);
        if constexpr (!reference) {
          if (form_of_input(i, 0) == domain_form::lattice) {
            v = materialise(n.inputs[0].node, word_uint(p + n.width * n.width));
          }
        }
        real matrix[16];
        for (int j = 0; j < n.width * n.width; ++j) matrix[j] = param(j);
        detail::graph_ops::graph_rotate(matrix, n.width, v.v, out.v);
        break;
      }
      case op::warp: {
        const value& v = vec(i, 0);
        const real amplitude = param(0);
        const bool first_displacement = !reference && form_of_input(i, 0) == domain_form::lattice &&
                                        !displaced(n.inputs[0].node);
        for (int c = 0; c < n.width; ++c) {
          const real delta = amplitude * scalar(i, 1 + c);
          out.v[c] = first_displacement ? delta : v.v[c] + delta;
        }
        break;
      }
      case op::combine:
        for (int c = 0; c < n.width; ++c) out.v[c] = scalar(i, c);
        break;
      case op::ramp: {
        const real x = a();
        const piecewise pw = piecewise_of(i, p, 4);
        for (int c = 0; c < 3; ++c) {
          out.v[c] =
              detail::graph_ops::graph_piecewise(pw.stops.data(), pw.inv.data(), pw.count, 4, c, x);
        }
        break;
      }
      case op::constant:
        out.v[0] = param(0);
        break;
      case op::component: {
        const int axis = static_cast<int>(n.params[0]);
        if (!reference && form_of_input(i, 0) == domain_form::lattice) {
          out.v[0] = materialise(n.inputs[0].node, word_uint(p)).v[axis];
        } else {
          out.v[0] = vec(i, 0).v[axis];
        }
        break;
      }
      case op::noise: {
        if (!l_.direct_use[i]) break;  // read only by fractals, which sample it themselves
        if constexpr (reference) {
          octave_spec spec;
          spec.period = n.noise.period;
          out.v[0] = sample_noise(i, 0, 0, spec, 0, false);
        } else {
          const bool lattice = form_of_input(i, 0) == domain_form::lattice;
          out.v[0] = sample_noise(i, 0, lattice ? word_uint(p) : 0, octave_spec{}, 0, false);
        }
        break;
      }
      case op::fractal:
        out.v[0] = fractal(i, p);
        break;
      case op::add:
        out.v[0] = a() + b();
        break;
      case op::sub:
        out.v[0] = a() - b();
        break;
      case op::mul:
        out.v[0] = a() * b();
        break;
      case op::div:
        // By a constant: multiplication by the float reciprocal (its word) in the mirror.
        if (!reference && n.inputs[1].node < 0) {
          out.v[0] = a() * b();
        } else {
          out.v[0] = a() / b();
        }
        break;
      case op::min:
        out.v[0] = std::min(a(), b());
        break;
      case op::max:
        out.v[0] = std::max(a(), b());
        break;
      case op::neg:
        out.v[0] = -a();
        break;
      case op::abs:
        out.v[0] = std::fabs(a());
        break;
      case op::floor:
        out.v[0] = std::floor(a());
        break;
      case op::clamp:
        out.v[0] = detail::graph_ops::graph_clamp(a(), b(), scalar(i, 2));
        break;
      case op::mix:
        out.v[0] = detail::graph_ops::graph_mix(a(), b(), scalar(i, 2));
        break;
      case op::select:
        out.v[0] = detail::graph_ops::graph_select(a(), b(), scalar(i, 2), param(0));
        break;
      case op::blend: {
        const real lo = param(0);
        real inv;
        if constexpr (reference) {
          inv = 1.0 / (n.params[1] - n.params[0]);
        } else {
          inv = word(p + 1);
        }
        out.v[0] = detail::graph_ops::graph_blend(a(), b(), scalar(i, 2), lo, inv);
        break;
      }
      case op::remap: {
        if constexpr (reference) {
          const double factor = (n.params[3] - n.params[2]) / (n.params[1] - n.params[0]);
          out.v[0] = detail::graph_ops::graph_remap(a(), n.params[0], factor, n.params[2]);
        } else {
          out.v[0] = detail::graph_ops::graph_remap(a(), word(p), word(p + 1), word(p + 2));
        }
        break;
      }
      case op::terrace: {
        const real steps = param(0);
        real inv;
        if constexpr (reference) {
          inv = 1.0 / n.params[0];
        } else {
          inv = word(p + 1);
        }
        out.v[0] = detail::graph_ops::graph_terrace(a(), steps, inv);
        break;
      }
      case op::curve: {
        const piecewise pw = piecewise_of(i, p, 2);
        out.v[0] =
            detail::graph_ops::graph_piecewise(pw.stops.data(), pw.inv.data(), pw.count, 2, 0, a());
        break;
      }
      case op::sqrt:
        out.v[0] = std::sqrt(a());
        break;
      case op::pow:
        out.v[0] = std::pow(a(), b());
        break;
      case op::sin:
        out.v[0] = std::sin(a());
        break;
      case op::cos:
        out.v[0] = std::cos(a());
        break;
    }
  }

  bool displaced(int i) const {
    return l_.node_chain[i] >= 0 && l_.chains[l_.node_chain[i]].displaced;
  }

  struct piecewise {
    int count = 0;
    std::vector<real> stops, inv;
  };
  // A curve's or ramp's stops and reciprocals: from the parameters in double (the reference), from
  // the variable words in float (the mirror).
  piecewise piecewise_of(int i, std::uint32_t p, int stride) const {
    const node& n = g_.nodes[i];
    piecewise pw;
    pw.count = static_cast<int>(n.params.size()) / stride;
    if constexpr (reference) {
      pw.stops.assign(n.params.begin(), n.params.end());
      for (int k = 0; k + 1 < pw.count; ++k) {
        pw.inv.push_back(1.0 / (n.params[(k + 1) * stride] - n.params[k * stride]));
      }
    } else {
      const std::uint32_t base = word_uint(p);
      const std::uint32_t stops = base + 1;
      for (int k = 0; k < pw.count * stride; ++k) pw.stops.push_back(word(stops + k));
      for (int k = 0; k + 1 < pw.count; ++k) pw.inv.push_back(word(stops + pw.count * stride + k));
    }
    return pw;
  }

  struct fractal_setup {
    detail::fractal_params<real> f;
    octave_spec spec;
    std::uint32_t slots = 0, offsets = 0;
  };

  real fractal(int i, std::uint32_t p) const {
    const int noise_node = g_.nodes[i].inputs[0].node;
    const fractal_setup s = setup_fractal(i, p);
    return detail::fractal_sum(
        s.f, [&](int o) { return sample_noise(noise_node, o, s.slots, s.spec, s.offsets, true); });
  }

  // The fractal node's sum parameters: from its parameters in double (the reference), from its
  // words in float (the mirror); where its octaves' coordinates are.
  fractal_setup setup_fractal(int i, std::uint32_t p) const {
    const node& n = g_.nodes[i];
    const int noise_node = n.inputs[0].node;
    const node& noise = g_.nodes[noise_node];
    octave_spec spec;
    spec.fractal = n.fractal.type;
    spec.octaves = n.fractal.octaves;
    spec.persistence = n.fractal.persistence;
    spec.lacunarity = n.fractal.lacunarity;
    spec.octave_offsets = n.fractal.octave_offsets;
    spec.period = noise.noise.period;
    detail::fractal_params<real> f;
    std::uint32_t slots = 0, offsets = 0;
    if constexpr (reference) {
      f = detail::make_fractal_params<double>(spec);
    } else {
      f = {n.fractal.type, static_cast<int>(word_uint(p)), word(p + 1), word(p + 2), 0.0f,
           word(p + 3)};
      spec.lacunarity_f = word(p + 2);
      if (l_.form[noise.inputs[0].node] == domain_form::lattice) {
        slots = word_uint(p + 4);
      } else {
        offsets = p + 4;
      }
    }
    return {f, spec, slots, offsets};
  }

  // ---- Derivatives (forward mode): every node's value and its gradient with respect to the
  // position, g[c][b] = d(component c) / d(position b); noise and fractal nodes take both from
  // the noises' gradient forms, the others their value from evaluate() and their gradient from
  // the rules below (the twins of graph_glsl.cpp's gradient statements).
  struct jacobian {
    real g[4][4] = {};
  };

  // G, a gradient in the coordinates of `domain`, as one in the position's.
  void chain(const real* G, int domain, real* out) const {
    const jacobian& J = grads_[domain];
    const int width = g_.nodes[domain].width;
    for (int b = 0; b < g_.dims; ++b) {
      if (forms_[domain] == jacobian_form::identity) {
        out[b] = G[b];
      } else if (forms_[domain] == jacobian_form::diagonal) {
        out[b] = G[b] * J.g[b][b];
      } else {
        real sum = G[0] * J.g[0][b];
        for (int c = 1; c < width; ++c) sum = sum + G[c] * J.g[c][b];
        out[b] = sum;
      }
    }
  }

  // A fractal's value and its gradient in its noise's domain coordinates: fractal_sum_d's
  // accumulation (slope = (persistence * lacunarity)^o), with turbulence's and billow's terms.
  // A ridged sum's weights carry derivatives from one octave into the next, so its terms are
  // differentiated in the domain's coordinates (each octave's noise gradient times
  // lacunarity^o) and summed with amp instead.
  detail::dual<real> fractal_d(int i, std::uint32_t p) const {
    const int noise_node = g_.nodes[i].inputs[0].node;
    const fractal_kind type = g_.nodes[i].fractal.type;
    const fractal_setup s = setup_fractal(i, p);
    const detail::basis_setup<real> basis = basis_of(noise_node);
    real sum = real(0), amp = real(1), slope = real(1);
    real dsum[4] = {real(0), real(0), real(0), real(0)};
    real ridge_weight = real(1), scale = real(1);
    real dridge[4] = {real(0), real(0), real(0), real(0)};
    for (int o = 0; o < s.f.octaves; ++o) {
      const noise_axes x = axes_of(noise_node, o, s.slots, s.spec, s.offsets, true);
      detail::dual<real> n = detail::basis_noise_d(basis, x.a[0], x.a[1], x.a[2], x.a[3]);
      if (type == fractal_kind::ridged) {
        const real u = real(1) - std::fabs(n.v);
        const real s1 = u * u;
        const real term = s1 * ridge_weight;
        const real twice = term * real(2);
        for (int k = 0; k < 4; ++k) {
          const real dn = n.d[k] * scale;
          const real du = n.v < real(0) ? dn : -dn;
          const real ds1 = du * u + u * du;
          const real dterm = ds1 * ridge_weight + s1 * dridge[k];
          dsum[k] = dsum[k] + amp * dterm;
          dridge[k] = (twice < real(0) || real(1) < twice) ? real(0) : real(2) * dterm;
        }
        ridge_weight = std::clamp(twice, real(0), real(1));
        sum = sum + amp * term;
        amp = amp * s.f.persistence;
        scale = scale * s.f.lacunarity;
        continue;
      }
      if (type == fractal_kind::turbulence || type == fractal_kind::billow) {
        const bool negative = n.v < real(0);
        n.v = std::fabs(n.v);
        for (int k = 0; k < 4; ++k) n.d[k] = negative ? -n.d[k] : n.d[k];
        if (type == fractal_kind::billow) {
          n.v = real(2) * n.v - real(1);
          for (int k = 0; k < 4; ++k) n.d[k] = real(2) * n.d[k];
        }
      }
      sum = sum + amp * n.v;
      for (int k = 0; k < 4; ++k) dsum[k] = dsum[k] + slope * n.d[k];
      amp = amp * s.f.persistence;
      slope = slope * s.f.persistence * s.f.lacunarity;
    }
    detail::dual<real> r;
    r.v = reference ? sum / s.f.norm : sum * s.f.inv_norm;
    for (int k = 0; k < 4; ++k) r.d[k] = reference ? dsum[k] / s.f.norm : dsum[k] * s.f.inv_norm;
    if (type == fractal_kind::ridged) {
      r.v = r.v * real(2) - real(1);
      for (int k = 0; k < 4; ++k) r.d[k] = r.d[k] * real(2);
    }
    return r;
  }

  const real* gradient_of_input(int i, int k) const {
    static const real zero[4] = {real(0), real(0), real(0), real(0)};
    const int from = g_.nodes[i].inputs[k].node;
    return from >= 0 ? grads_[from].g[0] : zero;
  }

  void evaluate_d(int i) {
    const node& n = g_.nodes[i];
    jacobian& J = grads_[i];
    J = jacobian{};
    const std::uint32_t p = params_word(i);
    const int dims = g_.dims;
    if (n.kind == op::noise) {
      if (!l_.direct_use[i]) return;
      octave_spec spec;
      std::uint32_t s = 0;
      if constexpr (reference) {
        spec.period = n.noise.period;
      } else {
        if (form_of_input(i, 0) == domain_form::lattice) s = word_uint(p);
      }
      const noise_axes x = axes_of(i, 0, s, spec, 0, false);
      const detail::dual<real> r =
          detail::basis_noise_d(basis_of(i), x.a[0], x.a[1], x.a[2], x.a[3]);
      values_[i].v[0] = r.v;
      chain(r.d, n.inputs[0].node, J.g[0]);
      return;
    }
    if (n.kind == op::fractal) {
      const detail::dual<real> r = fractal_d(i, p);
      values_[i].v[0] = r.v;
      chain(r.d, g_.nodes[n.inputs[0].node].inputs[0].node, J.g[0]);
      return;
    }
    evaluate(i);
    const auto param = [&](int j) -> real {
      if constexpr (reference) {
        return n.params[j];
      } else {
        return word(p + j);
      }
    };
    const auto v = [&](int k) { return scalar(i, k); };
    const real* ga = n.inputs.empty() ? nullptr : gradient_of_input(i, 0);
    const real* gb = n.inputs.size() > 1 ? gradient_of_input(i, 1) : nullptr;
    const real* gc = n.inputs.size() > 2 ? gradient_of_input(i, 2) : nullptr;
    const jacobian* in =
        !n.inputs.empty() && n.inputs[0].node >= 0 ? &grads_[n.inputs[0].node] : nullptr;
    real* out = J.g[0];
    switch (n.kind) {
      case op::position:
        for (int c = 0; c < n.width; ++c) J.g[c][c] = real(1);
        break;
      case op::scale:
        for (int c = 0; c < n.width; ++c) {
          for (int b = 0; b < dims; ++b) J.g[c][b] = in->g[c][b] * param(c);
        }
        break;
      case op::offset:
        J = *in;
        break;
      case op::rotate:
        for (int a = 0; a < n.width; ++a) {
          for (int b = 0; b < dims; ++b) {
            real sum = param(a * n.width) * in->g[0][b];
            for (int k = 1; k < n.width; ++k) sum = sum + param(a * n.width + k) * in->g[k][b];
            J.g[a][b] = sum;
          }
        }
        break;
      case op::warp: {
        const real amplitude = param(0);
        for (int c = 0; c < n.width; ++c) {
          const real* gby = gradient_of_input(i, 1 + c);
          for (int b = 0; b < dims; ++b) J.g[c][b] = in->g[c][b] + amplitude * gby[b];
        }
        break;
      }
      case op::combine:
        for (int c = 0; c < n.width; ++c) {
          const real* gx = gradient_of_input(i, c);
          for (int b = 0; b < dims; ++b) J.g[c][b] = gx[b];
        }
        break;
      case op::ramp: {
        const piecewise pw = piecewise_of(i, p, 4);
        for (int c = 0; c < 3; ++c) {
          const real slope = detail::graph_ops::graph_piecewise_slope(
              pw.stops.data(), pw.inv.data(), pw.count, 4, c, v(0));
          for (int b = 0; b < dims; ++b) J.g[c][b] = ga[b] * slope;
        }
        break;
      }
      case op::component:
        for (int b = 0; b < dims; ++b) out[b] = in->g[static_cast<int>(n.params[0])][b];
        break;
      case op::add:
        for (int b = 0; b < dims; ++b) out[b] = ga[b] + gb[b];
        break;
      case op::sub:
        for (int b = 0; b < dims; ++b) out[b] = ga[b] - gb[b];
        break;
      case op::mul:
        for (int b = 0; b < dims; ++b) out[b] = ga[b] * v(1) + v(0) * gb[b];
        break;
      case op::div:
        for (int b = 0; b < dims; ++b) {
          if (!reference && n.inputs[1].node < 0) {
            out[b] = ga[b] * v(1);  // the reciprocal's word
          } else {
            out[b] = (ga[b] * v(1) - v(0) * gb[b]) / (v(1) * v(1));
          }
        }
        break;
      case op::min:
        for (int b = 0; b < dims; ++b) out[b] = v(1) < v(0) ? gb[b] : ga[b];
        break;
      case op::max:
        for (int b = 0; b < dims; ++b) out[b] = v(0) < v(1) ? gb[b] : ga[b];
        break;
      case op::neg:
        for (int b = 0; b < dims; ++b) out[b] = -ga[b];
        break;
      case op::abs:
        for (int b = 0; b < dims; ++b) out[b] = v(0) < real(0) ? -ga[b] : ga[b];
        break;
      case op::clamp: {
        // min(max(x, lo), hi), branch by branch.
        const real x = v(0), lo = v(1), hi = v(2);
        const real m = x < lo ? lo : x;
        for (int b = 0; b < dims; ++b) {
          const real gm = x < lo ? gb[b] : ga[b];
          out[b] = hi < m ? gc[b] : gm;
        }
        break;
      }
      case op::mix:
        for (int b = 0; b < dims; ++b) {
          out[b] = ga[b] + (gc[b] * (v(1) - v(0)) + v(2) * (gb[b] - ga[b]));
        }
        break;
      case op::select:
        for (int b = 0; b < dims; ++b) out[b] = v(2) < param(0) ? ga[b] : gb[b];
        break;
      case op::blend: {
        real inv;
        if constexpr (reference) {
          inv = 1.0 / (n.params[1] - n.params[0]);
        } else {
          inv = word(p + 1);
        }
        const real raw = (v(2) - param(0)) * inv;
        const real m = raw < real(0) ? real(0) : raw;
        const real s = real(1) < m ? real(1) : m;
        const real t = s * s * (real(3) - real(2) * s);
        const real dt = s * (real(6) - real(6) * s);
        for (int b = 0; b < dims; ++b) {
          const real gm = raw < real(0) ? real(0) : gc[b] * inv;
          const real gt = (real(1) < m ? real(0) : gm) * dt;
          out[b] = ga[b] + (gt * (v(1) - v(0)) + t * (gb[b] - ga[b]));
        }
        break;
      }
      case op::remap: {
        real factor;
        if constexpr (reference) {
          factor = (n.params[3] - n.params[2]) / (n.params[1] - n.params[0]);
        } else {
          factor = word(p + 1);
        }
        for (int b = 0; b < dims; ++b) out[b] = ga[b] * factor;
        break;
      }
      case op::curve: {
        const piecewise pw = piecewise_of(i, p, 2);
        const real slope = detail::graph_ops::graph_piecewise_slope(pw.stops.data(), pw.inv.data(),
                                                                    pw.count, 2, 0, v(0));
        for (int b = 0; b < dims; ++b) out[b] = ga[b] * slope;
        break;
      }
      case op::sqrt: {
        const real half_over_root = real(0.5) / values_[i].v[0];
        for (int b = 0; b < dims; ++b) out[b] = ga[b] * half_over_root;
        break;
      }
      case op::pow: {
        const real da = v(1) * std::pow(v(0), v(1) - real(1));
        const real db = std::log(v(0)) * values_[i].v[0];
        for (int b = 0; b < dims; ++b) out[b] = ga[b] * da + gb[b] * db;
        break;
      }
      case op::sin: {
        const real slope = std::cos(v(0));
        for (int b = 0; b < dims; ++b) out[b] = ga[b] * slope;
        break;
      }
      case op::cos: {
        const real slope = -std::sin(v(0));
        for (int b = 0; b < dims; ++b) out[b] = ga[b] * slope;
        break;
      }
      default:  // constant, floor, terrace: flat
        break;
    }
  }

  // Each output's value and gradient, or the curl of the three.
  void write_derivatives(real* out) const {
    const int dims = g_.dims;
    const auto gradient = [&](const output& o) {
      return grads_[o.node].g[std::max(0, o.component)];
    };
    if (g_.mode == output_mode::curl) {
      const real* f1 = gradient(g_.outputs[0]);
      const real* f2 = gradient(g_.outputs[1]);
      const real* f3 = gradient(g_.outputs[2]);
      out[0] = f3[1] - f2[2];
      out[1] = f1[2] - f3[0];
      out[2] = f2[0] - f1[1];
      return;
    }
    std::size_t k = 0;
    for (const output& o : g_.outputs) {
      out[k++] = values_[o.node].v[std::max(0, o.component)];
      const real* g = gradient(o);
      for (int b = 0; b < dims; ++b) out[k++] = g[b];
    }
  }

  const graph& g_;
  const layout& l_;
  std::vector<permutation_table> tables_;
  std::vector<std::array<real, 1024>> gradients_;
  std::vector<value> values_;
  std::vector<jacobian> grads_;       // with derivatives only
  std::vector<jacobian_form> forms_;  // with derivatives only
  sample_input in_;
};

}  // namespace vknoise::graph_ir
