// The options that choose how noise is computed: --backend (and --threads), --seed or
// --permutation, and --device, parsed into a computation (cli/backend.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cli/backend.hpp"
#include "cli/parser.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

struct common_options {
  std::optional<std::string> backend;
  std::optional<std::string> threads;
  std::optional<std::string> seed;
  std::optional<std::string> permutation;  // --permutation FILE (with add_seed_option)
  std::optional<std::string> device;
};

// --backend, and --threads for the cpu backend.
void add_backend_option(CLI::App& app, common_options& options);
void add_seed_option(CLI::App& app, common_options& options);
void add_device_option(CLI::App& app, common_options& options);

// errc::invalid_argument with a message naming the flag. Defaults: auto, all hardware
// threads (0), Perlin's table with classic seed 0, and no device index (the library then honours
// VKNOISE_DEVICE or picks the preferred device).
result<backend> parse_backend(const common_options& options);
result<unsigned> parse_threads(const common_options& options);
// --seed and --permutation (they exclude each other), the one place they are read.
result<noise_seed> parse_noise_seed(const common_options& options);
result<std::optional<std::uint32_t>> parse_device(const common_options& options);

// All of them at once, for the commands that compute noise.
result<computation> parse_computation(const common_options& options);

// The device the library will be asked for, as context::create decides it: --device (`flag`),
// else VKNOISE_DEVICE (errc::invalid_argument when that is not an index), else none: the
// preferred device.
struct device_request {
  std::optional<std::uint32_t> index;
  std::string source;  // "--device 1" or "VKNOISE_DEVICE=1"; empty without an index
};
result<device_request> requested_device(std::optional<std::uint32_t> flag);

// --remap 01: values mapped from [-1, 1] to [0, 1] (v * 0.5 + 0.5), as the articles do.
void add_remap_option(CLI::App& app, std::optional<std::string>& target);
// true for "01", false when absent, errc::invalid_argument otherwise.
result<bool> parse_remap(const std::optional<std::string>& text);

// A device index as VKNOISE_DEVICE or --device spells it.
std::optional<std::uint32_t> parse_device_index(const std::string& text);

}  // namespace vknoise::cli
