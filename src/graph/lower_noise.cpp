// A built-in field's noise as a graph (lower_noise.hpp).
#include "graph/lower_noise.hpp"

#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/warp.hpp"
#include "graph/graph_builder.hpp"
#include "graph/graph_fields.hpp"
#include "vknoise/graph.hpp"

namespace vknoise::graph_ir {

noise_params noise_params_of(const noise_spec& noise) {
  noise_params p;
  p.basis = noise.kind;
  p.table = table_source::field;
  p.classic_seed = noise.classic_seed;
  p.interpolation = noise.interpolation;
  p.value_smooth = noise.value_smooth;
  p.distance = noise.distance;
  p.returns = noise.returns;
  p.jitter = noise.jitter;
  p.period = noise.period;
  return p;
}

fractal_params fractal_params_of(const noise_spec& noise) {
  fractal_params f;
  f.type = noise.fractal;
  f.octaves = noise.octaves;
  f.persistence = noise.persistence;
  f.lacunarity = noise.lacunarity;
  f.octave_offsets = noise.octave_offsets;
  f.advection = noise.advection;
  return f;
}

noise_spec noise_spec_of(const noise_params& params, const fractal_params* fractal) {
  noise_spec spec;
  spec.kind = params.basis;
  spec.period = params.period;
  spec.classic_seed = params.classic_seed;
  spec.interpolation = params.interpolation;
  spec.value_smooth = params.value_smooth;
  spec.distance = params.distance;
  spec.returns = params.returns;
  spec.jitter = params.jitter;
  if (fractal != nullptr) {
    spec.fractal = fractal->type;
    spec.octaves = fractal->octaves;
    spec.persistence = fractal->persistence;
    spec.lacunarity = fractal->lacunarity;
    spec.octave_offsets = fractal->octave_offsets;
    spec.advection = fractal->advection;
  }
  return spec;
}

graph lower_noise(const noise_spec& noise, int dims) {
  graph_builder b(dims);
  // The warp's noises have no periods (validate() refuses a warp with them).
  noise_params basis = noise_params_of(noise);
  basis.period = {0, 0, 0, 0};
  int domain = b.position();
  if (noise.warp > 0) {
    std::vector<input> by;
    for (int a = 0; a < dims; ++a) {
      std::vector<input> offset;
      for (int axis = 0; axis < dims; ++axis) {
        offset.push_back(graph_builder::constant_input(detail::warp_offset[a][axis]));
      }
      // Amplitude 1: the displacement is the offset itself, exactly (warp.hpp's offsets are
      // floats).
      const int at = b.warp(domain, std::move(offset), 1.0);
      by.push_back(graph_builder::node_input(b.noise(at, basis)));
    }
    domain = b.warp(domain, std::move(by), noise.warp);
  }
  // Flow noise takes its angle as an input (a graph may drive it from a node): here the spec's.
  std::optional<input> angle;
  if (noise.kind == noise_kind::flow) angle = graph_builder::constant_input(noise.angle);
  int value = b.noise(domain, noise_params_of(noise), angle);
  if (noise.fractal != fractal_kind::none) value = b.fractal(value, fractal_params_of(noise));
  b.output("value", value);
  graph g = std::move(b).take();
  if (noise.gradient) g.mode = output_mode::gradient;
  return g;
}

}  // namespace vknoise::graph_ir

namespace vknoise {

graph graph::from_ir(graph_ir::graph ir) {
  std::vector<std::string> names;
  for (const graph_ir::output& o : ir.outputs) names.push_back(o.name);
  return graph(std::make_shared<const graph_ir::graph>(std::move(ir)), std::move(names));
}

result<graph> graph::from_noise(const noise_spec& noise, int dims) {
  if (status valid = validate(noise, dims); !valid) return valid.error_value();
  try {
    return from_ir(graph_ir::lower_noise(noise, dims));
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "graph: out of memory while lowering the noise");
  }
}

namespace detail {

result<field_spec> as_graph_field(const field_spec& field) {
  if (field.noise_graph) return field;
  auto lowered = graph::from_noise(field.noise, field.dims);
  if (!lowered) return lowered.error_value();
  field_spec f = field;
  try {
    f.noise_graph = std::make_shared<const graph>(std::move(lowered).value());
  } catch (const std::bad_alloc&) {
    return make_error(errc::out_of_memory, "graph: out of memory while lowering the noise");
  }
  return f;
}

}  // namespace detail

}  // namespace vknoise
