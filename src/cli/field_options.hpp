// --dims, --size, --origin and --step (and the noise options): the command line's description of
// a field.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "cli/noise_options.hpp"
#include "cli/parser.hpp"
#include "vknoise/field.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

struct field_options {
  std::optional<std::string> dims;
  std::optional<std::string> size;
  std::optional<std::string> origin;
  std::optional<std::string> step;
  std::optional<std::string> region;  // only where add_region_option registered it
  noise_options noise;
};

void add_dims_option(CLI::App& app, field_options& options);
void add_field_options(CLI::App& app, field_options& options);  // size, origin, step, noise
// The same without --size: for the window (vknoise view), whose --size is the window's and whose
// field's size follows from the view mode.
void add_origin_step_noise_options(CLI::App& app, field_options& options);
// --region X0[,Y0[,Z0[,T0]]]: the field is the box of --size starting at that sample index of the
// global grid of --origin and --step (field_spec::region), so tiles of one grid render exactly
// as the whole grid does. Indices not given are 0.
void add_region_option(CLI::App& app, field_options& options);

// 1 to 4; 3 when --dims is not given.
result<int> parse_dims(const field_options& options);

// The field the options describe; `default_size` applies when --size is not given. Values are
// checked for form here (errc::invalid_argument naming the flag; errc::out_of_range for a region
// beyond 2^53); vknoise::validate checks the field as a whole.
result<field_spec> parse_field(const field_options& options,
                               const std::array<std::uint32_t, 4>& default_size);

// "NX", "NXxNY", ... one size per dim: the field's shape in --size notation.
std::string format_size(const field_spec& field);

}  // namespace vknoise::cli
