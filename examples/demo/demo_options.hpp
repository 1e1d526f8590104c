// The command line shared by the realtime demos: --size WxH, --frames N, --out DIR, --device N,
// --validate, --window, --textures DIR. Parsed by hand so that the demos need nothing beyond
// vknoise itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "vknoise/result.hpp"

namespace demo {

struct options {
  std::uint32_t width = 256;
  std::uint32_t height = 256;
  std::uint32_t frames = 24;
  std::string out_dir = ".";
  std::optional<std::uint32_t> device;
  bool validate = false;  // Khronos validation layer on; any message fails the run
  bool frames_given = false;
  bool window = false;  // --window: the scene live in vknoise view instead of files
  // --textures DIR (with --window): passed on to the view (the clouds of a baked texture set).
  std::optional<std::string> textures;
};

// errc::invalid_argument naming the bad flag; `usage` is printed by the caller.
vknoise::result<options> parse_options(int argc, char** argv);
const char* usage();

}  // namespace demo
