#include "cli/field_options.hpp"

#include <cmath>
#include <limits>
#include <string_view>
#include <vector>

#include "cli/number_parsing.hpp"
#include "cli/parser.hpp"
#include "cli/report.hpp"

namespace vknoise::cli {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const std::size_t at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

error bad_value(const char* flag, const std::string& text, const std::string& expectation) {
  return make_error(errc::invalid_argument,
                    std::string(flag) + " " + quoted_excerpt(text) + ": " + expectation);
}

// NX[xNY[xNZ[xNT]]]; missing sizes are 1.
result<std::array<std::uint32_t, 4>> parse_size(const std::string& text, int dims) {
  const auto parts = split(text, 'x');
  if (parts.empty() || parts.size() > 4) {
    return bad_value("--size", text, "expected 1 to 4 sizes separated by 'x', e.g. 256x256");
  }
  std::array<std::uint32_t, 4> size{1, 1, 1, 1};
  for (std::size_t axis = 0; axis < parts.size(); ++axis) {
    const auto value = parse_unsigned(parts[axis], std::numeric_limits<std::uint32_t>::max());
    if (!value || *value == 0) {
      return bad_value("--size", text,
                       quoted_excerpt(parts[axis]) + " is not an integer in [1, 4294967295]");
    }
    size[axis] = static_cast<std::uint32_t>(*value);
  }
  for (int axis = dims; axis < 4; ++axis) {
    if (size[axis] != 1) {
      return bad_value("--size", text,
                       "a " + std::to_string(dims) + "D field has " + std::to_string(dims) +
                           (dims == 1 ? " axis" : " axes") + " (use a larger --dims)");
    }
  }
  return size;
}

// One sample index per axis, 1 to dims of them: X0[,Y0[,Z0[,T0]]]; missing indices are 0, as
// missing --size sizes are 1.
result<std::array<std::uint64_t, 4>> parse_region(const std::string& text, int dims) {
  constexpr std::uint64_t max_start = std::uint64_t{1} << 53;  // field_spec's limit
  const auto parts = split(text, ',');
  if (parts.size() > static_cast<std::size_t>(dims)) {
    const char* forms[] = {"X0", "X0[,Y0]", "X0[,Y0[,Z0]]", "X0[,Y0[,Z0[,T0]]]"};
    return bad_value("--region", text,
                     "expected 1 to " + std::to_string(dims) + " sample " +
                         (dims == 1 ? "index" : "indices") + ", " + forms[dims - 1]);
  }
  std::array<std::uint64_t, 4> region{0, 0, 0, 0};
  for (std::size_t axis = 0; axis < parts.size(); ++axis) {
    const auto value = parse_unsigned(parts[axis], std::numeric_limits<std::uint64_t>::max());
    if (!value) {
      return bad_value("--region", text,
                       quoted_excerpt(parts[axis]) + " is not a non-negative integer");
    }
    if (*value > max_start) {
      return make_error(errc::out_of_range, "--region " + quoted_excerpt(text) + ": " +
                                                quoted_excerpt(parts[axis]) +
                                                " is beyond 2^53 = 9007199254740992");
    }
    region[axis] = *value;
  }
  return region;
}

// One number per axis: x for dims 1, x,y for dims 2, x,y,z for dims 3, x,y,z or x,y,z,w for
// dims 4 (an axis not given keeps its value from `values`).
// With `allow_single`, one number applies to every axis.
result<std::array<double, 4>> parse_vector(const char* flag, const std::string& text, int dims,
                                           std::array<double, 4> values, bool allow_single) {
  const auto parts = split(text, ',');
  const bool single = allow_single && parts.size() == 1;
  const std::size_t fewest = dims == 4 ? 3 : static_cast<std::size_t>(dims);
  const std::size_t most = static_cast<std::size_t>(dims);
  if (!single && (parts.size() < fewest || parts.size() > most)) {
    const char* forms[] = {"x", "x,y", "x,y,z", "x,y,z[,w]"};
    const std::string form = forms[dims - 1];
    return bad_value(flag, text,
                     "expected " + std::string(allow_single ? "one number or " : "") + form);
  }
  for (std::size_t axis = 0; axis < parts.size(); ++axis) {
    const auto value = parse_double(parts[axis]);
    if (!value) return bad_value(flag, text, quoted_excerpt(parts[axis]) + " is not a number");
    if (!std::isfinite(*value)) {
      return bad_value(flag, text, quoted_excerpt(parts[axis]) + " is not a finite number");
    }
    values[axis] = *value;
  }
  if (single) values.fill(values[0]);
  return values;
}

}  // namespace

void add_dims_option(CLI::App& app, field_options& options) {
  add_text_option(app, "--dims", "1|2|3|4", options.dims,
                  "coordinates per sample: 1 to 4 (default 3; with the default noise, 3 is "
                  "noise3 and 4 is noise4)");
}

void add_field_options(CLI::App& app, field_options& options) {
  add_text_option(app, "--size", "NXxNY[xNZ[xNT]]", options.size,
                  "samples per axis, NXxNY[xNZ[xNT]] (missing sizes are 1)");
  add_origin_step_noise_options(app, options);
}

void add_origin_step_noise_options(CLI::App& app, field_options& options) {
  add_text_option(app, "--origin", "X,Y,Z[,W]", options.origin,
                  "position of the first sample, x,y,z[,w]");
  add_text_option(app, "--step", "S|X,Y,Z[,W]", options.step,
                  "distance between samples: one number for every axis, or x,y,z[,w] "
                  "(default 1/32)");
  add_noise_options(app, options.noise);
}

void add_region_option(CLI::App& app, field_options& options) {
  add_text_option(app, "--region", "X0[,Y0[,Z0[,T0]]]", options.region,
                  "render only the --size box that starts at this sample index of the grid of "
                  "--origin and --step (one index per dim, missing ones 0): tiles of a field, "
                  "bit for bit the whole field's samples");
}

result<int> parse_dims(const field_options& options) {
  if (!options.dims) return 3;
  for (int dims = 1; dims <= 4; ++dims) {
    if (*options.dims == std::to_string(dims)) return dims;
  }
  return bad_value("--dims", *options.dims, "expected 1, 2, 3 or 4");
}

result<field_spec> parse_field(const field_options& options,
                               const std::array<std::uint32_t, 4>& default_size) {
  field_spec field;
  auto graph = parse_graph(options.noise);
  if (!graph) return graph.error_value();
  auto dims = parse_dims(options);
  if (!dims) return dims.error_value();
  field.dims = *dims;
  if (*graph) {
    if (options.dims && *dims != (*graph)->dims()) {
      return make_error(errc::invalid_argument, "--dims " + *options.dims +
                                                    " does not match the graph's dims " +
                                                    std::to_string((*graph)->dims()));
    }
    field.dims = (*graph)->dims();
    field.noise_graph = *graph;
  }

  field.size = default_size;
  if (options.size) {
    auto size = parse_size(*options.size, field.dims);
    if (!size) return size.error_value();
    field.size = *size;
  }
  if (options.origin) {
    auto origin = parse_vector("--origin", *options.origin, field.dims, field.origin, false);
    if (!origin) return origin.error_value();
    field.origin = *origin;
  }
  if (options.step) {
    auto step = parse_vector("--step", *options.step, field.dims, field.step, true);
    if (!step) return step.error_value();
    field.step = *step;
  }
  if (options.region) {
    auto region = parse_region(*options.region, field.dims);
    if (!region) return region.error_value();
    field.region = *region;
    // Every global index of the box, region + size - 1, must be exact in double as well.
    for (int axis = 0; axis < field.dims; ++axis) {
      if (field.region[axis] + field.size[axis] - 1 > (std::uint64_t{1} << 53)) {
        return make_error(errc::out_of_range,
                          "--region " + quoted_excerpt(*options.region) +
                              ": the box's last sample index passes 2^53 = 9007199254740992");
      }
    }
  }
  if (field.noise_graph) return field;
  auto noise = parse_noise(options.noise);
  if (!noise) return noise.error_value();
  field.noise = *noise;
  return field;
}

std::string format_size(const field_spec& field) {
  std::string text = std::to_string(field.size[0]);
  for (int axis = 1; axis < field.dims; ++axis) text += "x" + std::to_string(field.size[axis]);
  return text;
}

}  // namespace vknoise::cli
