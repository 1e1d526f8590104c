// vknoise info: the Vulkan devices, which one the GPU path would use, and which backend auto
// picks.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/auto_backend.hpp"
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/report.hpp"
#include "vknoise/context.hpp"

namespace vknoise::cli {
namespace {

struct selection {
  std::optional<std::uint32_t> requested;  // by --device or VKNOISE_DEVICE
  std::optional<std::uint32_t> index;      // the device used: the requested or the preferred one
  std::string why;
};

// Mirrors context::create: --device, else VKNOISE_DEVICE, else the preferred device.
result<selection> select_device(const common_options& options,
                                const std::vector<device_info>& devices) {
  auto device = parse_device(options);
  if (!device) return device.error_value();
  auto request = requested_device(*device);
  if (!request) return request.error_value();
  if (request->index) return selection{request->index, request->index, request->source};
  for (const device_info& info : devices) {
    if (info.preferred) return selection{std::nullopt, info.index, "the preferred device"};
  }
  return selection{std::nullopt, std::nullopt, "no suitable device"};
}

void print_device(const device_info& info, bool selected) {
  std::printf("device %u: %s%s\n", info.index, info.name.c_str(), selected ? "  [selected]" : "");
  std::printf("  type:      %s\n", device_type_name(info.type));
  std::printf("  vulkan:    %u.%u.%u\n", VK_API_VERSION_MAJOR(info.api_version),
              VK_API_VERSION_MINOR(info.api_version), VK_API_VERSION_PATCH(info.api_version));
  std::printf("  suitable:  %s\n", info.suitable ? "yes" : "no");
  std::printf("  preferred: %s\n", info.preferred ? "yes" : "no");
  if (!info.reason.empty()) std::printf("  reason:    %s\n", info.reason.c_str());
  // Where GPU values equal the CPU mirror's bit for bit (device_info's float controls).
  std::printf("  floats:    signed zeros %s, denormals %s\n",
              info.keeps_signed_zeros ? "kept" : "not guaranteed",
              info.keeps_denormals ? "kept" : "may flush to zero");
}

// "auto backend: cpu (the preferred Vulkan device, ..., is a CPU implementation; ...)".
void print_auto_backend(const result<std::vector<device_info>>& devices,
                        std::optional<std::uint32_t> requested) {
  auto choice = choose_auto_backend(devices, requested);
  if (!choice) return;  // a device index that names nothing: run_info reports it
  std::printf("auto backend: %s (%s)\n", backend_name(choice->chosen), choice->reason.c_str());
}

int run_info(const common_options& options) {
  auto devices = list_devices();
  auto chosen = select_device(options, devices ? *devices : std::vector<device_info>{});
  if (!chosen) return report_error(exit_usage_error, chosen.message());
  if (!devices) {
    // Without Vulkan the CPU backends still work: say which one auto takes, then the error.
    print_auto_backend(devices, chosen->requested);
    return report_error(exit_runtime_error, devices.message());
  }

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
  if (!used) {
    print_auto_backend(devices, chosen->requested);
    return report_error(exit_runtime_error, "no suitable Vulkan device");
  }
  std::printf("the GPU backend uses device %u (%s)\n", used->index, chosen->why.c_str());
  print_auto_backend(devices, chosen->requested);
  if (!used->suitable) {
    return report_error(exit_runtime_error, "device " + std::to_string(used->index) +
                                                " is not suitable: " + used->reason);
  }
  return exit_success;
}

}  // namespace

command add_info_command(CLI::App& app) {
  auto options = std::make_shared<common_options>();
  CLI::App* parser = add_subcommand(
      app, "info", "List the Vulkan devices, the one to be used, and the backend auto picks");
  add_device_option(*parser, *options);
  return {parser, [options] { return run_info(*options); }};
}

}  // namespace vknoise::cli
