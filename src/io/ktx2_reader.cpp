#include "io/ktx2_reader.hpp"

#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>

#include "core/bounded_read.hpp"

namespace vknoise::io {
namespace {

constexpr std::uint8_t identifier[12] = {0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32,
                                         0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A};
constexpr std::size_t header_bytes = 80;       // identifier, header, index (to sgdByteLength)
constexpr std::size_t level_entry_bytes = 24;  // byteOffset, byteLength, uncompressedByteLength
constexpr std::uint32_t max_side = 1u << 24;   // the writer's limit: larger sides are refused
// Room for the header, the level index (at most 25 levels of sides up to 2^24), the descriptor and
// the key/value data beyond the texels, for read_ktx2's bound on the file.
constexpr std::uint64_t max_metadata_bytes = 1u << 20;

constexpr ktx2_format supported[] = {
    ktx2_format::r8_unorm,   ktx2_format::r8_srgb,     ktx2_format::rg8_unorm,
    ktx2_format::rg8_srgb,   ktx2_format::rgba8_unorm, ktx2_format::rgba8_srgb,
    ktx2_format::r16_sfloat, ktx2_format::rg16_sfloat, ktx2_format::rgba16_sfloat,
    ktx2_format::r32_sfloat, ktx2_format::rg32_sfloat, ktx2_format::rgba32_sfloat,
};

bool is_srgb(ktx2_format format) {
  return format == ktx2_format::r8_srgb || format == ktx2_format::rg8_srgb ||
         format == ktx2_format::rgba8_srgb;
}

// What an unsupported vkFormat is, for the message: the block-compressed ranges of vulkan_core.h
// (BC, ETC2, EAC, ASTC LDR; PVRTC; ASTC HDR), the rest by number alone.
std::string unsupported_format(std::uint32_t vk_format) {
  std::string what = "vkFormat " + std::to_string(vk_format);
  if (vk_format == 0) return what + " (VK_FORMAT_UNDEFINED: Basis Universal or a custom format)";
  if ((vk_format >= 131 && vk_format <= 184) ||
      (vk_format >= 1000054000 && vk_format <= 1000054007) ||
      (vk_format >= 1000066000 && vk_format <= 1000066013)) {
    return what + " (a block-compressed format)";
  }
  return what;
}

error bad(const std::string& what) {
  return make_error(errc::invalid_argument, what);
}

std::uint32_t u32_at(std::span<const std::byte> file, std::size_t at) {
  std::uint32_t value = 0;
  for (int i = 0; i < 4; ++i) value |= std::to_integer<std::uint32_t>(file[at + i]) << (8 * i);
  return value;
}
std::uint64_t u64_at(std::span<const std::byte> file, std::size_t at) {
  return u32_at(file, at) | std::uint64_t{u32_at(file, at + 4)} << 32;
}

// Whether [offset, offset + length) lies inside a file of `size` bytes (no overflow).
bool inside(std::uint64_t offset, std::uint64_t length, std::uint64_t size) {
  return offset <= size && length <= size - offset;
}

struct header {
  std::uint32_t vk_format, type_size, width, height, depth, layers, faces, levels, scheme;
  std::uint32_t dfd_offset, dfd_length, kvd_offset, kvd_length;
  std::uint64_t sgd_offset, sgd_length;
};

header header_of(std::span<const std::byte> file) {
  header h{};
  std::uint32_t* fields[] = {&h.vk_format,  &h.type_size,  &h.width,     &h.height, &h.depth,
                             &h.layers,     &h.faces,      &h.levels,    &h.scheme, &h.dfd_offset,
                             &h.dfd_length, &h.kvd_offset, &h.kvd_length};
  std::size_t at = 12;
  for (std::uint32_t* field : fields) {
    *field = u32_at(file, at);
    at += 4;
  }
  h.sgd_offset = u64_at(file, at);
  h.sgd_length = u64_at(file, at + 8);
  return h;
}

// The key/value data: entries of a 4-byte length, then the key, NUL, the value, padded to 4.
result<std::vector<std::pair<std::string, std::string>>> key_values_of(
    std::span<const std::byte> kvd) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::size_t at = 0;
  while (at < kvd.size()) {
    if (kvd.size() - at < 4) return bad("key/value data: an entry's length is cut off");
    const std::uint32_t length = u32_at(kvd, at);
    at += 4;
    if (length > kvd.size() - at) {
      return bad("key/value data: an entry of " + std::to_string(length) + " bytes runs past its " +
                 std::to_string(kvd.size()) + " bytes");
    }
    const char* text = reinterpret_cast<const char*>(kvd.data() + at);
    const void* nul = std::memchr(text, '\0', length);
    if (nul == nullptr) return bad("key/value data: a key without its NUL");
    const std::size_t key_length = static_cast<std::size_t>(static_cast<const char*>(nul) - text);
    if (key_length == 0) return bad("key/value data: an empty key");
    pairs.emplace_back(std::string(text, key_length),
                       std::string(text + key_length + 1, length - key_length - 1));
    // The padding after the last entry may be left out.
    at = std::min<std::size_t>(kvd.size(), (at + length + 3) / 4 * 4);
  }
  return pairs;
}

// The texels of one level of `expected` bytes, inflated from its one or more Zstandard frames
// into exactly that room: a frame that would give more fails there, one that gives less is
// caught by the count.
result<std::vector<std::byte>> inflate_level(std::span<const std::byte> packed,
                                             std::uint64_t expected, std::uint32_t level) {
  const std::string name = "level " + std::to_string(level) + ": ";
  std::vector<std::byte> texels(expected);
  const std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> context(ZSTD_createDCtx(),
                                                                     &ZSTD_freeDCtx);
  if (!context) return make_error(errc::out_of_memory, "ZSTD_createDCtx failed");
  const std::size_t size = ZSTD_decompressDCtx(context.get(), texels.data(), texels.size(),
                                               packed.data(), packed.size());
  if (ZSTD_isError(size)) {
    if (ZSTD_getErrorCode(size) == ZSTD_error_dstSize_tooSmall) {
      return bad(name + "Zstandard data inflate to more than the " + std::to_string(expected) +
                 " bytes of its texels");
    }
    return bad(name + "Zstandard data are corrupt (" + ZSTD_getErrorName(size) + ")");
  }
  if (size != expected) {
    return bad(name + "Zstandard data inflate to " + std::to_string(size) + " bytes, expected " +
               std::to_string(expected));
  }
  return texels;
}

// IEEE binary16 to float, exactly (every half is a float).
float half_to_float(std::uint16_t half) {
  const std::uint32_t sign = std::uint32_t{half & 0x8000u} << 16;
  const std::uint32_t exponent = (half >> 10) & 0x1F;
  const std::uint32_t mantissa = half & 0x3FF;
  if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u | mantissa << 13);
  if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24, exact in float
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | (exponent + 112) << 23 | mantissa << 13);
}

float srgb_to_linear(std::uint8_t byte) {
  const double e = byte / 255.0;
  return static_cast<float>(e <= 0.04045 ? e / 12.92 : std::pow((e + 0.055) / 1.055, 2.4));
}

}  // namespace

ktx2_level_size ktx2_level_extent(const ktx2_image& image, std::uint32_t level) {
  const auto shrink = [&](std::uint32_t side) {
    return level >= 32 ? 1u : std::max<std::uint32_t>(1, side >> level);
  };
  return {shrink(image.width), shrink(image.height),
          image.shape == ktx2_shape::volume_3d ? shrink(image.depth) : image.depth};
}

result<ktx2_texture> decode_ktx2(std::span<const std::byte> file, std::uint64_t max_texel_bytes) {
  if (file.size() < sizeof identifier ||
      std::memcmp(file.data(), identifier, sizeof identifier) != 0) {
    return make_error(errc::invalid_argument, "not a KTX 2 file");
  }
  if (file.size() < header_bytes) {
    return bad("the header is cut off (" + std::to_string(file.size()) + " bytes of " +
               std::to_string(header_bytes) + ")");
  }
  const header h = header_of(file);

  ktx2_texture texture;
  const auto* format =
      std::find(std::begin(supported), std::end(supported), static_cast<ktx2_format>(h.vk_format));
  if (format == std::end(supported))
    return bad(unsupported_format(h.vk_format) + " is not supported");
  texture.format = *format;
  const int channels = ktx2_channel_count(texture.format);
  const std::uint64_t channel_bytes =
      static_cast<std::uint64_t>(ktx2_channel_bytes(texture.format));
  const std::uint64_t texel_bytes = channel_bytes * static_cast<std::uint64_t>(channels);
  if (h.type_size != channel_bytes) {
    return bad("typeSize " + std::to_string(h.type_size) + " does not fit the format " +
               ktx2_format_name(texture.format) + " (" + std::to_string(channel_bytes) + ")");
  }
  if (h.faces != 1) {
    return bad(h.faces == 6 ? "cube maps are not supported"
                            : "faceCount " + std::to_string(h.faces) + " (only 1 is supported)");
  }
  if (h.width == 0) return bad("pixelWidth 0");
  if (h.height == 0) return bad("1D textures are not supported");
  if (h.depth > 0 && h.layers > 0) return bad("arrays of 3D textures are not supported");
  if (h.width > max_side || h.height > max_side || h.depth > max_side || h.layers > max_side) {
    return make_error(errc::out_of_range, "a side over 2^24 (" + std::to_string(h.width) + " x " +
                                              std::to_string(h.height) + " x " +
                                              std::to_string(std::max(h.depth, h.layers)) + ")");
  }
  if (h.scheme == 1) return bad("Basis Universal (BasisLZ) supercompression is not supported");
  if (h.scheme != 0 && h.scheme != 2) {
    return bad("supercompressionScheme " + std::to_string(h.scheme) +
               " is not supported (none or Zstandard)");
  }
  const bool zstd = h.scheme == 2;

  texture.image.width = h.width;
  texture.image.height = h.height;
  if (h.depth > 0) {
    texture.image.shape = ktx2_shape::volume_3d;
    texture.image.depth = h.depth;
  } else if (h.layers > 0) {
    texture.image.shape = ktx2_shape::array_2d;
    texture.image.depth = h.layers;
  }
  texture.image.channels = channels;
  // levelCount 0 asks a loader to make the mips itself; the file holds level 0 alone.
  const std::uint32_t levels = std::max<std::uint32_t>(h.levels, 1);
  const std::uint32_t full = ktx2_full_level_count(texture.image);
  if (levels > full) {
    return bad("levelCount " + std::to_string(h.levels) + " exceeds the " + std::to_string(full) +
               " levels of " + std::to_string(h.width) + " x " + std::to_string(h.height) +
               (texture.image.shape == ktx2_shape::volume_3d
                    ? " x " + std::to_string(texture.image.depth)
                    : std::string()));
  }
  const std::uint64_t index_end = header_bytes + level_entry_bytes * levels;
  if (!inside(0, index_end, file.size())) {
    return bad("the level index (" + std::to_string(levels) + " levels) runs past the end of the " +
               std::to_string(file.size()) + "-byte file");
  }
  const struct {
    const char* name;
    std::uint64_t offset, length;
  } regions[] = {{"the data format descriptor", h.dfd_offset, h.dfd_length},
                 {"the key/value data", h.kvd_offset, h.kvd_length},
                 {"the supercompression global data", h.sgd_offset, h.sgd_length}};
  for (const auto& region : regions) {
    if (!inside(region.offset, region.length, file.size())) {
      return bad(std::string(region.name) + " (" + std::to_string(region.length) + " bytes at " +
                 std::to_string(region.offset) + ") runs past the end of the " +
                 std::to_string(file.size()) + "-byte file");
    }
  }
  if (h.dfd_length < 4 || u32_at(file, h.dfd_offset) != h.dfd_length) {
    return bad("the data format descriptor's dfdTotalSize does not match its " +
               std::to_string(h.dfd_length) + " bytes");
  }

  // Every level's size before anything is allocated: the sum is bounded by the caller's limit.
  std::vector<std::uint64_t> level_sizes(levels);
  std::uint64_t total = 0;
  for (std::uint32_t level = 0; level < levels; ++level) {
    const ktx2_level_size size = ktx2_level_extent(texture.image, level);
    // Sides up to 2^24: width * height * texel size fits 64 bits; the depth is divided out.
    const std::uint64_t slice = std::uint64_t{size.width} * size.height * texel_bytes;
    if (slice > max_texel_bytes / size.depth || slice * size.depth > max_texel_bytes - total) {
      return make_error(errc::out_of_range,
                        "the texels exceed the limit of " + std::to_string(max_texel_bytes) +
                            " bytes (level " + std::to_string(level) + " of " +
                            std::to_string(size.width) + " x " + std::to_string(size.height) +
                            " x " + std::to_string(size.depth) + " texels)");
    }
    level_sizes[level] = slice * size.depth;
    total += level_sizes[level];
  }
  for (std::uint32_t level = 0; level < levels; ++level) {
    const std::size_t at = header_bytes + level_entry_bytes * level;
    const std::uint64_t offset = u64_at(file, at), length = u64_at(file, at + 8),
                        uncompressed = u64_at(file, at + 16);
    const std::string name = "level " + std::to_string(level) + ": ";
    if (!inside(offset, length, file.size())) {
      return bad(name + std::to_string(length) + " bytes at " + std::to_string(offset) +
                 " run past the end of the " + std::to_string(file.size()) + "-byte file");
    }
    if (uncompressed != level_sizes[level]) {
      return bad(name + std::to_string(uncompressed) + " bytes uncompressed, expected " +
                 std::to_string(level_sizes[level]));
    }
    const auto stored = file.subspan(offset, length);
    if (!zstd) {
      if (length != level_sizes[level]) {
        return bad(name + std::to_string(length) + " bytes, expected " +
                   std::to_string(level_sizes[level]));
      }
      texture.levels.emplace_back(stored.begin(), stored.end());
    } else {
      auto texels = inflate_level(stored, level_sizes[level], level);
      if (!texels) return texels.error_value();
      texture.levels.push_back(std::move(texels.value()));
    }
  }

  auto pairs = key_values_of(file.subspan(h.kvd_offset, h.kvd_length));
  if (!pairs) return pairs.error_value();
  texture.key_values = std::move(pairs.value());
  return texture;
}

result<ktx2_texture> read_ktx2(const std::string& path, std::uint64_t max_texel_bytes) {
  const std::uint64_t room = max_texel_bytes > SIZE_MAX - max_metadata_bytes
                                 ? SIZE_MAX
                                 : max_texel_bytes + max_metadata_bytes;
  auto content = detail::read_regular_file(path, static_cast<std::size_t>(room));
  if (!content) {
    return make_error(errc::io_error, path + ": " + content.message());
  }
  const std::string& bytes = content.value();
  auto texture = decode_ktx2(
      std::span(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()), max_texel_bytes);
  if (!texture) {
    return make_error(texture.error_value().code, path + ": " + texture.message());
  }
  return texture;
}

std::vector<float> ktx2_level_floats(const ktx2_texture& texture, std::uint32_t level) {
  const std::vector<std::byte>& bytes = texture.levels.at(level);
  const int channels = ktx2_channel_count(texture.format);
  const int channel_bytes = ktx2_channel_bytes(texture.format);
  const bool srgb = is_srgb(texture.format);
  std::vector<float> values(bytes.size() / static_cast<std::size_t>(channel_bytes));
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::byte* at = bytes.data() + i * static_cast<std::size_t>(channel_bytes);
    switch (channel_bytes) {
      case 1: {
        const auto byte = std::to_integer<std::uint8_t>(*at);
        const bool alpha = i % static_cast<std::size_t>(channels) == 3;  // linear in rgba8-srgb
        values[i] = srgb && !alpha ? srgb_to_linear(byte) : static_cast<float>(byte) / 255.0f;
        break;
      }
      case 2:
        values[i] = half_to_float(static_cast<std::uint16_t>(
            std::to_integer<unsigned>(at[0]) | std::to_integer<unsigned>(at[1]) << 8));
        break;
      default: {
        std::uint32_t bits = 0;
        for (int b = 0; b < 4; ++b) bits |= std::to_integer<std::uint32_t>(at[b]) << (8 * b);
        values[i] = std::bit_cast<float>(bits);
      }
    }
  }
  return values;
}

}  // namespace vknoise::io
