// The four axes' names as messages print them: a field's fourth axis is time, so t, not w.
#pragma once

namespace vknoise::detail {

inline constexpr const char* axis_names[4] = {"x", "y", "z", "t"};

}  // namespace vknoise::detail
