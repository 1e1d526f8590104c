// Gives a kernel module's storage image a format qualifier at run time.
//
// A graph kernel writing a storage image is compiled once per shape, its image declared without a
// format qualifier: on devices with shaderStorageImageWriteWithoutFormat it writes every format. A
// device without that feature needs the image's format in the module. Rather than compiling a
// module per format (each differs from the others in one word), vknoise writes the format into the
// one it has.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "vknoise/result.hpp"

namespace vknoise::vk {

// Where a field kernel writes: a storage buffer (none), or a storage image of one format.
enum class image_format { none, r32f, r16f, r8, rgba8 };

// Returns `code` (a SPIR-V module) with every storage image type declared without a format
// (OpTypeImage with Sampled 2 and Image Format Unknown) given `format`, and the capability
// StorageImageWriteWithoutFormat replaced by the one `format` needs: StorageImageExtendedFormats
// for r16f and r8 (unless the module declares it already), none for r32f and rgba8. Every other
// word is copied unchanged, so the module computes exactly what it did.
// Errors (invalid_argument): `code` is not a whole SPIR-V module, declares no such image, or does
// not declare StorageImageWriteWithoutFormat; `format` is none.
result<std::vector<std::uint32_t>> with_image_format(std::span<const std::uint32_t> code,
                                                     image_format format);

}  // namespace vknoise::vk
