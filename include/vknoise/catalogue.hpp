// Every noise variant vknoise implements, each as a small field that exercises it: the list that
// `vknoise check --all` and the GPU tests run, so a new variant is proven in both by adding it
// here once.
#pragma once

#include <string>
#include <vector>

#include "vknoise/export.h"
#include "vknoise/field.hpp"

namespace vknoise {

struct catalogue_entry {
  std::string name;  // e.g. "improved 3D fbm", unique
  field_spec field;  // small: at most a few tens of thousands of samples
};

VKNOISE_API std::vector<catalogue_entry> catalogue();

}  // namespace vknoise
