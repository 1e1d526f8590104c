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
  }

  // Writes the graph's outputs (channels) at one sample.
  void sample(const sample_input& in, real* out) {
    in_ = in;
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

  // The basis noise of node `noise_node` at octave o of a fractal (in_fractal) or by itself: its
  // lattice domain's coordinates from slot s + o (mirror), the octave's scale and offsets from
  // `spec`; a float domain's octave scaled and offset in float.
  real sample_noise(int noise_node, int octave, std::uint32_t s, const octave_spec& spec,
                    std::uint32_t offsets_word, bool in_fractal) const {
    const node& n = g_.nodes[noise_node];
    const int domain = n.inputs[0].node;
    const int dims = g_.nodes[domain].width;
    const value& d = values_[domain];
    detail::lattice_axis<real> axes[4] = {};
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
    const int table = l_.node_table[noise_node];
    const int gradient = l_.node_gradient[noise_node];
    const detail::basis_setup<real> basis{n.noise.basis,
                                          dims,
                                          table >= 0 ? tables_[table].doubled().data() : nullptr,
                                          gradient >= 0 ? gradients_[gradient].data() : nullptr,
                                          n.noise.value_smooth,
                                          static_cast<int>(n.noise.interpolation)};
    return detail::basis_noise(basis, octave, axes[0], axes[1], axes[2], axes[3]);
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

  real fractal(int i, std::uint32_t p) const {
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
    return detail::fractal_sum(
        f, [&](int o) { return sample_noise(noise_node, o, slots, spec, offsets, true); });
  }

  const graph& g_;
  const layout& l_;
  std::vector<permutation_table> tables_;
  std::vector<std::array<real, 1024>> gradients_;
  std::vector<value> values_;
  sample_input in_;
};

}  // namespace vknoise::graph_ir
