// KTX 2.0 textures (Khronos KTX File Format Specification 2.0) of float samples: 2D textures, 2D
// array textures and 3D volumes, uncompressed 8-bit, half-float or float formats, optionally with
// a full mip chain and Zstandard supercompression. Readable by any KTX 2 loader (libktx,
// ktx-parse, three.js, Vulkan samples).
//
// What the file holds:
// - Header: vkFormat (the Vulkan format number), typeSize (1, 2 or 4: the size of one channel),
//   pixelWidth, pixelHeight, pixelDepth (0 unless 3D), layerCount (0 unless an array), faceCount 1,
//   levelCount (1, or the full chain down to 1x1(x1)), supercompressionScheme (0 none, 2
//   Zstandard).
// - Level index: level 0 (the largest) first; the level data follow in the file smallest first, as
//   the specification requires. Without supercompression each level starts at a multiple of
//   lcm(texel size, 4) (zero mipPadding before it); with Zstandard every level is one zstd frame,
//   unaligned, and its uncompressedByteLength is the size of its texels.
// - Data Format Descriptor: one Basic block, colour model RGBSDA, primaries BT.709, transfer linear
//   (sRGB for the *_SRGB formats), straight alpha; one sample per channel (R, G, then A for the
//   fourth channel), bit offsets 0, 8, 16, 24 (or 16 / 32 bits apart); the 8-bit samples range
//   0..255; the float ones (half and float) carry the float and signed qualifiers and range
//   -1.0..1.0 written as float32 bit patterns (0xBF800000..0x3F800000); an sRGB format's alpha
//   carries the linear qualifier. bytesPlane0 is the texel size, also when supercompressed.
// - Key/value data, sorted by key: KTXorientation ("rd", or "rdi" for a 3D volume: x to the right,
//   y down, z into the screen, as the samples are laid out) and KTXwriter ("vknoise <version>"),
//   each value NUL-terminated, each entry padded to 4 bytes.
//
// Conversion of the float samples:
// - *_UNORM: clamped to [0, 1], then round(v * 255) (half away from zero); NaN gives 0.
// - *_SRGB: the value is linear: clamped to [0, 1], encoded with the sRGB transfer function
//   (12.92 v up to 0.0031308, else 1.055 v^(1/2.4) - 0.055, in double), then round(e * 255).
//   The fourth channel (alpha) of rgba8-srgb is linear and converted as UNORM.
// - *16_SFLOAT: IEEE half, rounded to nearest, ties to even; overflow gives infinity, NaN stays
//   NaN (quiet, sign kept), subnormals are kept.
// - *32_SFLOAT: the samples as they are.
//
// Mip levels: each level halves every axis that is longer than 1 (rounding down) and averages the
// 2, 2x2 or 2x2x2 texels (2i, 2i+1 on each halved axis, the second wrapped at the edge) of the
// level above, in float, on the linear values before conversion; so the mips of a tileable
// texture tile too. The sum runs x fastest, then y, then z, starting from 0.0f, and is multiplied
// by 1/count (a power of two, exact). Array layers are filtered separately and never mix.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "vknoise/result.hpp"

namespace vknoise::io {

enum class ktx2_format : std::uint32_t {
  r8_unorm = 9,
  r8_srgb = 15,
  rg8_unorm = 16,
  rg8_srgb = 22,
  rgba8_unorm = 37,
  rgba8_srgb = 43,
  r16_sfloat = 76,
  rg16_sfloat = 83,
  rgba16_sfloat = 97,
  r32_sfloat = 100,
  rg32_sfloat = 103,
  rgba32_sfloat = 109,
};

// The names the command line uses: r8, r8-srgb, rg8, rg8-srgb, rgba8, rgba8-srgb, r16f, rg16f,
// rgba16f, r32f, rg32f, rgba32f.
std::optional<ktx2_format> ktx2_format_named(const std::string& name);
std::string ktx2_format_name(ktx2_format format);
// The VkFormat's name without VK_FORMAT_, for messages: "R8G8B8A8_UNORM".
const char* ktx2_vulkan_format_name(ktx2_format format);
// Every name, for help texts: "r8, r8-srgb, ...".
std::string ktx2_format_names();
int ktx2_channel_count(ktx2_format format);  // 1, 2 or 4
int ktx2_channel_bytes(ktx2_format format);  // 1, 2 or 4

enum class ktx2_shape {
  texture_2d,  // width x height
  array_2d,    // width x height x layers (the third axis as array layers, filtered apart)
  volume_3d,   // width x height x depth
};

// "2D", "2D array", "3D": how messages and bake.json name a shape.
const char* ktx2_shape_name(ktx2_shape shape);

struct ktx2_image {
  ktx2_shape shape = ktx2_shape::texture_2d;
  std::uint32_t width = 1;
  std::uint32_t height = 1;
  std::uint32_t depth = 1;  // depth of a volume, layers of an array; 1 for a 2D texture
  // Samples per texel in `values`: equal to the format's channels, or 3 for a 4-channel format
  // (then alpha is 1.0).
  int channels = 1;
};

struct ktx2_options {
  ktx2_format format = ktx2_format::r32_sfloat;
  bool mips = false;
  std::optional<int> zstd_level;  // 1..22: Zstandard supercompression at that level
};

// The level count of a full mip chain: floor(log2(max side)) + 1 (a 2D array's layers excluded).
std::uint32_t ktx2_full_level_count(const ktx2_image& image);

// The float texels of every level (level 0 the input itself), `channels` per texel: the box
// filter above. Exposed for the tests.
std::vector<std::vector<float>> ktx2_mip_chain(const ktx2_image& image,
                                               std::span<const float> values, std::uint32_t levels);

// IEEE binary16 of `value`, round to nearest, ties to even.
std::uint16_t float_to_half(float value);
// The 8-bit conversions above.
std::uint8_t unorm8_of(float value);
std::uint8_t srgb8_of(float linear);

// The whole file in memory. errc::invalid_argument for a zero size, a channel count that does not
// fit the format, a wrong value count, a zstd level outside 1..22; errc::out_of_range for a side
// over 2^24 or a level over 2^40 bytes; errc::io_error when Zstandard fails.
result<std::vector<std::byte>> encode_ktx2(const ktx2_image& image, std::span<const float> values,
                                           const ktx2_options& options);

// encode_ktx2, written atomically.
status write_ktx2(const std::string& path, const ktx2_image& image, std::span<const float> values,
                  const ktx2_options& options);

}  // namespace vknoise::io
