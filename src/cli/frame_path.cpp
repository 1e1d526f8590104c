#include "cli/frame_path.hpp"

#include <cctype>

#include "cli/report.hpp"

namespace vknoise::cli {
namespace {

error bad_pattern(const std::string& pattern, const std::string& why) {
  return make_error(errc::invalid_argument, "--out " + quoted_excerpt(pattern) + ": " + why);
}

}  // namespace

result<frame_path> frame_path::parse(const std::string& pattern, std::uint32_t frames) {
  frame_path path;
  std::string* part = &path.prefix_;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      *part += pattern[i];
      continue;
    }
    std::size_t j = i + 1;
    if (j < pattern.size() && pattern[j] == '%') {
      *part += '%';
      i = j;
      continue;
    }
    int width = 0;
    if (j < pattern.size() && pattern[j] == '0') {
      ++j;
      if (j >= pattern.size() || pattern[j] < '1' || pattern[j] > '9') {
        return bad_pattern(pattern, "expected %d or %0Nd with N from 1 to 9");
      }
      width = pattern[j++] - '0';
    }
    if (j >= pattern.size() || pattern[j] != 'd') {
      return bad_pattern(pattern, "only %d, %0Nd and %% are allowed in a frame pattern");
    }
    if (path.numbered_) return bad_pattern(pattern, "more than one %d");
    path.numbered_ = true;
    path.width_ = width;
    part = &path.suffix_;
    i = j;
  }
  if (!path.numbered_ && frames > 1) {
    return bad_pattern(pattern, std::to_string(frames) +
                                    " frames need a frame number in the name, e.g. out_%04d.png");
  }
  return path;
}

std::string frame_path::at(std::uint32_t index) const {
  if (!numbered_) return prefix_;
  std::string digits = std::to_string(index);
  if (static_cast<int>(digits.size()) < width_) digits.insert(0, width_ - digits.size(), '0');
  return prefix_ + digits + suffix_;
}

}  // namespace vknoise::cli
