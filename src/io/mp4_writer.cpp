#include "io/mp4_writer.hpp"

#include <cstdio>
#include <optional>

#include "io/atomic_file.hpp"
#include "io/child_program.hpp"

namespace vknoise::io {
namespace {

// The temporary file is lent to ffmpeg and ffprobe as their descriptor 3: they reopen it through
// this name, so it never needs a name of its own in their hands (a signal that removes it while
// ffmpeg runs cannot leave a file that ffmpeg created afterwards).
constexpr const char* lent_video = "/dev/fd/3";

// A program's message with the user's name for the video instead of /dev/fd/3.
std::string naming(std::string text, const std::string& path) {
  for (std::size_t at = text.find(lent_video); at != std::string::npos;
       at = text.find(lent_video, at + path.size())) {
    text.replace(at, std::string_view(lent_video).size(), path);
  }
  return text;
}

// Every line a program printed, prefixed with its name, for render --verbose.
void keep_output(std::string* tool_output, const std::string& program, const std::string& text,
                 const std::string& path) {
  if (!tool_output) return;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start)
      *tool_output += program + ": " + naming(text.substr(start, end - start), path) + "\n";
    start = end + 1;
  }
}

// ffprobe's count: one decimal number and a line break.
std::optional<std::uint64_t> parse_count(const std::string& text) {
  std::uint64_t count = 0;
  std::size_t at = 0;
  for (; at < text.size() && text[at] >= '0' && text[at] <= '9' && at < 19; ++at) {
    count = count * 10 + static_cast<std::uint64_t>(text[at] - '0');
  }
  if (at == 0 || text.find_first_not_of("\r\n", at) != std::string::npos) return std::nullopt;
  return count;
}

// "<last line>" of a failed program, or how it failed when it said nothing.
std::string why(const program_run& run, const std::string& path) {
  const std::string said = last_line(naming(run.err, path));
  return said.empty() ? describe_failure(run) : said;
}

}  // namespace

status check_mp4_tools() {
  if (!on_path("ffmpeg")) {
    return make_error(errc::io_error,
                      "ffmpeg is not installed (apt-get install ffmpeg) or use .gif");
  }
  if (!on_path("ffprobe")) {
    return make_error(errc::io_error,
                      "ffprobe, which checks the videos ffmpeg writes, is not installed (it comes "
                      "with ffmpeg: apt-get install ffmpeg) or use .gif");
  }
  return {};
}

status write_mp4(const std::string& path, std::uint32_t width, std::uint32_t height,
                 std::span<const std::vector<std::uint8_t>> frames, double fps,
                 std::string* tool_output) {
  if (frames.empty() || !(fps > 0.0) || width == 0 || height == 0) {
    return make_error(errc::invalid_argument,
                      "write_mp4: needs frames, a positive size and fps > 0");
  }
  const std::size_t expected = std::size_t{width} * height * 3;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    if (frames[i].size() != expected) {
      return make_error(errc::invalid_argument, "write_mp4: frame " + std::to_string(i) + " has " +
                                                    std::to_string(frames[i].size()) +
                                                    " bytes, expected " + std::to_string(expected));
    }
  }
  if (status tools = check_mp4_tools(); !tools) {
    return make_error(errc::io_error, "cannot write " + path + ": " + tools.message());
  }
  auto temporary = atomic_file::create(path);
  if (!temporary) return temporary.error_value();

  char size[32], rate[32];
  std::snprintf(size, sizeof size, "%ux%u", width, height);
  std::snprintf(rate, sizeof rate, "%.17g", fps);
  // yuv420p, which players expect, needs even sides. MPEG-4 part 2 where there is no libx264.
  const std::vector<std::string> codecs[] = {{"-c:v", "libx264", "-pix_fmt", "yuv420p"},
                                             {"-c:v", "mpeg4", "-q:v", "2", "-pix_fmt", "yuv420p"}};
  std::string failure;
  for (const auto& codec : codecs) {
    program_call encode;
    encode.arguments = {"ffmpeg", "-hide_banner", "-loglevel",
                        "error",  "-nostdin",     "-y",
                        "-f",     "rawvideo",     "-pix_fmt",
                        "rgb24",  "-s",           size,
                        "-r",     rate,           "-i",
                        "-",      "-vf",          "pad=ceil(iw/2)*2:ceil(ih/2)*2"};
    encode.arguments.insert(encode.arguments.end(), codec.begin(), codec.end());
    encode.arguments.insert(encode.arguments.end(), {"-f", "mp4", lent_video});
    encode.input = frames;
    encode.lent_fd = temporary->descriptor();
    const program_run encoded = run_program(encode);
    keep_output(tool_output, "ffmpeg", encoded.err, path);
    if (!succeeded(encoded)) {
      failure = "ffmpeg failed (" + why(encoded, path) + ")";
      continue;
    }
    // ffmpeg's status is not enough: decode what it wrote and count the frames.
    program_call probe;
    probe.arguments = {"ffprobe",
                       "-v",
                       "error",
                       "-count_frames",
                       "-select_streams",
                       "v:0",
                       "-show_entries",
                       "stream=nb_read_frames",
                       "-of",
                       "csv=p=0",
                       lent_video};
    probe.lent_fd = temporary->descriptor();
    const program_run probed = run_program(probe);
    keep_output(tool_output, "ffprobe", probed.err, path);
    const auto count = succeeded(probed) ? parse_count(probed.out) : std::nullopt;
    if (count && *count == frames.size()) return temporary->commit();
    std::string detail;
    if (count) {
      detail = std::to_string(*count) + " of " + std::to_string(frames.size()) + " frames";
    } else if (!succeeded(probed)) {
      detail = "ffprobe: " + why(probed, path);
    } else if (last_line(probed.out).empty()) {
      detail = "no video stream";  // no index (moov): ffprobe finds no stream and says nothing
    } else {
      detail = "ffprobe counted \"" + last_line(probed.out, 40) + "\" frames";
    }
    if (const std::string said = last_line(naming(encoded.err, path)); !said.empty()) {
      detail += "; ffmpeg: " + said;
    }
    failure = "ffmpeg wrote an incomplete video (" + detail + ")";
    break;  // the encoder ran: another one would meet the same disk
  }
  return make_error(errc::io_error, "cannot write " + path + ": " + failure);
}

}  // namespace vknoise::io
