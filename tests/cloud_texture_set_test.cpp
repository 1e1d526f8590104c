// The baked clouds' texture set without a window (src/view/cloud_texture_set.hpp): a set as a bake
// writes it is read with its sizes and levels; a missing directory or file, a file of the wrong
// format or shape, each an error naming it; and the clouds' frame with --textures samples the set
// rather than a field (src/view/view_frame.hpp).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "io/ktx2_writer.hpp"
#include "scratch_directory.hpp"
#include "view/cloud_texture_set.hpp"
#include "view/view_frame.hpp"
#include "view_clouds_baked_spv.hpp"
#include "view_shared.h"

namespace vknoise::view {
namespace {

class CloudTextureSet : public scratch_directory {
 protected:
  // A texture of `side` texels a side (a cube for 3D), every value 0.5, with its mips.
  void write(const std::string& name, io::ktx2_shape shape, io::ktx2_format format,
             std::uint32_t side) {
    io::ktx2_image image;
    image.shape = shape;
    image.width = image.height = side;
    image.depth = shape == io::ktx2_shape::volume_3d ? side : 1;
    image.channels = io::ktx2_channel_count(format);
    const std::vector<float> values(
        std::size_t{image.width} * image.height * image.depth * image.channels, 0.5f);
    io::ktx2_options options;
    options.format = format;
    options.mips = true;
    ASSERT_TRUE(io::write_ktx2(path(name), image, values, options).ok()) << name;
  }
  void write_set() {
    write("base.ktx2", io::ktx2_shape::volume_3d, io::ktx2_format::rgba8_unorm, 16);
    write("erosion.ktx2", io::ktx2_shape::volume_3d, io::ktx2_format::rgba8_unorm, 8);
    write("curl.ktx2", io::ktx2_shape::texture_2d, io::ktx2_format::rgba8_unorm, 16);
    write("weather.ktx2", io::ktx2_shape::texture_2d, io::ktx2_format::rg8_unorm, 32);
  }
  std::string dir() const { return path(""); }
};

TEST_F(CloudTextureSet, ReadsASetAsABakeWritesIt) {
  write_set();
  auto set = read_cloud_texture_set(dir());
  ASSERT_TRUE(set.ok()) << set.message();
  const io::ktx2_texture& base = (*set)[cloud_texture::base];
  EXPECT_EQ(base.image.shape, io::ktx2_shape::volume_3d);
  EXPECT_EQ(base.image.width, 16u);
  EXPECT_EQ(base.image.depth, 16u);
  EXPECT_EQ(base.levels.size(), 5u);  // 16, 8, 4, 2, 1
  EXPECT_EQ(base.levels[0].size(), 16u * 16 * 16 * 4);
  EXPECT_EQ((*set)[cloud_texture::erosion].image.width, 8u);
  EXPECT_EQ((*set)[cloud_texture::curl].image.shape, io::ktx2_shape::texture_2d);
  const io::ktx2_texture& weather = (*set)[cloud_texture::weather];
  EXPECT_EQ(weather.format, io::ktx2_format::rg8_unorm);
  EXPECT_EQ(weather.levels.size(), 6u);
  EXPECT_EQ(weather.levels[0].size(), 32u * 32 * 2);
  EXPECT_EQ(static_cast<int>(weather.levels[0][0]), 128);  // 0.5 as UNORM
  EXPECT_EQ((*set).paths[2], path("curl.ktx2"));
}

// Each binding's texture is the clouds set's recipe of its name, as vknoise bake writes it.
TEST(CloudTextureRecipes, EachBindingIsTheBakesTextureOfItsName) {
  const char* names[] = {"base", "erosion", "curl", "weather"};
  for (std::size_t i = 0; i < cloud_texture_count; ++i) {
    const bake::texture_recipe& recipe = cloud_texture_recipe(static_cast<cloud_texture>(i));
    EXPECT_EQ(recipe.name, names[i]);
    EXPECT_EQ(bake::texture_file_name(recipe), std::string(names[i]) + ".ktx2");
  }
  EXPECT_EQ(cloud_texture_recipe(cloud_texture::weather).format, io::ktx2_format::rg8_unorm);
  EXPECT_EQ(cloud_texture_recipe(cloud_texture::curl).shape, io::ktx2_shape::texture_2d);
}

TEST_F(CloudTextureSet, AMissingDirectoryOrFileIsAnInputError) {
  auto none = read_cloud_texture_set(path("nothing"));
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error_value().code, errc::io_error);
  EXPECT_NE(none.message().find("nothing: no such directory"), std::string::npos) << none.message();

  write_set();
  std::filesystem::remove(path("erosion.ktx2"));
  auto missing = read_cloud_texture_set(dir());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error_value().code, errc::io_error);
  EXPECT_NE(missing.message().find(path("erosion.ktx2")), std::string::npos) << missing.message();

  auto file = read_cloud_texture_set(path("base.ktx2"));
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.message().find("base.ktx2: not a directory"), std::string::npos);
}

TEST_F(CloudTextureSet, AWrongFileIsRefusedNamingIt) {
  write_set();
  write("weather.ktx2", io::ktx2_shape::texture_2d, io::ktx2_format::rgba8_unorm, 32);
  auto format = read_cloud_texture_set(dir());
  ASSERT_FALSE(format.ok());
  EXPECT_EQ(format.error_value().code, errc::invalid_argument);
  EXPECT_NE(format.message().find(path("weather.ktx2") +
                                  ": VK_FORMAT_R8G8B8A8_UNORM, expected VK_FORMAT_R8G8_UNORM"),
            std::string::npos)
      << format.message();

  write_set();
  write("base.ktx2", io::ktx2_shape::texture_2d, io::ktx2_format::rgba8_unorm, 16);
  auto shape = read_cloud_texture_set(dir());
  ASSERT_FALSE(shape.ok());
  EXPECT_EQ(shape.error_value().code, errc::invalid_argument);
  EXPECT_NE(shape.message().find("base.ktx2: a 2D texture, expected a 3D texture"),
            std::string::npos)
      << shape.message();

  write_set();
  std::ofstream(path("curl.ktx2")) << "not a texture";
  auto text = read_cloud_texture_set(dir());
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error_value().code, errc::invalid_argument);
  EXPECT_NE(text.message().find(path("curl.ktx2")), std::string::npos) << text.message();
}

TEST(CloudTextureFrame, TheBakedCloudsSampleTexturesNotAField) {
  view_settings s;
  s.mode = view_mode::clouds;
  s.textures = "set";
  auto plan = plan_frame(s, field_spec{}, permutation_table::perlin(), 64, 32, 2.0);
  ASSERT_TRUE(plan.ok()) << plan.message();
  EXPECT_EQ(plan->shader.data(), spirv::view_clouds_baked);
  EXPECT_EQ(sample_count(plan->field), 1u);
  ASSERT_EQ(plan->params.size(), sizeof(shader::clouds_baked_params));
  shader::clouds_baked_params p{};
  std::memcpy(&p, plan->params.data(), sizeof p);
  EXPECT_EQ(p.width, 64u);
  EXPECT_EQ(p.height, 32u);
  EXPECT_FLOAT_EQ(p.wind, 1.2f);  // 0.6 world units a second
  EXPECT_EQ(render_command(s, plan->field, "field.png").rfind("none:", 0), 0u);

  s.textures.clear();  // the live field again
  auto live = plan_frame(s, field_spec{}, permutation_table::perlin(), 64, 32, 2.0);
  ASSERT_TRUE(live.ok()) << live.message();
  EXPECT_NE(live->shader.data(), spirv::view_clouds_baked);
  EXPECT_GT(sample_count(live->field), 1u);
}

}  // namespace
}  // namespace vknoise::view
