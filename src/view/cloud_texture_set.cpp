#include "view/cloud_texture_set.hpp"

#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <system_error>

namespace vknoise::view {
namespace {

// The recipes' names in the order of the bindings (cloud_texture).
constexpr std::string_view names[cloud_texture_count] = {"base", "erosion", "curl", "weather"};

std::string vk_format_name(io::ktx2_format format) {
  return std::string("VK_FORMAT_") + io::ktx2_vulkan_format_name(format);
}

}  // namespace

const bake::texture_recipe& cloud_texture_recipe(cloud_texture texture) {
  const std::string_view name = names[static_cast<std::size_t>(texture)];
  for (const bake::texture_recipe& recipe : bake::find_texture_set("clouds")->textures) {
    if (recipe.name == name) return recipe;
  }
  std::abort();  // every name above is a texture of the clouds set (tests/cloud_texture_set_test)
}

status check_cloud_texture(const std::string& path, cloud_texture which,
                           const io::ktx2_texture& texture) {
  const bake::texture_recipe& kind = cloud_texture_recipe(which);
  auto wrong = [&](const std::string& what) {
    return make_error(errc::invalid_argument, "--textures " + path + ": " + what);
  };
  if (texture.image.shape != kind.shape) {
    return wrong(std::string("a ") + io::ktx2_shape_name(texture.image.shape) +
                 " texture, expected a " + io::ktx2_shape_name(kind.shape) + " texture");
  }
  if (texture.format != kind.format) {
    return wrong(vk_format_name(texture.format) + ", expected " + vk_format_name(kind.format));
  }
  if (texture.levels.empty()) return wrong("no mip level");
  return {};
}

result<cloud_texture_set> read_cloud_texture_set(const std::string& directory) {
  std::error_code ec;
  if (!std::filesystem::is_directory(directory, ec)) {
    const bool exists = std::filesystem::exists(directory, ec);
    return make_error(errc::io_error, "--textures " + directory + ": " +
                                          (exists ? "not a directory" : "no such directory"));
  }
  cloud_texture_set set;
  for (std::size_t i = 0; i < cloud_texture_count; ++i) {
    const auto which = static_cast<cloud_texture>(i);
    const std::string path =
        (std::filesystem::path(directory) / bake::texture_file_name(cloud_texture_recipe(which)))
            .string();
    auto texture = io::read_ktx2(path, max_texture_bytes);
    if (!texture) {
      // The reader's messages start with the path.
      return make_error(texture.error_value().code, "--textures " + texture.message());
    }
    if (auto s = check_cloud_texture(path, which, *texture); !s) return s.error_value();
    set.textures[i] = std::move(*texture);
    set.paths[i] = path;
  }
  return set;
}

}  // namespace vknoise::view
