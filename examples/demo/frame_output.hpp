// Where a demo's frames go: <out>/<name>_0000.png, <name>_0001.png, ... and, once all are
// written, the animated preview <out>/<name>.gif.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vknoise/result.hpp"

namespace demo {

class frame_output {
 public:
  // Creates `dir` if needed.
  static vknoise::result<frame_output> create(const std::string& dir, const std::string& name,
                                              std::uint32_t width, std::uint32_t height);

  // `rgba` is width * height packed RGBA8 pixels (red in the low byte, as GLSL packUnorm4x8).
  vknoise::status write(std::uint32_t frame, std::span<const std::uint32_t> rgba);
  // The animated preview <out>/<name>.gif of every frame written so far.
  vknoise::status finish(int delay_centiseconds);

  const std::string& last_path() const { return last_path_; }

 private:
  std::string dir_, name_, last_path_;
  std::uint32_t width_ = 0, height_ = 0;
  std::vector<std::vector<std::uint8_t>> frames_;  // RGB8, kept for the preview
};

}  // namespace demo
