#include "bake/bake_recipes.hpp"

#include "bake/embedded_recipes.hpp"

namespace vknoise::bake {
namespace {

using io::ktx2_format;
using io::ktx2_shape;

// The largest sides: those Vulkan implementations commonly support for the image type
// (maxImageDimension2D 16384, maxImageDimension3D 2048 on desktop GPUs), and within memory for
// the bake's float buffer (a 512^3 volume of 4 channels is 2 GiB of floats before conversion).
constexpr std::uint32_t max_side_2d = 16384;
constexpr std::uint32_t max_side_3d = 512;

// Schneider's set (Horizon Zero Dawn's Nubis), as Hillaire's TileableVolumeNoise makes it.
constexpr texture_recipe clouds[] = {
    {"base", "clouds_base", ktx2_shape::volume_3d, ktx2_format::rgba8_unorm, 128, max_side_3d,
     texture_content::values, 3, 4,
     "R Perlin-Worley, G B A inverted Worley fBms at 8, 16 and 32 cells"},
    {"erosion", "clouds_erosion", ktx2_shape::volume_3d, ktx2_format::rgba8_unorm, 32, max_side_3d,
     texture_content::values, 3, 3, "R G B inverted Worley fBms at 2, 4 and 8 cells, A 1"},
    {"curl", "clouds_curl", ktx2_shape::texture_2d, ktx2_format::rgba8_unorm, 128, max_side_2d,
     texture_content::curl, 3, 3, "R G B the curl's x, y, z as c / 2 + 1 / 2, A 1"},
    {"weather", "clouds_weather", ktx2_shape::texture_2d, ktx2_format::rg8_unorm, 512, max_side_2d,
     texture_content::values, 2, 2, "R coverage, G cloud type"},
};

constexpr texture_recipe ocean[] = {
    {"detail", "ocean_detail", ktx2_shape::array_2d, ktx2_format::rgba16_sfloat, 256, max_side_2d,
     texture_content::height_normal, 3, 1,
     "one layer per frame of the loop: R height, G B A the unit normal's x, y, z"},
};

constexpr texture_set sets[] = {
    {"clouds",
     "Schneider's realtime cloud textures: base shape and erosion volumes, curl, weather map",
     clouds},
    {"ocean", "detail that tiles in x and y and loops in time, for an FFT ocean", ocean},
};

}  // namespace

std::string texture_file_name(const texture_recipe& recipe) {
  return std::string(recipe.name) + ".ktx2";
}

std::span<const texture_set> texture_sets() {
  return sets;
}

const texture_set* find_texture_set(std::string_view name) {
  for (const texture_set& set : sets) {
    if (set.name == name) return &set;
  }
  return nullptr;
}

std::string_view texture_set_names() {
  return "clouds, ocean";
}

std::string_view recipe_graph_json(std::string_view graph_name) {
  for (const embedded_recipe& recipe : embedded_recipes()) {
    if (recipe.name == graph_name) return recipe.json;
  }
  return {};
}

}  // namespace vknoise::bake
