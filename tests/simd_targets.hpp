// The SIMD targets the fast CPU path's tests verify: every one Highway compiled that this CPU
// runs, each forced in turn.
#pragma once

#include <hwy/targets.h>

#include <cstdint>
#include <vector>

namespace simd_targets {

// Restricts Highway's dispatch to one target; restores the CPU's own choice when it goes out of
// scope.
struct target_override {
  explicit target_override(std::int64_t target) { hwy::SetSupportedTargetsForTest(target); }
  ~target_override() { hwy::SetSupportedTargetsForTest(0); }
};

inline std::vector<std::int64_t> targets() {
  return hwy::SupportedAndGeneratedTargets();
}

}  // namespace simd_targets
