// The SIMD targets the fast CPU path's tests verify: every one Highway compiled that this CPU
// runs, each forced in turn; with VKNOISE_TEST_SIMD_TARGETS=best only the CPU's best of them
// (`make test-tsan`: the threads are the same code on every target, and ThreadSanitizer makes
// the baseline's emulated vectors, loops over lanes in memory, many times slower).
#pragma once

#include <hwy/targets.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace simd_targets {

// Restricts Highway's dispatch to one target; restores the CPU's own choice when it goes out of
// scope.
struct target_override {
  explicit target_override(std::int64_t target) { hwy::SetSupportedTargetsForTest(target); }
  ~target_override() { hwy::SetSupportedTargetsForTest(0); }
};

inline std::vector<std::int64_t> targets() {
  std::vector<std::int64_t> all = hwy::SupportedAndGeneratedTargets();
  const char* only = std::getenv("VKNOISE_TEST_SIMD_TARGETS");
  if (only != nullptr && std::strcmp(only, "best") == 0 && !all.empty()) {
    // Highway's target bits: the lower, the better.
    return {*std::min_element(all.begin(), all.end())};
  }
  return all;
}

}  // namespace simd_targets
