#include "cli/common_options.hpp"

#include <cstdlib>
#include <iterator>
#include <limits>
#include <utility>

#include "cli/number_parsing.hpp"
#include "cli/parser.hpp"
#include "cli/permutation_file.hpp"
#include "cli/report.hpp"

namespace vknoise::cli {
namespace {

// Every --backend value: "auto|cpu|cpu-reference|gpu", or "auto, cpu, cpu-reference or gpu".
std::string backend_names(const char* separator, const char* last_separator) {
  std::string names;
  for (std::size_t i = 0; i < std::size(all_backends); ++i) {
    if (i > 0) names += i + 1 < std::size(all_backends) ? separator : last_separator;
    names += backend_name(all_backends[i]);
  }
  return names;
}

}  // namespace

void add_backend_option(CLI::App& app, common_options& options) {
  add_text_option(app, "--backend", backend_names("|", "|"), options.backend,
                  "auto (default: gpu on a discrete or integrated GPU, else cpu; `vknoise info` "
                  "says which and why), cpu (float32, SIMD and threads, bit-identical to the "
                  "GPU's float mirror), cpu-reference (the double-precision reference) or gpu "
                  "(Vulkan compute)");
  add_text_option(app, "--threads", "N", options.threads,
                  "threads of the cpu backend (default 0: every hardware thread)");
}

void add_seed_option(CLI::App& app, common_options& options) {
  add_text_option(app, "--seed", "N", options.seed,
                  "permutation table shuffled from this 64-bit seed (default: Perlin's table), "
                  "and classic noise's gradients drawn from it (default 0)");
  add_text_option(app, "--permutation", "FILE", options.permutation,
                  "permutation table from a file: 256 integers, each of 0..255 once (default: "
                  "Perlin's table, or --seed's)");
}

void add_device_option(CLI::App& app, common_options& options) {
  add_text_option(app, "--device", "N", options.device,
                  "Vulkan device index as listed by `vknoise info` (default: $VKNOISE_DEVICE, "
                  "else the preferred device)");
}

result<backend> parse_backend(const common_options& options) {
  if (!options.backend) return backend::automatic;
  for (const backend b : all_backends) {
    if (*options.backend == backend_name(b)) return b;
  }
  return make_error(errc::invalid_argument, "--backend " + quoted_excerpt(*options.backend) +
                                                ": expected " + backend_names(", ", " or "));
}

result<unsigned> parse_threads(const common_options& options) {
  if (!options.threads) return 0u;
  const auto threads = parse_unsigned(*options.threads, 1024);
  if (!threads) {
    return make_error(errc::invalid_argument,
                      "--threads " + quoted_excerpt(*options.threads) +
                          ": expected an integer in [0, 1024] (0: every hardware thread)");
  }
  return static_cast<unsigned>(*threads);
}

result<noise_seed> parse_noise_seed(const common_options& options) {
  if (!options.seed) {
    if (!options.permutation) return noise_seed{};
    auto table = read_permutation_file(*options.permutation);
    if (!table) return table.error_value();
    return noise_seed{std::move(table).value(), 0};
  }
  const auto seed = parse_unsigned(*options.seed, std::numeric_limits<std::uint64_t>::max());
  if (!seed) {
    return make_error(errc::invalid_argument,
                      "--seed " + quoted_excerpt(*options.seed) +
                          ": expected an integer in [0, 18446744073709551615]");
  }
  if (options.permutation) {
    return make_error(errc::invalid_argument,
                      "--permutation and --seed both choose the table; give one");
  }
  return noise_seed{permutation_table::from_seed(*seed), *seed};
}

void add_remap_option(CLI::App& app, std::optional<std::string>& target) {
  add_text_option(app, "--remap", "01", target,
                  "map values from [-1, 1] to [0, 1] (v * 0.5 + 0.5), as the articles do");
}

result<bool> parse_remap(const std::optional<std::string>& text) {
  if (!text) return false;
  if (*text == "01") return true;
  return make_error(errc::invalid_argument, "--remap " + quoted_excerpt(*text) +
                                                ": the only remap is 01 ([-1, 1] to [0, 1])");
}

result<computation> parse_computation(const common_options& options) {
  auto chosen_backend = parse_backend(options);
  if (!chosen_backend) return chosen_backend.error_value();
  auto seed = parse_noise_seed(options);
  if (!seed) return seed.error_value();
  auto device = parse_device(options);
  if (!device) return device.error_value();
  auto threads = parse_threads(options);
  if (!threads) return threads.error_value();
  return computation{*chosen_backend, std::move(seed).value(), *device, *threads};
}

std::optional<std::uint32_t> parse_device_index(const std::string& text) {
  const auto index = parse_unsigned(text, std::numeric_limits<std::uint32_t>::max());
  if (!index) return std::nullopt;
  return static_cast<std::uint32_t>(*index);
}

result<std::optional<std::uint32_t>> parse_device(const common_options& options) {
  if (!options.device) return std::optional<std::uint32_t>{};
  const auto index = parse_device_index(*options.device);
  if (!index) {
    return make_error(errc::invalid_argument, "--device " + quoted_excerpt(*options.device) +
                                                  ": expected a device index (0, 1, ...)");
  }
  return std::optional<std::uint32_t>{*index};
}

result<device_request> requested_device(std::optional<std::uint32_t> flag) {
  if (flag) return device_request{flag, "--device " + std::to_string(*flag)};
  const char* env = std::getenv("VKNOISE_DEVICE");
  if (!env || !*env) return device_request{};
  const auto index = parse_device_index(env);
  if (!index) {
    return make_error(errc::invalid_argument,
                      "VKNOISE_DEVICE=" + quoted_excerpt(env) + " is not a device index");
  }
  return device_request{index, "VKNOISE_DEVICE=" + std::string(env)};
}

}  // namespace vknoise::cli
