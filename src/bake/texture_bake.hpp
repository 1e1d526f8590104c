// Computing one texture of a set (bake_recipes.hpp): its recipe graph over the texture's grid,
// through any fill (the GPU renderer, the fast CPU path: they give the same bits), turned into the
// float texels the KTX 2 writer converts (io/ktx2_writer.hpp).
//
// The grid: texel i of N at position i / N on each axis of the unit square or cube (origin 0,
// step 1 / N, exact for N a power of two); a 2D texture of a 3D graph (curl) is its z = 0 slice;
// an array's layer k of `frames` is the W x H grid at z = k / frames (the quotient in double, so
// the layer at k = frames sits at exactly 1).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bake/bake_recipes.hpp"
#include "io/ktx2_writer.hpp"
#include "vknoise/field.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/result.hpp"

namespace vknoise::bake {

struct texture_plan {
  const texture_recipe* recipe = nullptr;
  // What the fill computes: the recipe graph, or for texture_content::curl its curl.
  std::shared_ptr<const graph> field_graph;
  std::string graph_json;    // the recipe's text as read, for bake.json
  std::string graph_source;  // "built in" or the file given with --graph
  std::uint32_t size = 0;    // every side but an array's layers
  std::uint32_t frames = 1;  // an array's layers; 1 otherwise
};

// The recipe's graph checked against its texture: its dims and output count (errc::
// invalid_argument naming the texture and what it needs, e.g. "--graph base=FILE: the base
// texture's graph needs 4 outputs (R Perlin-Worley, ...), the file has 3"). `who` names the
// graph in messages.
result<std::shared_ptr<const graph>> recipe_field_graph(const texture_recipe& recipe,
                                                        const graph& recipe_graph,
                                                        const std::string& who);

// The field of layer `frame` (0 for anything but an array) with `past_edge` more texels on every
// spatial axis (0 for the texture itself; the tiling tests render 1 past the edge).
field_spec texture_field(const texture_plan& plan, std::uint32_t frame,
                         std::uint32_t past_edge = 0);

// The KTX 2 image the texels fill: shape, sides, and channels per texel (the writer adds a
// 4-channel format's alpha when there are 3).
io::ktx2_image texture_image(const texture_plan& plan);

// Float bytes the texels take, to check against memory before anything is computed.
std::uint64_t texel_bytes(const texture_plan& plan);

using fill_function = std::function<status(const field_spec&, std::span<float>)>;

// The texels: the fill's outputs (values), or their curl mapped to c / 2 + 1 / 2, or the height
// with its normals; layer by layer for an array. Errors are the fill's; errc::out_of_memory when
// the buffers cannot be had.
result<std::vector<float>> bake_texels(const texture_plan& plan, const fill_function& fill);

// The height_normal content of one layer: for heights h (width x height, x fastest, tiling), 4
// floats per texel: h, then the unit normal of the surface z = h(x, y) over the unit square,
// (-dx, -dy, 1) / |(-dx, -dy, 1)| with dx = (h[x+1] - h[x-1]) * (width / 2) (wrapping; in float,
// in that order), dy likewise.
std::vector<float> heights_with_normals(std::span<const float> heights, std::uint32_t width,
                                        std::uint32_t height);

}  // namespace vknoise::bake
