// vknoise-view: the realtime window (vknoise view). A program of its own so that the vknoise tool
// needs neither GLFW nor the Vulkan loader; `vknoise view` runs it.
#include <string>
#include <vector>

#include "io/fatal_signals.hpp"
#include "view/view_run.hpp"

int main(int argc, char** argv) {
  // --save-field's file (render's writers) and the kernel cache's leave no temporary file on a
  // signal. SIGINT and SIGTERM, which end the run after one more frame, view::run takes over.
  vknoise::io::remove_temporary_files_on_fatal_signals();
  return vknoise::view::run(std::vector<std::string>(argv, argv + argc));
}
