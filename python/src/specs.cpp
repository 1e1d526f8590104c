#include "specs.hpp"

#include <span>

#include "core/bounded_read.hpp"

namespace vknoise::python {
namespace {

error unknown(const char* option, const std::string& name, const std::string& expected) {
  return make_error(errc::invalid_argument,
                    std::string(option) + "='" + name + "': expected " + expected);
}

}  // namespace

result<noise_spec> make_noise(const noise_request& request) {
  noise_spec noise;
  const auto kind = noise_kind_from_name(request.noise);
  if (!kind) return unknown("noise", request.noise, noise_kind_choices());
  noise.kind = *kind;
  if (request.fractal) {
    const auto fractal = fractal_kind_from_name(*request.fractal);
    if (!fractal) return unknown("fractal", *request.fractal, fractal_kind_choices());
    noise.fractal = *fractal;
    if (noise.fractal != fractal_kind::none) noise.octaves = default_fractal_octaves;
  }
  if (request.octaves) noise.octaves = *request.octaves;
  if (request.persistence) noise.persistence = *request.persistence;
  if (request.lacunarity) noise.lacunarity = *request.lacunarity;
  noise.period = request.period;
  noise.octave_offsets = request.octave_offsets;
  noise.gradient = request.gradient;
  if (request.warp) noise.warp = *request.warp;
  if (request.interpolation) {
    const auto i = value_interpolation_from_name(*request.interpolation);
    if (!i) return unknown("interpolation", *request.interpolation, value_interpolation_choices());
    noise.interpolation = *i;
  }
  if ((request.interpolation || request.smooth) && noise.kind != noise_kind::value) {
    return make_error(errc::invalid_argument, "interpolation= and smooth= apply to noise='value'");
  }
  noise.value_smooth = request.smooth;
  if ((request.distance || request.returns || request.jitter) &&
      noise.kind != noise_kind::cellular) {
    return make_error(errc::invalid_argument,
                      "distance=, returns= and jitter= apply to noise='cellular'");
  }
  if (request.distance) {
    const auto d = cellular_distance_from_name(*request.distance);
    if (!d) return unknown("distance", *request.distance, cellular_distance_choices());
    noise.distance = *d;
  }
  if (request.returns) {
    const auto r = cellular_return_from_name(*request.returns);
    if (!r) return unknown("returns", *request.returns, cellular_return_choices());
    noise.returns = *r;
  }
  if (request.jitter) noise.jitter = *request.jitter;
  if ((request.angle || request.advection) && noise.kind != noise_kind::flow) {
    return make_error(errc::invalid_argument, "angle= and advection= apply to noise='flow'");
  }
  if (request.angle) noise.angle = *request.angle;
  if (request.advection) noise.advection = *request.advection;
  return noise;
}

result<seeded_table> make_table(std::optional<std::uint64_t> seed,
                                const std::optional<std::vector<int>>& permutation) {
  if (seed && permutation) {
    return make_error(errc::invalid_argument,
                      "permutation= and seed= both choose the table; "
                      "give one");
  }
  if (permutation) {
    auto table = permutation_table::from_values(std::span<const int>(*permutation));
    if (!table) return table.error_value();
    return seeded_table{std::move(table).value(), 0};
  }
  if (seed) return seeded_table{permutation_table::from_seed(*seed), *seed};
  return seeded_table{};
}

result<graph_handle> parse_graph(const std::string& json) {
  auto parsed = graph::parse(json);
  if (!parsed) return parsed.error_value();
  return graph_handle{std::make_shared<const graph>(std::move(parsed).value()), json};
}

result<graph_handle> load_graph(const std::string& path) {
  auto loaded = graph::load(path);
  if (!loaded) return loaded.error_value();
  // Kept so that the graph can be sent to another process. Read again as graph::load read it (a
  // regular file, at most a graph's size, never blocking): the file may have been replaced by
  // anything since.
  auto json = detail::read_regular_file(path, graph::max_text_bytes);
  if (!json) {
    return make_error(errc::io_error, "cannot read graph file '" + path + "': " + json.message());
  }
  return graph_handle{std::make_shared<const graph>(std::move(loaded).value()),
                      std::move(json).value()};
}

result<graph_handle> with_outputs(const graph_handle& g, const std::string& what) {
  graph_outputs outputs;
  if (what == "values") {
    outputs = graph_outputs::values;
  } else if (what == "gradient") {
    outputs = graph_outputs::gradient;
  } else if (what == "curl") {
    outputs = graph_outputs::curl;
  } else {
    return unknown("outputs", what, "values, gradient or curl");
  }
  auto derived = g.g->with_outputs(outputs);
  if (!derived) return derived.error_value();
  return graph_handle{std::make_shared<const graph>(std::move(derived).value()), g.json, outputs};
}

std::vector<std::int64_t> field_request::shape() const {
  std::vector<std::int64_t> axes;
  for (int axis = spec.dims - 1; axis >= 0; --axis) axes.push_back(spec.size[axis]);
  if (const int channels = channel_count(spec); channels > 1) axes.push_back(channels);
  return axes;
}

result<field_request> make_field(int dims, const std::array<std::uint32_t, 4>& size,
                                 const std::array<double, 4>& origin,
                                 const std::array<double, 4>& step,
                                 const std::array<std::uint64_t, 4>& region,
                                 const noise_spec* noise, const graph_handle* g,
                                 const seeded_table& table) {
  field_request field{{}, table};
  field.spec.dims = dims;
  field.spec.size = size;
  field.spec.origin = origin;
  field.spec.step = step;
  field.spec.region = region;
  if (g) {
    if (dims != g->g->dims()) {
      return make_error(errc::invalid_argument, "dims " + std::to_string(dims) +
                                                    " does not match the graph's dims " +
                                                    std::to_string(g->g->dims()));
    }
    field.spec.noise_graph = g->g;
  } else if (noise) {
    field.spec.noise = *noise;
    field.spec.noise.classic_seed = table.classic_seed;
  }
  if (auto valid = validate(field.spec); !valid) return valid.error_value();
  for (int axis = 0; axis < dims; ++axis) {
    if (region[axis] + size[axis] - 1 > (std::uint64_t{1} << 53)) {
      return make_error(errc::out_of_range, "region: the box's last sample index on axis " +
                                                std::to_string(axis) +
                                                " passes 2^53 = 9007199254740992");
    }
  }
  return field;
}

}  // namespace vknoise::python
