// MP4 videos through the ffmpeg program, when it is installed: vknoise does not link a video
// encoder, so this is optional (GIF is the format that always works).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vknoise/result.hpp"

namespace vknoise::io {

// Whether ffmpeg and ffprobe (which checks what ffmpeg wrote) are executables on PATH: nothing,
// or errc::io_error naming the missing one ("ffmpeg is not installed (apt-get install ffmpeg) or
// use .gif").
status check_mp4_tools();

// Every frame holds width * height pixels of three bytes (RGB), row y = 0 first. Runs
// `ffmpeg -f rawvideo -pix_fmt rgb24 ... -i -` with the frames on its standard input and H.264
// (libx264, yuv420p; odd sides are padded by one black pixel) or, where this ffmpeg lacks
// libx264, MPEG-4 part 2, into a temporary file next to `path` (atomic_file: removed on a signal).
//
// ffmpeg's exit status is not trusted (ffmpeg 5.1 exits 0 after "Error writing trailer ... No
// space left on device", leaving a video without its index): the file is renamed over `path` only
// once ffprobe has decoded it and counted exactly frames.size() frames in its video stream.
// Otherwise errc::io_error "cannot write PATH: ffmpeg wrote an incomplete video (K of N frames;
// ffmpeg: <its last message>)", "cannot write PATH: ffmpeg failed (<its last message>)", or
// check_mp4_tools()'s error; an existing file at `path` is then left as it was.
//
// ffmpeg's and ffprobe's own messages never reach this process's stderr: they are captured, the
// last line goes into the error, and all of it (both programs', in order, each line prefixed with
// the program's name) goes to `tool_output` when that is given (render --verbose prints it).
//
// errc::invalid_argument for no frames, a frame of the wrong size or fps <= 0. No signal action or
// mask is touched (a failing ffmpeg that closes its input early is an EPIPE, not a SIGPIPE).
status write_mp4(const std::string& path, std::uint32_t width, std::uint32_t height,
                 std::span<const std::vector<std::uint8_t>> frames, double fps,
                 std::string* tool_output = nullptr);

}  // namespace vknoise::io
