#include "view/view_run.hpp"

#include "view/vulkan_loader.hpp"

#include <CLI/CLI.hpp>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <exception>
#include <memory>
#include <new>

#include "cli/address_space.hpp"
#include "cli/common_options.hpp"
#include "cli/field_options.hpp"
#include "cli/number_parsing.hpp"
#include "cli/output_file.hpp"
#include "cli/parser.hpp"
#include "cli/report.hpp"
#include "view/view_app.hpp"
#include "view/view_frame.hpp"
#include "view/window_device.hpp"

namespace vknoise::view {
namespace {

std::atomic<bool> stop_requested{false};

// Ctrl-C or SIGTERM end the run after one more frame (captured with --screenshot).
void on_stop(int) {
  stop_requested.store(true);
}

struct command_line {
  std::optional<std::string> mode, size, frames, screenshot, save_field, resize_at, colormap,
      textures;
  std::vector<std::string> sets;
  bool validate = false, headless = false;
  cli::common_options device;
};

error usage(const std::string& message) {
  return make_error(errc::invalid_argument, message);
}

result<std::pair<std::uint32_t, std::uint32_t>> parse_extent(const std::string& flag,
                                                             const std::string& text) {
  const std::size_t x = text.find('x');
  if (x != std::string::npos) {
    auto w = cli::parse_unsigned(std::string_view(text).substr(0, x), 16384);
    auto h = cli::parse_unsigned(std::string_view(text).substr(x + 1), 16384);
    if (w && h && *w > 0 && *h > 0) {
      return std::pair{static_cast<std::uint32_t>(*w), static_cast<std::uint32_t>(*h)};
    }
  }
  return usage(flag + " " + cli::quoted_excerpt(text) + ": expected WxH, each 1 to 16384");
}

result<run_options> parse(const command_line& c, view_settings settings, device_options& device) {
  run_options o;
  if (c.mode) {
    if (auto s = apply_setting(settings, "mode=" + *c.mode); !s) {
      return usage("--mode " + cli::quoted_excerpt(*c.mode) +
                   ": expected slice, heightfield, volume, ocean or clouds");
    }
  }
  if (c.colormap) {
    if (auto s = apply_setting(settings, "colormap=" + *c.colormap); !s) {
      return usage("--colormap " + cli::quoted_excerpt(*c.colormap) +
                   ": expected gray, viridis or diverging");
    }
  }
  for (const std::string& assignment : c.sets) {
    if (auto s = apply_setting(settings, assignment); !s) return s.error_value();
  }
  if (c.size) {
    auto extent = parse_extent("--size", *c.size);
    if (!extent) return extent.error_value();
    o.width = extent->first;
    o.height = extent->second;
  }
  if (c.frames) {
    auto n = cli::parse_unsigned(*c.frames, 100'000'000);
    if (!n || *n == 0) {
      return usage("--frames " + cli::quoted_excerpt(*c.frames) + ": expected 1 to 100000000");
    }
    o.frames = static_cast<std::uint32_t>(*n);
  }
  if (c.screenshot) {
    const std::string& path = *c.screenshot;
    if (path.size() < 5 || path.substr(path.size() - 4) != ".png") {
      return usage("--screenshot " + cli::quoted_excerpt(path) + ": the picture is a .png");
    }
    o.screenshot = path;
  }
  if (c.save_field) {
    auto format = cli::output_format_for(*c.save_field);
    if (!format) return usage("--save-field: " + format.message());
    o.save_field = *c.save_field;
  }
  if (c.resize_at) {
    const std::size_t colon = c.resize_at->find(':');
    auto frame = cli::parse_unsigned(std::string_view(*c.resize_at).substr(0, colon), 100'000'000);
    if (colon == std::string::npos || !frame) {
      return usage("--resize-at " + cli::quoted_excerpt(*c.resize_at) + ": expected N:WxH");
    }
    auto extent = parse_extent("--resize-at", c.resize_at->substr(colon + 1));
    if (!extent) return extent.error_value();
    o.resize_at =
        run_options::resize{static_cast<std::uint32_t>(*frame), extent->first, extent->second};
  }
  if (c.textures) {
    // Checked once the sets have picked the mode; the files are read after every other option.
    if (settings.mode != view_mode::clouds) {
      return usage("--textures needs --mode clouds (the baked clouds' texture set)");
    }
    if (c.textures->empty()) return usage("--textures: expected a directory");
    settings.textures = *c.textures;
  }
  if (c.headless && o.frames == 0) {
    return usage("--headless needs --frames N (there is no window to close)");
  }
  if (c.headless && c.resize_at) return usage("--resize-at needs a window (not --headless)");
  auto index = cli::parse_device(c.device);
  if (!index) return index.error_value();
  auto requested = cli::requested_device(*index);  // --device, else VKNOISE_DEVICE
  if (!requested) return requested.error_value();
  device.device_index = requested->index;
  device.width = o.width;
  device.height = o.height;
  device.headless = c.headless;
  device.validate = c.validate;
  o.immediate = o.frames != 0;
  if (c.headless) settings.panel = false;
  if (auto s = check_settings(settings); !s) return s.error_value();
  if (!settings.textures.empty()) {
    auto set = read_cloud_texture_set(settings.textures);
    if (!set) return set.error_value();
    o.cloud_set = std::make_shared<const cloud_texture_set>(std::move(*set));
  }
  o.settings = std::move(settings);
  return o;
}

int fail(const error& e) {
  return cli::report_error(cli::exit_code_for(e.code), "view: " + e.message);
}

// The validation layer's messages, each on a line of its own, then the run's outcome: its error,
// else an error for the messages, else the layer's all-clear.
int report_outcome(const status& ran, bool validate, window_device::message_sink& sink) {
  std::lock_guard lock(sink.mutex);
  if (validate) {
    std::fflush(stdout);
    for (const std::string& m : sink.messages) std::fprintf(stderr, "validation: %s\n", m.c_str());
  }
  if (!ran) return fail(ran.error_value());
  if (!validate) return cli::exit_success;
  if (!sink.messages.empty()) {
    return cli::report_error(
        cli::exit_runtime_error,
        "view: " + std::to_string(sink.messages.size()) + " validation messages");
  }
  std::printf("view: validation layer: no messages\n");
  return cli::exit_success;
}

}  // namespace

int run(const std::vector<std::string>& args) {
  cli::fit_malloc_to_address_space_limit();
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // tests and scripts wait for the progress lines
  CLI::App app(
      "vknoise view: a realtime window on a noise field or graph, rendered with "
      "vknoise's recorder into the window's own Vulkan device, with a Dear ImGui panel. "
      "Mouse: drag pans (slice) or orbits (heightfield, volume), the wheel zooms. Keys: "
      "Tab hides the panel, Space pauses, Esc quits.",
      "vknoise view");
  command_line c;
  view_settings settings;
  cli::add_text_option(app, "--mode", "slice|heightfield|volume|ocean|clouds", c.mode,
                       "what to show (default slice): a 2D slice through a colour map, the field "
                       "as lit terrain, a raymarched density, or the ocean and clouds demos live");
  cli::add_text_option(app, "--size", "WxH", c.size, "the window's size (default 960x540)");
  cli::add_text_option(app, "--frames", "N", c.frames,
                       "run N frames and exit (default: until the window is closed)");
  cli::add_text_option(app, "--screenshot", "FILE.png", c.screenshot,
                       "write the last frame's picture (without the panel) as a .png");
  cli::add_text_option(app, "--save-field", "FILE", c.save_field,
                       "write the last frame's field (as vknoise computed it) with render's "
                       "writers: " +
                           cli::output_formats_help());
  cli::add_text_option(
      app, "--colormap", "gray|viridis|diverging", c.colormap,
      "the slice's colour map (default gray: -1 black, 1 white, as render's .png)");
  cli::add_text_list_option(
      app, "--set", "KEY=VALUE", c.sets,
      "preset a panel value (KEY: render's field flags without dashes, or mode, colormap, panel, "
      "play, speed, loop, time, diff, grid, volume, layers, scene-octaves, yaw, pitch, distance, "
      "relief); repeatable");
  cli::add_text_option(app, "--textures", "DIR", c.textures,
                       "with --mode clouds: raymarch the baked texture set in DIR (base.ktx2, "
                       "erosion.ktx2, curl.ktx2, weather.ktx2, as `vknoise bake clouds` writes "
                       "them) instead of the live field");
  cli::add_text_option(app, "--resize-at", "N:WxH", c.resize_at,
                       "resize the window to WxH before frame N (for tests)");
  cli::add_flag(app, "--validate", c.validate,
                "Khronos validation layer with synchronization validation; any message makes the "
                "exit status 1");
  cli::add_flag(app, "--headless", c.headless,
                "no window: render --frames N frames of --size into an offscreen image (no "
                "panel, no present), for measuring and for machines without a display");
  cli::add_dims_option(app, settings.field);
  cli::add_origin_step_noise_options(app, settings.field);
  cli::add_seed_option(app, settings.common);
  cli::add_device_option(app, c.device);

  std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 takes them reversed
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::fputs(app.help().c_str(), stdout);
    return cli::exit_success;
  } catch (const CLI::ParseError& e) {
    return cli::report_error(cli::exit_usage_error,
                             std::string("view: ") + e.what() + " (see vknoise view --help)");
  }
  device_options device;
  auto options = parse(c, std::move(settings), device);
  if (!options) return fail(options.error_value());

  struct sigaction action {};
  action.sa_handler = on_stop;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);

  // The layer's messages are kept outside the device, so that a run that fails (even while the
  // device is being created) still shows them.
  const auto sink = std::make_shared<window_device::message_sink>();
  status ran;
  try {
    auto window = window_device::create(device, sink);
    if (window) {
      ran = run_loop(**window, *options, stop_requested);
    } else {
      ran = window.error_value();
    }
  } catch (const std::bad_alloc&) {  // teardown's validation messages count too
    ran = make_error(errc::out_of_memory, "out of memory");
  } catch (const std::exception& e) {  // thrown through a Vulkan call, by a layer or driver
    ran = make_error(errc::vulkan_error, e.what());
  }
  return report_outcome(ran, device.validate, *sink);
}

}  // namespace vknoise::view
