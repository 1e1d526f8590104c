// What Python describes a computation with, as the library's types: the noise options
// (noise_spec, as the command line's noise options build it), the table a seed chooses, a graph,
// and a field. Python's keyword names are the command line's flags (--octaves: octaves=).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vknoise/field.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/noise_spec.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::python {

// The noise options, None where not given, as cli::parse_noise reads them: a fractal without
// octaves gets 4; interpolation and smooth apply to value noise only. Names as the flags spell
// them. errc::invalid_argument naming the option for an unknown name; validate() checks the rest
// against the dims of the field or points.
struct noise_request {
  std::string noise = "improved";
  std::optional<std::string> fractal;
  std::optional<int> octaves;
  std::optional<double> persistence;
  std::optional<double> lacunarity;
  std::array<std::uint32_t, 4> period{0, 0, 0, 0};
  bool octave_offsets = false;
  bool gradient = false;
  std::optional<double> warp;
  std::optional<std::string> interpolation;
  bool smooth = false;
  std::optional<std::string> distance;  // cellular
  std::optional<std::string> returns;   // cellular (the graph's "return", a Python keyword)
  std::optional<double> jitter;         // cellular
  std::optional<double> angle;          // flow
  std::optional<double> advection;      // flow under fbm
};
result<noise_spec> make_noise(const noise_request& request);

// --seed N (Perlin's table without one) or --permutation's table: the table and classic noise's
// gradient seed, kept together as the command line keeps them (cli::noise_seed).
struct seeded_table {
  permutation_table table = permutation_table::perlin();
  std::uint64_t classic_seed = 0;
};
result<seeded_table> make_table(std::optional<std::uint64_t> seed,
                                const std::optional<std::vector<int>>& permutation);

// A graph and the JSON it was read from (which is how it crosses to another process).
struct graph_handle {
  std::shared_ptr<const graph> g;
  std::string json;
  graph_outputs outputs = graph_outputs::values;
};
result<graph_handle> parse_graph(const std::string& json);
result<graph_handle> load_graph(const std::string& path);
result<graph_handle> with_outputs(const graph_handle& g, const std::string& what);

// A field to fill: the spec (noise seeded with the table's classic seed) and its table, checked
// with validate() when made, and the NumPy shape of its values: the axes t, z, y, x trimmed to
// dims, then the channels when there are several (the .npy that vknoise render writes).
struct field_request {
  field_spec spec;
  seeded_table table;
  std::vector<std::int64_t> shape() const;
};
// `region` as --region: each box's last global sample index must stay exact in double (2^53).
result<field_request> make_field(int dims, const std::array<std::uint32_t, 4>& size,
                                 const std::array<double, 4>& origin,
                                 const std::array<double, 4>& step,
                                 const std::array<std::uint64_t, 4>& region,
                                 const noise_spec* noise, const graph_handle* g,
                                 const seeded_table& table);

}  // namespace vknoise::python
