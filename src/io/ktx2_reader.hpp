// Reading back the KTX 2.0 textures ktx2_writer.hpp writes, for the programs that use them: the
// window's clouds (`vknoise view --mode clouds --textures DIR`) and the test that uploads each
// file into a Vulkan image. Files of other writers are read when they use what the writer uses:
// one of its vkFormats, one face, no supercompression or Zstandard, any key/value data; anything
// else (Basis Universal, cube maps, 1D textures, an unknown vkFormat) is refused, naming it.
//
// Checked before anything is used: the identifier, that every length and offset in the header
// and the level index lies inside the file, that the level count fits the sizes, that each
// level's length is its texel count times the texel size (after Zstandard for a supercompressed
// level; an inflated level that is longer or shorter is an error), and that nothing is larger
// than the limit the caller gives, so a hostile or truncated file gives an error, never a crash
// or a huge allocation.
//
// Errors: errc::io_error for the file itself (missing, a directory, a FIFO, unreadable: the
// bounded reader's reason, core/bounded_read.hpp), errc::invalid_argument for its content
// ("not a KTX 2 file", "level 2: 4096 bytes, expected 8192", "vkFormat 131 (a block-compressed
// format) is not supported"). Thread-safe: no shared state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "io/ktx2_writer.hpp"
#include "vknoise/result.hpp"

namespace vknoise::io {

struct ktx2_texture {
  ktx2_format format = ktx2_format::r32_sfloat;
  ktx2_image image;  // shape and sizes; channels is the format's channel count
  // Level 0 (the largest) first, each the level's texels uncompressed, tightly packed, x fastest,
  // then y, then z (a volume's depth or an array's layer), each texel ktx2_channel_count(format)
  // channels of ktx2_channel_bytes(format) bytes, little-endian.
  std::vector<std::vector<std::byte>> levels;
  // The key/value data in file order; values as stored (NUL-terminated strings keep their NUL).
  std::vector<std::pair<std::string, std::string>> key_values;
};

// A level's sides: each axis of level 0 halved `level` times, rounding down, at least 1 (an
// array's layer count never halves).
struct ktx2_level_size {
  std::uint32_t width, height, depth;
};
ktx2_level_size ktx2_level_extent(const ktx2_image& image, std::uint32_t level);

// The texture in `file`; `max_texel_bytes` bounds the sum of every level's uncompressed size
// (errc::out_of_range past it, checked from the header before any level is read or inflated).
// Sides over 2^24 (the writer's limit) are errc::out_of_range too. levelCount 0 (a loader is to
// make the mips) reads as the one level stored. Zstandard levels are inflated into exactly their
// expected size: data that would inflate to more fail there.
result<ktx2_texture> decode_ktx2(std::span<const std::byte> file, std::uint64_t max_texel_bytes);

// decode_ktx2 of the regular file at `path`, read with the bounded reader (at most
// max_texel_bytes plus 1 MiB for the header, index, descriptor and key/value data). Its messages
// start with the path: "<path>: level 2: 4096 bytes, expected 8192".
result<ktx2_texture> read_ktx2(const std::string& path, std::uint64_t max_texel_bytes);

// The texels of one level as floats, ktx2_channel_count(format) per texel: UNORM as byte / 255,
// sRGB decoded to linear (the alpha of rgba8-srgb as UNORM), half widened exactly, float as is.
std::vector<float> ktx2_level_floats(const ktx2_texture& texture, std::uint32_t level);

}  // namespace vknoise::io
