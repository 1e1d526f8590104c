// MP4 videos through the ffmpeg program, when it is installed: vknoise does not link a video
// encoder, so this is optional (GIF is the format that always works).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vknoise/result.hpp"

namespace vknoise::io {

// True when an executable `ffmpeg` is on PATH.
bool ffmpeg_available();

// Every frame holds width * height pixels of three bytes (RGB), row y = 0 first. Runs
// `ffmpeg -f rawvideo -pix_fmt rgb24 ... -i -` with the frames on its standard input and H.264
// (libx264, yuv420p; odd sides are padded by one black pixel) or, where this ffmpeg lacks
// libx264, MPEG-4 part 2. ffmpeg writes to a temporary name next to `path` (removed on SIGINT)
// that is renamed once ffmpeg succeeded. errc::io_error "ffmpeg is not installed ..." when it is
// not on PATH; errc::invalid_argument for no frames, a frame of the wrong size or fps <= 0.
status write_mp4(const std::string& path, std::uint32_t width, std::uint32_t height,
                 std::span<const std::vector<std::uint8_t>> frames, double fps);

}  // namespace vknoise::io
