// vknoise-view: the realtime window (vknoise view). A program of its own so that the vknoise tool
// needs neither GLFW nor the Vulkan loader; `vknoise view` runs it.
#include <string>
#include <vector>

#include "view/view_run.hpp"

int main(int argc, char** argv) {
  return vknoise::view::run(std::vector<std::string>(argv, argv + argc));
}
