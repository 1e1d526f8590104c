// The basis noises of a graph's noise and fractal nodes, sampled in double (the reference, from
// the position) and in float (the mirror, from the slots' host-reduced coordinates and the
// layout's words), with and without their gradients: the base of graph_eval.hpp's evaluator,
// which holds the nodes' values these sample at. The noise functions, the fractal sum and the
// warp's displacement are src/core's; the mirror performs the kernel's float operations in the
// kernel's order (graph_glsl.cpp's noise and fractal statements).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
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
#include "graph/op_table.hpp"
#include "vknoise/classic_gradients.hpp"

namespace vknoise::graph_ir {

// What one sample reads: the reference its position (graph dims doubles), the mirror its slots'
// coordinates (slot s, axis a at coords[s * 4 + a]).
struct sample_input {
  const double* position = nullptr;
  const lattice_coord* coords = nullptr;
};

template <class real>
class basis_sampler {
 public:
  static constexpr bool reference = std::is_same_v<real, double>;

  basis_sampler(const graph& g, const layout& l, const permutation_table& field_table)
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

 protected:
  struct value {
    // A scalar in v[0]; a vector's components; a lattice domain's position (reference) or its
    // float displacement (mirror, when displaced).
    real v[4] = {real(0), real(0), real(0), real(0)};
  };

  real word(std::uint32_t index) const { return std::bit_cast<float>(l_.words[index]); }

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

  // Node i's parameters by name (op_table.hpp): computed in double from the node (the
  // reference), read from the layout's float words (the mirror).
  template <template <class> class words>
  words<real> words_of(int i) const {
    if constexpr (reference) {
      return words<double>::of(g_.nodes[i]);
    } else {
      return unpack_words<words<float>>(l_.words, l_.node_params[i]);
    }
  }

  struct octave_spec : noise_spec {
    float lacunarity_f = 2.0f;        // the mirror's float lacunarity (a word)
    float offsets[4] = {0, 0, 0, 0};  // the mirror's octave offsets of a float domain (words)
  };

  struct noise_axes {
    detail::lattice_axis<real> a[4] = {};
  };

  // The lattice axes node `noise_node` samples at octave o of a fractal (in_fractal) or by
  // itself: its lattice domain's coordinates from slot s + o (mirror), the octave's scale and
  // offsets from `spec`; a float domain's octave scaled and offset in float.
  noise_axes axes_of(int noise_node, int octave, std::uint32_t s, const octave_spec& spec,
                     bool in_fractal) const {
    const node& n = g_.nodes[noise_node];
    const int domain = n.inputs[0].node;
    const int dims = g_.nodes[domain].width;
    const value& d = values_[domain];
    noise_axes result;
    detail::lattice_axis<real>* axes = result.a;
    const noise_kind basis = n.noise.basis;
    for (int a = 0; a < dims; ++a) {
      if constexpr (reference) {
        axes[a] = detail::reference_axis_of(basis, octave_position(spec, a, octave, d.v[a]),
                                            octave_period(spec, a, octave), spec.period[a] != 0);
      } else if (l_.form[domain] == domain_form::lattice) {
        const lattice_coord& c = in_.coords[(s + octave) * 4 + a];
        axes[a] = detail::to_axis(c, c.frac);
        if (l_.chains[l_.node_chain[domain]].displaced) {
          const real factor = detail::octave_factor(real(spec.lacunarity_f), octave);
          axes[a] = detail::moved_axis(basis, axes[a], d.v[a] * factor);
        }
      } else {
        real x = d.v[a];
        if (in_fractal) {
          x = x * detail::octave_factor(real(spec.lacunarity_f), octave);
          if (spec.octave_offsets) x = x + real(octave) * real(spec.offsets[a]);
        }
        axes[a] = detail::reads_whole_position(basis) ? detail::whole_axis(x)
                                                      : detail::graph_ops::graph_float_axis(x);
      }
    }
    return result;
  }

  // Node noise_node's basis; a cellular one wraps its cells at spec's periods (octave_period).
  detail::basis_setup<real> basis_of(int noise_node, const octave_spec& spec) const {
    const node& n = g_.nodes[noise_node];
    const int dims = g_.nodes[n.inputs[0].node].width;
    const int table = l_.node_table[noise_node];
    const int gradient = l_.node_gradient[noise_node];
    detail::basis_setup<real> basis{n.noise.basis,
                                    dims,
                                    table >= 0 ? tables_[table].doubled().data() : nullptr,
                                    gradient >= 0 ? gradients_[gradient].data() : nullptr,
                                    n.noise.value_smooth,
                                    static_cast<int>(n.noise.interpolation)};
    basis.cellular = {n.noise.distance, n.noise.returns, static_cast<real>(n.noise.jitter)};
    detail::set_cellular_periods(basis, spec);
    if (n.noise.basis == noise_kind::flow) {
      basis.flow_angle = scalar(noise_node, 1);
      if constexpr (reference) {
        basis.flow_lacunarity = spec.lacunarity;
      } else {
        basis.flow_lacunarity = spec.lacunarity_f;
      }
    }
    return basis;
  }

  real sample_noise(int noise_node, int octave, std::uint32_t s, const octave_spec& spec,
                    bool in_fractal) const {
    const noise_axes x = axes_of(noise_node, octave, s, spec, in_fractal);
    return detail::basis_noise(basis_of(noise_node, spec), octave, x.a[0], x.a[1], x.a[2], x.a[3]);
  }

  struct fractal_setup {
    detail::fractal_params<real> f;
    octave_spec spec;
    std::uint32_t slots = 0;
    real advection = real(0);  // flow noise's pseudo-advection, from the node or its word
  };

  real fractal(int i) const {
    const int noise_node = g_.nodes[i].inputs[0].node;
    const fractal_setup s = setup_fractal(i);
    if (s.advection != real(0)) {
      // Flow noise's pseudo-advection: each octave's axes moved by the coarser octaves' flow.
      const detail::basis_setup<real> basis = basis_of(noise_node, s.spec);
      const noise_kind kind = g_.nodes[noise_node].noise.basis;
      return detail::advected_sum(s.f, s.advection, [&](int o, const real* shift) {
        noise_axes x = axes_of(noise_node, o, s.slots, s.spec, true);
        for (int a = 0; a < 4; ++a) x.a[a] = detail::moved_axis(kind, x.a[a], shift[a]);
        return detail::basis_noise_d(basis, o, x.a[0], x.a[1], x.a[2], x.a[3]);
      });
    }
    return detail::fractal_sum(
        s.f, [&](int o) { return sample_noise(noise_node, o, s.slots, s.spec, true); });
  }

  // The fractal node's sum parameters: from its parameters in double (the reference), from its
  // words in float (the mirror); where its octaves' coordinates are.
  fractal_setup setup_fractal(int i) const {
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
    std::uint32_t slots = 0;
    real advection = real(0);
    if constexpr (reference) {
      f = detail::make_fractal_params<double>(spec);
      advection = n.fractal.advection;
    } else {
      const fractal_words<float> w = words_of<fractal_words>(i);
      f = {n.fractal.type, static_cast<int>(w.octaves), w.persistence, w.lacunarity, 0.0f,
           w.inv_norm};
      spec.lacunarity_f = w.lacunarity;
      slots = w.first_slot;
      std::copy(w.octave_offset, w.octave_offset + 4, spec.offsets);
      advection = w.advection;
    }
    return {f, spec, slots, advection};
  }

  // A fractal's value and its gradient in its noise's domain coordinates: fractal_sum_d's
  // accumulation (slope = (persistence * lacunarity)^o), with turbulence's and billow's terms.
  // A ridged sum's weights carry derivatives from one octave into the next, so its terms are
  // differentiated in the domain's coordinates (each octave's noise gradient times
  // lacunarity^o) and summed with amp instead.
  detail::dual<real> fractal_d(int i) const {
    const int noise_node = g_.nodes[i].inputs[0].node;
    const fractal_kind type = g_.nodes[i].fractal.type;
    const fractal_setup s = setup_fractal(i);
    const detail::basis_setup<real> basis = basis_of(noise_node, s.spec);
    real sum = real(0), amp = real(1), slope = real(1);
    real dsum[4] = {real(0), real(0), real(0), real(0)};
    real ridge_weight = real(1), scale = real(1);
    real dridge[4] = {real(0), real(0), real(0), real(0)};
    for (int o = 0; o < s.f.octaves; ++o) {
      const noise_axes x = axes_of(noise_node, o, s.slots, s.spec, true);
      detail::dual<real> n = detail::basis_noise_d(basis, o, x.a[0], x.a[1], x.a[2], x.a[3]);
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

  const graph& g_;
  const layout& l_;
  std::vector<permutation_table> tables_;
  std::vector<std::array<real, 1024>> gradients_;
  std::vector<value> values_;
  sample_input in_;
};

}  // namespace vknoise::graph_ir
