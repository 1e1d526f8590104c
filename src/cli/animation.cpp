#include "cli/animation.hpp"

#include <cmath>

#include "cli/number_parsing.hpp"
#include "cli/parser.hpp"
#include "cli/report.hpp"
#include "vknoise/graph.hpp"

namespace vknoise::cli {
namespace {

// A bound that keeps frame numbers printable and progress arithmetic simple.
constexpr std::uint64_t max_frames = 100'000'000;

error bad_value(const char* flag, const std::string& text, const std::string& expectation) {
  return make_error(errc::invalid_argument,
                    std::string(flag) + " " + quoted_excerpt(text) + ": " + expectation);
}

}  // namespace

void add_animation_options(CLI::App& app, animation_options& options) {
  add_text_option(app, "--time", "T0:T1", options.time,
                  "animate along time from T0 to T1: a 2D field (--dims 2) becomes frames of 3D "
                  "noise (x, y, t), a 3D volume frames of 4D noise (x, y, z, t); frame k is at "
                  "T0 + k*(T1-T0)/(N-1), or T0 + k*(T1-T0)/N with --loop. --out then names "
                  "the frames (see --out)");
  add_text_option(app, "--frames", "N", options.frames, "number of frames N (with --time)");
  add_flag(app, "--loop", options.loop,
           "make time periodic with period T1-T0 (an integer from 1 to 256), so the "
           "animation loops seamlessly");
}

result<std::optional<animation>> parse_animation(const animation_options& options) {
  if (!options.time) {
    if (options.frames) {
      return make_error(errc::invalid_argument, "--frames needs --time T0:T1 (see --help)");
    }
    if (options.loop) {
      return make_error(errc::invalid_argument, "--loop needs --time T0:T1 (see --help)");
    }
    return std::optional<animation>{};
  }
  const std::string& text = *options.time;
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) return bad_value("--time", text, "expected T0:T1, e.g. 0:4");
  const auto t0 = parse_double(std::string_view(text).substr(0, colon));
  const auto t1 = parse_double(std::string_view(text).substr(colon + 1));
  if (!t0 || !t1 || !std::isfinite(*t0) || !std::isfinite(*t1)) {
    return bad_value("--time", text, "expected two finite numbers T0:T1, e.g. 0:4");
  }
  if (!options.frames) return make_error(errc::invalid_argument, "--time needs --frames N");
  const auto frames = parse_unsigned(*options.frames, max_frames);
  if (!frames || *frames == 0) {
    return bad_value("--frames", *options.frames,
                     "expected an integer in [1, " + std::to_string(max_frames) + "]");
  }
  animation plan;
  plan.t0 = *t0;
  plan.frames = static_cast<std::uint32_t>(*frames);
  plan.loop = options.loop;
  const double span = *t1 - *t0;
  if (plan.loop) {
    if (!(span >= 1 && span <= 256 && span == std::floor(span))) {
      return make_error(errc::invalid_argument,
                        "--loop needs T1-T0 to be an integer period from 1 to 256 (--time " +
                            quoted_excerpt(text) + ")");
    }
    plan.step = span / plan.frames;
    plan.period = static_cast<std::uint32_t>(span);
  } else {
    plan.step = plan.frames > 1 ? span / (plan.frames - 1) : 0.0;
  }
  return std::optional<animation>{plan};
}

result<field_spec> animated_field(const field_spec& field, const animation& plan) {
  if (field.noise_graph) {
    return make_error(errc::invalid_argument,
                      "--time does not apply with --graph: a graph's dims are its axes (" +
                          std::to_string(field.noise_graph->dims()) + "), with no time to add");
  }
  if (field.dims >= 4) {
    return make_error(errc::invalid_argument,
                      "--time animates a field of 1 to 3 axes (the time is the 4th); use --dims 3 "
                      "or less");
  }
  field_spec animated = field;
  const int time_axis = field.dims;
  animated.dims = field.dims + 1;
  animated.size[time_axis] = 1;
  animated.origin[time_axis] = plan.t0;
  animated.step[time_axis] = plan.step;
  animated.region[time_axis] = 0;  // frame k adds k (frame_field)
  if (plan.loop) {
    // Only the time axis: the user's --period keeps its meaning for x, y and z.
    animated.noise.period[time_axis] = plan.period;
  }
  return animated;
}

field_spec frame_field(const field_spec& animated, std::uint32_t index) {
  field_spec frame = animated;
  // Added, not assigned: frame 0 of a field that is not animated keeps its own --region.
  frame.region[animated.dims - 1] += index;
  return frame;
}

field_spec all_frames(const field_spec& animated, std::uint32_t frames) {
  field_spec every_frame = animated;
  every_frame.size[animated.dims - 1] = frames;
  return every_frame;
}

}  // namespace vknoise::cli
