// The two places the kernels read the permutation table from, for GPU tests parameterised by them:
// the library embeds every kernel in both variants (a storage and a uniform buffer), and automatic
// runs only one of them on any given device, so tests name the placement explicitly.
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "vknoise/context.hpp"

namespace vknoise {

inline const char* placement_name(table_placement placement) {
  switch (placement) {
    case table_placement::storage_buffer:
      return "storage";
    case table_placement::uniform_buffer:
      return "uniform";
    case table_placement::automatic:
      break;
  }
  return "automatic";
}

// Test logs name the placement instead of dumping its bytes.
inline void PrintTo(table_placement placement, std::ostream* os) {
  *os << placement_name(placement) << " buffer";
}

inline auto both_table_placements() {
  return ::testing::Values(table_placement::storage_buffer, table_placement::uniform_buffer);
}

inline std::string placement_test_name(const ::testing::TestParamInfo<table_placement>& info) {
  return placement_name(info.param);
}

}  // namespace vknoise
