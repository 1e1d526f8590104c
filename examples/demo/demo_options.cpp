#include "demo_options.hpp"

#include <string_view>

namespace demo {
namespace {

vknoise::error bad(const std::string& what) {
  return vknoise::make_error(vknoise::errc::invalid_argument, what);
}

// A whole decimal number in [low, limit]; anything else (sign, trailing text, overflow) fails.
bool parse_number(std::string_view text, std::uint32_t low, std::uint32_t limit,
                  std::uint32_t& out) {
  if (text.empty() || text.size() > 9) return false;
  std::uint32_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (value < low || value > limit) return false;
  out = value;
  return true;
}

}  // namespace

const char* usage() {
  return "options: --size WxH (default 256x256)  --frames N (default 24)  --out DIR (default .)\n"
         "         --device N (Vulkan device index)  --validate (Khronos validation layer; any\n"
         "         message makes the exit status non-zero)\n"
         "         --window (live in a window: vknoise view --mode NAME; --frames N then ends it\n"
         "         after N frames, and --out is not used)\n"
         "         --textures DIR (with --window: vknoise view's --textures, the clouds of a\n"
         "         baked texture set)\n";
}

vknoise::result<options> parse_options(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (flag == "--validate") {
      o.validate = true;
      continue;
    }
    if (flag == "--window") {
      o.window = true;
      continue;
    }
    if (flag == "--help" || flag == "-h") return bad("help");
    if (flag != "--size" && flag != "--frames" && flag != "--out" && flag != "--device" &&
        flag != "--textures") {
      return bad("unknown option " + std::string(flag));
    }
    if (i + 1 >= argc) return bad(std::string(flag) + " needs a value");
    const std::string_view value = argv[++i];
    if (flag == "--size") {
      const auto x = value.find('x');
      if (x == std::string_view::npos || !parse_number(value.substr(0, x), 1, 8192, o.width) ||
          !parse_number(value.substr(x + 1), 1, 8192, o.height)) {
        return bad("--size must be WxH, each 1 to 8192");
      }
    } else if (flag == "--frames") {
      if (!parse_number(value, 1, 100000, o.frames)) return bad("--frames must be 1 to 100000");
      o.frames_given = true;
    } else if (flag == "--out") {
      o.out_dir = std::string(value);
    } else if (flag == "--textures") {
      o.textures = std::string(value);
    } else if (flag == "--device") {
      std::uint32_t index = 0;
      if (!parse_number(value, 0, 1000, index)) return bad("--device must be a device index");
      o.device = index;
    } else {
      return bad("unknown option " + std::string(flag));
    }
  }
  // The frame files are shaded on vknoise's own device from the live field; the textures are the
  // window's.
  if (o.textures && !o.window) return bad("--textures needs --window");
  return o;
}

}  // namespace demo
