// --noise, --fractal, --octaves, --persistence, --lacunarity, --octave-offsets, --period,
// --gradient, --interpolation, --smooth, --warp, --cellular-distance, --cellular-return,
// --cellular-jitter, --flow-angle, --flow-advection: the
// command line's description of what a sample is (vknoise::noise_spec).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cli/parser.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

struct noise_options {
  std::optional<std::string> graph;  // --graph FILE: a noise graph instead of the other options
  // A graph already parsed, in place of --graph FILE: a preset's (render --preset NAME).
  std::shared_ptr<const vknoise::graph> given_graph;
  std::optional<std::string> noise;
  std::optional<std::string> fractal;
  std::optional<std::string> octaves;
  std::optional<std::string> persistence;
  std::optional<std::string> lacunarity;
  std::optional<std::string> period;
  std::optional<std::string> interpolation;
  std::optional<std::string> warp;
  std::optional<std::string> cellular_distance;
  std::optional<std::string> cellular_return;
  std::optional<std::string> cellular_jitter;
  std::optional<std::string> flow_angle;
  std::optional<std::string> flow_advection;
  bool smooth = false;
  bool octave_offsets = false;
  bool gradient = false;
  bool curl = false;  // --curl: the curl of --graph's three outputs, or of the built-in noise
};

void add_noise_options(CLI::App& app, noise_options& options);

// The spec the options describe (errc::invalid_argument naming the flag for a malformed value;
// vknoise::validate checks the combination). A fractal without --octaves gets 4 octaves. The
// classic gradient seed is set by the caller from --seed.
result<noise_spec> parse_noise(const noise_options& options);

// The --graph file, loaded and parsed (errc::invalid_argument for a malformed graph, errc::io_error
// for an unreadable file), or given_graph when set (a preset's), with its derivatives under
// --gradient or its curl under --curl; or, with --curl and no graph, the curl of the noise
// options' 3D noise taken three times at offset positions (a graph); none otherwise. With a
// graph every other noise option is an error (errc::invalid_argument naming it): the graph says
// what a sample is.
result<std::shared_ptr<const graph>> parse_graph(const noise_options& options);

}  // namespace vknoise::cli
