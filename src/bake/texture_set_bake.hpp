// A whole set of `vknoise bake` (bake_recipes.hpp): the textures planned and checked before
// anything is computed, then computed, then written into DIR all or nothing: every file is encoded
// and written to its temporary file first (a full disk or a failed encoding leaves the existing
// files as they were and no temporary file), and only then is each renamed over its target,
// bake.json last.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bake/bake_recipes.hpp"
#include "bake/texture_bake.hpp"
#include "vknoise/result.hpp"

namespace vknoise::bake {

struct set_request {
  const texture_set* set = nullptr;
  // --graph NAME=FILE and --size NAME=N, in the order given; a NAME given twice is an error.
  std::vector<std::pair<std::string, std::string>> graph_files;
  std::vector<std::pair<std::string, std::uint32_t>> sizes;
  std::optional<std::uint32_t> frames;  // the array textures' layers (default_frames)
  std::optional<int> zstd_level;        // 1..22
  std::string table;  // how the field's permutation table was chosen, for bake.json: "perlin",
                      // "seed 7", "permutation FILE"
};

// The textures' plans: each recipe graph read (the embedded one, or the --graph file) and
// checked against its texture, each size checked (a power of two from 1 to the recipe's
// max_size; frames 1..max_frames), and the texels' memory (at most `max_bytes` of floats for the
// largest texture). errc::invalid_argument for every mistake of the request, naming the option;
// errc::io_error for a graph file that cannot be read.
result<std::vector<texture_plan>> plan_texture_set(const set_request& request,
                                                   std::uint64_t max_bytes);

// bake.json: the set, vknoise's version, the table, and per texture its file, format, shape,
// sides, levels, channels, content and recipe graph (the JSON object itself) with its source.
std::string bake_json(const set_request& request, std::span<const texture_plan> plans);

// Writes DIR/<name>.ktx2 for every plan (full mip chains, request.zstd_level) from `texels`
// (bake_texels of each plan, in order) and DIR/bake.json, all or nothing as above. DIR must be an
// existing, writable directory (errc::io_error otherwise, naming it).
status write_texture_set(const std::string& dir, const set_request& request,
                         std::span<const texture_plan> plans,
                         std::span<const std::vector<float>> texels);

// Checks that DIR is an existing directory that a file can be created in, before the work.
status check_output_directory(const std::string& dir);

}  // namespace vknoise::bake
