// The .ktx2 reader (src/io/ktx2_reader.hpp): every file the writer makes reads back as written,
// and damaged or hostile files give their specific errors, never a crash or a huge allocation.

#include "io/ktx2_reader.hpp"

#include <gtest/gtest.h>
#include <zstd.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "scratch_directory.hpp"

namespace {

using vknoise::errc;
using namespace vknoise::io;

constexpr std::uint64_t kLimit = 1u << 24;

constexpr ktx2_format kFormats[] = {
    ktx2_format::r8_unorm,   ktx2_format::r8_srgb,     ktx2_format::rg8_unorm,
    ktx2_format::rg8_srgb,   ktx2_format::rgba8_unorm, ktx2_format::rgba8_srgb,
    ktx2_format::r16_sfloat, ktx2_format::rg16_sfloat, ktx2_format::rgba16_sfloat,
    ktx2_format::r32_sfloat, ktx2_format::rg32_sfloat, ktx2_format::rgba32_sfloat,
};

std::uint32_t u32(const std::vector<std::byte>& file, std::size_t at) {
  std::uint32_t value = 0;
  for (int i = 0; i < 4; ++i) value |= std::to_integer<std::uint32_t>(file.at(at + i)) << (8 * i);
  return value;
}
std::uint64_t u64(const std::vector<std::byte>& file, std::size_t at) {
  return u32(file, at) | std::uint64_t{u32(file, at + 4)} << 32;
}
void put32(std::vector<std::byte>& file, std::size_t at, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) file.at(at + i) = static_cast<std::byte>(value >> (8 * i));
}
void put64(std::vector<std::byte>& file, std::size_t at, std::uint64_t value) {
  put32(file, at, static_cast<std::uint32_t>(value));
  put32(file, at + 4, static_cast<std::uint32_t>(value >> 32));
}
constexpr std::size_t level_index(std::uint32_t level) {
  return 80 + 24 * std::size_t{level};
}

// Values in -1.5..2.5 (beyond both ends of the 8-bit range), some large for the half formats.
std::vector<float> values_for(const ktx2_image& image, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> value(-1.5f, 2.5f);
  std::vector<float> values(std::size_t{image.width} * image.height * image.depth * image.channels);
  for (float& v : values) v = value(random);
  values[0] = 70000.0f;  // infinity as a half
  if (values.size() > 1) values[1] = -3.0e-6f;
  return values;
}

std::vector<std::byte> encoded(const ktx2_image& image, const std::vector<float>& values,
                               const ktx2_options& options) {
  auto file = encode_ktx2(image, values, options);
  EXPECT_TRUE(file.ok()) << file.message();
  return file.ok() ? file.value() : std::vector<std::byte>{};
}

// The stored bytes of each level, inflated where supercompressed: what the writer produced.
std::vector<std::vector<std::byte>> written_levels(const std::vector<std::byte>& file) {
  std::vector<std::vector<std::byte>> levels;
  for (std::uint32_t l = 0; l < u32(file, 40); ++l) {
    const std::uint64_t offset = u64(file, level_index(l)), length = u64(file, level_index(l) + 8),
                        uncompressed = u64(file, level_index(l) + 16);
    std::vector<std::byte> bytes(uncompressed);
    if (u32(file, 44) == 2) {
      const std::size_t size =
          ZSTD_decompress(bytes.data(), bytes.size(), file.data() + offset, length);
      EXPECT_EQ(size, uncompressed);
    } else {
      std::memcpy(bytes.data(), file.data() + offset, length);
    }
    levels.push_back(std::move(bytes));
  }
  return levels;
}

// What ktx2_level_floats must give for `expected` (the writer's float texels, `channels` per
// texel), checked through the writer's own conversions: the 8-bit values re-encode to the same
// byte, the halves to the same half, the floats are equal bit for bit.
void expect_level_floats(ktx2_format format, const std::vector<float>& got,
                         const std::vector<float>& expected, int channels) {
  const int format_channels = ktx2_channel_count(format);
  const std::size_t texels = expected.size() / channels;
  ASSERT_EQ(got.size(), texels * format_channels);
  const bool srgb = ktx2_format_name(format).find("srgb") != std::string::npos;
  std::size_t mismatches = 0;
  for (std::size_t t = 0; t < texels; ++t) {
    for (int c = 0; c < format_channels; ++c) {
      const float want = c < channels ? expected[t * channels + c] : 1.0f;
      const float have = got[t * format_channels + c];
      bool same;
      switch (ktx2_channel_bytes(format)) {
        case 1:
          same = srgb && c != 3 ? srgb8_of(have) == srgb8_of(want)
                                : unorm8_of(have) == unorm8_of(want) &&
                                      have == static_cast<float>(unorm8_of(want)) / 255.0f;
          break;
        case 2:
          // Widened exactly: the half of the float is the half the writer stored.
          same = float_to_half(have) == float_to_half(want) &&
                 (std::isinf(have) || std::fabs(have) <= 65504.0f);
          break;
        default:
          same = std::bit_cast<std::uint32_t>(have) == std::bit_cast<std::uint32_t>(want);
      }
      if (!same && mismatches++ < 5) {
        ADD_FAILURE() << "texel " << t << " channel " << c << ": read " << have << ", written "
                      << want;
      }
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

TEST(Ktx2Reader, EveryFormatShapeMipAndZstdChoiceReadsBackAsWritten) {
  const ktx2_image shapes[] = {
      {ktx2_shape::texture_2d, 16, 8, 1, 1}, {ktx2_shape::texture_2d, 5, 3, 1, 1},
      {ktx2_shape::array_2d, 8, 8, 6, 1},    {ktx2_shape::array_2d, 5, 3, 1, 1},
      {ktx2_shape::volume_3d, 8, 4, 4, 1},   {ktx2_shape::volume_3d, 5, 3, 3, 1},
  };
  unsigned seed = 1;
  for (const ktx2_format format : kFormats) {
    for (ktx2_image image : shapes) {
      for (const bool mips : {false, true}) {
        for (const bool zstd : {false, true}) {
          // Four-channel formats take 3 channels (alpha 1) as well, in every other case.
          image.channels = ktx2_channel_count(format);
          if (image.channels == 4 && seed % 2 == 0) image.channels = 3;
          SCOPED_TRACE(ktx2_format_name(format) + " " + std::to_string(image.width) + "x" +
                       std::to_string(image.height) + "x" + std::to_string(image.depth) +
                       " shape " + std::to_string(static_cast<int>(image.shape)) +
                       (mips ? " mips" : "") + (zstd ? " zstd" : "") + " channels " +
                       std::to_string(image.channels));
          const auto values = values_for(image, seed++);
          ktx2_options options;
          options.format = format;
          options.mips = mips;
          if (zstd) options.zstd_level = 3;
          const auto file = encoded(image, values, options);
          ASSERT_FALSE(file.empty());
          auto read = decode_ktx2(file, kLimit);
          ASSERT_TRUE(read.ok()) << read.message();
          const ktx2_texture& texture = read.value();
          EXPECT_EQ(texture.format, format);
          EXPECT_EQ(texture.image.shape, image.shape);
          EXPECT_EQ(texture.image.width, image.width);
          EXPECT_EQ(texture.image.height, image.height);
          EXPECT_EQ(texture.image.depth, image.depth);
          EXPECT_EQ(texture.image.channels, ktx2_channel_count(format));
          const std::uint32_t levels = mips ? ktx2_full_level_count(image) : 1;
          ASSERT_EQ(texture.levels.size(), levels);
          EXPECT_EQ(texture.levels, written_levels(file));
          ASSERT_EQ(texture.key_values.size(), 2u);
          EXPECT_EQ(texture.key_values[0].first, "KTXorientation");
          EXPECT_EQ(texture.key_values[0].second,
                    std::string(image.shape == ktx2_shape::volume_3d ? "rdi" : "rd") + '\0');
          EXPECT_EQ(texture.key_values[1].first, "KTXwriter");
          EXPECT_EQ(texture.key_values[1].second.rfind("vknoise ", 0), 0u);
          EXPECT_EQ(texture.key_values[1].second.back(), '\0');
          const auto chain = ktx2_mip_chain(image, values, levels);
          for (std::uint32_t l = 0; l < levels; ++l) {
            SCOPED_TRACE("level " + std::to_string(l));
            const ktx2_level_size size = ktx2_level_extent(texture.image, l);
            EXPECT_EQ(texture.levels[l].size(), std::size_t{size.width} * size.height * size.depth *
                                                    ktx2_channel_count(format) *
                                                    ktx2_channel_bytes(format));
            expect_level_floats(format, ktx2_level_floats(texture, l), chain[l], image.channels);
          }
        }
      }
    }
  }
}

TEST(Ktx2Reader, LevelExtentsHalveRoundingDownAndKeepLayers) {
  const ktx2_image volume{ktx2_shape::volume_3d, 5, 3, 9, 1};
  EXPECT_EQ(ktx2_level_extent(volume, 1).width, 2u);
  EXPECT_EQ(ktx2_level_extent(volume, 1).height, 1u);
  EXPECT_EQ(ktx2_level_extent(volume, 1).depth, 4u);
  EXPECT_EQ(ktx2_level_extent(volume, 3).depth, 1u);
  const ktx2_image array{ktx2_shape::array_2d, 8, 8, 6, 1};
  EXPECT_EQ(ktx2_level_extent(array, 3).width, 1u);
  EXPECT_EQ(ktx2_level_extent(array, 3).depth, 6u);
}

TEST(Ktx2Reader, SrgbAndHalfDecodeToTheirExactValues) {
  const std::vector<float> values{0.0f, 0.5f, 1.0f, 0.25f, 0.0031308f, 0.18f, 2.0f, 0.75f};
  ktx2_options options;
  options.format = ktx2_format::rgba8_srgb;
  auto read = decode_ktx2(encoded({ktx2_shape::texture_2d, 2, 1, 1, 4}, values, options), kLimit);
  ASSERT_TRUE(read.ok()) << read.message();
  const auto floats = ktx2_level_floats(read.value(), 0);
  ASSERT_EQ(floats.size(), 8u);
  EXPECT_EQ(floats[0], 0.0f);
  EXPECT_NEAR(floats[1], 0.5f, 0.004f);  // byte 188: ((188/255 + 0.055) / 1.055)^2.4
  EXPECT_EQ(floats[2], 1.0f);
  EXPECT_EQ(floats[3], 64.0f / 255.0f);  // alpha stays linear: round(0.25 * 255) = 64
  EXPECT_EQ(floats[6], 1.0f);
  EXPECT_EQ(floats[7], 191.0f / 255.0f);

  options.format = ktx2_format::r16_sfloat;
  const std::vector<float> halves{0.1f, -65504.0f, 1e-7f, 1e6f};
  read = decode_ktx2(encoded({ktx2_shape::texture_2d, 4, 1, 1, 1}, halves, options), kLimit);
  ASSERT_TRUE(read.ok()) << read.message();
  const auto widened = ktx2_level_floats(read.value(), 0);
  EXPECT_EQ(widened[0], 0.0999755859375f);  // half 0x2E66
  EXPECT_EQ(widened[1], -65504.0f);
  EXPECT_EQ(widened[2], std::ldexp(1.0f, -24) * 2.0f);  // a subnormal: 1e-7 is 1.68 steps
  EXPECT_TRUE(std::isinf(widened[3]));
}

class Ktx2ReaderFiles : public scratch_directory {};

TEST_F(Ktx2ReaderFiles, ReadsAWrittenFileAndNamesThePathInErrors) {
  const ktx2_image image{ktx2_shape::volume_3d, 4, 4, 4, 2};
  const auto values = values_for(image, 7);
  ktx2_options options;
  options.format = ktx2_format::rg32_sfloat;
  options.mips = true;
  ASSERT_TRUE(write_ktx2(path("v.ktx2"), image, values, options).ok());
  auto read = read_ktx2(path("v.ktx2"), kLimit);
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(read.value().levels.size(), 3u);
  EXPECT_EQ(ktx2_level_floats(read.value(), 0), values);

  auto missing = read_ktx2(path("none.ktx2"), kLimit);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error_value().code, errc::io_error);
  EXPECT_NE(missing.message().find("none.ktx2"), std::string::npos) << missing.message();
  auto directory = read_ktx2(dir_.string(), kLimit);
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.error_value().code, errc::io_error);
  EXPECT_NE(directory.message().find("directory"), std::string::npos) << directory.message();
  // Over the limit: refused before the texels are read.
  auto small = read_ktx2(path("v.ktx2"), 64);
  ASSERT_FALSE(small.ok());
  EXPECT_EQ(small.error_value().code, errc::out_of_range);
  EXPECT_NE(small.message().find("exceed the limit of 64 bytes"), std::string::npos)
      << small.message();
}

// A valid file to damage: 5x3 rg16f with mips (3 levels), uncompressed or Zstandard.
std::vector<std::byte> sample_file(bool zstd) {
  const ktx2_image image{ktx2_shape::texture_2d, 5, 3, 1, 2};
  ktx2_options options;
  options.format = ktx2_format::rg16_sfloat;
  options.mips = true;
  if (zstd) options.zstd_level = 5;
  return encoded(image, values_for(image, 11), options);
}

void expect_refused(const std::vector<std::byte>& file, const std::string& text,
                    errc code = errc::invalid_argument, std::uint64_t limit = kLimit) {
  const auto read = decode_ktx2(file, limit);
  ASSERT_FALSE(read.ok()) << "accepted; expected: " << text;
  EXPECT_EQ(read.error_value().code, code) << read.message();
  EXPECT_NE(read.message().find(text), std::string::npos)
      << "got \"" << read.message() << "\", expected \"" << text << "\"";
  EXPECT_EQ(read.message().find('\n'), std::string::npos);
}

TEST(Ktx2ReaderCorrupt, EachDamageHasItsError) {
  const auto good = sample_file(false);
  ASSERT_FALSE(good.empty());
  ASSERT_TRUE(decode_ktx2(good, kLimit).ok());
  const auto damaged = [&](auto change) {
    auto file = good;
    change(file);
    return file;
  };

  expect_refused({}, "not a KTX 2 file");
  expect_refused(damaged([](auto& f) { f[5] = std::byte{'1'}; }), "not a KTX 2 file");
  expect_refused(std::vector<std::byte>(good.begin(), good.begin() + 40),
                 "the header is cut off (40 bytes of 80)");
  expect_refused(damaged([](auto& f) { put32(f, 12, 131); }),
                 "vkFormat 131 (a block-compressed format) is not supported");
  expect_refused(damaged([](auto& f) { put32(f, 12, 0); }), "vkFormat 0 (VK_FORMAT_UNDEFINED");
  expect_refused(damaged([](auto& f) { put32(f, 12, 23); }), "vkFormat 23 is not supported");
  expect_refused(damaged([](auto& f) { put32(f, 16, 4); }),
                 "typeSize 4 does not fit the format rg16f (2)");
  expect_refused(damaged([](auto& f) { put32(f, 36, 6); }), "cube maps are not supported");
  expect_refused(damaged([](auto& f) { put32(f, 36, 0); }), "faceCount 0");
  expect_refused(damaged([](auto& f) { put32(f, 24, 0); }), "1D textures are not supported");
  expect_refused(damaged([](auto& f) { put32(f, 20, 0); }), "pixelWidth 0");
  expect_refused(damaged([](auto& f) {
                   put32(f, 28, 2);
                   put32(f, 32, 2);
                 }),
                 "arrays of 3D textures are not supported");
  expect_refused(damaged([](auto& f) { put32(f, 20, (1u << 24) + 1); }), "a side over 2^24",
                 errc::out_of_range);
  expect_refused(damaged([](auto& f) { put32(f, 44, 1); }),
                 "Basis Universal (BasisLZ) supercompression is not supported");
  expect_refused(damaged([](auto& f) { put32(f, 44, 3); }), "supercompressionScheme 3");
  expect_refused(damaged([](auto& f) { put32(f, 40, 4); }),
                 "levelCount 4 exceeds the 3 levels of 5 x 3");
  // A level count the file has no room for: the index runs past the end.
  expect_refused(damaged([](auto& f) {
                   put32(f, 20, 1u << 24);
                   put32(f, 40, 25);
                   f.resize(200);
                 }),
                 "the level index (25 levels) runs past the end of the 200-byte file");
  expect_refused(damaged([](auto& f) { put32(f, 52, 1u << 30); }),
                 "the data format descriptor (1073741824 bytes at 152) runs past the end");
  expect_refused(damaged([](auto& f) { put32(f, 56, 0xFFFFFFF0u); }), "the key/value data (");
  expect_refused(damaged([](auto& f) { put64(f, 64, ~std::uint64_t{0}); }),
                 "the supercompression global data");
  expect_refused(damaged([](auto& f) { put32(f, u32(f, 48), 12); }), "dfdTotalSize does not match");
  // Level 0 (5x3 rg16f: 60 bytes): moved past the end, shortened, and misstated.
  expect_refused(damaged([](auto& f) { put64(f, level_index(0), f.size() - 10); }),
                 "level 0: 60 bytes at");
  expect_refused(damaged([](auto& f) { put64(f, level_index(0), ~std::uint64_t{0} - 4); }),
                 "run past the end");
  expect_refused(damaged([](auto& f) { put64(f, level_index(1) + 8, 4); }),
                 "level 1: 4 bytes, expected 8");
  expect_refused(damaged([](auto& f) { put64(f, level_index(2) + 16, 8); }),
                 "level 2: 8 bytes uncompressed, expected 4");
  // The file cut inside level 0, which is stored last.
  expect_refused(std::vector<std::byte>(good.begin(), good.end() - 1), "level 0: 60 bytes at");
  // Key/value entries running past their data, or without a NUL.
  expect_refused(damaged([](auto& f) { put32(f, u32(f, 56), 1000); }),
                 "key/value data: an entry of 1000 bytes runs past");
  expect_refused(damaged([](auto& f) {
                   const std::uint32_t kvd = u32(f, 56);
                   for (std::uint32_t i = 0; i < u32(f, kvd); ++i) f[kvd + 4 + i] = std::byte{'k'};
                 }),
                 "key/value data: a key without its NUL");
  expect_refused(damaged([](auto& f) { put32(f, 60, u32(f, 60) + 2); }),
                 "key/value data: an entry's length is cut off");
  // A 16 MiB limit for a claimed 2^24 x 2^24 texture: refused before any allocation.
  expect_refused(damaged([](auto& f) {
                   put32(f, 20, 1u << 24);
                   put32(f, 24, 1u << 24);
                 }),
                 "the texels exceed the limit of 16777216 bytes (level 0 of 16777216 x 16777216",
                 errc::out_of_range);
  expect_refused(good, "the texels exceed the limit of 65 bytes (level 1 of 2 x 1 x 1 texels)",
                 errc::out_of_range, 65);
}

TEST(Ktx2ReaderCorrupt, ZstandardLevelsMustInflateToExactlyTheirSize) {
  const auto good = sample_file(true);
  ASSERT_FALSE(good.empty());
  ASSERT_TRUE(decode_ktx2(good, kLimit).ok());
  // Level 0's frame, of 60 bytes, replaced by one that inflates to more or to less.
  const auto with_level0 = [&](std::size_t inflated_size) {
    std::vector<std::byte> texels(inflated_size, std::byte{7});
    std::vector<std::byte> frame(ZSTD_compressBound(texels.size()));
    frame.resize(ZSTD_compress(frame.data(), frame.size(), texels.data(), texels.size(), 3));
    auto file = good;
    const std::uint64_t offset = u64(file, level_index(0));
    file.resize(offset);
    file.insert(file.end(), frame.begin(), frame.end());
    put64(file, level_index(0) + 8, frame.size());
    return file;
  };
  expect_refused(with_level0(61), "level 0: Zstandard data inflate to more than the 60 bytes");
  // A bomb: 64 MiB in a frame of a few kB, inflated into the level's 60 bytes only.
  const auto bomb = with_level0(std::size_t{64} << 20);
  EXPECT_LT(bomb.size(), good.size() + 8192);
  expect_refused(bomb, "level 0: Zstandard data inflate to more than the 60 bytes");
  expect_refused(with_level0(59), "level 0: Zstandard data inflate to 59 bytes, expected 60");
  auto corrupt = good;
  corrupt[u64(corrupt, level_index(0)) + 4] ^= std::byte{0xFF};
  corrupt[u64(corrupt, level_index(0)) + 8] ^= std::byte{0xFF};
  const auto read = decode_ktx2(corrupt, kLimit);
  if (read.ok()) {
    // The flipped bits may land in literals: then the texels differ, and only they.
    EXPECT_NE(read.value().levels[0], decode_ktx2(good, kLimit).value().levels[0]);
  } else {
    EXPECT_NE(read.message().find("level 0: Zstandard"), std::string::npos) << read.message();
  }
  auto misstated = good;
  put64(misstated, level_index(1) + 16, 16);
  expect_refused(misstated, "level 1: 16 bytes uncompressed, expected 8");
}

}  // namespace
