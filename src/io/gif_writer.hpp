// Animated GIF files (GIF89a) through giflib, for previews of animated noise.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vknoise/result.hpp"

namespace vknoise::io {

// Every frame holds width * height pixels of three bytes (red, green, blue), row y = 0 first.
// All frames share one global 256-colour palette, chosen by giflib's median-cut quantiser
// (GifQuantizeBuffer, 5 bits per channel) over every frame at once, so colours do not flicker
// between frames. `delay_centiseconds` (0..65535) is the time each frame shows; `loop_forever`
// adds the NETSCAPE2.0 extension that makes viewers repeat the animation. The file is written
// atomically. errc::invalid_argument for no frames, a frame of the wrong size or a bad delay;
// errc::out_of_range for a side beyond 65535 (GIF stores 16-bit sizes) or too many pixels.
status write_gif(const std::string& path, std::uint32_t width, std::uint32_t height,
                 std::span<const std::vector<std::uint8_t>> frames, int delay_centiseconds,
                 bool loop_forever = true);

// The same for grayscale frames of width * height bytes: the palette is the 256 grays, exact.
status write_gif_gray(const std::string& path, std::uint32_t width, std::uint32_t height,
                      std::span<const std::vector<std::uint8_t>> frames, int delay_centiseconds,
                      bool loop_forever = true);

}  // namespace vknoise::io
