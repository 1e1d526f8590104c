// The texture sets `vknoise bake` writes: what each texture of a set is (its file, shape, format,
// default size, and the recipe graph that computes it, graphs/bake/<set>_<texture>.json, embedded
// at build time so the installed tool needs no files).
//
// Every texture covers the unit square or cube of its graph's position: texel i of N sits at i / N
// on each axis, so a graph whose noises have periods equal to their cell counts (scale factor c,
// period c) tiles the texture exactly: the texel at N equals the texel at 0 bit for bit. Sides
// are powers of two, which makes i / N exact in double (and halves evenly down the mips).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "io/ktx2_writer.hpp"

namespace vknoise::bake {

// What a texture's texels are, computed from its graph's outputs.
enum class texture_content {
  values,  // the outputs as they are, one channel each (a 4-channel format's missing alpha 1)
  curl,    // the curl of the graph's three outputs (a vector potential), each component c
           // stored as c / 2 + 1 / 2, alpha 1: an 8-bit texture of a signed field
  height_normal,  // the one output as a height (R), then the unit normal of that surface (G, B,
                  // A = x, y, z) from wrapping central differences, in the tile's units
};

struct texture_recipe {
  std::string_view name;        // the file's stem (base: DIR/base.ktx2), and --graph/--size NAME
  std::string_view graph_name;  // the embedded recipe: graphs/bake/<graph_name>.json
  io::ktx2_shape shape;         // texture_2d (dims 2, or dims 3 at z = 0), volume_3d, array_2d
  io::ktx2_format format;
  std::uint32_t size;      // default side (every axis but an array's layers)
  std::uint32_t max_size;  // the largest side the bake takes (see bake_recipes.cpp)
  texture_content content;
  int graph_dims;             // the recipe graph's dims
  int graph_outputs;          // the number of outputs it must have
  std::string_view channels;  // what the channels hold, for bake.json and --help
};

struct texture_set {
  std::string_view name;  // clouds, ocean
  std::string_view description;
  std::span<const texture_recipe> textures;
};

// The texture's file in a set's directory: "<name>.ktx2".
std::string texture_file_name(const texture_recipe& recipe);

std::span<const texture_set> texture_sets();
// nullptr for an unknown name.
const texture_set* find_texture_set(std::string_view name);
// "clouds, ocean"
std::string_view texture_set_names();
// The embedded recipe graph's text; empty for an unknown name.
std::string_view recipe_graph_json(std::string_view graph_name);

// The ocean's default number of frames in its loop (array layers), and the most it takes.
inline constexpr std::uint32_t default_frames = 32;
inline constexpr std::uint32_t max_frames = 2048;

}  // namespace vknoise::bake
