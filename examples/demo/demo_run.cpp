#include "demo_run.hpp"

#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "vknoise/gpu_renderer.hpp"
#include "vknoise/permutation.hpp"
#ifdef VKNOISE_DEMO_HAS_VIEW
#include "view/view_run.hpp"
#endif

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

namespace {

// The frame loop of a scene into files.
int run_animation(const options& o, vknoise::context& ctx, timings& time,
                  const vknoise::scenes::scene& a) {
  constexpr double seconds_per_frame = 1.0 / 12.0;
  auto renderer = vknoise::gpu_renderer::create(ctx);
  if (!renderer) return fail(renderer.message());
  const auto table = vknoise::permutation_table::from_seed(a.seed);
  std::vector<float> values(vknoise::value_count(a.field(0.0)));
  const std::size_t input_bytes[] = {values.size() * sizeof(float)};
  auto pass = compute_pass::create(ctx, a.shader, input_bytes, o.width, o.height,
                                   static_cast<std::uint32_t>(a.params_bytes));
  if (!pass) return fail(pass.message());
  auto out = frame_output::create(o.out_dir, a.name, o.width, o.height);
  if (!out) return fail(out.message());
  std::vector<std::byte> params(a.params_bytes);

  for (std::uint32_t frame = 0; frame < o.frames; ++frame) {
    const double seconds = frame * seconds_per_frame;
    const auto start = std::chrono::steady_clock::now();
    if (auto s = (*renderer)->fill(a.field(seconds), table, values); !s) return fail(s.message());
    // The renderer writes host memory; the copy into the mapped input buffer is the upload.
    std::memcpy((*pass)->input(0), values.data(), input_bytes[0]);
    const auto filled = std::chrono::steady_clock::now();
    a.params(seconds, o.width, o.height, params.data());
    if (auto s = (*pass)->run(params.data()); !s) return fail(s.message());
    const auto shaded = std::chrono::steady_clock::now();
    if (auto s = out->write(frame, (*pass)->pixels()); !s) return fail(s.message());
    time.add(start, filled, shaded, std::chrono::steady_clock::now());
  }
  if (auto s = out->finish(8); !s) return fail(s.message());
  std::printf("wrote %u frames, last %s\n", o.frames, out->last_path().c_str());
  return 0;
}

// --window: the same scene in vknoise view.
int run_window(const options& o, const vknoise::scenes::scene& scene) {
#ifdef VKNOISE_DEMO_HAS_VIEW
  std::vector<std::string> args = {"vknoise-view", "--mode", scene.name, "--size",
                                   std::to_string(o.width) + "x" + std::to_string(o.height)};
  if (o.frames_given) args.insert(args.end(), {"--frames", std::to_string(o.frames)});
  if (o.device) args.insert(args.end(), {"--device", std::to_string(*o.device)});
  if (o.validate) args.push_back("--validate");
  if (o.textures) args.insert(args.end(), {"--textures", *o.textures});
  return vknoise::view::run(args);
#else
  (void)o;
  return fail(std::string(scene.name) +
              " --window: built without the window (it needs libglfw3-dev and libimgui-dev)");
#endif
}

}  // namespace

int main(int argc, char** argv, const vknoise::scenes::scene& scene) {
  const std::string name = std::string("vknoise_") + scene.name;
  auto parsed = parse_options(argc, argv);
  if (!parsed) {
    std::fprintf(stderr, "%s: %s\n%s", name.c_str(), parsed.message().c_str(), usage());
    return 2;
  }
  const options& o = *parsed;
  if (o.window) return run_window(o, scene);
  vknoise::context_options context_options;
  context_options.device_index = o.device;
  context_options.validation = o.validate;
  context_options.synchronization_validation = o.validate;
  // The messages land here rather than in the context, so that what the layer reports while the
  // context is destroyed (objects left alive) counts too.
  struct message_list {
    std::mutex mutex;
    std::vector<std::string> messages;
  };
  auto validation = std::make_shared<message_list>();
  context_options.on_validation_message = [validation](std::string_view message) {
    std::lock_guard lock(validation->mutex);
    validation->messages.emplace_back(message);
  };
  context_options.fence_timeout_ns = 60'000'000'000ull;  // a frame on a CPU driver takes < 1 s
  auto ctx = vknoise::context::create(context_options);
  if (!ctx) return fail(ctx.message());
  std::printf("%s: %ux%u, %u frames on %s\n", name.c_str(), o.width, o.height, o.frames,
              (*ctx)->properties().deviceName);

  timings time;
  int status = run_animation(o, **ctx, time,
                             scene);  // every Vulkan object of the loop is gone when it returns
  if (time.frames > 0) {
    const double n = time.frames;
    std::printf("per frame: %.1f ms (noise %.1f + shading %.1f + PNG %.1f)\n",
                (time.noise_ms + time.shade_ms + time.write_ms) / n, time.noise_ms / n,
                time.shade_ms / n, time.write_ms / n);
  }
  ctx.value().reset();  // before reading the messages: teardown reports count too
  if (o.validate) {
    const std::vector<std::string>& messages = validation->messages;
    for (const auto& m : messages) std::fprintf(stderr, "validation: %s\n", m.c_str());
    if (!messages.empty()) return fail(std::to_string(messages.size()) + " validation messages");
    std::printf("validation layer: no messages\n");
  }
  return status;
}

}  // namespace demo
