// Points for `vknoise eval`: one per line, `dims` whitespace-separated numbers in any form strtod
// reads. Every coordinate must be finite with |c| < 2^31 (the reference's domain).
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "vknoise/result.hpp"

namespace vknoise::cli {

// All points, dims values each, or errc::invalid_argument for the first malformed line (empty
// lines included), e.g. `stdin line 7: expected 3 numbers, got "1 2"`; errc::io_error when the
// stream fails.
result<std::vector<double>> read_points(std::istream& in, int dims,
                                        const std::string& source_name = "stdin");

}  // namespace vknoise::cli
