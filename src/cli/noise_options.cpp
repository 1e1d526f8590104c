#include "cli/noise_options.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <span>
#include <string>

#include "cli/number_parsing.hpp"
#include "cli/parser.hpp"
#include "cli/report.hpp"
#include "graph/graph_builder.hpp"
#include "graph/lower_noise.hpp"

namespace vknoise::cli {
namespace {

// The shortest text that reads back as v ("0.5", "2").
std::string number_text(double v) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}

// "a|b|c": the names of every value, for an option's value name in --help.
template <typename Enum>
std::string alternatives(std::span<const Enum> values, const char* (*name_of)(Enum)) {
  std::string text;
  for (const Enum value : values) text += (text.empty() ? "" : "|") + std::string(name_of(value));
  return text;
}

error bad_value(const char* flag, const std::string& text, const std::string& expectation) {
  return make_error(errc::invalid_argument,
                    std::string(flag) + " " + quoted_excerpt(text) + ": " + expectation);
}

result<double> parse_positive(const char* flag, const std::string& text) {
  const auto value = parse_double(text);
  if (!value || !std::isfinite(*value) || !(*value > 0)) {
    return bad_value(flag, text, "expected a finite number > 0");
  }
  return *value;
}

// P for every axis, or one period per axis (x,y[,z[,w]]); 0 means none on that axis.
result<std::array<std::uint32_t, 4>> parse_periods(const std::string& text) {
  std::array<std::uint32_t, 4> periods{0, 0, 0, 0};
  std::size_t axis = 0, start = 0;
  bool single = text.find(',') == std::string::npos;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string part = text.substr(start, comma - start);
    const auto value = parse_unsigned(part, 256);
    if (!value || axis >= 4) {
      return bad_value("--period", text,
                       "expected integers 0 (none) or 1 to 256, e.g. 64 or 64,64,16");
    }
    periods[axis++] = static_cast<std::uint32_t>(*value);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (single) periods.fill(periods[0]);
  return periods;
}

}  // namespace

// The vector potential whose curl `--curl` takes without --graph: the built-in noise three times,
// at the position offset by three fixed vectors far apart, so the components are unrelated.
result<graph> potential_of(const noise_spec& noise) {
  if (noise.warp > 0) {
    return make_error(errc::invalid_argument, "--curl does not take --warp (use a graph)");
  }
  if (noise.kind == noise_kind::value) {
    return make_error(errc::invalid_argument,
                      "--curl needs a noise with a gradient; value noise has none");
  }
  static constexpr double offsets[3][3] = {
      {0.0, 0.0, 0.0}, {31.4159, -47.8537, 12.7931}, {-23.5413, 11.3079, 67.2193}};
  graph_ir::graph_builder b(3);
  const int p = b.position();
  graph_ir::noise_params basis = graph_ir::noise_params_of(noise);
  basis.period[3] = 0;
  for (int k = 0; k < 3; ++k) {
    const int at = b.offset(p, {offsets[k][0], offsets[k][1], offsets[k][2]});
    std::optional<graph_ir::input> angle;
    if (noise.kind == noise_kind::flow)
      angle = graph_ir::graph_builder::constant_input(noise.angle);
    int component = b.noise(at, basis, angle);
    if (noise.fractal != fractal_kind::none) {
      component = b.fractal(component, graph_ir::fractal_params_of(noise));
    }
    b.output(std::string(1, "xyz"[k]), component);
  }
  return graph::from_ir(std::move(b).take());
}

result<std::shared_ptr<const graph>> parse_graph(const noise_options& options) {
  if (!options.graph && !options.given_graph && !options.curl) {
    return std::shared_ptr<const graph>();
  }
  if (options.gradient && options.curl) {
    return make_error(errc::invalid_argument, "--gradient and --curl: choose one");
  }
  if (!options.graph && !options.given_graph) {
    auto noise = parse_noise(options);
    if (!noise) return noise.error_value();
    if (auto valid = validate(*noise, 3); !valid) return valid.error_value();
    auto potential = potential_of(*noise);
    if (!potential) return potential.error_value();
    auto curl = potential->with_outputs(graph_outputs::curl);
    if (!curl) return curl.error_value();
    return std::make_shared<const graph>(std::move(curl.value()));
  }
  const std::pair<const char*, bool> others[] = {
      {"--noise", options.noise.has_value()},
      {"--fractal", options.fractal.has_value()},
      {"--octaves", options.octaves.has_value()},
      {"--persistence", options.persistence.has_value()},
      {"--lacunarity", options.lacunarity.has_value()},
      {"--period", options.period.has_value()},
      {"--interpolation", options.interpolation.has_value()},
      {"--cellular-distance", options.cellular_distance.has_value()},
      {"--cellular-return", options.cellular_return.has_value()},
      {"--cellular-jitter", options.cellular_jitter.has_value()},
      {"--flow-angle", options.flow_angle.has_value()},
      {"--flow-advection", options.flow_advection.has_value()},
      {"--warp", options.warp.has_value()},
      {"--smooth", options.smooth},
      {"--octave-offsets", options.octave_offsets}};
  for (const auto& [flag, given] : others) {
    if (given) {
      return make_error(errc::invalid_argument,
                        std::string(flag) +
                            " does not apply with --graph: the graph says what a "
                            "sample is");
    }
  }
  std::shared_ptr<const graph> base = options.given_graph;
  if (!base) {
    auto loaded = graph::load(*options.graph);
    if (!loaded) return loaded.error_value();
    base = std::make_shared<const graph>(std::move(loaded.value()));
  }
  if (options.gradient || options.curl) {
    auto derived = base->with_outputs(options.curl ? graph_outputs::curl : graph_outputs::gradient);
    if (!derived) return derived.error_value();
    return std::make_shared<const graph>(std::move(derived.value()));
  }
  return base;
}

void add_noise_options(CLI::App& app, noise_options& options) {
  add_text_option(app, "--graph", "FILE", options.graph,
                  "a noise graph (JSON, docs/graph.md) instead of --noise, --fractal and the "
                  "other noise options; --dims defaults to the graph's");
  add_text_option(app, "--noise", alternatives(all_noise_kinds(), noise_kind_name), options.noise,
                  "basis noise (default improved; improved4-balanced needs --dims 4; classic is "
                  "Perlin's 1985 noise, value is Hugo Elias's, simplex Gustavson's, cellular "
                  "Worley's, flow Perlin and Neyret's on psrdnoise's lattice)");
  add_text_option(app, "--flow-angle", "A", options.flow_angle,
                  "flow noise: the gradients' rotation in radians (default 0; animate it: the "
                  "noise loops when A goes once around, 0 and 2*pi give the same bits)");
  add_text_option(app, "--flow-advection", "S", options.flow_advection,
                  "flow noise under --fractal fbm: Perlin and Neyret's pseudo-advection, each "
                  "finer octave carried along the coarser ones' flow by S >= 0 (default 0)");
  add_text_option(app, "--cellular-distance",
                  alternatives(all_cellular_distances(), cellular_distance_name),
                  options.cellular_distance,
                  "cellular noise: the metric (default euclidean; euclidean2 is its square)");
  add_text_option(app, "--cellular-return",
                  alternatives(all_cellular_returns(), cellular_return_name),
                  options.cellular_return,
                  "cellular noise: what a sample is, from the distances F1 and F2 to the nearest "
                  "two feature points, or a value per nearest cell (default f1)");
  add_text_option(app, "--cellular-jitter", "J", options.cellular_jitter,
                  "cellular noise: how far feature points stray from their cells' centres, 0 to 1 "
                  "(default 1)");
  add_text_option(
      app, "--interpolation", alternatives(all_value_interpolations(), value_interpolation_name),
      options.interpolation, "value noise: how lattice values are blended (default linear)");
  add_text_option(app, "--warp", "A", options.warp,
                  "domain warp: sample at p + A * (a second noise field), A >= 0 (default 0)");
  add_flag(app, "--smooth", options.smooth,
           "value noise: average each lattice value with its neighbours first (Elias's "
           "SmoothNoise)");
  add_text_option(app, "--fractal", alternatives(all_fractal_kinds(), fractal_kind_name),
                  options.fractal, "sum over octaves (default none)");
  add_text_option(app, "--octaves", "N", options.octaves,
                  "octaves of the fractal, 1 to " + std::to_string(max_octaves) + " (default " +
                      std::to_string(default_fractal_octaves) + " with a fractal)");
  add_text_option(app, "--persistence", "P", options.persistence,
                  "amplitude ratio between octaves, > 0 (default " +
                      number_text(noise_spec{}.persistence) + ")");
  add_text_option(app, "--lacunarity", "L", options.lacunarity,
                  "frequency ratio between octaves, > 0 (default " +
                      number_text(noise_spec{}.lacunarity) + ")");
  add_text_option(app, "--period", "P|X,Y[,Z[,W]]", options.period,
                  "tile with this integer period (1 to 256) on every axis or per axis; 0 = none");
  add_flag(app, "--octave-offsets", options.octave_offsets,
           "shift each octave by a fixed offset so octaves do not align at the origin");
  add_flag(app, "--gradient", options.gradient,
           "also compute the analytic partial derivatives: each sample becomes the value "
           "followed by d/dx, d/dy, ... (fractal none or fbm; with --graph, each output "
           "followed by its derivatives, through every node)");
  add_flag(app, "--curl", options.curl,
           "curl noise (Bridson 2007), a divergence-free 3D vector field: the curl of a "
           "--graph of three outputs, or of the noise options' 3D noise three times at "
           "offset positions; 3 values per sample");
}

result<noise_spec> parse_noise(const noise_options& options) {
  noise_spec noise;
  if (options.noise) {
    const auto kind = noise_kind_from_name(*options.noise);
    if (!kind) return bad_value("--noise", *options.noise, "expected " + noise_kind_choices());
    noise.kind = *kind;
  }
  if (options.fractal) {
    const auto kind = fractal_kind_from_name(*options.fractal);
    if (!kind) {
      return bad_value("--fractal", *options.fractal, "expected " + fractal_kind_choices());
    }
    noise.fractal = *kind;
    if (noise.fractal != fractal_kind::none) noise.octaves = default_fractal_octaves;
  }
  if (options.octaves) {
    const auto value = parse_unsigned(*options.octaves, std::numeric_limits<int>::max());
    if (!value)
      return bad_value("--octaves", *options.octaves,
                       "expected an integer 1 to " + std::to_string(max_octaves));
    noise.octaves = static_cast<int>(*value);
  }
  if (options.persistence) {
    auto value = parse_positive("--persistence", *options.persistence);
    if (!value) return value.error_value();
    noise.persistence = *value;
  }
  if (options.lacunarity) {
    auto value = parse_positive("--lacunarity", *options.lacunarity);
    if (!value) return value.error_value();
    noise.lacunarity = *value;
  }
  if (options.period) {
    auto periods = parse_periods(*options.period);
    if (!periods) return periods.error_value();
    noise.period = *periods;
  }
  if (options.interpolation) {
    const auto interpolation = value_interpolation_from_name(*options.interpolation);
    if (!interpolation) {
      return bad_value("--interpolation", *options.interpolation,
                       "expected " + value_interpolation_choices());
    }
    noise.interpolation = *interpolation;
  }
  if ((options.interpolation || options.smooth) && noise.kind != noise_kind::value) {
    return make_error(errc::invalid_argument,
                      "--interpolation and --smooth apply to --noise value");
  }
  noise.value_smooth = options.smooth;
  if (options.warp) {
    const auto value = parse_double(*options.warp);
    if (!value || !std::isfinite(*value) || *value < 0) {
      return bad_value("--warp", *options.warp, "expected a finite number >= 0");
    }
    noise.warp = *value;
  }
  if ((options.cellular_distance || options.cellular_return || options.cellular_jitter) &&
      noise.kind != noise_kind::cellular) {
    return make_error(
        errc::invalid_argument,
        "--cellular-distance, --cellular-return and --cellular-jitter apply to --noise cellular");
  }
  if ((options.flow_angle || options.flow_advection) && noise.kind != noise_kind::flow) {
    return make_error(errc::invalid_argument,
                      "--flow-angle and --flow-advection apply to --noise flow");
  }
  if (options.flow_angle) {
    const auto value = parse_double(*options.flow_angle);
    if (!value || !std::isfinite(*value) || std::fabs(*value) > 3.4e38) {
      return bad_value("--flow-angle", *options.flow_angle,
                       "expected a finite number (radians) that float can hold");
    }
    noise.angle = *value;
  }
  if (options.flow_advection) {
    const auto value = parse_double(*options.flow_advection);
    if (!value || !std::isfinite(*value) || *value < 0 || *value > 3.4e38) {
      return bad_value("--flow-advection", *options.flow_advection,
                       "expected a finite number >= 0");
    }
    noise.advection = *value;
  }
  if (options.cellular_distance) {
    const auto distance = cellular_distance_from_name(*options.cellular_distance);
    if (!distance) {
      return bad_value("--cellular-distance", *options.cellular_distance,
                       "expected " + cellular_distance_choices());
    }
    noise.distance = *distance;
  }
  if (options.cellular_return) {
    const auto returns = cellular_return_from_name(*options.cellular_return);
    if (!returns) {
      return bad_value("--cellular-return", *options.cellular_return,
                       "expected " + cellular_return_choices());
    }
    noise.returns = *returns;
  }
  if (options.cellular_jitter) {
    const auto value = parse_double(*options.cellular_jitter);
    if (!value || !(*value >= 0 && *value <= 1)) {
      return bad_value("--cellular-jitter", *options.cellular_jitter,
                       "expected a number from 0 to 1");
    }
    noise.jitter = *value;
  }
  noise.octave_offsets = options.octave_offsets;
  noise.gradient = options.gradient;
  return noise;
}

}  // namespace vknoise::cli
