// vknoise view: the realtime window. The window is a program of its own, vknoise-view, beside the
// tool: it links GLFW, Dear ImGui and the Vulkan loader, which the tool must not need (its CPU
// backends run on machines without libvulkan). `vknoise view ARGS...` runs `vknoise-view ARGS...`
// in its place; vknoise-view parses and checks the options itself.
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/command.hpp"
#include "cli/report.hpp"

namespace vknoise::cli {
namespace {

// The directory of the running executable (/proc/self/exe), where vknoise-view is installed.
std::string own_directory() {
  std::vector<char> path(4096);
  const ssize_t length = ::readlink("/proc/self/exe", path.data(), path.size() - 1);
  if (length <= 0) return ".";
  const std::string self(path.data(), static_cast<std::size_t>(length));
  const std::size_t slash = self.rfind('/');
  return slash == std::string::npos ? "." : self.substr(0, slash);
}

int run_view(const std::vector<std::string>& arguments) {
  const std::string program = own_directory() + "/vknoise-view";
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::execv(program.c_str(), argv.data());
  // execv returns only on failure.
  const int failure = errno;
  if (failure == ENOENT) {
    return report_error(exit_runtime_error,
                        "view: " + program +
                            " is not there (vknoise was built without the window: it needs "
                            "GLFW and Dear ImGui, libglfw3-dev and libimgui-dev)");
  }
  return report_error(exit_runtime_error,
                      "view: cannot run " + program + ": " + std::strerror(failure));
}

}  // namespace

command add_view_command(CLI::App& app) {
  CLI::App* view = add_subcommand(
      app, "view",
      "a realtime window on a field or a graph (slice, heightfield, volume, ocean, clouds): "
      "every option goes to vknoise-view, see vknoise view --help");
  // Everything after `view`, --help included, belongs to vknoise-view.
  pass_everything_through(*view);
  return {view, [view] { return run_view(passed_through(*view)); }};
}

}  // namespace vknoise::cli
