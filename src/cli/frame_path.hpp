// Output names of an animation's frames: a printf-style pattern with one %d or %0Nd, e.g.
// out_%04d.png. The pattern is checked by hand rather than handed to printf, so a stray %s or a
// second conversion is an error instead of undefined behaviour.
#pragma once

#include <cstdint>
#include <string>

#include "vknoise/result.hpp"

namespace vknoise::cli {

class frame_path {
 public:
  // errc::invalid_argument when the pattern has a conversion other than %d, %0Nd (N 1 to 9) and
  // %%, more than one %d, or none while `frames` > 1 (every frame would overwrite one file).
  static result<frame_path> parse(const std::string& pattern, std::uint32_t frames);

  // The file name of frame `index`; with no conversion, the pattern itself (%% becomes %).
  std::string at(std::uint32_t index) const;

  // True when the pattern has a %d or %0Nd.
  bool numbered() const { return numbered_; }

 private:
  std::string prefix_;
  std::string suffix_;
  int width_ = 0;  // minimum digits, zero-padded
  bool numbered_ = false;
};

}  // namespace vknoise::cli
