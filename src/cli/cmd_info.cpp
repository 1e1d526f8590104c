// vknoise info: the Vulkan devices, and which one the GPU path would use.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/report.hpp"
#include "vknoise/context.hpp"

namespace vknoise::cli {
namespace {

struct selection {
  std::optional<std::uint32_t> index;
  std::string why;
};

// Mirrors context::create: --device, else VKNOISE_DEVICE, else the preferred device.
result<selection> select_device(const common_options& options,
                                const std::vector<device_info>& devices) {
  auto device = parse_device(options);
  if (!device) return device.error_value();
  if (*device) return selection{*device, "--device " + std::to_string(**device)};
  if (const char* env = std::getenv("VKNOISE_DEVICE"); env && *env) {
    const auto index = parse_device_index(env);
    if (!index) {
      return make_error(errc::invalid_argument,
                        "VKNOISE_DEVICE=" + quoted_excerpt(env) + " is not a device index");
    }
    return selection{*index, "VKNOISE_DEVICE=" + std::string(env)};
  }
  for (const device_info& info : devices) {
    if (info.preferred) return selection{info.index, "the preferred device"};
  }
  return selection{std::nullopt, "no suitable device"};
}

void print_device(const device_info& info, bool selected) {
  std::printf("device %u: %s%s\n", info.index, info.name.c_str(), selected ? "  [selected]" : "");
  std::printf("  type:      %s\n", device_type_name(info.type));
  std::printf("  vulkan:    %u.%u.%u\n", VK_API_VERSION_MAJOR(info.api_version),
              VK_API_VERSION_MINOR(info.api_version), VK_API_VERSION_PATCH(info.api_version));
  std::printf("  suitable:  %s\n", info.suitable ? "yes" : "no");
  std::printf("  preferred: %s\n", info.preferred ? "yes" : "no");
  if (!info.reason.empty()) std::printf("  reason:    %s\n", info.reason.c_str());
}

int run_info(const common_options& options) {
  auto devices = list_devices();
  if (!devices) return report_error(exit_runtime_error, devices.message());
  auto chosen = select_device(options, *devices);
  if (!chosen) return report_error(exit_usage_error, chosen.message());

  const device_info* used = nullptr;
  for (const device_info& info : *devices) {
    if (chosen->index && info.index == *chosen->index) used = &info;
  }
  // A device index that names nothing is a bad argument: one error line and no listing.
  if (chosen->index && !used) {
    return report_error(exit_runtime_error, chosen->why + ": no such device (" +
                                                std::to_string(devices->size()) + " found)");
  }
  for (const device_info& info : *devices) print_device(info, chosen->index == info.index);
  if (!used) return report_error(exit_runtime_error, "no suitable Vulkan device");
  std::printf("the GPU backend uses device %u (%s)\n", used->index, chosen->why.c_str());
  if (!used->suitable) {
    return report_error(exit_runtime_error, "device " + std::to_string(used->index) +
                                                " is not suitable: " + used->reason);
  }
  return exit_success;
}

}  // namespace

command add_info_command(CLI::App& app) {
  auto options = std::make_shared<common_options>();
  CLI::App* parser = app.add_subcommand("info", "List the Vulkan devices and the one to be used");
  add_device_option(*parser, *options);
  return {parser, [options] { return run_info(*options); }};
}

}  // namespace vknoise::cli
