// Graphs on the fast CPU path: a block of samples at a time, node by node, each node over the
// whole block in vectors. The SIMD twin of graph_ir::evaluator<float> (graph_eval.hpp): the same
// node semantics in the same order, with the basis noise of point_noise-inl.h, the octave terms
// of fractal-inl.h and the shaping of graph_ops-inl.h, so every lane is bit for bit the mirror's
// sample (and, for an exact graph, the GPU kernel's).
//
// Compiled once per Highway target (foreach_target.h re-includes this file). Never use MulAdd or
// other fused operations here: the mirror rounds every multiply and add on its own.
#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "core/basis.hpp"
#include "cpu/graph_plan.hpp"
#include "graph/op_table.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "cpu/graph_kernels.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/cellular_noise-inl.h"
#include "cpu/flow_noise-inl.h"
#include "cpu/fractal-inl.h"
#include "cpu/graph_ops-inl.h"
#include "cpu/point_noise-inl.h"
#include "cpu/simplex_noise-inl.h"
#include "cpu/table_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vknoise::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using graph_ir::op;

static_assert(graph_block % (HWY_MAX_BYTES / sizeof(float)) == 0, "whole vectors per block");

// The block's values: node i's component c at scratch + (i * 4 + c) * graph_block.
struct block_values {
  float* scratch;
  float* at(int node, int component) const {
    return scratch + (std::size_t(node) * 4 + component) * graph_block;
  }
};

// An octave of a noise sampled by itself (octave 0, factor 1) or in a fractal.
struct octave_setup {
  int octave = 0;
  float factor = 1.0f;  // lacunarity^octave in float (warp.hpp's octave_factor)
  bool in_fractal = false;
  bool offsets = false;  // the fractal's octave offsets (float domains)
  const float* octave_offset = nullptr;
};

// The lattice axes node p's noise samples at vector j of the block: from its slots for a lattice
// domain (displaced by the domain's value times the octave's factor when displaced), else from
// the domain's float value, scaled and offset per octave in a fractal (axes_of in graph_eval.hpp).
// Simplex and flow noise read the position whole, in frac (whole_axis, moved_axis).
template <int dims>
HWY_INLINE void noise_axes(const graph_plan& plan, const graph_node_plan& p, const slot_block& in,
                           const block_values& values, std::size_t j, const octave_setup& o,
                           hn::Vec<DI>* cell, hn::Vec<DI>* next, V* frac) {
  const D d;
  const DI di;
  const bool lattice = plan.nodes[p.domain].lattice;
  const bool displaced = plan.nodes[p.domain].displaced;
  const bool whole = detail::reads_whole_position(p.basis);
  for (int a = 0; a < dims; ++a) {
    // The domain's value: a lattice domain's displacement, or a float domain's coordinate.
    const auto value = [&]() HWY_ATTR { return hn::LoadU(d, values.at(p.domain, a) + j); };
    lane_axis axis;
    if (lattice) {
      const std::size_t k = (p.slot + o.octave) * 4 + a;
      axis = {hn::LoadU(di, in.cell[k] + j), hn::LoadU(di, in.next[k] + j),
              hn::LoadU(d, in.frac[k] + j)};
      if (displaced) {
        const V delta = hn::Mul(value(), hn::Set(d, o.factor));
        axis = whole ? lane_axis{axis.cell, axis.next, hn::Add(axis.frac, delta)}
                     : displace(axis, delta);
      }
    } else {
      V x = value();
      if (o.in_fractal) {
        x = hn::Mul(x, hn::Set(d, o.factor));
        if (o.offsets) {
          x = hn::Add(
              x, hn::Mul(hn::Set(d, static_cast<float>(o.octave)), hn::Set(d, o.octave_offset[a])));
        }
      }
      axis = whole ? lane_axis{hn::Zero(di), hn::Zero(di), x} : graph_float_axis(x);
    }
    cell[a] = axis.cell;
    next[a] = axis.next;
    frac[a] = axis.frac;
  }
}

// A cellular noise's parameters at one octave: its periods and slab extremes (cellular_find's).
struct cellular_octave {
  std::array<std::uint32_t, 4> period;
  cellular_params params;
  cellular_octave(const graph_node_plan& p, int octave)
      : period(detail::cellular_octave_periods(p.setup.period, p.setup.lacunarity, octave)),
        params{p.perm, p.feature.data(), 0.5f + p.setup.cellular.jitter * -0.5f,
               0.5f + p.setup.cellular.jitter * 0.5f, period.data()} {}
  cellular_octave(const cellular_octave&) = delete;  // params points into period
};

// cellular_noise of one vector of samples by its route: not inlined, once per dims and target
// (the search's variants are many; a second copy doubled this file's compile time).
template <int dims>
HWY_NOINLINE V cellular_routed_vector(const cellular_octave& c, const graph_node_plan& p,
                                      const cellular_route& route, const hn::Vec<DI>* cell,
                                      const V* frac) {
  return cellular_routed<dims, false>(c.params, p.setup.cellular, route, cell, frac);
}

// cellular_noise of one vector of samples at an octave; where its lanes share one cell (a
// dense row's), the search inline (a call per vector costed a sixth of the time there).
template <int dims>
HWY_INLINE V cellular_vector(const cellular_octave& c, const graph_node_plan& p,
                             const slot_block& in, int octave, const hn::Vec<DI>* cell,
                             const V* frac) {
  cellular_route route;
  cellular_route_of<dims>(c.params, p.setup.cellular, in.cellular, &p, octave, cell, frac, route);
  if (route.one_cell()) {
    return cellular_routed<dims, true>(c.params, p.setup.cellular, route, cell, frac);
  }
  return cellular_routed_vector<dims>(c, p, route, cell, frac);
}

// basis_noise (basis.hpp) of one vector of samples for simplex, flow and cellular noise. Not
// inlined: each is large, and inlined into every fractal kind's loop it multiplied this file's
// compile time (minutes) for no measurable gain (one call per vector of samples).
template <int dims>
HWY_NOINLINE V sample_skewed_or_cellular(const graph_node_plan& p, const slot_block& in,
                                         const block_values& values, std::size_t j,
                                         const octave_setup& o, const hn::Vec<DI>* cell,
                                         const V* frac) {
  if (p.basis == noise_kind::simplex) {
    return simplex_noise<dims>(p.perm, frac[0], frac[1], frac[2], frac[3]);
  }
  if (p.basis == noise_kind::flow) {
    if constexpr (dims <= 3) {
      const D d;
      const std::array<std::int32_t, 4> period = detail::flow_octave_periods(p.setup, o.octave);
      const V given =
          p.angle_node >= 0 ? hn::LoadU(d, values.at(p.angle_node, 0) + j) : hn::Set(d, p.angle);
      const V angle = flow_octave_angle(given, p.setup.flow_lacunarity, o.octave);
      if constexpr (dims == 2) return flow_noise2(p.perm, frac[0], frac[1], period.data(), angle);
      return flow_noise3(p.perm, frac[0], frac[1], frac[2], period.data(), angle);
    }
  }
  // cellular
  const cellular_octave c(p, o.octave);
  return cellular_vector<dims>(c, p, in, o.octave, cell, frac);
}

// A noise node of cellular noise (no fractal): its octave's parameters once for the block.
template <int dims>
HWY_NOINLINE void cellular_node(const graph_plan& plan, const graph_node_plan& p,
                                const slot_block& in, const block_values& values, std::size_t lanes,
                                float* out) {
  const D d;
  const cellular_octave c(p, 0);
  for (std::size_t j = 0; j < lanes; j += hn::Lanes(d)) {
    hn::Vec<DI> cell[4], next[4];
    V frac[4];
    noise_axes<dims>(plan, p, in, values, j, octave_setup{}, cell, next, frac);
    hn::StoreU(cellular_vector<dims>(c, p, in, 0, cell, frac), d, out + j);
  }
}

// basis_noise (basis.hpp) of one vector of samples, for the bases the kernels cover.
template <int dims, bool balanced>
HWY_INLINE V sample_noise(const graph_plan& plan, const graph_node_plan& p, const slot_block& in,
                          const block_values& values, std::size_t j, const octave_setup& o) {
  hn::Vec<DI> cell[4], next[4];
  V frac[4];
  noise_axes<dims>(plan, p, in, values, j, o, cell, next, frac);
  if constexpr (dims >= 2) {
    if (p.basis == noise_kind::simplex || p.basis == noise_kind::flow ||
        p.basis == noise_kind::cellular) {
      return sample_skewed_or_cellular<dims>(p, in, values, j, o, cell, frac);
    }
  }
  return lattice_noise<dims, balanced>(p.perm, cell, next, frac);
}

template <int dims, bool balanced>
void noise_node(const graph_plan& plan, const graph_node_plan& p, const slot_block& in,
                const block_values& values, std::size_t lanes, float* out) {
  const D d;
  if constexpr (dims >= 2) {
    if (p.basis == noise_kind::cellular)
      return cellular_node<dims>(plan, p, in, values, lanes, out);
  }
  for (std::size_t j = 0; j < lanes; j += hn::Lanes(d)) {
    hn::StoreU(sample_noise<dims, balanced>(plan, p, in, values, j, octave_setup{}), d, out + j);
  }
}

// fractal_sum over the fractal's octaves, from its words (setup_fractal in graph_eval.hpp): the
// octave count, persistence, lacunarity, 1 / norm, then the slots or the octave offsets.
template <int dims, bool balanced, fractal_kind fractal>
void fractal_node(const graph_plan& plan, const graph_node_plan& p, const slot_block& in,
                  const block_values& values, std::size_t lanes, float* out, bool offsets) {
  const D d;
  const auto w = plan.words_at<graph_ir::fractal_words<float>>(p.params);
  const int octaves = static_cast<int>(w.octaves);
  const float persistence = w.persistence;
  const float lacunarity = w.lacunarity;
  const float inv_norm = w.inv_norm;
  for (std::size_t j = 0; j < lanes; j += hn::Lanes(d)) {
    V sum = hn::Zero(d), weight = hn::Set(d, 1.0f);
    float amp = 1.0f, factor = 1.0f;
    for (int o = 0; o < octaves; ++o) {
      const octave_setup setup{o, factor, true, offsets, w.octave_offset};
      const V n = sample_noise<dims, balanced>(plan, p, in, values, j, setup);
      const V term = octave_term<fractal>(n, weight);
      sum = hn::Add(sum, hn::Mul(hn::Set(d, amp), term));
      amp = amp * persistence;
      factor = factor * lacunarity;
    }
    hn::StoreU(normalised<fractal>(sum, inv_norm), d, out + j);
  }
}

template <int dims, bool balanced>
void fractal_of(const graph_plan& plan, const graph_node_plan& p, const slot_block& in,
                const block_values& values, std::size_t lanes, float* out, fractal_kind kind,
                bool offsets) {
  switch (kind) {
    case fractal_kind::turbulence:
      return fractal_node<dims, balanced, fractal_kind::turbulence>(plan, p, in, values, lanes, out,
                                                                    offsets);
    case fractal_kind::ridged:
      return fractal_node<dims, balanced, fractal_kind::ridged>(plan, p, in, values, lanes, out,
                                                                offsets);
    case fractal_kind::billow:
      return fractal_node<dims, balanced, fractal_kind::billow>(plan, p, in, values, lanes, out,
                                                                offsets);
    default:
      return fractal_node<dims, balanced, fractal_kind::fbm>(plan, p, in, values, lanes, out,
                                                             offsets);
  }
}

// A noise or fractal node, with its basis noise's dims and variant as template arguments.
template <int dims, bool balanced>
void basis_node(const graph_plan& plan, int i, const slot_block& in, const block_values& values,
                std::size_t lanes) {
  const graph_node_plan& p = plan.nodes[i];
  float* out = values.at(i, 0);
  if (p.kind == op::noise) return noise_node<dims, balanced>(plan, p, in, values, lanes, out);
  const graph_ir::node& n = plan.g->nodes[i];
  fractal_of<dims, balanced>(plan, p, in, values, lanes, out, n.fractal.type,
                             n.fractal.octave_offsets);
}

void sample_basis(const graph_plan& plan, int i, const slot_block& in, const block_values& values,
                  std::size_t lanes) {
  const graph_node_plan& p = plan.nodes[i];
  switch (p.noise_dims) {
    case 1:
      return basis_node<1, false>(plan, i, in, values, lanes);
    case 2:
      return basis_node<2, false>(plan, i, in, values, lanes);
    case 3:
      return basis_node<3, false>(plan, i, in, values, lanes);
    default:
      if (p.balanced) return basis_node<4, true>(plan, i, in, values, lanes);
      return basis_node<4, false>(plan, i, in, values, lanes);
  }
}

// Every other node, vector by vector (evaluate() in graph_eval.hpp, case by case).
// twin(input_0, .., word_0, ..): a pointwise op's twin on its scalar inputs and its words.
template <class Twin, class Scalar, std::size_t words, std::size_t... I, std::size_t... W>
HWY_INLINE V apply_twin(Twin&& twin, Scalar&& scalar, const std::array<float, words>& w,
                        std::index_sequence<I...>, std::index_sequence<W...>) {
  const D d;
  return twin(scalar(static_cast<int>(I))..., hn::Set(d, w[W])...);
}

// A pointwise op's value, when the SIMD kernels cover it.
template <graph_ir::op kind, class Scalar, class Store, class Twin>
HWY_INLINE void pointwise(const graph_plan& plan, const graph_node_plan& p, Scalar&& scalar,
                          Store&& store, Twin&& twin) {
  if constexpr (graph_ir::row_of(kind).simd) {
    constexpr std::size_t inputs = graph_ir::row_of(kind).scalar_inputs();
    constexpr std::size_t words = graph_ir::row_of(kind).words;
    const auto w = plan.words_at<std::array<float, words>>(p.params);
    store(0, apply_twin(twin, scalar, w, std::make_index_sequence<inputs>{},
                        std::make_index_sequence<words>{}));
  }
}

void shape_node(const graph_plan& plan, int i, const slot_block& in, const block_values& values,
                std::size_t lanes) {
  const D d;
  const graph_node_plan& p = plan.nodes[i];
  for (std::size_t j = 0; j < lanes; j += hn::Lanes(d)) {
    // Input k as a scalar (the node's value, or the constant's word) and input 0's components.
    const auto scalar = [&](int k) HWY_ATTR {
      return p.input[k] >= 0 ? hn::LoadU(d, values.at(p.input[k], 0) + j)
                             : hn::Set(d, p.constant[k]);
    };
    const auto component = [&](int c)
                               HWY_ATTR { return hn::LoadU(d, values.at(p.input[0], c) + j); };
    // A lattice domain's components as floats, from raw slot s (materialise in graph_eval.hpp).
    const auto materialised = [&](int c, std::uint32_t s) HWY_ATTR {
      const V raw = hn::LoadU(d, in.frac[s * 4 + c] + j);
      return p.input_displaced ? hn::Add(raw, component(c)) : raw;
    };
    const auto store = [&](int c, V v) HWY_ATTR { hn::StoreU(v, d, values.at(i, c) + j); };
    switch (p.kind) {
      case op::position:
        for (int c = 0; c < p.width; ++c) store(c, hn::Zero(d));  // the mirror never sets it
        break;
      case op::scale: {
        const auto w = plan.words_at<graph_ir::scale_words<float>>(p.params);
        // A lattice domain's chain is applied on the host; its displacement scales here.
        for (int c = 0; c < p.width; ++c) {
          store(c, p.lattice && !p.displaced ? hn::Zero(d)
                                             : hn::Mul(component(c), hn::Set(d, w.factor[c])));
        }
        break;
      }
      case op::offset: {
        const auto w = plan.words_at<graph_ir::offset_words<float>>(p.params);
        for (int c = 0; c < p.width; ++c) {
          store(c, p.lattice ? component(c) : hn::Add(component(c), hn::Set(d, w.by[c])));
        }
        break;
      }
      case op::rotate: {
        V v[4], rotated[4];
        const auto w = plan.words_at<graph_ir::rotate_words<float>>(p.params);
        for (int c = 0; c < p.width; ++c) {
          v[c] = p.input_lattice ? materialised(c, w.raw_slot) : component(c);
        }
        graph_rotate(w.matrix, p.width, v, rotated);
        for (int c = 0; c < p.width; ++c) store(c, rotated[c]);
        break;
      }
      case op::warp: {
        const bool first_displacement = p.input_lattice && !p.input_displaced;
        const V amplitude =
            hn::Set(d, plan.words_at<graph_ir::warp_words<float>>(p.params).amplitude);
        for (int c = 0; c < p.width; ++c) {
          const V delta = hn::Mul(amplitude, scalar(1 + c));
          store(c, first_displacement ? delta : hn::Add(component(c), delta));
        }
        break;
      }
      case op::combine:
        for (int c = 0; c < p.width; ++c) store(c, scalar(c));
        break;
      case op::ramp:
        for (int c = 0; c < 3; ++c) {
          store(c, graph_piecewise(p.stops.data(), p.inv.data(), p.points, 4, c, scalar(0)));
        }
        break;
      case op::constant:
        store(0, hn::Set(d, plan.words_at<graph_ir::constant_words<float>>(p.params).value));
        break;
      case op::component: {
        const auto w = plan.words_at<graph_ir::component_words<float>>(p.params);
        store(0, p.input_lattice ? materialised(p.axis, w.raw_slot) : component(p.axis));
        break;
      }
      case op::div:  // by a constant (graph_kernels_cover): times the reciprocal's word
        store(0, graph_mul(scalar(0), scalar(1)));
        break;
      case op::curve:
        store(0, graph_piecewise(p.stops.data(), p.inv.data(), p.points, 2, 0, scalar(0)));
        break;
        // A pointwise op (op_list.hpp): its twin on its inputs and words. The bounded ones, which
        // have no SIMD twin, are never covered; their call is a dependent name that is never
        // instantiated.
#define VKNOISE_SIMD_POINTWISE(id, ...)                                     \
  case op::id:                                                              \
    pointwise<op::id>(plan, p, scalar, store,                               \
                      [](auto... x) HWY_ATTR { return graph_##id(x...); }); \
    break;
        VKNOISE_GRAPH_OPS(VKNOISE_GRAPH_OP_SKIP, VKNOISE_SIMD_POINTWISE)
#undef VKNOISE_SIMD_POINTWISE
      default:  // noise and fractal: sample_basis
        break;
    }
  }
}

void EvalGraphBlock(const graph_plan& plan, const slot_block& in, std::size_t count, float* scratch,
                    float* out) {
  const std::size_t n = hn::Lanes(D());
  const std::size_t lanes = (count + n - 1) / n * n;
  const block_values values{scratch};
  for (int i = 0; i < static_cast<int>(plan.nodes.size()); ++i) {
    const graph_node_plan& p = plan.nodes[i];
    if (p.kind == op::noise || p.kind == op::fractal) {
      const float* row = in.rows.empty() ? nullptr : in.rows[i];
      if (row) {
        std::memcpy(values.at(i, 0), row, lanes * sizeof(float));  // a row node's (graph_rows)
      } else if (p.used) {
        sample_basis(plan, i, in, values, lanes);
      }
    } else {
      shape_node(plan, i, in, values, lanes);
    }
  }
  const std::vector<graph_ir::output>& outputs = plan.g->outputs;
  if (outputs.size() == 1) {  // one channel: its values as they are
    const float* from = values.at(outputs[0].node, std::max(0, outputs[0].component));
    std::memcpy(out, from, count * sizeof(float));
    return;
  }
  for (std::size_t c = 0; c < outputs.size(); ++c) {
    const float* from = values.at(outputs[c].node, std::max(0, outputs[c].component));
    for (std::size_t s = 0; s < count; ++s) out[s * outputs.size() + c] = from[s];
  }
}

}  // namespace vknoise::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace vknoise::cpu {

HWY_EXPORT(EvalGraphBlock);

void eval_graph_block(const graph_plan& plan, const slot_block& in, std::size_t count,
                      float* scratch, float* out) {
  HWY_DYNAMIC_DISPATCH(EvalGraphBlock)(plan, in, count, scratch, out);
}

}  // namespace vknoise::cpu
#endif  // HWY_ONCE
