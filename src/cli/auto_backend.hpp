// --backend auto: which backend a command runs when none is named. The GPU where the Vulkan device
// vknoise would use is a discrete or an integrated GPU; the fast CPU path (backend::cpu) otherwise:
// on a CPU implementation such as lavapipe, a virtual GPU, an unsuitable device, or with no Vulkan
// loader or device at all.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/backend.hpp"
#include "vknoise/context.hpp"
#include "vknoise/result.hpp"

namespace vknoise::cli {

struct backend_choice {
  backend chosen = backend::cpu;  // backend::gpu or backend::cpu, never automatic
  std::string reason;             // one phrase, e.g. "the preferred Vulkan device, X, is a ..."
};

// A pure decision, so it can be reasoned about (and tested) without a device. `devices` is
// list_devices()'s answer; `requested` the device index the library would be asked for
// (--device, else VKNOISE_DEVICE; none: the device marked preferred). Without Vulkan the answer
// is cpu; the only error is errc::no_device, when `requested` names no listed device (the user
// asked for a device that is not there).
result<backend_choice> choose_auto_backend(const result<std::vector<device_info>>& devices,
                                           std::optional<std::uint32_t> requested);

}  // namespace vknoise::cli
