// vknoise view's command line and run: what `vknoise view ARGS...`, vknoise-view and the demos'
// --window call. Prints one error line "vknoise: view: ..." and returns 2 for a usage error, 1
// for a runtime one (no display, no device, a failed Vulkan call, a validation message under
// --validate), 0 otherwise.
#pragma once

#include <string>
#include <vector>

namespace vknoise::view {

// args[0] is the program's name.
int run(const std::vector<std::string>& args);

}  // namespace vknoise::view
