#include "frame_output.hpp"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "io/gif_writer.hpp"
#include "io/png_writer.hpp"

namespace demo {

vknoise::result<frame_output> frame_output::create(const std::string& dir, const std::string& name,
                                                   std::uint32_t width, std::uint32_t height) {
  if (auto s = vknoise::io::check_png_rgb8_size(width, height); !s) return s.error_value();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    return vknoise::make_error(vknoise::errc::io_error,
                               "cannot create directory " + dir + ": " + ec.message());
  }
  frame_output out;
  out.dir_ = dir;
  out.name_ = name;
  out.width_ = width;
  out.height_ = height;
  return out;
}

vknoise::status frame_output::write(std::uint32_t frame, std::span<const std::uint32_t> rgba) {
  std::vector<std::uint8_t> rgb(rgba.size() * 3);
  for (std::size_t i = 0; i < rgba.size(); ++i) {
    rgb[3 * i + 0] = static_cast<std::uint8_t>(rgba[i]);
    rgb[3 * i + 1] = static_cast<std::uint8_t>(rgba[i] >> 8);
    rgb[3 * i + 2] = static_cast<std::uint8_t>(rgba[i] >> 16);
  }
  char file[64];
  std::snprintf(file, sizeof file, "_%04u.png", frame);
  last_path_ = (std::filesystem::path(dir_) / (name_ + file)).string();
  if (auto s = vknoise::io::write_png_rgb8(last_path_, width_, height_, rgb); !s) return s;
  frames_.push_back(std::move(rgb));
  return {};
}

vknoise::status frame_output::finish(int delay_centiseconds) {
  const std::string path = (std::filesystem::path(dir_) / (name_ + ".gif")).string();
  return vknoise::io::write_gif(path, width_, height_, frames_, delay_centiseconds);
}

}  // namespace demo
