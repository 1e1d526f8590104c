// What a GPU sees of a KTX 2 texture: the texture is uploaded with view::upload_texture, then a
// compute shader texelFetch-es every texel of every level (and layer) of its view into a storage
// buffer. For the tests that check the files the tool writes against the fields they hold.
#pragma once

#include <cstdint>
#include <vector>

#include "io/ktx2_reader.hpp"
#include "loader_device.hpp"
#include "vknoise/result.hpp"

namespace vknoise::test {

// Per level (level 0 first), 4 floats per texel as texelFetch returns them (absent channels 0,
// alpha 1; UNORM as byte / 255, sRGB decoded to linear by the device, half widened), x fastest,
// then y, then z (a volume's depth or an array's layer), the layout of io::ktx2_texture::levels.
// Each wait is bounded by `timeout_ns`. Errors: the upload's, or the Vulkan call that failed.
result<std::vector<std::vector<float>>> sample_every_level(
    loader_device& gpu, const io::ktx2_texture& texture,
    std::uint64_t timeout_ns = 60'000'000'000ull);

}  // namespace vknoise::test
