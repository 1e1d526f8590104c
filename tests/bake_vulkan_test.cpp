// The files `vknoise bake` writes, through Vulkan: each set is baked small (the fast CPU path),
// written with write_texture_set, read back from its directory, and every level of every texture
// is uploaded into an image of the file's vkFormat and fetched by a compute shader
// (texture_readback.hpp), then compared with the texels the bake computed and their mip chain:
// UNORM within one level (255ths), the ocean's half floats equal to their half conversion.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "bake/texture_set_bake.hpp"
#include "io/ktx2_reader.hpp"
#include "loader_device.hpp"
#include "texture_readback.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/permutation.hpp"

namespace {

using namespace vknoise;
using vknoise::test::loader_device_test;
using vknoise::test::sample_every_level;

class BakeVulkan : public loader_device_test, public ::testing::WithParamInterface<const char*> {};

TEST_P(BakeVulkan, EveryBakedTextureSamplesAsBaked) {
  bake::set_request request;
  request.set = bake::find_texture_set(GetParam());
  ASSERT_NE(request.set, nullptr);
  request.table = "seed 3";
  if (std::string(GetParam()) == "ocean") {
    request.sizes = {{"detail", 16}};
    request.frames = 3;
  } else {
    request.sizes = {{"base", 16}, {"erosion", 8}, {"curl", 16}, {"weather", 32}};
  }
  auto plans = bake::plan_texture_set(request, std::uint64_t{1} << 30);
  ASSERT_TRUE(plans.ok()) << plans.message();
  const bake::fill_function fill = [](const field_spec& field, std::span<float> out) {
    return fill_fast(field, permutation_table::from_seed(3), out);
  };
  std::vector<std::vector<float>> texels;
  for (const bake::texture_plan& plan : plans.value()) {
    auto baked = bake::bake_texels(plan, fill);
    ASSERT_TRUE(baked.ok()) << baked.message();
    texels.push_back(std::move(baked).value());
  }
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("vknoise_bake_vulkan_" + std::string(GetParam()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const status written = bake::write_texture_set(dir.string(), request, plans.value(), texels);
  ASSERT_TRUE(written.ok()) << written.message();

  for (std::size_t i = 0; i < plans.value().size(); ++i) {
    const bake::texture_plan& plan = plans.value()[i];
    const std::string name(plan.recipe->name);
    auto texture = io::read_ktx2((dir / (name + ".ktx2")).string(), std::uint64_t{1} << 28);
    ASSERT_TRUE(texture.ok()) << texture.message();
    const io::ktx2_image image = bake::texture_image(plan);
    EXPECT_EQ(texture.value().format, plan.recipe->format) << name;
    EXPECT_EQ(texture.value().image.shape, image.shape) << name;
    const std::uint32_t levels = io::ktx2_full_level_count(image);
    ASSERT_EQ(texture.value().levels.size(), levels) << name;
    auto sampled = sample_every_level(*gpu_, texture.value());
    ASSERT_TRUE(sampled.ok()) << name << ": " << sampled.message();
    const auto chain = io::ktx2_mip_chain(image, texels[i], levels);
    const int channels = io::ktx2_channel_count(plan.recipe->format);
    const bool half = io::ktx2_channel_bytes(plan.recipe->format) == 2;
    std::size_t checked = 0, mismatches = 0;
    for (std::uint32_t level = 0; level < levels; ++level) {
      const io::ktx2_level_size size = io::ktx2_level_extent(image, level);
      const std::size_t count = std::size_t{size.width} * size.height * size.depth;
      ASSERT_EQ(sampled.value()[level].size(), count * 4) << name << " level " << level;
      for (std::size_t t = 0; t < count; ++t) {
        for (int ch = 0; ch < channels; ++ch) {
          const float got = sampled.value()[level][t * 4 + ch];
          const float want = ch < image.channels ? chain[level][t * image.channels + ch] : 1.0f;
          const bool same = half ? io::float_to_half(got) == io::float_to_half(want)
                                 : std::abs(std::lround(got * 255.0f) - io::unorm8_of(want)) <= 1;
          if (!same && ++mismatches <= 5) {
            ADD_FAILURE() << name << " level " << level << " texel " << t << " channel " << ch
                          << ": the device read " << got << ", the bake made " << want;
          }
          ++checked;
        }
      }
    }
    EXPECT_EQ(mismatches, 0u) << name;
    EXPECT_GT(checked, 0u);
    std::printf("[ sampled  ] %s/%s: %zu channels of %u levels\n", GetParam(), name.c_str(),
                checked, levels);
  }
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Sets, BakeVulkan, ::testing::Values("clouds", "ocean"));

}  // namespace
