#include "io/ktx2_writer.hpp"

#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numeric>

#include "io/atomic_file.hpp"

#ifndef VKNOISE_VERSION
#error "VKNOISE_VERSION (the project's version string) is set by src/io/CMakeLists.txt"
#endif

namespace vknoise::io {
namespace {

struct format_entry {
  ktx2_format format;
  const char* name;
  const char* vulkan_name;  // VkFormat's name without VK_FORMAT_
  int channels;
  int channel_bytes;
  bool srgb;
};

constexpr format_entry formats[] = {
    {ktx2_format::r8_unorm, "r8", "R8_UNORM", 1, 1, false},
    {ktx2_format::r8_srgb, "r8-srgb", "R8_SRGB", 1, 1, true},
    {ktx2_format::rg8_unorm, "rg8", "R8G8_UNORM", 2, 1, false},
    {ktx2_format::rg8_srgb, "rg8-srgb", "R8G8_SRGB", 2, 1, true},
    {ktx2_format::rgba8_unorm, "rgba8", "R8G8B8A8_UNORM", 4, 1, false},
    {ktx2_format::rgba8_srgb, "rgba8-srgb", "R8G8B8A8_SRGB", 4, 1, true},
    {ktx2_format::r16_sfloat, "r16f", "R16_SFLOAT", 1, 2, false},
    {ktx2_format::rg16_sfloat, "rg16f", "R16G16_SFLOAT", 2, 2, false},
    {ktx2_format::rgba16_sfloat, "rgba16f", "R16G16B16A16_SFLOAT", 4, 2, false},
    {ktx2_format::r32_sfloat, "r32f", "R32_SFLOAT", 1, 4, false},
    {ktx2_format::rg32_sfloat, "rg32f", "R32G32_SFLOAT", 2, 4, false},
    {ktx2_format::rgba32_sfloat, "rgba32f", "R32G32B32A32_SFLOAT", 4, 4, false},
};

const format_entry& entry_of(ktx2_format format) {
  for (const auto& entry : formats) {
    if (entry.format == format) return entry;
  }
  return formats[9];  // unreachable for a valid enumerator
}

bool known(ktx2_format format) {
  return std::any_of(std::begin(formats), std::end(formats),
                     [&](const format_entry& entry) { return entry.format == format; });
}

constexpr std::uint8_t identifier[12] = {0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32,
                                         0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A};
constexpr std::uint32_t max_side = 1u << 24;
constexpr std::uint64_t max_level_bytes = std::uint64_t{1} << 40;

// KTX 2 is little-endian throughout.
void put32(std::vector<std::byte>& out, std::size_t at, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out[at + i] = static_cast<std::byte>(value >> (8 * i));
}
void put64(std::vector<std::byte>& out, std::size_t at, std::uint64_t value) {
  for (int i = 0; i < 8; ++i) out[at + i] = static_cast<std::byte>(value >> (8 * i));
}
void append32(std::vector<std::byte>& out, std::uint32_t value) {
  out.resize(out.size() + 4);
  put32(out, out.size() - 4, value);
}

struct extent {
  std::uint32_t w, h, d;  // d: depth of a volume, layers of an array
};

extent level_extent(const ktx2_image& image, std::uint32_t level) {
  const auto shrink = [&](std::uint32_t side) { return std::max<std::uint32_t>(1, side >> level); };
  return {shrink(image.width), shrink(image.height),
          image.shape == ktx2_shape::volume_3d ? shrink(image.depth) : image.depth};
}

// One level of the box filter: `from` (extent `a`) to extent `b`.
std::vector<float> halve(const std::vector<float>& from, extent a, extent b, int channels,
                         bool volume) {
  std::vector<float> to(std::size_t{b.w} * b.h * b.d * channels);
  const int nx = a.w > 1 ? 2 : 1, ny = a.h > 1 ? 2 : 1, nz = volume && a.d > 1 ? 2 : 1;
  const float scale = 1.0f / static_cast<float>(nx * ny * nz);
  for (std::uint32_t z = 0; z < b.d; ++z) {
    for (std::uint32_t y = 0; y < b.h; ++y) {
      for (std::uint32_t x = 0; x < b.w; ++x) {
        for (int c = 0; c < channels; ++c) {
          float sum = 0.0f;
          for (int dz = 0; dz < nz; ++dz) {
            // An array's layer z reads its own layer only.
            const std::uint32_t sz = volume ? (nz * z + dz) % a.d : z;
            for (int dy = 0; dy < ny; ++dy) {
              const std::uint32_t sy = (ny * y + dy) % a.h;
              for (int dx = 0; dx < nx; ++dx) {
                const std::uint32_t sx = (nx * x + dx) % a.w;
                sum += from[((std::size_t{sz} * a.h + sy) * a.w + sx) * channels + c];
              }
            }
          }
          to[((std::size_t{z} * b.h + y) * b.w + x) * channels + c] = sum * scale;
        }
      }
    }
  }
  return to;
}

// The texels of one level in the format's bytes: `channels` input samples per texel.
std::vector<std::byte> convert(const std::vector<float>& texels, int channels,
                               const format_entry& format) {
  const std::size_t count = texels.size() / channels;
  std::vector<std::byte> out(count * format.channels * format.channel_bytes);
  std::byte* at = out.data();
  for (std::size_t t = 0; t < count; ++t) {
    for (int c = 0; c < format.channels; ++c) {
      const float v = c < channels ? texels[t * channels + c] : 1.0f;  // 3 into 4: alpha 1
      switch (format.channel_bytes) {
        case 1: {
          const bool linear_alpha = c == 3;
          const std::uint8_t b = format.srgb && !linear_alpha ? srgb8_of(v) : unorm8_of(v);
          *at++ = static_cast<std::byte>(b);
          break;
        }
        case 2: {
          const std::uint16_t h = float_to_half(v);
          *at++ = static_cast<std::byte>(h & 0xFF);
          *at++ = static_cast<std::byte>(h >> 8);
          break;
        }
        default: {
          const auto bits = std::bit_cast<std::uint32_t>(v);
          for (int i = 0; i < 4; ++i) *at++ = static_cast<std::byte>(bits >> (8 * i));
        }
      }
    }
  }
  return out;
}

// The Basic Data Format Descriptor block, preceded by dfdTotalSize.
std::vector<std::byte> data_format_descriptor(const format_entry& format) {
  const std::uint32_t samples = static_cast<std::uint32_t>(format.channels);
  const std::uint32_t block_size = 24 + 16 * samples;
  const std::uint32_t texel_bytes =
      static_cast<std::uint32_t>(format.channels * format.channel_bytes);
  std::vector<std::byte> dfd;
  append32(dfd, 4 + block_size);        // dfdTotalSize
  append32(dfd, 0);                     // vendorId 0 (Khronos), descriptorType 0 (basic)
  append32(dfd, 2 | block_size << 16);  // versionNumber 2 (KDF 1.3), descriptorBlockSize
  const std::uint32_t model = 1;        // KHR_DF_MODEL_RGBSDA
  const std::uint32_t primaries = 1;    // KHR_DF_PRIMARIES_BT709
  const std::uint32_t transfer = format.srgb ? 2 : 1;  // KHR_DF_TRANSFER_SRGB / _LINEAR
  const std::uint32_t flags = 0;                       // KHR_DF_FLAG_ALPHA_STRAIGHT
  append32(dfd, model | primaries << 8 | transfer << 16 | flags << 24);
  append32(dfd, 0);            // texelBlockDimension0..3: 1x1x1x1, stored minus one
  append32(dfd, texel_bytes);  // bytesPlane0 (planes 1..3 zero)
  append32(dfd, 0);            // bytesPlane4..7
  const bool is_float = format.channel_bytes > 1;
  for (std::uint32_t c = 0; c < samples; ++c) {
    const std::uint32_t bits = static_cast<std::uint32_t>(format.channel_bytes) * 8;
    const std::uint32_t channel_id = c == 3 ? 15 : c;  // R, G, B, then KHR_DF_CHANNEL_RGBSDA_ALPHA
    std::uint32_t qualifiers = 0;
    if (is_float) qualifiers |= 0x80 | 0x40;        // KHR_DF_SAMPLE_DATATYPE_FLOAT | _SIGNED
    if (format.srgb && c == 3) qualifiers |= 0x10;  // KHR_DF_SAMPLE_DATATYPE_LINEAR
    append32(dfd, c * bits | (bits - 1) << 16 | (channel_id | qualifiers) << 24);
    append32(dfd, 0);                              // samplePosition0..3
    append32(dfd, is_float ? 0xBF800000u : 0u);    // sampleLower: -1.0f, or 0
    append32(dfd, is_float ? 0x3F800000u : 255u);  // sampleUpper: 1.0f, or 255
  }
  return dfd;
}

void append_key_value(std::vector<std::byte>& kvd, const std::string& key,
                      const std::string& value) {
  const std::uint32_t length = static_cast<std::uint32_t>(key.size() + 1 + value.size() + 1);
  append32(kvd, length);
  for (const char ch : key) kvd.push_back(static_cast<std::byte>(ch));
  kvd.push_back(std::byte{0});
  for (const char ch : value) kvd.push_back(static_cast<std::byte>(ch));
  kvd.push_back(std::byte{0});
  kvd.resize((kvd.size() + 3) / 4 * 4, std::byte{0});  // each entry padded to 4 bytes
}

}  // namespace

std::optional<ktx2_format> ktx2_format_named(const std::string& name) {
  for (const auto& entry : formats) {
    if (name == entry.name) return entry.format;
  }
  return std::nullopt;
}

std::string ktx2_format_name(ktx2_format format) {
  return entry_of(format).name;
}

const char* ktx2_vulkan_format_name(ktx2_format format) {
  return entry_of(format).vulkan_name;
}

const char* ktx2_shape_name(ktx2_shape shape) {
  switch (shape) {
    case ktx2_shape::texture_2d:
      return "2D";
    case ktx2_shape::array_2d:
      return "2D array";
    case ktx2_shape::volume_3d:
      return "3D";
  }
  return "?";
}

std::string ktx2_format_names() {
  std::string names;
  for (const auto& entry : formats) names += (names.empty() ? "" : ", ") + std::string(entry.name);
  return names;
}

int ktx2_channel_count(ktx2_format format) {
  return entry_of(format).channels;
}

int ktx2_channel_bytes(ktx2_format format) {
  return entry_of(format).channel_bytes;
}

std::uint32_t ktx2_full_level_count(const ktx2_image& image) {
  std::uint32_t side = std::max(image.width, image.height);
  if (image.shape == ktx2_shape::volume_3d) side = std::max(side, image.depth);
  return side == 0 ? 1 : static_cast<std::uint32_t>(std::bit_width(side));
}

std::vector<std::vector<float>> ktx2_mip_chain(const ktx2_image& image,
                                               std::span<const float> values,
                                               std::uint32_t levels) {
  std::vector<std::vector<float>> chain;
  chain.emplace_back(values.begin(), values.end());
  const bool volume = image.shape == ktx2_shape::volume_3d;
  for (std::uint32_t level = 1; level < levels; ++level) {
    chain.push_back(halve(chain.back(), level_extent(image, level - 1), level_extent(image, level),
                          image.channels, volume));
  }
  return chain;
}

std::uint16_t float_to_half(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const std::uint16_t sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000);
  const std::uint32_t exponent = (bits >> 23) & 0xFF;
  const std::uint32_t mantissa = bits & 0x7FFFFF;
  if (exponent == 0xFF) {  // infinity, or NaN kept quiet with its top payload bits
    if (mantissa == 0) return sign | 0x7C00;
    return static_cast<std::uint16_t>(sign | 0x7E00 | (mantissa >> 13));
  }
  // The value as an integer count of 2^-24 (the half subnormal step) or of its own half ulp.
  const int e = static_cast<int>(exponent) - 127;
  if (e >= 16) return sign | 0x7C00;  // at or beyond 65536: infinity
  std::uint32_t significand = mantissa | (exponent ? 0x800000u : 0u);
  // The half's step at this exponent: 2^(e-10) for normals (e >= -14), 2^-24 below.
  const int step_exponent = std::max(e, -14) - 10;
  // The float's unit: 2^(e-23) (2^-149 for float subnormals, whose e reads -127: use -126).
  const int unit_exponent = (exponent ? e : -126) - 23;
  const int shift = step_exponent - unit_exponent;  // >= 13
  std::uint32_t rounded;
  if (shift >= 32) {
    rounded = 0;  // far below half of the smallest subnormal
  } else {
    rounded = significand >> shift;
    const std::uint32_t rest = significand & ((1u << shift) - 1);
    const std::uint32_t half_step = 1u << (shift - 1);
    if (rest > half_step || (rest == half_step && (rounded & 1))) ++rounded;
  }
  // rounded counts steps of 2^step_exponent; the half's bits follow from it, a carry into the
  // next exponent (or into infinity) included, as the encoding is monotonic.
  std::uint32_t half_bits;
  if (e < -14) {
    half_bits = rounded;  // subnormal (1024 reads as the smallest normal)
  } else {
    half_bits = (static_cast<std::uint32_t>(e + 15) << 10) + (rounded - 1024);
  }
  if (half_bits >= 0x7C00) half_bits = 0x7C00;
  return static_cast<std::uint16_t>(sign | half_bits);
}

std::uint8_t unorm8_of(float value) {
  if (!(value > 0.0f)) return 0;  // NaN too
  if (value >= 1.0f) return 255;
  return static_cast<std::uint8_t>(std::lround(static_cast<double>(value) * 255.0));
}

std::uint8_t srgb8_of(float linear) {
  if (!(linear > 0.0f)) return 0;
  if (linear >= 1.0f) return 255;
  const double v = linear;
  const double encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1.0 / 2.4) - 0.055;
  return static_cast<std::uint8_t>(std::lround(std::clamp(encoded, 0.0, 1.0) * 255.0));
}

result<std::vector<std::byte>> encode_ktx2(const ktx2_image& image, std::span<const float> values,
                                           const ktx2_options& options) {
  if (!known(options.format)) {
    return make_error(errc::invalid_argument, "write_ktx2: unknown format " +
                                                  std::to_string(static_cast<int>(options.format)));
  }
  const format_entry& format = entry_of(options.format);
  if (image.width == 0 || image.height == 0 || image.depth == 0) {
    return make_error(errc::invalid_argument, "write_ktx2: a side of size 0");
  }
  if (image.shape == ktx2_shape::texture_2d && image.depth != 1) {
    return make_error(errc::invalid_argument, "write_ktx2: a 2D texture has depth 1");
  }
  if (image.width > max_side || image.height > max_side || image.depth > max_side) {
    return make_error(errc::out_of_range, "write_ktx2: a side over 2^24");
  }
  if (!(image.channels == format.channels || (image.channels == 3 && format.channels == 4))) {
    return make_error(errc::invalid_argument, "write_ktx2: " + std::to_string(image.channels) +
                                                  " channels do not fit the format " + format.name +
                                                  " (" + std::to_string(format.channels) +
                                                  " channels)");
  }
  if (options.zstd_level && (*options.zstd_level < 1 || *options.zstd_level > 22)) {
    return make_error(
        errc::invalid_argument,
        "--zstd level " + std::to_string(*options.zstd_level) + " is out of range 1..22");
  }
  const std::uint64_t texel_bytes = static_cast<std::uint64_t>(format.channels) *
                                    static_cast<std::uint64_t>(format.channel_bytes);
  // Sides up to 2^24 each: width * height fits, the depth is divided out rather than multiplied.
  const std::uint64_t slice = std::uint64_t{image.width} * image.height;
  if (slice > max_level_bytes / texel_bytes / image.depth) {
    return make_error(errc::out_of_range, "write_ktx2: a level over 2^40 bytes");
  }
  const std::uint64_t texels = slice * image.depth;
  if (texels * static_cast<std::uint64_t>(image.channels) != values.size()) {
    return make_error(errc::invalid_argument,
                      "write_ktx2: expected " +
                          std::to_string(texels * static_cast<std::uint64_t>(image.channels)) +
                          " values, got " + std::to_string(values.size()));
  }

  const std::uint32_t levels = options.mips ? ktx2_full_level_count(image) : 1;
  const auto chain = ktx2_mip_chain(image, values, levels);
  std::vector<std::vector<std::byte>> level_bytes(levels);
  std::vector<std::uint64_t> uncompressed(levels);
  for (std::uint32_t level = 0; level < levels; ++level) {
    level_bytes[level] = convert(chain[level], image.channels, format);
    uncompressed[level] = level_bytes[level].size();
    if (options.zstd_level) {
      std::vector<std::byte> packed(ZSTD_compressBound(level_bytes[level].size()));
      const std::size_t size =
          ZSTD_compress(packed.data(), packed.size(), level_bytes[level].data(),
                        level_bytes[level].size(), *options.zstd_level);
      if (ZSTD_isError(size)) {
        return make_error(errc::io_error, std::string("write_ktx2: ZSTD_compress failed: ") +
                                              ZSTD_getErrorName(size));
      }
      packed.resize(size);
      level_bytes[level] = std::move(packed);
    }
  }

  const std::vector<std::byte> dfd = data_format_descriptor(format);
  std::vector<std::byte> kvd;
  // Sorted by key, byte by byte: "KTXorientation" < "KTXwriter".
  append_key_value(kvd, "KTXorientation", image.shape == ktx2_shape::volume_3d ? "rdi" : "rd");
  append_key_value(kvd, "KTXwriter", std::string("vknoise ") + VKNOISE_VERSION);

  const std::size_t header_bytes = 12 + 9 * 4 + 4 * 4 + 2 * 8;  // identifier, header, index
  const std::size_t level_index_bytes = 24 * std::size_t{levels};
  const std::size_t dfd_offset = header_bytes + level_index_bytes;
  const std::size_t kvd_offset = dfd_offset + dfd.size();
  std::vector<std::byte> out(kvd_offset);
  std::memcpy(out.data(), identifier, sizeof identifier);
  std::size_t at = 12;
  const auto header32 = [&](std::uint32_t value) {
    put32(out, at, value);
    at += 4;
  };
  header32(static_cast<std::uint32_t>(format.format));
  header32(static_cast<std::uint32_t>(format.channel_bytes));  // typeSize
  header32(image.width);
  header32(image.height);
  header32(image.shape == ktx2_shape::volume_3d ? image.depth : 0);  // pixelDepth
  header32(image.shape == ktx2_shape::array_2d ? image.depth : 0);   // layerCount
  header32(1);                                                       // faceCount
  header32(levels);
  header32(options.zstd_level ? 2 : 0);  // KTX_SS_ZSTD or none
  header32(static_cast<std::uint32_t>(dfd_offset));
  header32(static_cast<std::uint32_t>(dfd.size()));
  header32(static_cast<std::uint32_t>(kvd_offset));
  header32(static_cast<std::uint32_t>(kvd.size()));
  put64(out, at, 0);  // sgdByteOffset: no supercompression global data
  put64(out, at + 8, 0);
  std::memcpy(out.data() + dfd_offset, dfd.data(), dfd.size());
  out.insert(out.end(), kvd.begin(), kvd.end());

  // The levels, smallest first; uncompressed ones aligned to lcm(texel size, 4) by zero padding.
  const std::size_t alignment =
      options.zstd_level ? 1 : std::lcm(static_cast<std::size_t>(texel_bytes), std::size_t{4});
  for (std::uint32_t level = levels; level-- > 0;) {
    out.resize((out.size() + alignment - 1) / alignment * alignment, std::byte{0});
    const std::size_t entry = header_bytes + 24 * std::size_t{level};
    put64(out, entry, out.size());
    put64(out, entry + 8, level_bytes[level].size());
    put64(out, entry + 16, uncompressed[level]);
    out.insert(out.end(), level_bytes[level].begin(), level_bytes[level].end());
  }
  return out;
}

status write_ktx2(const std::string& path, const ktx2_image& image, std::span<const float> values,
                  const ktx2_options& options) {
  auto bytes = encode_ktx2(image, values, options);
  if (!bytes) return bytes.error_value();
  return write_file_atomically(path, *bytes);
}

}  // namespace vknoise::io
