// KTX 2 files through Vulkan: each file is encoded from known floats, read back with the reader,
// uploaded with view::upload_texture, and every texel of every level (and layer) is fetched by a
// compute shader and compared with the field it came from: float formats bit for bit, halves
// equal to the half conversion widened, UNORM within one level (255ths), sRGB within one level
// after re-encoding the device's linear value. Every format, every shape with mips, Zstandard
// for 8-bit, half and float formats; odd sides for the halving. A format the device cannot sample
// (R8_SRGB and R8G8_SRGB are optional) must be refused with the reason instead.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "io/ktx2_reader.hpp"
#include "loader_device.hpp"
#include "texture_readback.hpp"

namespace {

using namespace vknoise::io;
using vknoise::test::loader_device_test;
using vknoise::test::sample_every_level;

struct texture_case {
  const char* name;
  ktx2_format format;
  ktx2_image image;
  bool mips;
  bool zstd;
};

// Deterministic values: 8-bit formats get -1.3..1.9 (both sides of [0, 1] clamp), float formats
// also large magnitudes and one value beyond the largest half (infinity as a half).
std::vector<float> field_of(const ktx2_image& image, ktx2_format format) {
  std::vector<float> values(std::size_t{image.width} * image.height * image.depth * image.channels);
  const bool is_float = ktx2_channel_bytes(format) > 1;
  for (std::size_t i = 0; i < values.size(); ++i) {
    float v = 1.6f * std::sin(0.37f * static_cast<float>(i) + 0.5f) + 0.3f;
    if (is_float && i % 7 == 3) v *= -5000.0f;
    values[i] = v;
  }
  if (is_float) values[0] = 70000.0f;
  return values;
}

bool is_srgb(ktx2_format format) {
  return ktx2_format_name(format).find("srgb") != std::string::npos;
}

void PrintTo(const texture_case& c, std::ostream* out) {
  *out << c.name;
}

class Ktx2Vulkan : public loader_device_test, public ::testing::WithParamInterface<texture_case> {};

TEST_P(Ktx2Vulkan, EveryTexelOfEveryLevelSamplesAsWritten) {
  const texture_case& c = GetParam();
  const auto values = field_of(c.image, c.format);
  ktx2_options options;
  options.format = c.format;
  options.mips = c.mips;
  if (c.zstd) options.zstd_level = 9;
  auto file = encode_ktx2(c.image, values, options);
  ASSERT_TRUE(file.ok()) << file.message();
  auto texture = decode_ktx2(file.value(), 1u << 24);
  ASSERT_TRUE(texture.ok()) << texture.message();
  const std::uint32_t levels = c.mips ? ktx2_full_level_count(c.image) : 1;
  ASSERT_EQ(texture.value().levels.size(), levels);

  // R8_SRGB and R8G8_SRGB are optional in Vulkan (lavapipe has neither): a device without the
  // format must refuse the upload with its reason, which is what the window then reports.
  VkFormatProperties features;
  vkGetPhysicalDeviceFormatProperties(gpu_->physical(), static_cast<VkFormat>(c.format), &features);
  if (!(features.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)) {
    const auto refused = sample_every_level(*gpu_, texture.value());
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error_value().code, vknoise::errc::no_device);
    EXPECT_EQ(refused.message().rfind("the device cannot sample ", 0), 0u) << refused.message();
    std::printf("[ refused  ] %s: %s\n", c.name, refused.message().c_str());
    return;
  }
  auto sampled = sample_every_level(*gpu_, texture.value());
  ASSERT_TRUE(sampled.ok()) << sampled.message();
  ASSERT_EQ(sampled.value().size(), levels);

  const auto chain = ktx2_mip_chain(c.image, values, levels);
  const int channels = ktx2_channel_count(c.format);
  const int bytes = ktx2_channel_bytes(c.format);
  std::size_t checked = 0, mismatches = 0, off_by_one = 0;
  for (std::uint32_t level = 0; level < levels; ++level) {
    const std::vector<float>& gpu = sampled.value()[level];
    const std::vector<float> halves = ktx2_level_floats(texture.value(), level);
    const ktx2_level_size size = ktx2_level_extent(c.image, level);
    const std::size_t texels = std::size_t{size.width} * size.height * size.depth;
    ASSERT_EQ(gpu.size(), texels * 4) << "level " << level;
    for (std::size_t t = 0; t < texels; ++t) {
      for (int ch = 0; ch < 4; ++ch) {
        const float got = gpu[t * 4 + ch];
        bool same;
        float want;
        if (ch >= channels) {
          want = ch == 3 ? 1.0f : 0.0f;  // texelFetch's absent channels
          same = got == want;
        } else {
          want = ch < c.image.channels ? chain[level][t * c.image.channels + ch] : 1.0f;
          if (bytes == 4) {
            same = std::bit_cast<std::uint32_t>(got) == std::bit_cast<std::uint32_t>(want);
          } else if (bytes == 2) {
            const float widened = halves[t * channels + ch];
            same = std::bit_cast<std::uint32_t>(got) == std::bit_cast<std::uint32_t>(widened) &&
                   float_to_half(got) == float_to_half(want);
          } else {
            const bool srgb_channel = is_srgb(c.format) && ch != 3;
            const int expected = srgb_channel ? srgb8_of(want) : unorm8_of(want);
            const int read =
                srgb_channel ? srgb8_of(got) : static_cast<int>(std::lround(got * 255.0f));
            const int difference = std::abs(read - expected);
            same = difference <= 1 && (srgb_channel || std::fabs(got * 255.0f - read) < 1e-3f);
            if (difference == 1) ++off_by_one;
          }
        }
        ++checked;
        if (!same && mismatches++ < 8) {
          ADD_FAILURE() << "level " << level << " texel " << t << " channel " << ch << ": GPU "
                        << got << ", expected " << want;
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_GT(checked, 0u);
  if (bytes == 1) {
    std::printf("[ 8-bit    ] %s: %zu of %zu channels one level off, the rest exact\n", c.name,
                off_by_one, checked);
  }
}

const texture_case kCases[] = {
    {"r8_2d_mips", ktx2_format::r8_unorm, {ktx2_shape::texture_2d, 16, 8, 1, 1}, true, false},
    {"r8srgb_array_mips_zstd",
     ktx2_format::r8_srgb,
     {ktx2_shape::array_2d, 8, 8, 6, 1},
     true,
     true},
    {"rg8_3d_mips", ktx2_format::rg8_unorm, {ktx2_shape::volume_3d, 8, 4, 4, 2}, true, false},
    {"rg8srgb_2d_odd_mips_zstd",
     ktx2_format::rg8_srgb,
     {ktx2_shape::texture_2d, 5, 3, 1, 2},
     true,
     true},
    {"rgba8_3d_odd_mips_zstd",
     ktx2_format::rgba8_unorm,
     {ktx2_shape::volume_3d, 5, 3, 3, 4},
     true,
     true},
    {"rgba8srgb_array_odd_mips",
     ktx2_format::rgba8_srgb,
     {ktx2_shape::array_2d, 5, 3, 3, 3},
     true,
     false},
    {"r16f_3d_mips_zstd", ktx2_format::r16_sfloat, {ktx2_shape::volume_3d, 8, 4, 4, 1}, true, true},
    {"rg16f_2d", ktx2_format::rg16_sfloat, {ktx2_shape::texture_2d, 16, 8, 1, 2}, false, false},
    {"rgba16f_array_mips_zstd",
     ktx2_format::rgba16_sfloat,
     {ktx2_shape::array_2d, 8, 8, 6, 4},
     true,
     true},
    {"r32f_3d_odd_mips", ktx2_format::r32_sfloat, {ktx2_shape::volume_3d, 5, 3, 3, 1}, true, false},
    {"rg32f_array_odd_zstd",
     ktx2_format::rg32_sfloat,
     {ktx2_shape::array_2d, 5, 3, 3, 2},
     false,
     true},
    {"rgba32f_2d_mips_zstd",
     ktx2_format::rgba32_sfloat,
     {ktx2_shape::texture_2d, 16, 8, 1, 3},
     true,
     true},
};

INSTANTIATE_TEST_SUITE_P(Files, Ktx2Vulkan, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<texture_case>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
