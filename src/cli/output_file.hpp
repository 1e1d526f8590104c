// Where `vknoise render` writes a field: the format follows the file name's extension.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "io/ktx2_writer.hpp"

#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

enum class output_format {
  png,   // grayscale, 8 or 16 bits (png_bits), 2D fields only
  raw,   // float32 little-endian, the field's layout
  npy,   // NumPy .npy float32, shape (t, z, y, x) trimmed to dims, plus channels when > 1
  nrrd,  // .nhdr detached NRRD header plus a .raw data file beside it
  exr,   // OpenEXR, FLOAT channels Y (and dYdx, dYdy, ... with --gradient), 2D fields only
  vdb,   // OpenVDB FloatGrid "density", 2D or 3D fields (t size 1), one channel
  gif,   // animated grayscale GIF: the WxH slices (z, then t) are the frames, 4/100 s each
  mp4,   // the same frames as a 25 fps H.264 video through ffmpeg; odd sides padded by one pixel
  ktx2,  // KTX 2.0 texture (io/ktx2_writer.hpp): 2D, 2D array or 3D, 1 to 4 channels (t size 1)
};

// How a .ktx2 is written (render's --ktx-format, --ktx-array, --mips, --zstd).
struct ktx2_settings {
  // Without one: r32f for 1 channel, rg32f for 2, rgba32f for 3 (alpha 1) or 4.
  std::optional<io::ktx2_format> format;
  bool array = false;  // a 3D field's z axis as array layers rather than a volume's depth
  bool mips = false;   // the full mip chain (io/ktx2_writer.hpp's wrapping box filter)
  std::optional<int> zstd_level;  // Zstandard supercompression, 1..22
};

// --zstd LEVEL (render's and bake's): none without it, else 1..22; errc::invalid_argument naming
// the flag otherwise.
result<std::optional<int>> parse_zstd_level(const std::optional<std::string>& text);

// The format a .ktx2 of `channels` (1 to 4) per sample gets by default.
io::ktx2_format default_ktx2_format(int channels);

// errc::invalid_argument for an extension the registry does not know (any case accepted).
result<output_format> output_format_for(const std::string& path);

// True for the formats whose file is a sequence of WxH frames (.gif, .mp4): an animation (--time)
// goes into one such file instead of one file per frame.
bool holds_frames(output_format format);

// True for the formats a volume over --memory-budget can be streamed into, slab by slab
// (render_streamed).
bool can_stream(output_format format);

// Every format the tool writes, from the registry, for help texts: ".png (grayscale, ...), .raw
// (...), ...".
std::string output_formats_help();

// The extensions of the formats that hold frames, for help texts: ".gif or .mp4".
std::string frame_formats_help();

// The extensions of the formats that can be streamed: ".raw".
std::string streaming_formats_help();

// Everything that can be checked before rendering: the format fits the field
// (errc::invalid_argument / errc::out_of_range), the file can be created and a needed external
// program (ffmpeg) is there (errc::io_error). `png_bits` (8 or 16) only matters for .png.
status check_output(const std::string& path, output_format format, const field_spec& field,
                    int png_bits = 8, const ktx2_settings& ktx2 = {});

// Writes atomically: the file (for .nhdr both files) is complete or absent, and an existing file
// is replaced only by a complete one (a .mp4 is decoded and its frames counted first). `remapped`
// values are in [0, 1] rather than [-1, 1] (the image formats map that range to black..white; the
// float formats store the values as they are). What external programs (ffmpeg, ffprobe) said is
// never printed; it is added to `tool_output` when that is given.
status write_output(const std::string& path, output_format format, const field_spec& field,
                    std::span<const float> values, bool remapped, int png_bits = 8,
                    std::string* tool_output = nullptr, const ktx2_settings& ktx2 = {});

}  // namespace vknoise::cli
