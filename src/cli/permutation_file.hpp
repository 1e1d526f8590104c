// --permutation FILE: a caller's permutation table, 256 whitespace-separated integers, each of
// 0..255 exactly once (vknoise::permutation_table::from_values checks that).
#pragma once

#include <string>

#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

// errc::invalid_argument naming the flag and the file: unreadable, not 256 integers, or not a
// permutation (the first bad index).
result<permutation_table> read_permutation_file(const std::string& path);

}  // namespace vknoise::cli
