#include "demo_run.hpp"

#include <cstdio>

namespace demo {

namespace {
double ms(clock_point a, clock_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}
}  // namespace

void timings::add(clock_point start, clock_point noise_done, clock_point shade_done,
                  clock_point end) {
  noise_ms += ms(start, noise_done);
  shade_ms += ms(noise_done, shade_done);
  write_ms += ms(shade_done, end);
  ++frames;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "error: %s\n", message.c_str());
  return 1;
}

int main(const char* name, int argc, char** argv, const frame_loop& loop) {
  auto parsed = parse_options(argc, argv);
  if (!parsed) {
    std::fprintf(stderr, "%s: %s\n%s", name, parsed.message().c_str(), usage());
    return 2;
  }
  const options& o = *parsed;
  vknoise::context_options context_options;
  context_options.device_index = o.device;
  context_options.validation = o.validate;
  context_options.fence_timeout_ns = 60'000'000'000ull;  // a frame on a CPU driver takes < 1 s
  auto ctx = vknoise::context::create(context_options);
  if (!ctx) return fail(ctx.message());
  std::printf("%s: %ux%u, %u frames on %s\n", name, o.width, o.height, o.frames,
              (*ctx)->properties().deviceName);

  timings time;
  int status = loop(o, **ctx, time);  // every Vulkan object of the loop is gone when it returns
  if (time.frames > 0) {
    const double n = time.frames;
    std::printf("per frame: %.1f ms (noise %.1f + shading %.1f + PNG %.1f)\n",
                (time.noise_ms + time.shade_ms + time.write_ms) / n, time.noise_ms / n,
                time.shade_ms / n, time.write_ms / n);
  }
  if (o.validate) {
    const auto messages = (*ctx)->validation_messages();
    for (const auto& m : messages) std::fprintf(stderr, "validation: %s\n", m.c_str());
    if (!messages.empty()) return fail(std::to_string(messages.size()) + " validation messages");
    std::printf("validation layer: no messages\n");
  }
  return status;
}

}  // namespace demo
