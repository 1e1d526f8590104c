// The texture sets of `vknoise bake` (src/bake): every built-in recipe fits its texture, every
// texture tiles exactly (the texel one past the edge equals the texel at 0 bit for bit, on every
// axis, and the ocean's frame N equals its frame 0), the normals and the curl's encoding are as
// documented, and every mistake in a request is refused with a message naming it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bake/texture_set_bake.hpp"
#include "vknoise/cpu_fill.hpp"
#include "vknoise/permutation.hpp"

namespace vknoise::bake {
namespace {

const bake::fill_function cpu_fill = [](const field_spec& field, std::span<float> out) {
  return fill_fast(field, permutation_table::from_seed(7), out);
};

set_request request_for(const char* set_name) {
  set_request request;
  request.set = find_texture_set(set_name);
  return request;
}

// Small sides, so that the tests stay quick; the recipes' cell counts are the same at any side.
set_request small_request(const char* set_name) {
  set_request request = request_for(set_name);
  for (const texture_recipe& recipe : request.set->textures) {
    request.sizes.emplace_back(std::string(recipe.name), recipe.name == "weather" ? 32u : 16u);
  }
  if (request.set->name == "ocean") request.frames = 4;
  return request;
}

std::vector<float> filled(const field_spec& field) {
  std::vector<float> values(value_count(field));
  const status done = cpu_fill(field, values);
  EXPECT_TRUE(done) << done.message();
  return values;
}

// The values of the slab `index` of `axis` (0 x, 1 y, 2 z) of a field, channels included.
std::vector<float> slab(const std::vector<float>& values, const field_spec& field, int axis,
                        std::uint32_t index) {
  const int channels = channel_count(field);
  std::vector<float> out;
  for (std::uint32_t z = 0; z < field.size[2]; ++z) {
    for (std::uint32_t y = 0; y < field.size[1]; ++y) {
      for (std::uint32_t x = 0; x < field.size[0]; ++x) {
        const std::uint32_t at[3] = {x, y, z};
        if (at[axis] != index) continue;
        const std::size_t sample = (std::size_t{z} * field.size[1] + y) * field.size[0] + x;
        for (int c = 0; c < channels; ++c) out.push_back(values[sample * channels + c]);
      }
    }
  }
  return out;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

TEST(Bake, EveryBuiltInRecipeFitsItsTexture) {
  for (const texture_set& set : texture_sets()) {
    auto plans =
        plan_texture_set(request_for(std::string(set.name).c_str()), std::uint64_t{4} << 30);
    ASSERT_TRUE(plans) << set.name << ": " << plans.message();
    ASSERT_EQ(plans->size(), set.textures.size());
    for (const texture_plan& plan : *plans) {
      EXPECT_EQ(plan.size, plan.recipe->size);
      EXPECT_EQ(plan.field_graph->dims(), plan.recipe->graph_dims);
      EXPECT_EQ(plan.field_graph->channels(), plan.recipe->graph_outputs) << plan.recipe->name;
      // The recipes are exact graphs: the GPU gives the fast CPU path's bits.
      EXPECT_EQ(plan.field_graph->bound(), 0.0) << plan.recipe->name;
    }
  }
  const texture_set* clouds = find_texture_set("clouds");
  ASSERT_NE(clouds, nullptr);
  EXPECT_EQ(clouds->textures.size(), 4u);
  EXPECT_EQ(find_texture_set("rain"), nullptr);
}

// Schneider's base volume as the issue of the set describes it: 128^3 RGBA8 with mips.
TEST(Bake, TheCloudTexturesHaveTheirFormatsAndSides) {
  auto plans = plan_texture_set(request_for("clouds"), std::uint64_t{4} << 30);
  ASSERT_TRUE(plans) << plans.message();
  const texture_plan& base = (*plans)[0];
  EXPECT_EQ(base.recipe->name, "base");
  EXPECT_EQ(base.recipe->format, io::ktx2_format::rgba8_unorm);
  const io::ktx2_image image = texture_image(base);
  EXPECT_EQ(image.shape, io::ktx2_shape::volume_3d);
  EXPECT_EQ(image.width * image.height * image.depth, 128u * 128u * 128u);
  EXPECT_EQ(io::ktx2_full_level_count(image), 8u);
  EXPECT_EQ(texture_image((*plans)[1]).width, 32u);
  EXPECT_EQ(texture_image((*plans)[2]).shape, io::ktx2_shape::texture_2d);
  EXPECT_EQ(texture_image((*plans)[3]).width, 512u);
  EXPECT_EQ((*plans)[3].recipe->format, io::ktx2_format::rg8_unorm);
}

// The texel at N equals the texel at 0 on every axis of every texture, and the texture is no
// constant (the slab next to the edge differs from it).
TEST(Bake, EveryTextureTilesBitForBitOnEveryAxis) {
  for (const char* set_name : {"clouds", "ocean"}) {
    auto plans = plan_texture_set(small_request(set_name), std::uint64_t{1} << 30);
    ASSERT_TRUE(plans) << plans.message();
    for (const texture_plan& plan : *plans) {
      const field_spec field = texture_field(plan, 0, 1);
      const std::vector<float> values = filled(field);
      const int axes = plan.recipe->shape == io::ktx2_shape::volume_3d ? 3 : 2;
      for (int axis = 0; axis < axes; ++axis) {
        const std::vector<float> first = slab(values, field, axis, 0);
        EXPECT_TRUE(same_bits(first, slab(values, field, axis, plan.size)))
            << plan.recipe->name << " axis " << axis;
        EXPECT_FALSE(same_bits(first, slab(values, field, axis, plan.size - 1)))
            << plan.recipe->name << " axis " << axis;
      }
    }
  }
}

// Frame N of the ocean's loop (t = 1) is frame 0 (t = 0) bit for bit; frame N - 1 is not.
TEST(Bake, TheOceanDetailLoopsExactlyInTime) {
  for (const std::uint32_t frames : {1u, 3u, 4u, 7u, 32u}) {
    set_request request = small_request("ocean");
    request.frames = frames;
    auto plans = plan_texture_set(request, std::uint64_t{1} << 30);
    ASSERT_TRUE(plans) << plans.message();
    const texture_plan& detail = (*plans)[0];
    ASSERT_EQ(detail.frames, frames);
    const std::vector<float> first = filled(texture_field(detail, 0));
    EXPECT_TRUE(same_bits(first, filled(texture_field(detail, frames)))) << frames << " frames";
    if (frames > 1) {
      EXPECT_FALSE(same_bits(first, filled(texture_field(detail, frames - 1))))
          << frames << " frames";
    }
  }
}

TEST(Bake, NormalsOfASlopeAndOfAFlatSurface) {
  // h = x / 4 over a 4 x 2 tile that does not wrap smoothly: inside, dh/dx = 1/4 per unit, the
  // difference over two texels (spacing 1/4) times 4 / 2.
  const std::vector<float> heights = {0.0f, 0.0625f, 0.125f, 0.1875f,
                                      0.0f, 0.0625f, 0.125f, 0.1875f};
  const std::vector<float> texels = heights_with_normals(heights, 4, 2);
  ASSERT_EQ(texels.size(), 32u);
  const float* inner = &texels[4];  // x = 1, y = 0
  const float dx = (0.125f - 0.0f) * 2.0f;
  const float length = std::sqrt(dx * dx + 0.0f + 1.0f);
  EXPECT_EQ(inner[0], 0.0625f);
  EXPECT_EQ(inner[1], -dx / length);
  EXPECT_EQ(inner[2], -0.0f / length);
  EXPECT_EQ(inner[3], 1.0f / length);
  // x = 0 wraps to x = 3 on its left: a steep rise the other way.
  EXPECT_GT(texels[1], 0.0f);
  const std::vector<float> flat = heights_with_normals(std::vector<float>(6, 0.5f), 3, 2);
  for (std::size_t t = 0; t < 6; ++t) {
    EXPECT_EQ(flat[t * 4 + 0], 0.5f);
    EXPECT_EQ(flat[t * 4 + 3], 1.0f);
  }
}

TEST(Bake, TheCurlIsStoredAsHalfPlusAHalf) {
  auto plans = plan_texture_set(small_request("clouds"), std::uint64_t{1} << 30);
  ASSERT_TRUE(plans) << plans.message();
  const texture_plan& curl = (*plans)[2];
  ASSERT_EQ(curl.recipe->name, "curl");
  const std::vector<float> curl_values = filled(texture_field(curl, 0));
  auto texels = bake_texels(curl, cpu_fill);
  ASSERT_TRUE(texels) << texels.message();
  ASSERT_EQ(texels->size(), curl_values.size());
  float lowest = 1, highest = 0;
  for (std::size_t i = 0; i < curl_values.size(); ++i) {
    EXPECT_EQ((*texels)[i], curl_values[i] * 0.5f + 0.5f);
    lowest = std::min(lowest, (*texels)[i]);
    highest = std::max(highest, (*texels)[i]);
  }
  // The recipe's scale keeps the curl inside the 8-bit range mostly, and it varies.
  EXPECT_LT(lowest, 0.4f);
  EXPECT_GT(highest, 0.6f);
}

std::string plan_error(const set_request& request) {
  auto plans = plan_texture_set(request, std::uint64_t{1} << 30);
  return plans ? "" : plans.message();
}

TEST(Bake, MistakesInTheRequestAreRefusedNamingThem) {
  set_request request = request_for("clouds");
  request.sizes = {{"base", 0}};
  EXPECT_NE(plan_error(request).find("--size base=0: the base texture's side must be a power of "
                                     "two from 1 to 512"),
            std::string::npos)
      << plan_error(request);
  request.sizes = {{"weather", 100}};
  EXPECT_NE(plan_error(request).find("power of two"), std::string::npos);
  request.sizes = {{"weather", 32768}};
  EXPECT_NE(plan_error(request).find("from 1 to 16384"), std::string::npos);
  request.sizes = {{"base", 1024}};
  EXPECT_NE(plan_error(request).find("from 1 to 512"), std::string::npos);
  request.sizes = {{"clouds", 8}};
  EXPECT_NE(plan_error(request).find("the clouds set has no texture 'clouds' (base, erosion, "
                                     "curl, weather)"),
            std::string::npos);
  request.sizes = {{"base", 8}, {"base", 16}};
  EXPECT_NE(plan_error(request).find("--size base=... is given twice"), std::string::npos);
  request.sizes.clear();
  request.frames = 8;
  EXPECT_NE(plan_error(request).find("--frames: the clouds set has no texture of frames"),
            std::string::npos);
  set_request ocean = request_for("ocean");
  ocean.frames = 0;
  EXPECT_NE(plan_error(ocean).find("--frames 0: expected 1 to 2048"), std::string::npos);

  // A recipe graph with the wrong output count or dims for its texture.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "vknoise_bake_test";
  std::filesystem::create_directories(dir);
  const std::filesystem::path three = dir / "three_outputs.json";
  std::ofstream(three) << R"({"dims": 3, "nodes": {"n": {"kind": "noise"}},
    "outputs": {"a": "n", "b": "n", "c": "n"}})";
  request = request_for("clouds");
  request.graph_files = {{"base", three.string()}};
  EXPECT_NE(plan_error(request).find("the base texture's graph needs 4 outputs (R Perlin-Worley, "
                                     "G B A inverted Worley fBms at 8, 16 and 32 cells), the "
                                     "graph has 3"),
            std::string::npos)
      << plan_error(request);
  request.graph_files = {{"weather", three.string()}};
  EXPECT_NE(plan_error(request).find("the weather texture's graph needs dims 2, the graph has 3"),
            std::string::npos)
      << plan_error(request);
  request.graph_files = {{"curl", (dir / "missing.json").string()}};
  EXPECT_NE(plan_error(request).find("--graph curl="), std::string::npos);
  request.graph_files = {{"curl", dir.string()}};
  EXPECT_NE(plan_error(request).find("is a directory"), std::string::npos) << plan_error(request);
  std::filesystem::remove_all(dir);
}

TEST(Bake, BakeJsonHoldsTheRecipesAndTheVersion) {
  set_request request = small_request("clouds");
  request.table = "seed 7";
  auto plans = plan_texture_set(request, std::uint64_t{1} << 30);
  ASSERT_TRUE(plans) << plans.message();
  const std::string text = bake_json(request, *plans);
  for (const char* expected :
       {"\"vknoise_bake\": 1", "\"set\": \"clouds\"", "\"vknoise_version\": \"", "\"seed 7\"",
        "\"file\": \"base.ktx2\"", "\"format\": \"rgba8\"",
        "\"graph_source\": "
        "\"graphs/bake/clouds_weather.json\"",
        "\"name\": \"clouds_curl\"", "\"content\": \"curl\""}) {
    EXPECT_NE(text.find(expected), std::string::npos) << expected;
  }
}

}  // namespace
}  // namespace vknoise::bake
