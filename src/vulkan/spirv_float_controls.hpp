// Asks a kernel module's compiler to keep the float values the CPU mirror keeps.
//
// Without float controls, Vulkan lets a driver's compiler ignore the sign of zero and assume no
// NaNs or infinities (turning `b < a ? b : a` into a min instruction that picks -0 over +0, say),
// and flush denormals to zero. The mirror does neither, so a kernel that is to equal it bit for
// bit declares SignedZeroInfNanPreserve and DenormPreserve for 32-bit floats where the device
// supports them (Vulkan 1.2's float controls; lavapipe has the first only, and keeps denormals
// anyway). The kernels are compiled once for every device (graph_compiler.hpp), so the modes are
// written into each module when its pipeline is built, as spirv_image_format.hpp does the format.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "vknoise/result.hpp"

namespace vknoise::vk {

// The 32-bit float controls a device supports (VkPhysicalDeviceFloatControlsProperties), as the
// kernels use them.
struct float_controls {
  bool signed_zero_inf_nan_preserve = false;  // shaderSignedZeroInfNanPreserveFloat32
  bool denorm_preserve = false;               // shaderDenormPreserveFloat32
  bool any() const { return signed_zero_inf_nan_preserve || denorm_preserve; }
};

// Returns `code` (a SPIR-V module) with the capability and the execution mode (width 32) of each
// control set in `controls`, on every entry point, and OpExtension "SPV_KHR_float_controls" where
// the module's SPIR-V version is below 1.4 (which has them in core). Capabilities, extensions and
// modes the module declares already are not repeated; every other word is copied unchanged.
// Errors (invalid_argument): `code` is not a whole SPIR-V module, or has no entry point.
result<std::vector<std::uint32_t>> with_float_controls(std::span<const std::uint32_t> code,
                                                       float_controls controls);

}  // namespace vknoise::vk
