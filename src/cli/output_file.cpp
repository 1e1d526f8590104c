#include "cli/output_file.hpp"

#include <algorithm>
#include <cctype>

#include "cli/field_options.hpp"
#include "cli/report.hpp"
#include "io/atomic_file.hpp"
#include "io/png_writer.hpp"
#include "io/raw_writer.hpp"

namespace vknoise::cli {
namespace {

std::string lowercase_extension(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  const std::size_t slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string extension = path.substr(dot);
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

}  // namespace

result<output_format> output_format_for(const std::string& path) {
  const std::string extension = lowercase_extension(path);
  if (extension == ".png") return output_format::png;
  if (extension == ".raw") return output_format::raw;
  return make_error(errc::invalid_argument,
                    "--out " + quoted_excerpt(path) + ": unknown extension (use .png or .raw)");
}

status check_output(const std::string& path, output_format format, const field_spec& field) {
  if (format == output_format::png) {
    if (field.noise.gradient) {
      return make_error(errc::invalid_argument,
                        "a .png holds one channel; a --gradient field has " +
                            std::to_string(channel_count(field.noise, field.dims)) +
                            " per sample (use .raw)");
    }
    if (field.size[2] != 1 || field.size[3] != 1) {
      return make_error(errc::invalid_argument, "a .png holds a 2D field; this field is " +
                                                    format_size(field) + " (use .raw)");
    }
    if (auto fits = io::check_png_gray8_size(field.size[0], field.size[1]); !fits) return fits;
  }
  return io::check_writable(path);
}

status write_output(const std::string& path, output_format format, const field_spec& field,
                    std::span<const float> values, bool remapped) {
  if (format == output_format::png) {
    return io::write_png_gray8(path, field.size[0], field.size[1], values, remapped ? 0.0f : -1.0f);
  }
  return io::write_raw_float32_le(path, values);
}

}  // namespace vknoise::cli
