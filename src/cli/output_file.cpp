#include "cli/output_file.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "cli/field_options.hpp"
#include "cli/number_parsing.hpp"
#include "cli/report.hpp"
#include "io/atomic_file.hpp"
#include "io/exr_writer.hpp"
#include "io/gif_writer.hpp"
#include "io/ktx2_writer.hpp"
#include "io/mp4_writer.hpp"
#include "io/npy_writer.hpp"
#include "io/nrrd_writer.hpp"
#include "io/png16_writer.hpp"
#include "io/png_writer.hpp"
#include "io/raw_writer.hpp"
#include "io/vdb_writer.hpp"
#include "vknoise/graph.hpp"

namespace vknoise::cli {

result<std::optional<int>> parse_zstd_level(const std::optional<std::string>& text) {
  if (!text) return std::optional<int>();
  const auto level = parse_unsigned(*text, std::numeric_limits<std::uint32_t>::max());
  if (!level) {
    return make_error(errc::invalid_argument,
                      "--zstd " + quoted_excerpt(*text) + ": expected a level, 1..22");
  }
  if (*level < 1 || *level > 22) {
    return make_error(errc::invalid_argument,
                      "--zstd level " + std::to_string(*level) + " is out of range 1..22");
  }
  return std::optional<int>(static_cast<int>(*level));
}
namespace {

struct registered_format {
  const char* extension;
  output_format format;
  const char* description;  // for help texts
  bool holds_frames = false;
  bool streams = false;  // render_streamed writes it slab by slab (cli/volume_stream.hpp)
};

// The registry: one line per extension, the one list of what the tool writes.
constexpr registered_format registry[] = {
    {".png", output_format::png, "grayscale, 8 or 16 bits (--png-bits), 2D fields"},
    {".raw", output_format::raw, "float32 little-endian, x fastest, then y, z, t", false, true},
    {".npy", output_format::npy, "NumPy float32 array, shape (t, z, y, x) trimmed to dims"},
    {".nhdr", output_format::nrrd, "NRRD header, with the data in a .raw beside it"},
    {".exr", output_format::exr, "OpenEXR float channels, 2D fields"},
    {".vdb", output_format::vdb, "OpenVDB FloatGrid density, 2D or 3D fields"},
    {".gif", output_format::gif, "animated grayscale GIF", true},
    {".mp4", output_format::mp4,
     "25 fps H.264 video through ffmpeg, odd sides padded by one black pixel", true},
    {".ktx2", output_format::ktx2,
     "KTX 2.0 texture, 2D, 3D or 2D array (--ktx-array), 1 to 4 channels (--ktx-format, --mips, "
     "--zstd)"},
};

constexpr int gif_delay_centiseconds = 4;  // 25 frames per second, as the .mp4
constexpr double mp4_fps = 25.0;

std::string lowercase_extension(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  const std::size_t slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string extension = path.substr(dot);
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

std::string known_extensions() {
  std::string list;
  for (const auto& entry : registry)
    list += (list.empty() ? "" : ", ") + std::string(entry.extension);
  return list;
}

const registered_format& entry_of(output_format format) {
  for (const auto& entry : registry) {
    if (entry.format == format) return entry;
  }
  return registry[0];  // unreachable: every format has an entry
}

// The extensions whose entry has `property`: ".gif or .mp4".
std::string extensions_with(bool registered_format::*property) {
  std::string list;
  for (const auto& entry : registry) {
    if (entry.*property) list += (list.empty() ? "" : " or ") + std::string(entry.extension);
  }
  return list;
}

int channels_of(const field_spec& field) {
  return channel_count(field);
}

status one_channel(const field_spec& field, const char* extension) {
  if (channels_of(field) == 1) return {};
  return make_error(errc::invalid_argument,
                    std::string("a ") + extension + " holds one channel; this field has " +
                        std::to_string(channels_of(field)) + " per sample (" +
                        (field.noise_graph ? "graph outputs" : "--gradient") +
                        "; use .raw, .npy, .nhdr or .exr)");
}

// A .png holds one channel (gray, 8 or 16 bits) or three (RGB, 8 bits): a graph's colour.
status png_channels(const field_spec& field, int png_bits) {
  if (channels_of(field) == 3 && field.noise_graph) {
    if (png_bits == 8) return {};
    return make_error(errc::invalid_argument, "an RGB .png (a graph of 3 outputs) has 8 bits");
  }
  if (channels_of(field) == 1) return {};
  return make_error(errc::invalid_argument,
                    "a .png holds one channel, or three of a graph (RGB); this field has " +
                        std::to_string(channels_of(field)) +
                        " per sample (use .raw, .npy, .nhdr or .exr)");
}

// `name` with its article: "a .png", "an .exr".
status two_dimensional(const field_spec& field, const char* name, const char* advice) {
  if (field.size[2] == 1 && field.size[3] == 1) return {};
  return make_error(
      errc::invalid_argument,
      std::string(name) + " holds a 2D field; this field is " + format_size(field) + advice);
}

// Same mapping as the 8-bit PNG: [low, 1] to [0, 255], rounded and clamped, NaN to 0.
std::uint8_t to_gray8(float value, float low) {
  const double scaled = (static_cast<double>(value) - low) / (1.0 - low) * 255.0;
  if (!(scaled > 0.0)) return 0;
  if (scaled >= 255.0) return 255;
  return static_cast<std::uint8_t>(std::lround(scaled));
}

// The WxH slices of a one-channel field, in storage order (z fastest, then t), as frames of
// `bytes_per_pixel` equal gray bytes.
std::vector<std::vector<std::uint8_t>> gray_frames(const field_spec& field,
                                                   std::span<const float> values, float low,
                                                   int bytes_per_pixel) {
  const std::size_t pixels = std::size_t{field.size[0]} * field.size[1];
  const std::size_t count = std::size_t{field.size[2]} * field.size[3];
  std::vector<std::vector<std::uint8_t>> frames(count);
  for (std::size_t f = 0; f < count; ++f) {
    frames[f].resize(pixels * bytes_per_pixel);
    for (std::size_t i = 0; i < pixels; ++i) {
      const std::uint8_t level = to_gray8(values[f * pixels + i], low);
      for (int b = 0; b < bytes_per_pixel; ++b) frames[f][i * bytes_per_pixel + b] = level;
    }
  }
  return frames;
}

// A graph's channels are its outputs, named as in the graph; a noise's are Y and its derivatives.
std::vector<std::string> exr_channel_names(const field_spec& field) {
  if (field.noise_graph) return field.noise_graph->output_names();
  static const char* const derivatives[] = {"dYdx", "dYdy", "dYdz", "dYdt"};
  std::vector<std::string> names{"Y"};
  for (int c = 1; c < channels_of(field); ++c) names.emplace_back(derivatives[c - 1]);
  return names;
}

// Axes from the slowest to the fastest: t, z, y, x trimmed to dims, then the channels.
std::vector<std::uint64_t> npy_shape(const field_spec& field) {
  std::vector<std::uint64_t> shape;
  for (int axis = field.dims - 1; axis >= 0; --axis) shape.push_back(field.size[axis]);
  if (channels_of(field) > 1) shape.push_back(static_cast<std::uint64_t>(channels_of(field)));
  return shape;
}

io::nrrd_volume nrrd_volume_of(const field_spec& field) {
  io::nrrd_volume volume;
  for (int axis = 0; axis < field.dims; ++axis) {
    volume.sizes.push_back(field.size[axis]);
    volume.spacings.push_back(field.step[axis]);
    volume.origin.push_back(sample_position(field, axis, 0));  // a region starts further on
  }
  volume.channels = static_cast<std::uint32_t>(channels_of(field));
  return volume;
}

// Axes beyond dims have no step of their own; they get the x step, so voxels stay cubes.
io::vdb_volume vdb_volume_of(const field_spec& field) {
  io::vdb_volume volume;
  for (int axis = 0; axis < 3; ++axis) {
    volume.size[axis] = field.size[axis];
    volume.step[axis] = axis < field.dims ? field.step[axis] : field.step[0];
    volume.origin[axis] = axis < field.dims ? sample_position(field, axis, 0) : 0.0;
  }
  return volume;
}

// The .ktx2's shape: a 2D texture, a 3D volume, or with --ktx-array the z slices as layers.
io::ktx2_image ktx2_image_of(const field_spec& field, const ktx2_settings& ktx2) {
  io::ktx2_image image;
  image.width = field.size[0];
  image.height = field.size[1];
  image.depth = field.size[2];
  image.shape = ktx2.array           ? io::ktx2_shape::array_2d
                : field.size[2] == 1 ? io::ktx2_shape::texture_2d
                                     : io::ktx2_shape::volume_3d;
  image.channels = channels_of(field);
  return image;
}

io::ktx2_options ktx2_options_of(const field_spec& field, const ktx2_settings& ktx2) {
  io::ktx2_options options;
  options.format = ktx2.format.value_or(default_ktx2_format(channels_of(field)));
  options.mips = ktx2.mips;
  options.zstd_level = ktx2.zstd_level;
  return options;
}

status check_ktx2(const field_spec& field, const ktx2_settings& ktx2) {
  if (field.size[3] != 1) {
    return make_error(errc::invalid_argument, "a .ktx2 holds a 2D or 3D field; this field is " +
                                                  format_size(field) + " (its t size must be 1)");
  }
  const int channels = channels_of(field);
  if (channels > 4) {
    return make_error(errc::invalid_argument,
                      "a .ktx2 holds 1 to 4 channels; this field has " + std::to_string(channels));
  }
  const io::ktx2_format format = ktx2_options_of(field, ktx2).format;
  const int fits = io::ktx2_channel_count(format);
  if (!(channels == fits || (channels == 3 && fits == 4))) {
    return make_error(errc::invalid_argument, "--ktx-format " + io::ktx2_format_name(format) +
                                                  " holds " + std::to_string(fits) + " channel" +
                                                  (fits == 1 ? "" : "s") + "; this field has " +
                                                  std::to_string(channels) + " per sample");
  }
  if (ktx2.zstd_level && (*ktx2.zstd_level < 1 || *ktx2.zstd_level > 22)) {
    return make_error(errc::invalid_argument, "--zstd level " + std::to_string(*ktx2.zstd_level) +
                                                  " is out of range 1..22");
  }
  if (field.size[0] > (1u << 24) || field.size[1] > (1u << 24) || field.size[2] > (1u << 24)) {
    return make_error(errc::out_of_range, "a .ktx2 side is at most 2^24");
  }
  return {};
}

status check_format(output_format format, const field_spec& field, int png_bits,
                    const ktx2_settings& ktx2) {
  switch (format) {
    case output_format::png:
      if (png_bits != 8 && png_bits != 16) {
        return make_error(errc::invalid_argument,
                          "a .png has 8 or 16 bits per sample, not " + std::to_string(png_bits));
      }
      if (auto ok = png_channels(field, png_bits); !ok) return ok;
      if (auto ok = two_dimensional(field, "a .png", " (use .raw)"); !ok) return ok;
      if (channels_of(field) == 3) return io::check_png_rgb8_size(field.size[0], field.size[1]);
      if (png_bits == 8) return io::check_png_gray8_size(field.size[0], field.size[1]);
      return {};
    case output_format::exr:
      return two_dimensional(field, "an .exr", " (use .npy, .nhdr or .vdb)");
    case output_format::vdb:
      if (auto ok = one_channel(field, ".vdb"); !ok) return ok;
      if (field.size[3] != 1) {
        return make_error(errc::invalid_argument, "a .vdb holds a 2D or 3D field; this field is " +
                                                      format_size(field) +
                                                      " (its t size must be 1)");
      }
      for (int axis = 0; axis < std::min(field.dims, 3); ++axis) {
        if (!(field.step[axis] > 0.0)) {
          return make_error(errc::invalid_argument, "a .vdb needs positive steps (voxel sizes)");
        }
      }
      return {};
    case output_format::gif:
      if (auto ok = one_channel(field, ".gif"); !ok) return ok;
      if (field.size[0] > 65535 || field.size[1] > 65535) {
        return make_error(errc::out_of_range, "a .gif frame is at most 65535x65535");
      }
      return {};
    case output_format::mp4:
      if (auto ok = one_channel(field, ".mp4"); !ok) return ok;
      return io::check_mp4_tools();
    case output_format::ktx2:
      return check_ktx2(field, ktx2);
    case output_format::raw:
    case output_format::npy:
    case output_format::nrrd:
      return {};
  }
  return {};
}

}  // namespace

io::ktx2_format default_ktx2_format(int channels) {
  if (channels == 1) return io::ktx2_format::r32_sfloat;
  if (channels == 2) return io::ktx2_format::rg32_sfloat;
  return io::ktx2_format::rgba32_sfloat;
}

result<output_format> output_format_for(const std::string& path) {
  const std::string extension = lowercase_extension(path);
  for (const auto& entry : registry) {
    if (extension == entry.extension) return entry.format;
  }
  return make_error(
      errc::invalid_argument,
      "--out " + quoted_excerpt(path) + ": unknown extension (use " + known_extensions() + ")");
}

bool holds_frames(output_format format) {
  return entry_of(format).holds_frames;
}

std::string output_formats_help() {
  std::string help;
  for (const auto& entry : registry) {
    help += (help.empty() ? "" : ", ") + std::string(entry.extension) + " (" + entry.description +
            (entry.holds_frames ? "; its frames: the z slices, or each --time frame" : "") + ")";
  }
  return help;
}

bool can_stream(output_format format) {
  return entry_of(format).streams;
}

std::string frame_formats_help() {
  return extensions_with(&registered_format::holds_frames);
}

std::string streaming_formats_help() {
  return extensions_with(&registered_format::streams);
}

status check_output(const std::string& path, output_format format, const field_spec& field,
                    int png_bits, const ktx2_settings& ktx2) {
  if (auto fits = check_format(format, field, png_bits, ktx2); !fits) return fits;
  if (format == output_format::nrrd) {
    if (io::nrrd_data_path(path) == path) {
      return make_error(errc::invalid_argument, "a .nhdr header cannot be named .raw");
    }
    if (auto writable = io::check_writable(io::nrrd_data_path(path)); !writable) return writable;
  }
  return io::check_writable(path);
}

status write_output(const std::string& path, output_format format, const field_spec& field,
                    std::span<const float> values, bool remapped, int png_bits,
                    std::string* tool_output, const ktx2_settings& ktx2) {
  float low = remapped ? 0.0f : -1.0f;
  // A graph's images map its stated range to black and white: its values moved into [0, 1].
  std::vector<float> normalised;
  const bool image =
      format == output_format::png || format == output_format::gif || format == output_format::mp4;
  if (image && field.noise_graph && !remapped) {
    const auto [lo, hi] = field.noise_graph->range();
    normalised.resize(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      normalised[i] = static_cast<float>((values[i] - lo) / (hi - lo));
    }
    values = normalised;
    low = 0.0f;
  }
  switch (format) {
    case output_format::png:
      if (channels_of(field) == 3) {
        std::vector<std::uint8_t> rgb(values.size());
        for (std::size_t i = 0; i < values.size(); ++i) rgb[i] = to_gray8(values[i], low);
        return io::write_png_rgb8(path, field.size[0], field.size[1], rgb);
      }
      if (png_bits == 16)
        return io::write_png_gray16(path, field.size[0], field.size[1], values, low);
      return io::write_png_gray8(path, field.size[0], field.size[1], values, low);
    case output_format::raw:
      return io::write_raw_float32_le(path, values);
    case output_format::npy: {
      const auto shape = npy_shape(field);
      return io::write_npy_float32(path, shape, values);
    }
    case output_format::nrrd:
      return io::write_nrrd(path, nrrd_volume_of(field), values);
    case output_format::exr: {
      const auto names = exr_channel_names(field);
      return io::write_exr_float(path, field.size[0], field.size[1], names, values);
    }
    case output_format::vdb:
      return io::write_vdb_density(path, vdb_volume_of(field), values);
    case output_format::gif: {
      const auto frames = gray_frames(field, values, low, 1);
      return io::write_gif_gray(path, field.size[0], field.size[1], frames, gif_delay_centiseconds);
    }
    case output_format::mp4: {
      const auto frames = gray_frames(field, values, low, 3);
      return io::write_mp4(path, field.size[0], field.size[1], frames, mp4_fps, tool_output);
    }
    case output_format::ktx2:
      if (auto fits = check_ktx2(field, ktx2); !fits) return fits;
      return io::write_ktx2(path, ktx2_image_of(field, ktx2), values, ktx2_options_of(field, ktx2));
  }
  return make_error(errc::invalid_argument, "write_output: unknown format");
}

}  // namespace vknoise::cli
