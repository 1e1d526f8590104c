#include "view/cloud_texture_set.hpp"

#include <filesystem>
#include <system_error>

namespace vknoise::view {
namespace {

constexpr cloud_texture_kind kinds[cloud_texture_count] = {
    {"base.ktx2", io::ktx2_shape::volume_3d, io::ktx2_format::rgba8_unorm},
    {"erosion.ktx2", io::ktx2_shape::volume_3d, io::ktx2_format::rgba8_unorm},
    {"curl.ktx2", io::ktx2_shape::texture_2d, io::ktx2_format::rgba8_unorm},
    {"weather.ktx2", io::ktx2_shape::texture_2d, io::ktx2_format::rg8_unorm},
};

// The Vulkan names of the formats a bake writes, for messages.
std::string vk_format_name(io::ktx2_format format) {
  if (format == io::ktx2_format::rgba8_unorm) return "VK_FORMAT_R8G8B8A8_UNORM";
  if (format == io::ktx2_format::rg8_unorm) return "VK_FORMAT_R8G8_UNORM";
  return io::ktx2_format_name(format) + " (vkFormat " +
         std::to_string(static_cast<std::uint32_t>(format)) + ")";
}

}  // namespace

const cloud_texture_kind& cloud_texture_kind_of(cloud_texture texture) {
  return kinds[static_cast<std::size_t>(texture)];
}

status check_cloud_texture(const std::string& path, cloud_texture which,
                           const io::ktx2_texture& texture) {
  const cloud_texture_kind& kind = cloud_texture_kind_of(which);
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
        (std::filesystem::path(directory) / cloud_texture_kind_of(which).file).string();
    auto texture = io::read_ktx2(path, max_texture_bytes);
    if (!texture) {
      // The reader's messages start with the path.
      return make_error(texture.error_value().code, "--textures " + texture.message());
    }
    if (auto s = check_cloud_texture(path, which, *texture); !s) return s.error_value();
    set.textures[i] = std::move(*texture);
  }
  return set;
}

}  // namespace vknoise::view
