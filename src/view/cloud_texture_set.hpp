// The baked cloud textures that `vknoise view --mode clouds --textures DIR` raymarches (as
// `vknoise bake clouds --out DIR` writes them), read and checked before any window opens:
//   DIR/base.ktx2     3D VK_FORMAT_R8G8B8A8_UNORM: R Perlin-Worley (the base shape), G, B, A
//                     Worley fBms of rising frequency
//   DIR/erosion.ktx2  3D VK_FORMAT_R8G8B8A8_UNORM: R, G, B Worley fBms of rising frequency
//   DIR/curl.ktx2     2D VK_FORMAT_R8G8B8A8_UNORM: curl noise, each component c as c * 0.5 + 0.5
//   DIR/weather.ktx2  2D VK_FORMAT_R8G8_UNORM: R coverage, G cloud type (0 stratus .. 1 cumulus)
// Every texture tiles on every axis (the shader samples them with REPEAT). Any sizes, with or
// without mips (the files' own levels are uploaded).
//
// Errors name the file: errc::io_error for a directory or file that cannot be read ("--textures
// DIR/base.ktx2: ..."), errc::invalid_argument for a file that is no KTX 2 texture of the shape
// and format above ("--textures DIR/curl.ktx2: a 3D texture, expected a 2D texture"),
// errc::out_of_range for one larger than max_texture_bytes (io/ktx2_reader.hpp). Thread-safe: no
// shared state.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "bake/bake_recipes.hpp"
#include "io/ktx2_reader.hpp"
#include "vknoise/result.hpp"

namespace vknoise::view {

// The four textures in the order of their bindings (view_shared.h VIEW_BINDING_CLOUD_*).
enum class cloud_texture { base, erosion, curl, weather };
constexpr std::size_t cloud_texture_count = 4;

// What each file must be: the clouds set's recipe of that name (bake/bake_recipes.hpp), which
// says the file's name, shape and format.
const bake::texture_recipe& cloud_texture_recipe(cloud_texture texture);

// The largest file's texels (all levels), 1 GiB: eight times a 512^3 RGBA8 volume's mips.
constexpr std::uint64_t max_texture_bytes = std::uint64_t{1} << 30;

struct cloud_texture_set {
  std::array<io::ktx2_texture, cloud_texture_count> textures;  // by cloud_texture
  std::array<std::string, cloud_texture_count> paths;          // the files they were read from
  const io::ktx2_texture& operator[](cloud_texture t) const {
    return textures[static_cast<std::size_t>(t)];
  }
};

// errc::invalid_argument "--textures PATH: ..." unless `texture` (read from `path`) has the kind's
// shape and format.
status check_cloud_texture(const std::string& path, cloud_texture which,
                           const io::ktx2_texture& texture);

result<cloud_texture_set> read_cloud_texture_set(const std::string& directory);

}  // namespace vknoise::view
