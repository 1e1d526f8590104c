// libFuzzer target: the eval point parser. The first byte picks dims (1 to 4), the rest is stdin.
// Every accepted point must hold dims finite coordinates inside the noise domain; every rejection
// must be one non-empty line.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "cli/point_input.hpp"
#include "vknoise/noise.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int dims = 1 + data[0] % 4;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  const auto points = vknoise::cli::read_points(in, dims);
  if (!points) {
    const std::string& message = points.message();
    if (message.empty() || message.find('\n') != std::string::npos) __builtin_trap();
    return 0;
  }
  if (points.value().size() % dims != 0) __builtin_trap();
  for (const double c : points.value()) {
    if (!std::isfinite(c) || !(std::fabs(c) < vknoise::max_abs_coordinate)) __builtin_trap();
  }
  return 0;
}
