// libFuzzer target: the KTX 2 reader (io::decode_ktx2) on arbitrary bytes, with a 1 MiB limit on
// the texels. It must never crash or allocate past the limit; every rejection must be one
// non-empty line; every accepted texture must hold what the header promises: 1 to 4 channels of
// its format, each level exactly its sizes' texels, and ktx2_level_floats one value per channel.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "io/ktx2_reader.hpp"

namespace {

void check(bool condition) {
  if (!condition) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace vknoise::io;
  constexpr std::uint64_t limit = 1u << 20;
  const auto texture =
      decode_ktx2(std::span(reinterpret_cast<const std::byte*>(data), size), limit);
  if (!texture) {
    const std::string& message = texture.message();
    check(!message.empty() && message.find('\n') == std::string::npos);
    return 0;
  }
  const ktx2_texture& t = texture.value();
  check(!t.levels.empty() && t.image.channels == ktx2_channel_count(t.format));
  const std::uint64_t texel = static_cast<std::uint64_t>(ktx2_channel_count(t.format)) *
                              static_cast<std::uint64_t>(ktx2_channel_bytes(t.format));
  std::uint64_t total = 0;
  for (std::uint32_t level = 0; level < t.levels.size(); ++level) {
    const ktx2_level_size extent = ktx2_level_extent(t.image, level);
    const std::uint64_t bytes = std::uint64_t{extent.width} * extent.height * extent.depth * texel;
    check(t.levels[level].size() == bytes);
    total += bytes;
    check(ktx2_level_floats(t, level).size() == bytes / ktx2_channel_bytes(t.format));
  }
  check(total <= limit);
  return 0;
}
