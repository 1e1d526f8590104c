// The .ktx2 writer (src/io/ktx2_writer.hpp), its files parsed by hand here against the KTX 2.0
// specification; tests/ktx/read_ktx.mjs reads the command line's files with ktx-parse as well.

#include "io/ktx2_writer.hpp"

#include <gtest/gtest.h>
#include <zstd.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "scratch_directory.hpp"

namespace {

using vknoise::errc;
using namespace vknoise::io;

class Ktx2Writer : public scratch_directory {};

std::uint32_t u32(const std::vector<std::byte>& file, std::size_t at) {
  std::uint32_t value = 0;
  for (int i = 0; i < 4; ++i) value |= std::to_integer<std::uint32_t>(file.at(at + i)) << (8 * i);
  return value;
}
std::uint64_t u64(const std::vector<std::byte>& file, std::size_t at) {
  return u32(file, at) | std::uint64_t{u32(file, at + 4)} << 32;
}

struct level_entry {
  std::uint64_t offset, length, uncompressed;
};
level_entry level_of(const std::vector<std::byte>& file, std::uint32_t level) {
  const std::size_t at = 80 + 24 * std::size_t{level};
  return {u64(file, at), u64(file, at + 8), u64(file, at + 16)};
}

std::vector<float> floats_of(const std::vector<std::byte>& file, level_entry level) {
  std::vector<float> values(level.length / 4);
  std::memcpy(values.data(), file.data() + level.offset, level.length);
  return values;
}

std::vector<float> random_values(std::size_t count, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> values(count);
  for (float& v : values) v = value(random);
  return values;
}

std::vector<std::byte> encoded(const ktx2_image& image, const std::vector<float>& values,
                               const ktx2_options& options) {
  auto file = encode_ktx2(image, values, options);
  EXPECT_TRUE(file.ok()) << file.message();
  return file.ok() ? file.value() : std::vector<std::byte>{};
}

TEST_F(Ktx2Writer, A2DFloatTextureHasTheSpecifiedHeaderDescriptorAndKeys) {
  const ktx2_image image{ktx2_shape::texture_2d, 5, 3, 1, 1};
  const auto values = random_values(15, 1);
  ASSERT_TRUE(write_ktx2(path("a.ktx2"), image, values, {}).ok());
  EXPECT_EQ(entries(), std::vector<std::string>{"a.ktx2"});
  std::ifstream in(path("a.ktx2"), std::ios::binary);
  std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> file(chars.size());
  std::memcpy(file.data(), chars.data(), chars.size());

  const unsigned char identifier[12] = {0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32,
                                        0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A};
  ASSERT_GE(file.size(), 80u);
  EXPECT_EQ(std::memcmp(file.data(), identifier, 12), 0);
  EXPECT_EQ(u32(file, 12), 100u);  // VK_FORMAT_R32_SFLOAT
  EXPECT_EQ(u32(file, 16), 4u);    // typeSize
  EXPECT_EQ(u32(file, 20), 5u);
  EXPECT_EQ(u32(file, 24), 3u);
  EXPECT_EQ(u32(file, 28), 0u);  // pixelDepth: not a volume
  EXPECT_EQ(u32(file, 32), 0u);  // layerCount: not an array
  EXPECT_EQ(u32(file, 36), 1u);  // faceCount
  EXPECT_EQ(u32(file, 40), 1u);  // levelCount
  EXPECT_EQ(u32(file, 44), 0u);  // no supercompression
  const std::uint32_t dfd_offset = u32(file, 48), dfd_length = u32(file, 52);
  const std::uint32_t kvd_offset = u32(file, 56), kvd_length = u32(file, 60);
  EXPECT_EQ(dfd_offset, 80u + 24u);
  EXPECT_EQ(dfd_length, 4u + 24u + 16u);
  EXPECT_EQ(u64(file, 64), 0u);
  EXPECT_EQ(u64(file, 72), 0u);

  // The Basic descriptor: RGBSDA, BT.709, linear, one float signed 32-bit red sample in -1..1.
  EXPECT_EQ(u32(file, dfd_offset), dfd_length);
  EXPECT_EQ(u32(file, dfd_offset + 4), 0u);
  EXPECT_EQ(u32(file, dfd_offset + 8), 2u | 40u << 16);
  EXPECT_EQ(u32(file, dfd_offset + 12), 1u | 1u << 8 | 1u << 16);
  EXPECT_EQ(u32(file, dfd_offset + 16), 0u);
  EXPECT_EQ(u32(file, dfd_offset + 20), 4u);  // bytesPlane0
  EXPECT_EQ(u32(file, dfd_offset + 28), 0u | 31u << 16 | 0xC0u << 24);
  EXPECT_EQ(u32(file, dfd_offset + 36), 0xBF800000u);
  EXPECT_EQ(u32(file, dfd_offset + 40), 0x3F800000u);

  // Key/value pairs sorted by key, NUL-terminated, each padded to 4 bytes.
  EXPECT_EQ(kvd_offset, dfd_offset + dfd_length);
  std::string kvd(kvd_length, '\0');
  std::memcpy(kvd.data(), file.data() + kvd_offset, kvd_length);
  const std::string orientation("KTXorientation\0rd\0", 18);
  EXPECT_EQ(u32(file, kvd_offset), orientation.size());
  EXPECT_EQ(kvd.substr(4, 18), orientation);
  EXPECT_EQ(kvd.substr(22, 2), std::string(2, '\0'));
  const std::string writer = std::string("KTXwriter\0vknoise ", 18);
  EXPECT_EQ(kvd.substr(28, writer.size()), writer);
  EXPECT_EQ(kvd_length % 4, 0u);
  EXPECT_EQ(kvd.back(), '\0');

  const level_entry level = level_of(file, 0);
  EXPECT_EQ(level.offset % 4, 0u);
  EXPECT_GE(level.offset, kvd_offset + kvd_length);
  EXPECT_EQ(level.length, 15u * 4u);
  EXPECT_EQ(level.uncompressed, level.length);
  EXPECT_EQ(level.offset + level.length, file.size());
  EXPECT_EQ(floats_of(file, level), values);
}

TEST_F(Ktx2Writer, MipLevelsAreStoredSmallestFirstAlignedWithTheirSizes) {
  struct shape_case {
    ktx2_image image;
    ktx2_format format;
    std::uint32_t levels;
    std::vector<std::uint64_t> texels;  // per level
  };
  const shape_case cases[] = {
      {{ktx2_shape::texture_2d, 8, 3, 1, 4}, ktx2_format::rgba8_unorm, 4, {24, 4, 2, 1}},
      {{ktx2_shape::volume_3d, 4, 2, 8, 1}, ktx2_format::r16_sfloat, 4, {64, 8, 2, 1}},
      {{ktx2_shape::array_2d, 4, 4, 3, 2}, ktx2_format::rg32_sfloat, 3, {48, 12, 3}},
      {{ktx2_shape::texture_2d, 6, 6, 1, 3}, ktx2_format::rgba16_sfloat, 3, {36, 9, 1}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(ktx2_format_name(c.format));
    const auto values = random_values(
        std::size_t{c.image.width} * c.image.height * c.image.depth * c.image.channels, 2);
    ktx2_options options;
    options.format = c.format;
    options.mips = true;
    const auto file = encoded(c.image, values, options);
    ASSERT_FALSE(file.empty());
    EXPECT_EQ(u32(file, 40), c.levels);
    EXPECT_EQ(u32(file, 28), c.image.shape == ktx2_shape::volume_3d ? c.image.depth : 0u);
    EXPECT_EQ(u32(file, 32), c.image.shape == ktx2_shape::array_2d ? c.image.depth : 0u);
    const std::uint64_t texel =
        std::uint64_t(ktx2_channel_count(c.format)) * ktx2_channel_bytes(c.format);
    const std::uint64_t alignment = std::lcm(texel, std::uint64_t{4});
    std::uint64_t previous_offset = file.size();
    for (std::uint32_t l = 0; l < c.levels; ++l) {
      const level_entry level = level_of(file, l);
      EXPECT_EQ(level.length, c.texels[l] * texel) << "level " << l;
      EXPECT_EQ(level.uncompressed, level.length);
      EXPECT_EQ(level.offset % alignment, 0u);
      EXPECT_LT(level.offset, previous_offset)
          << "level " << l << " is stored before level " << l - 1;
      if (l == 0) {
        EXPECT_EQ(level.offset + level.length, file.size());
      } else {
        // Only mipPadding (zeros, fewer than the alignment) between a level and the next.
        const level_entry bigger = level_of(file, l - 1);
        EXPECT_LT(bigger.offset - (level.offset + level.length), alignment);
      }
      previous_offset = level.offset;
    }
  }
}

// The mips of a texture tiled 2x2 are its own mips tiled 2x2 (the filter wraps), and a level
// averages exactly the texels it covers.
TEST_F(Ktx2Writer, MipsOfATileableTextureTileAndAverageTheirTexels) {
  const std::uint32_t n = 8;
  const auto tile = random_values(n * n, 3);
  std::vector<float> tiled(4 * n * n);
  for (std::uint32_t y = 0; y < 2 * n; ++y) {
    for (std::uint32_t x = 0; x < 2 * n; ++x) tiled[y * 2 * n + x] = tile[(y % n) * n + x % n];
  }
  const ktx2_image small{ktx2_shape::texture_2d, n, n, 1, 1};
  const ktx2_image big{ktx2_shape::texture_2d, 2 * n, 2 * n, 1, 1};
  const auto small_chain = ktx2_mip_chain(small, tile, 4);
  const auto big_chain = ktx2_mip_chain(big, tiled, 4);
  for (std::uint32_t l = 0; l < 4; ++l) {
    const std::uint32_t side = n >> l;
    for (std::uint32_t y = 0; y < 2 * side; ++y) {
      for (std::uint32_t x = 0; x < 2 * side; ++x) {
        ASSERT_EQ(big_chain[l][y * 2 * side + x], small_chain[l][(y % side) * side + x % side])
            << "level " << l << " (" << x << ", " << y << ")";
      }
    }
  }
  // Level 1 texel (1, 2) of the 8x8 tile: the mean of texels x 2..3, y 4..5.
  const float expected =
      (((0.0f + tile[4 * n + 2]) + tile[4 * n + 3]) + tile[5 * n + 2] + tile[5 * n + 3]) * 0.25f;
  EXPECT_EQ(small_chain[1][2 * 4 + 1], expected);

  // A 3D volume averages 2x2x2; an array's layers never mix.
  std::vector<float> layers(2 * 2 * 2);
  for (int i = 0; i < 8; ++i) layers[i] = i < 4 ? 1.0f : 3.0f;
  const auto volume = ktx2_mip_chain({ktx2_shape::volume_3d, 2, 2, 2, 1}, layers, 2);
  ASSERT_EQ(volume[1].size(), 1u);
  EXPECT_EQ(volume[1][0], 2.0f);
  const auto array = ktx2_mip_chain({ktx2_shape::array_2d, 2, 2, 2, 1}, layers, 2);
  EXPECT_EQ(array[1], (std::vector<float>{1.0f, 3.0f}));
  // An odd side rounds down: a 3x1 row becomes 1 texel, the mean of the first two.
  const auto odd = ktx2_mip_chain({ktx2_shape::texture_2d, 3, 1, 1, 1},
                                  std::vector<float>{1.0f, 2.0f, 40.0f}, 2);
  EXPECT_EQ(odd[1], std::vector<float>{1.5f});
}

TEST(Ktx2Conversions, HalfRoundsToNearestEvenAtTheEdges) {
  const auto pow2 = [](int e) { return std::ldexp(1.0f, e); };
  const struct {
    float value;
    std::uint16_t half;
  } cases[] = {
      {0.0f, 0x0000},
      {-0.0f, 0x8000},
      {1.0f, 0x3C00},
      {-2.0f, 0xC000},
      {65504.0f, 0x7BFF},   // largest half
      {65519.99f, 0x7BFF},  // below the midpoint to infinity
      {65520.0f, 0x7C00},   // the midpoint rounds to even: infinity
      {1e10f, 0x7C00},
      {-1e10f, 0xFC00},
      {std::numeric_limits<float>::infinity(), 0x7C00},
      {-std::numeric_limits<float>::infinity(), 0xFC00},
      {pow2(-14), 0x0400},                     // smallest normal
      {pow2(-24), 0x0001},                     // smallest subnormal
      {pow2(-25), 0x0000},                     // a tie: to even, zero
      {pow2(-25) * 3.0f, 0x0002},              // a tie: to even, 2
      {pow2(-25) * 1.0000001f, 0x0001},        // just above the tie
      {pow2(-14) - pow2(-25), 0x0400},         // the top subnormal's tie rounds up to normal
      {1.0f + pow2(-11), 0x3C00},              // tie: to even
      {1.0f + 3.0f * pow2(-11), 0x3C02},       // tie: to even
      {1.0f + pow2(-11) + pow2(-20), 0x3C01},  // above the tie
      {std::numeric_limits<float>::denorm_min(), 0x0000},
      {-std::numeric_limits<float>::denorm_min(), 0x8000},
      {0.1f, 0x2E66},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(float_to_half(c.value), c.half) << c.value;
  }
  const std::uint16_t nan = float_to_half(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(nan & 0x7C00, 0x7C00);
  EXPECT_NE(nan & 0x03FF, 0);
  EXPECT_NE(float_to_half(-std::numeric_limits<float>::quiet_NaN()) & 0x8000, 0);
}

TEST(Ktx2Conversions, EightBitsClampRoundAndEncodeSrgb) {
  EXPECT_EQ(unorm8_of(-0.5f), 0);
  EXPECT_EQ(unorm8_of(std::numeric_limits<float>::quiet_NaN()), 0);
  EXPECT_EQ(unorm8_of(2.0f), 255);
  EXPECT_EQ(unorm8_of(0.5f), 128);  // 127.5 rounds away from zero
  EXPECT_EQ(unorm8_of(1.0f / 255.0f), 1);
  EXPECT_EQ(srgb8_of(0.0f), 0);
  EXPECT_EQ(srgb8_of(1.0f), 255);
  EXPECT_EQ(srgb8_of(0.5f), 188);   // 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354
  EXPECT_EQ(srgb8_of(0.002f), 7);   // the linear segment: 12.92 * 0.002 * 255 = 6.59
  EXPECT_EQ(srgb8_of(0.18f), 118);  // middle grey
}

TEST_F(Ktx2Writer, EightBitAndHalfLevelsHoldTheConvertedTexels) {
  const std::vector<float> values{0.0f,  0.25f, 0.5f,  1.0f,  // texel 0 (alpha 1.0)
                                  -1.0f, 2.0f,  0.18f, 0.5f};
  ktx2_options options;
  options.format = ktx2_format::rgba8_srgb;
  auto file = encoded({ktx2_shape::texture_2d, 2, 1, 1, 4}, values, options);
  ASSERT_FALSE(file.empty());
  EXPECT_EQ(u32(file, 12), 43u);
  EXPECT_EQ(u32(file, 16), 1u);
  const std::uint32_t dfd = u32(file, 48);
  EXPECT_EQ((u32(file, dfd + 12) >> 16) & 0xFF, 2u);  // transfer sRGB
  // Sample 3: alpha, linear, bits 24..31, 0..255.
  EXPECT_EQ(u32(file, dfd + 28 + 48), 24u | 7u << 16 | (15u | 0x10u) << 24);
  EXPECT_EQ(u32(file, dfd + 28 + 48 + 12), 255u);
  level_entry level = level_of(file, 0);
  ASSERT_EQ(level.length, 8u);
  const std::uint8_t expected[8] = {0, srgb8_of(0.25f), 188, 255, 0, 255, 118, 128};
  EXPECT_EQ(std::memcmp(file.data() + level.offset, expected, 8), 0);

  // Three channels into a four-channel format: alpha 1.0.
  options.format = ktx2_format::rgba16_sfloat;
  file = encoded({ktx2_shape::texture_2d, 1, 1, 1, 3}, {0.5f, -2.0f, 65520.0f}, options);
  ASSERT_FALSE(file.empty());
  level = level_of(file, 0);
  ASSERT_EQ(level.length, 8u);
  std::uint16_t halves[4];
  std::memcpy(halves, file.data() + level.offset, 8);
  EXPECT_EQ(halves[0], 0x3800);
  EXPECT_EQ(halves[1], 0xC000);
  EXPECT_EQ(halves[2], 0x7C00);
  EXPECT_EQ(halves[3], 0x3C00);
}

TEST_F(Ktx2Writer, ZstdLevelsInflateToTheUncompressedLevels) {
  const ktx2_image image{ktx2_shape::volume_3d, 16, 8, 4, 2};
  const auto values = random_values(16 * 8 * 4 * 2, 4);
  ktx2_options options;
  options.format = ktx2_format::rg16_sfloat;
  options.mips = true;
  const auto plain = encoded(image, values, options);
  options.zstd_level = 19;
  const auto packed = encoded(image, values, options);
  ASSERT_FALSE(plain.empty());
  ASSERT_FALSE(packed.empty());
  EXPECT_EQ(u32(packed, 44), 2u);  // KTX_SS_ZSTD
  EXPECT_EQ(u32(packed, 16), 2u);  // typeSize stays the channel's
  EXPECT_EQ(u32(packed, 40), 5u);
  std::uint64_t end = packed.size();
  for (std::uint32_t l = 0; l < 5; ++l) {
    const level_entry raw = level_of(plain, l), zst = level_of(packed, l);
    EXPECT_EQ(zst.uncompressed, raw.length);
    EXPECT_EQ(zst.offset + zst.length, end);  // no padding between supercompressed levels
    end = zst.offset;
    std::vector<std::byte> inflated(zst.uncompressed);
    const std::size_t size =
        ZSTD_decompress(inflated.data(), inflated.size(), packed.data() + zst.offset, zst.length);
    ASSERT_FALSE(ZSTD_isError(size)) << ZSTD_getErrorName(size);
    ASSERT_EQ(size, raw.length);
    EXPECT_EQ(std::memcmp(inflated.data(), plain.data() + raw.offset, size), 0) << "level " << l;
  }
  // "rdi": a volume's z goes into the screen.
  const std::string bytes(reinterpret_cast<const char*>(packed.data()), packed.size());
  EXPECT_NE(bytes.find(std::string("KTXorientation\0rdi\0", 19)), std::string::npos);
}

TEST_F(Ktx2Writer, BadInputIsAnErrorAndLeavesNoFile) {
  const std::vector<float> four(4, 0.5f);
  const auto fails = [&](const ktx2_image& image, std::span<const float> values,
                         const ktx2_options& options, errc code) {
    const auto done = write_ktx2(path("bad.ktx2"), image, values, options);
    EXPECT_FALSE(done.ok());
    if (!done.ok()) {
      EXPECT_EQ(done.error_value().code, code) << done.message();
    }
    EXPECT_TRUE(entries().empty());
  };
  fails({ktx2_shape::texture_2d, 0, 4, 1, 1}, {}, {}, errc::invalid_argument);
  fails({ktx2_shape::texture_2d, 2, 2, 1, 1}, std::span(four).first(3), {}, errc::invalid_argument);
  fails({ktx2_shape::texture_2d, 2, 1, 1, 2}, four, {}, errc::invalid_argument);  // 2 into r32f
  ktx2_options rgba;
  rgba.format = ktx2_format::rgba8_unorm;
  fails({ktx2_shape::texture_2d, 2, 1, 1, 2}, four, rgba, errc::invalid_argument);
  fails({ktx2_shape::texture_2d, 1u << 25, 1, 1, 1}, four, {}, errc::out_of_range);
  fails({ktx2_shape::volume_3d, 1u << 24, 1u << 24, 1u << 20, 1}, four, {}, errc::out_of_range);
  for (const int level : {0, 23, -1}) {
    ktx2_options options;
    options.zstd_level = level;
    fails({ktx2_shape::texture_2d, 2, 2, 1, 1}, four, options, errc::invalid_argument);
  }
  EXPECT_FALSE(
      write_ktx2("/nonexistent/vknoise/out.ktx2", {ktx2_shape::texture_2d, 2, 2, 1, 1}, four, {})
          .ok());
}

TEST(Ktx2Formats, NamesRoundTrip) {
  for (const char* name : {"r8", "r8-srgb", "rg8", "rg8-srgb", "rgba8", "rgba8-srgb", "r16f",
                           "rg16f", "rgba16f", "r32f", "rg32f", "rgba32f"}) {
    const auto format = ktx2_format_named(name);
    ASSERT_TRUE(format) << name;
    EXPECT_EQ(ktx2_format_name(*format), name);
  }
  EXPECT_FALSE(ktx2_format_named("rgb8"));
}

}  // namespace
