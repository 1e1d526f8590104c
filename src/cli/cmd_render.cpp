// vknoise render: a field to an image, volume or video file (the format follows the extension,
// output_file.hpp), or an animation of such fields along time (--time, --frames): one file per
// frame, or every frame in one .gif or .mp4.
#include <sys/stat.h>

#include <cstdio>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cli/animation.hpp"
#include "cli/backend.hpp"
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/field_buffer.hpp"
#include "cli/field_options.hpp"
#include "cli/frame_path.hpp"
#include "cli/number_parsing.hpp"
#include "cli/output_file.hpp"
#include "cli/parser.hpp"
#include "cli/preset_render.hpp"
#include "cli/progress.hpp"
#include "cli/report.hpp"
#include "cli/volume_stream.hpp"

namespace vknoise::cli {
namespace {

constexpr std::uint64_t default_budget_mib = 1024;

struct render_options {
  field_options field;
  common_options common;
  animation_options animation;
  std::optional<std::string> out;
  std::optional<std::string> remap;
  std::optional<std::string> preset;
  std::optional<std::string> memory_budget;
  std::optional<std::string> png_bits;
  std::optional<std::string> ktx_format;
  std::optional<std::string> zstd;
  bool ktx_array = false;
  bool mips = false;
  bool resume = false;
  bool quiet = false;
  bool verbose = false;
};

result<std::uint64_t> parse_budget(const std::optional<std::string>& text) {
  if (!text) return default_budget_mib << 20;
  const auto mib = parse_unsigned(*text, std::uint64_t{1} << 40);
  if (!mib || *mib == 0) {
    return make_error(errc::invalid_argument, "--memory-budget " + quoted_excerpt(*text) +
                                                  ": expected MiB, an integer from 1 to 2^40");
  }
  return *mib << 20;
}

// Written atomically (io/atomic_file.hpp), so an existing file is a complete one.
bool file_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

// The value maps to [0, 1]; derivatives of a remapped value scale by the same 0.5.
void remap_to_unit(std::span<float> values, int channels) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    values[i] = i % channels == 0 ? values[i] * 0.5f + 0.5f : values[i] * 0.5f;
  }
}

// The session as the fill a render needs: with --remap its values mapped to [0, 1].
fill_function remapped_fill(backend_session& backend, bool remap) {
  return [&backend, remap](const field_spec& field, std::span<float> out) -> status {
    status filled = backend.fill(field, out);
    if (filled && remap) remap_to_unit(out, channel_count(field));
    return filled;
  };
}

int usage_or_io_error(const status& failed) {
  const bool usage = failed.error_value().code != errc::io_error;
  return report_error(usage ? exit_usage_error : exit_runtime_error, failed.message());
}

// Everything the command line decides about a render, checked without side effects: no file is
// touched and no device opened (the fuzz target drives this).
struct render_plan {
  field_spec field;  // with the time axis added when animating (size 1 there: one frame)
  computation how;
  bool remap = false;
  std::uint64_t budget = 0;
  std::optional<animation> timing;  // --time, --frames, --loop
  frame_path paths;
  std::uint32_t frames = 1;
  output_format format = output_format::raw;
  bool streaming = false;
  // An animation into a format that holds frames (.gif, .mp4): every frame goes into one file.
  bool one_file = false;
  int png_bits = 8;
  ktx2_settings ktx2;
  std::string out;
  std::string path_of(std::uint32_t k) const { return timing && !one_file ? paths.at(k) : out; }
  // What one output file holds: a frame, or with one_file every frame.
  field_spec file_field() const { return one_file ? all_frames(field, frames) : field; }
};

// --ktx-format, --ktx-array, --mips and --zstd, which only a .ktx2 takes.
result<ktx2_settings> parse_ktx2(const render_options& options, output_format format) {
  const bool any = options.ktx_format || options.zstd || options.ktx_array || options.mips;
  if (any && format != output_format::ktx2) {
    return make_error(errc::invalid_argument,
                      "--ktx-format, --ktx-array, --mips and --zstd apply to a .ktx2 --out only");
  }
  ktx2_settings ktx2;
  ktx2.array = options.ktx_array;
  ktx2.mips = options.mips;
  if (options.ktx_format) {
    ktx2.format = io::ktx2_format_named(*options.ktx_format);
    if (!ktx2.format) {
      return make_error(errc::invalid_argument, "--ktx-format " +
                                                    quoted_excerpt(*options.ktx_format) +
                                                    ": expected one of " + io::ktx2_format_names());
    }
  }
  auto zstd_level = parse_zstd_level(options.zstd);
  if (!zstd_level) return zstd_level.error_value();
  ktx2.zstd_level = *zstd_level;
  return ktx2;
}

// Every error here is a usage error. Not for --preset (preset_as_graph makes it a graph's render).
result<render_plan> plan_render(const render_options& options) {
  // Without --dims: a graph's (--graph, a preset's) or --curl's dims, else 3, as in every command.
  if (!options.out) return make_error(errc::invalid_argument, "--out is required");
  auto field = parse_field(options.field, {1, 1, 1, 1});
  if (!field) return field.error_value();
  auto how = parse_computation(options.common);
  if (!how) return how.error_value();
  auto remap = parse_remap(options.remap);
  if (!remap) return remap.error_value();
  auto budget = parse_budget(options.memory_budget);
  if (!budget) return budget.error_value();
  auto timing = parse_animation(options.animation);
  if (!timing) return timing.error_value();
  const std::uint32_t frames = *timing ? (*timing)->frames : 1;
  auto format = output_format_for(*options.out);
  if (!format) return format.error_value();
  const bool one_file = *timing && holds_frames(*format);

  // Without --time the name is taken literally (a % in it is no pattern); an animation into one
  // file must not look like a pattern of many.
  auto paths = frame_path::parse(*timing ? *options.out : "", one_file ? 1 : frames);
  if (!paths) return paths.error_value();
  if (one_file && paths->numbered()) {
    return make_error(errc::invalid_argument,
                      "--out " + quoted_excerpt(*options.out) +
                          ": this file holds every frame of the animation; name one file "
                          "without %d");
  }

  if (*timing) {
    auto animated = animated_field(*field, **timing);
    if (!animated) return animated.error_value();
    *field = *animated;
  }
  // The first and the last frame bound every frame's time coordinate.
  for (const std::uint32_t k : {0u, frames - 1}) {
    if (auto valid = validate(frame_field(*field, k)); !valid) return valid.error_value();
  }
  if (one_file) {
    const field_spec every_frame = all_frames(*field, frames);
    if (auto valid = validate(every_frame); !valid) return valid.error_value();
    if (needs_streaming(every_frame, *budget)) {
      return make_error(errc::invalid_argument,
                        "--out " + quoted_excerpt(*options.out) +
                            " holds every frame: " + format_bytes(value_count(every_frame) * 4.0) +
                            " for " + std::to_string(frames) + " frames, over --memory-budget " +
                            format_bytes(static_cast<double>(*budget)));
    }
  }
  const bool streaming = needs_streaming(*field, *budget);
  if (streaming && !can_stream(*format)) {
    return make_error(errc::invalid_argument,
                      "this volume needs streaming; use " + streaming_formats_help() + " (" +
                          format_bytes(value_count(*field) * 4.0) + " per frame, --memory-budget " +
                          format_bytes(static_cast<double>(*budget)) + ")");
  }
  int png_bits = 8;
  if (options.png_bits) {
    if (*options.png_bits != "8" && *options.png_bits != "16") {
      return make_error(errc::invalid_argument,
                        "--png-bits " + quoted_excerpt(*options.png_bits) + ": expected 8 or 16");
    }
    png_bits = *options.png_bits == "16" ? 16 : 8;
  }
  auto ktx2 = parse_ktx2(options, *format);
  if (!ktx2) return ktx2.error_value();
  return render_plan{*field,      std::move(how.value()),
                     *remap,      *budget,
                     *timing,     *paths,
                     frames,      *format,
                     streaming,   one_file,
                     png_bits,    *ktx2,
                     *options.out};
}

// --preset NAME as the render of its graph (cli/preset_render.hpp): the options --graph with
// the preset's origin and step would have.
result<render_options> preset_as_graph(const render_options& options) {
  if (options.animation.time || options.animation.frames || options.animation.loop) {
    return make_error(errc::invalid_argument,
                      "--time, --frames and --loop do not apply with --preset");
  }
  if (!options.out) return make_error(errc::invalid_argument, "--out is required");
  auto field = preset_field_options(*options.preset, options.field, options.remap, *options.out);
  if (!field) return field.error_value();
  render_options as_graph = options;
  as_graph.field = std::move(field.value());
  as_graph.preset.reset();
  return as_graph;
}

status check_render(const render_options& options) {
  if (options.preset) {
    auto as_graph = preset_as_graph(options);
    if (!as_graph) return as_graph.error_value();
    return check_render(*as_graph);
  }
  auto plan = plan_render(options);
  if (!plan) return plan.error_value();
  return {};
}

int run_render(const render_options& options) {
  if (options.preset) {
    auto as_graph = preset_as_graph(options);
    if (!as_graph) return report_error(exit_usage_error, as_graph.message());
    return run_render(*as_graph);
  }
  auto planned = plan_render(options);
  if (!planned) return report_error(exit_usage_error, planned.message());
  const render_plan& plan = *planned;
  const field_spec& field = plan.field;
  const std::uint32_t frames = plan.frames;
  const auto path_of = [&](std::uint32_t k) { return plan.path_of(k); };
  const bool streaming = plan.streaming;
  const field_spec held = plan.file_field();
  // Fail before the possibly long render when the output cannot work anyway.
  if (auto writable = check_output(path_of(0), plan.format, held, plan.png_bits, plan.ktx2);
      !writable) {
    return usage_or_io_error(writable);
  }

  std::vector<std::uint32_t> todo;
  for (std::uint32_t k = 0; k < frames; ++k) {
    if (!options.resume || !file_exists(path_of(k))) todo.push_back(k);
  }
  const bool long_render = plan.timing.has_value() || streaming;
  const bool quiet = options.quiet || !long_render;
  if (options.resume && !quiet) {
    progress(quiet, "", 0, 0)
        .note("resume: skipped " + std::to_string(frames - todo.size()) + " of " +
              std::to_string(frames) + " frames (already written)");
  }

  auto backend = backend_session::start(plan.how);
  if (!backend) return report_error(exit_code_for(backend.error_value().code), backend.message());
  const fill_function fill = remapped_fill(*backend, plan.remap);
  std::vector<float> values;
  if (!streaming && !todo.empty()) {
    auto buffer = allocate_field_buffer<float>(held);
    if (!buffer) return report_error(exit_runtime_error, buffer.message());
    values = std::move(buffer.value());
  }
  // An animation counts frames; a single streamed volume counts its slabs.
  const bool count_slabs = streaming && frames == 1;
  progress meter(
      quiet, count_slabs ? "slab" : "frame",
      count_slabs ? slab_count(field, plan.budget) : todo.size(),
      count_slabs ? sample_count(field) / slab_count(field, plan.budget) : sample_count(field));
  std::uint64_t rendered = 0;
  const std::size_t frame_values = value_count(field);
  for (const std::uint32_t k : todo) {
    const field_spec frame = frame_field(field, k);
    const std::string path = path_of(k);
    // With one_file frame k fills its own part of the buffer, written once every frame is in.
    const std::span<float> target =
        plan.one_file ? std::span<float>(values).subspan(k * frame_values, frame_values)
                      : std::span<float>(values);
    status done =
        streaming ? render_streamed(frame, fill, path, plan.budget, count_slabs ? &meter : nullptr)
                  : fill(frame, target);
    std::string tool_output;  // what ffmpeg and ffprobe said, shown with --verbose
    std::string* told = options.verbose ? &tool_output : nullptr;
    if (done && !streaming && !plan.one_file)
      done = write_output(path, plan.format, frame, values, plan.remap, plan.png_bits, told,
                          plan.ktx2);
    if (done && plan.one_file && k + 1 == frames)
      done =
          write_output(path, plan.format, held, values, plan.remap, plan.png_bits, told, plan.ktx2);
    if (!tool_output.empty()) std::fputs(tool_output.c_str(), stderr);
    if (!done) {
      meter.finish();
      return report_error(exit_runtime_error, done.message());
    }
    ++rendered;
    if (!count_slabs) meter.step_done(rendered, rendered);
  }
  meter.note(peak_memory_line());
  return exit_success;
}

}  // namespace

command add_render_command(CLI::App& app) {
  auto options = std::make_shared<render_options>();
  CLI::App* parser = add_subcommand(
      app, "render", "Render a field, or an animation of fields, to image, volume or video files");
  add_dims_option(*parser, options->field);
  add_field_options(*parser, options->field);
  add_region_option(*parser, options->field);
  add_backend_option(*parser, options->common);
  add_seed_option(*parser, options->common);
  add_device_option(*parser, options->common);
  add_remap_option(*parser, options->remap);
  add_text_option(*parser, "--png-bits", "8|16", options->png_bits,
                  "bits per PNG sample (default 8; 16 keeps the float precision better)");
  add_text_option(*parser, "--ktx-format", "NAME", options->ktx_format,
                  "a .ktx2's Vulkan format: " + io::ktx2_format_names() +
                      " (default r32f for 1 channel, rg32f for 2, rgba32f for 3 (alpha 1) or 4; "
                      "8-bit formats clamp to [0, 1] (use --remap 01), -srgb ones encode the "
                      "value as linear with the sRGB curve)");
  add_flag(*parser, "--ktx-array", options->ktx_array,
           "a .ktx2 of a 3D field holds its z slices (e.g. time) as 2D array layers "
           "instead of a 3D volume");
  add_flag(*parser, "--mips", options->mips,
           "a .ktx2 holds the full mip chain (a wrapping 2x box filter: the mips of a "
           "tileable field tile; array layers filtered apart)");
  add_text_option(*parser, "--zstd", "LEVEL", options->zstd,
                  "Zstandard supercompression of a .ktx2's levels, LEVEL 1..22");
  add_preset_option(*parser, options->preset);
  add_text_option(*parser, "--out", "FILE", options->out,
                  "output file, its format by extension: " + output_formats_help() +
                      ". With --time: a pattern such as out_%04d.png for one file per frame, or "
                      "one " +
                      frame_formats_help() + " that holds every frame");
  add_animation_options(*parser, options->animation);
  add_flag(*parser, "--resume", options->resume,
           "skip frames whose file already exists (files are written atomically, so an "
           "existing one is complete)");
  add_text_option(*parser, "--memory-budget", "MiB", options->memory_budget,
                  "host memory for one frame (default 1024): a larger " + streaming_formats_help() +
                      " volume is rendered in z-slabs and streamed to the file; memory stays "
                      "within one slab plus the GPU renderer's two chunks");
  add_flag(*parser, "--quiet", options->quiet, "no progress or memory report on stderr");
  add_flag(*parser, "--verbose", options->verbose,
           "also print on stderr what ffmpeg and ffprobe said while writing a .mp4 (an "
           "error line otherwise quotes only their last line)");
  require(option_named(*parser, "--size"));
  require(option_named(*parser, "--out"));
  return {parser, [options] { return run_render(*options); },
          [options] { return check_render(*options); }};
}

}  // namespace vknoise::cli
