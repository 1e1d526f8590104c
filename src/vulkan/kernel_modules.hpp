// The SPIR-V modules embedded in the library and what each one runs. The table is generated at
// build time from the one module list in CMakeLists.txt (cmake/KernelModules.cmake writes
// kernel_modules.cpp from kernel_modules.cpp.in), so adding a module is one line there.
#pragma once

#include <cstdint>
#include <span>

namespace vknoise::vk {

enum class kernel { field, points };

// Where a field kernel writes: a storage buffer (none), or a storage image of one format.
enum class image_format { none, r32f, r16f, r8, rgba8 };

struct kernel_module {
  kernel which;
  // A storage image declared without a format qualifier: it writes every format on devices with
  // shaderStorageImageWriteWithoutFormat, and is given the target's format elsewhere
  // (spirv_image_format.hpp). Else the output is a storage buffer.
  bool image_output;
  bool image_3d;          // image3D, else image2DArray; false for a buffer
  bool table_in_uniform;  // the permutation table in a uniform buffer, else a storage buffer
  std::span<const std::uint32_t> code;
};

// Every embedded module, in the order of the list.
std::span<const kernel_module> kernel_modules();

}  // namespace vknoise::vk
